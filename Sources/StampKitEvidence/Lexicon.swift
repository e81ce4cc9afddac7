import Foundation
import StampKitSupport

/// Why the lexicon files could not be loaded.
public struct LexiconFailure: StampKitFailure, Equatable {
    /// A broken lexicon is bad input: the files need fixing, not the program.
    public var failureClass: FailureClass { .input }
    /// `lexicon-missing-file`, `lexicon-unreadable` or `lexicon-bad-line`.
    public var code: String
    /// Names the file (and line) and how to fix it.
    public var message: String

    static func missingFile(_ name: String) -> LexiconFailure {
        LexiconFailure(
            code: "lexicon-missing-file",
            message: "lexicon file \(name) is missing; restore it from the StampKit Lexicons/ folder")
    }

    static func unreadable(_ name: String) -> LexiconFailure {
        LexiconFailure(
            code: "lexicon-unreadable",
            message: "lexicon file \(name) could not be read as UTF-8 text; check its permissions and encoding")
    }

    static func badLine(_ file: String, _ line: Int, _ why: String) -> LexiconFailure {
        LexiconFailure(
            code: "lexicon-bad-line",
            message: "\(file):\(line): \(why); fix or comment out that line (see Lexicons/README.md)")
    }
}

/// One word of the airport-word list, in search form.
public struct AirportWord: Sendable, Equatable {
    /// Language tag, e.g. `is`.
    public var language: String
    /// The prefix as written in the file, e.g. `flugvöl`.
    public var text: String
    /// Search form of the prefix; words are separated by single spaces.
    public var form: String
    /// Search form of the whole word, used to join halves broken across lines.
    public var fullForm: String?
}

/// When an airport opened, and the airports whose passengers it took over.
public struct AirportOpening: Sendable, Equatable {
    /// The first day of scheduled passenger service, `YYYY-MM-DD`.
    public var opened: String
    /// IATA codes of the airports it replaced.
    public var replaced: [String]
}

/// A country alias or authority phrase from `country-aliases.txt`.
public struct CountryAlias: Sendable, Equatable {
    /// ISO 3166-1 alpha-2.
    public var countryCode: String
    /// Whether the phrase names an authority (only that country prints it), not just a name.
    public var isAuthority: Bool
    /// The phrase as written in the file.
    public var text: String
}

/// The reviewable word lists of `Lexicons/`, parsed and keyed by search form (see
/// `Lexicons/README.md` for the file format).
public struct Lexicon: Sendable {
    /// The files a lexicon is made of; all must be present.
    public static let fileNames = [
        "airport-words.txt", "directions.txt", "months.txt", "distinguishing-signs.txt",
        "country-aliases.txt", "entry-methods.txt", "stopwords.txt",
    ]

    /// Airport words, longest first so the most specific prefix wins.
    public private(set) var airportWords: [AirportWord] = []
    /// Direction words and phrases by search form.
    public private(set) var directions: [String: Direction] = [:]
    /// Month words by search form, 1…12.
    public private(set) var months: [String: Int] = [:]
    /// Schengen distinguishing signs by search form (`fin`) → alpha-2 (`FI`).
    public private(set) var distinguishingSigns: [String: String] = [:]
    /// Country aliases and authority phrases by search form.
    public private(set) var countryAliases: [String: CountryAlias] = [:]
    /// Entry-method words by search form.
    public private(set) var entryMethods: [String: EntryMethod] = [:]
    /// Stop-words by search form → why they are listed.
    public private(set) var stopwords: [String: String] = [:]
    /// Countries where each language is spoken (`de` → DE AT CH…), from the optional
    /// `languages.txt`: empty with a gazetteer built before the file existed.
    public private(set) var languageCountries: [String: Set<String>] = [:]
    /// `languages.txt`, the first line of each language: the countries where it is the main
    /// language a stamp is printed in (Turkish: Turkey, not the Bulgarian and Macedonian
    /// minorities), so that words in it point there.
    public private(set) var languageHomes: [String: Set<String>] = [:]
    /// Every language a direction or entry-method word belongs to, by search form (`entrada`:
    /// es, pt).
    public private(set) var wordLanguages: [String: Set<String>] = [:]
    /// Every language an airport word's prefix belongs to (`aeroport`: pt, it, ca, ro; `lufthavn`:
    /// da, no), by search form: one spelling may be the word of several languages.
    public private(set) var airportWordLanguages: [String: Set<String>] = [:]

    /// Countries whose border officers stamp passports on entry only (no exit control), so a
    /// stamp of theirs that names no direction records an arrival; code → why, from the
    /// optional `entry-only.txt`.
    public private(set) var entryOnlyCountries: [String: String] = [:]

    /// Airports that opened while passports in use were stamped, by IATA code, from the
    /// optional `airport-openings.txt`: a stamp dated before the day was not made there.
    public private(set) var airportOpenings: [String: AirportOpening] = [:]

    /// Border posts whose name alone says how the border was crossed (SAN YSIDRO: by land), by
    /// search form, from the optional `border-posts.txt`. Names, not stamp words: they stay
    /// place names to the matcher, which reads the way of crossing off the place it settles on.
    public private(set) var borderPosts: [String: EntryMethod] = [:]

    /// The optional file of languages and the countries that speak them.
    public static let languagesFile = "languages.txt"
    /// The optional file of countries that stamp passports on entry only.
    public static let entryOnlyFile = "entry-only.txt"
    /// The optional file of airports' opening days.
    public static let airportOpeningsFile = "airport-openings.txt"
    /// The optional file of border posts and how each is crossed.
    public static let borderPostsFile = "border-posts.txt"
    /// Files a lexicon uses when present: a gazetteer built before they existed still loads.
    public static let optionalFileNames = [languagesFile, entryOnlyFile, airportOpeningsFile, borderPostsFile]

    /// Loads every lexicon file from a folder such as the project's `Lexicons/`.
    public init(directory: URL) throws {
        var files: [String: String] = [:]
        for name in Self.optionalFileNames {
            let url = directory.appendingPathComponent(name)
            if let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8) {
                files[name] = text
            }
        }
        for name in Self.fileNames {
            let url = directory.appendingPathComponent(name)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw LexiconFailure.missingFile(url.path)
            }
            guard let data = try? Data(contentsOf: url), let text = String(data: data, encoding: .utf8)
            else { throw LexiconFailure.unreadable(url.path) }
            files[name] = text
        }
        try self.init(files: files)
    }

    /// Parses lexicon texts keyed by file name (as the gazetteer stores them); extra files are
    /// ignored.
    public init(files: [String: String]) throws {
        for name in Self.fileNames where files[name] == nil {
            throw LexiconFailure.missingFile(name)
        }
        var airportByForm: [String: AirportWord] = [:]
        for row in try Self.rows(files["airport-words.txt"]!, file: "airport-words.txt", columns: 1...2) {
            let form = SearchForm.of(row.columns[0])
            guard !form.isEmpty else { throw LexiconFailure.badLine(row.file, row.line, "empty airport word") }
            let full = row.columns.count > 1 ? SearchForm.of(row.columns[1]) : nil
            airportWordLanguages[form, default: []].insert(row.language.lowercased())
            if airportByForm[form] == nil {
                airportByForm[form] = AirportWord(
                    language: row.language, text: row.columns[0], form: form,
                    fullForm: (full?.isEmpty ?? true) ? nil : full)
            }
        }
        airportWords = airportByForm.values.sorted {
            $0.form.count != $1.form.count ? $0.form.count > $1.form.count : $0.form < $1.form
        }

        for file in ["directions.txt", "entry-methods.txt"] {
            for row in try Self.rows(files[file]!, file: file, columns: 2...2) {
                wordLanguages[try Self.form(row), default: []].insert(row.language.lowercased())
            }
        }
        directions = try Self.table(files, "directions.txt") { value in
            Direction(rawValue: value)
        }
        months = try Self.table(files, "months.txt") { value in
            Int(value).flatMap { (1...12).contains($0) ? $0 : nil }
        }
        distinguishingSigns = try Self.table(files, "distinguishing-signs.txt") { value in
            Self.isAlpha2(value) ? value : nil
        }
        entryMethods = try Self.table(files, "entry-methods.txt") { value in
            EntryMethod(rawValue: value)
        }

        var seen: [String: (CountryAlias, Int)] = [:]
        for row in try Self.rows(files["country-aliases.txt"]!, file: "country-aliases.txt", columns: 3...3) {
            let code = row.columns[1]
            guard Self.isAlpha2(code) else {
                throw LexiconFailure.badLine(row.file, row.line, "'\(code)' is not an ISO alpha-2 code")
            }
            guard row.columns[2] == "name" || row.columns[2] == "authority" else {
                throw LexiconFailure.badLine(row.file, row.line, "kind must be 'name' or 'authority', not '\(row.columns[2])'")
            }
            let alias = CountryAlias(countryCode: code, isAuthority: row.columns[2] == "authority", text: row.columns[0])
            let form = try Self.form(row)
            if let (old, line) = seen[form], old.countryCode != code {
                throw LexiconFailure.badLine(row.file, row.line, "'\(row.columns[0])' already means \(old.countryCode) on line \(line)")
            }
            seen[form] = (alias, row.line)
        }
        countryAliases = seen.mapValues(\.0)

        for row in try Self.rows(files["stopwords.txt"]!, file: "stopwords.txt", columns: 2...2) {
            stopwords[try Self.form(row)] = row.columns[1]
        }
        if let text = files[Self.languagesFile] {
            for row in try Self.rows(text, file: Self.languagesFile, columns: 1...1) {
                let codes = row.columns[0].split(separator: " ").map(String.init)
                guard !codes.isEmpty, codes.allSatisfy(Self.isAlpha2) else {
                    throw LexiconFailure.badLine(row.file, row.line, "expected ISO alpha-2 codes separated by spaces")
                }
                let language = row.language.lowercased()
                if languageCountries[language] == nil { languageHomes[language] = Set(codes) }
                languageCountries[language, default: []].formUnion(codes)
            }
        }
        if let text = files[Self.entryOnlyFile] {
            for row in try Self.rows(text, file: Self.entryOnlyFile, columns: 2...2) {
                guard Self.isAlpha2(row.columns[0]) else {
                    throw LexiconFailure.badLine(row.file, row.line, "'\(row.columns[0])' is not an ISO alpha-2 code")
                }
                entryOnlyCountries[row.columns[0]] = row.columns[1]
            }
        }
        if files[Self.borderPostsFile] != nil {
            borderPosts = try Self.table(files, Self.borderPostsFile) { value in EntryMethod(rawValue: value) }
        }
        if let text = files[Self.airportOpeningsFile] {
            for row in try Self.rows(text, file: Self.airportOpeningsFile, columns: 2...3) {
                let replaced = row.columns.count > 2 ? row.columns[2].split(separator: " ").map(String.init) : []
                guard ([row.columns[0]] + replaced).allSatisfy(Self.isIATA) else {
                    throw LexiconFailure.badLine(row.file, row.line, "expected three-letter IATA codes in capitals")
                }
                guard Self.isISODay(row.columns[1]) else {
                    throw LexiconFailure.badLine(row.file, row.line, "'\(row.columns[1])' is not a day written YYYY-MM-DD")
                }
                airportOpenings[row.columns[0]] = AirportOpening(opened: row.columns[1], replaced: replaced)
            }
        }
    }

    /// One parsed line: language tag and the columns after it.
    struct Row {
        var file: String
        var line: Int
        var language: String
        var columns: [String]
    }

    static func rows(_ text: String, file: String, columns: ClosedRange<Int>) throws -> [Row] {
        var out: [Row] = []
        var number = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard let language = parts.first, isLanguageTag(language) else {
                throw LexiconFailure.badLine(file, number, "the first column must be a language tag such as 'en' or '*' followed by a TAB")
            }
            let rest = Array(parts.dropFirst())
            guard columns.contains(rest.count) else {
                throw LexiconFailure.badLine(
                    file, number,
                    "expected \(columns.lowerBound == columns.upperBound ? "\(columns.lowerBound)" : "\(columns.lowerBound)–\(columns.upperBound)") TAB-separated column(s) after the language, found \(rest.count)")
            }
            guard !rest[0].isEmpty else { throw LexiconFailure.badLine(file, number, "the word column is empty") }
            out.append(Row(file: file, line: number, language: language, columns: rest))
        }
        return out
    }

    /// Parses a `language, word, value` file into a search-form table, refusing a second
    /// meaning for the same word.
    static func table<Value: Equatable>(
        _ files: [String: String], _ file: String, value parse: (String) -> Value?
    ) throws -> [String: Value] {
        var out: [String: (Value, Int)] = [:]
        for row in try rows(files[file]!, file: file, columns: 2...2) {
            guard let value = parse(row.columns[1]) else {
                throw LexiconFailure.badLine(file, row.line, "'\(row.columns[1])' is not a valid value for this file")
            }
            let form = try form(row)
            if let (old, line) = out[form], old != value {
                throw LexiconFailure.badLine(file, row.line, "'\(row.columns[0])' already has another meaning on line \(line)")
            }
            out[form] = (value, row.line)
        }
        return out.mapValues(\.0)
    }

    static func form(_ row: Row) throws -> String {
        let form = SearchForm.of(row.columns[0])
        guard !form.isEmpty else {
            throw LexiconFailure.badLine(row.file, row.line, "'\(row.columns[0])' has no letters or digits")
        }
        return form
    }

    static func isLanguageTag(_ s: String) -> Bool {
        if s == "*" { return true }
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLowercase })
        else { return false }
        return parts.dropFirst().allSatisfy { p in
            (2...8).contains(p.count) && p.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    static func isAlpha2(_ s: String) -> Bool {
        s.count == 2 && s.allSatisfy { $0.isASCII && $0.isUppercase }
    }

    static func isIATA(_ s: String) -> Bool {
        s.count == 3 && s.allSatisfy { $0.isASCII && $0.isUppercase }
    }

    /// `YYYY-MM-DD` with a month 1–12 and a day 1–31.
    static func isISODay(_ s: String) -> Bool {
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2], let m = Int(parts[1]), let d = Int(parts[2]),
            Int(parts[0]) != nil
        else { return false }
        return (1...12).contains(m) && (1...31).contains(d)
    }

    /// Whether a search form is written in a script without spaces between words (CJK, Thai…),
    /// so it has to be looked for inside longer words.
    static func isUnspacedScript(_ form: String) -> Bool {
        // Asked of every token: plain ASCII, most of them, is answered from its bytes.
        if form.utf8.allSatisfy({ $0 < 128 }) { return false }
        return form.unicodeScalars.contains { s in
            switch s.value {
            case 0x0E00...0x0EFF, 0x3040...0x30FF, 0x3400...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF,
                0x0590...0x06FF:
                true
            default: false
            }
        }
    }
}
