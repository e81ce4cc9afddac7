import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A place name in one language, as a translation source gives it.
struct TaggedName: Equatable {
    /// BCP 47-style tag made from the source's locale name (`de`, `zh-Hant`, `pt-BR`).
    var language: String
    var name: String
}

/// Turns a locale directory or file name (`zh_CN`, `sr_Latn`, `ca@valencia`) into the tag we
/// store (`zh-CN`, `sr-Latn`, `ca-valencia`).
func languageTag(_ locale: String) -> String {
    locale.replacingOccurrences(of: "_", with: "-").replacingOccurrences(of: "@", with: "-")
}

/// The language of a tag without script or region, lower case (`zh-Hant` → `zh`, `en-US` →
/// `en`): how GeoNames lists a country's languages, so the form in which tags are compared
/// with them.
func primaryLanguage<Tag: StringProtocol>(_ tag: Tag) -> String {
    String(tag.split(separator: "-").first ?? tag[...]).lowercased()
}

/// Unicode CLDR display names: territory names (`common/main/<locale>.xml`, `<territory
/// type="DE">Deutschland</territory>`) and ISO 3166-2 subdivision names
/// (`common/subdivisions/<locale>.xml`, `<subdivision type="deby">Bayern</subdivision>`).
struct CLDRNames {
    /// Territory code (ISO alpha-2, or a UN M49 number such as `150` for Europe) → names.
    var territories: [String: [TaggedName]] = [:]
    /// ISO 3166-2 code (`DE-BY`) → names.
    var subdivisions: [String: [TaggedName]] = [:]
    /// Locale files that contributed at least one name.
    var locales = 0

    /// Reads every `*.xml` in `main` and `subdivisions` (either may be absent: no names then).
    init(main: URL, subdivisions: URL) throws {
        var contributing: Set<String> = []
        for (locale, url) in Self.xmlFiles(in: main) {
            guard let data = try? Data(contentsOf: url) else { continue }
            // Only the <territories> block matters; parsing that slice keeps 58 MB of locale
            // data from going through the XML parser.
            guard let block = Self.slice(data, element: "territories") else { continue }
            let entries = try Self.parse(block, element: "territory", path: url.path)
            for (type, name) in entries {
                territories[type, default: []].append(TaggedName(language: languageTag(locale), name: name))
            }
            if !entries.isEmpty { contributing.insert(locale) }
        }
        for (locale, url) in Self.xmlFiles(in: subdivisions) {
            guard let data = try? Data(contentsOf: url) else { continue }
            guard let block = Self.slice(data, element: "subdivisions") else { continue }
            let entries = try Self.parse(block, element: "subdivision", path: url.path)
            for (type, name) in entries {
                guard let iso = Self.isoSubdivision(type) else { continue }
                self.subdivisions[iso, default: []].append(
                    TaggedName(language: languageTag(locale), name: name))
            }
            if !entries.isEmpty { contributing.insert(locale) }
        }
        locales = contributing.count
    }

    /// `deby` → `DE-BY`; nil for anything that is not a country code plus a subdivision part.
    static func isoSubdivision(_ type: String) -> String? {
        guard type.count >= 3, type.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
        else { return nil }
        let country = type.prefix(2)
        guard country.allSatisfy(\.isLetter) else { return nil }
        return "\(country.uppercased())-\(type.dropFirst(2).uppercased())"
    }

    /// `(locale, url)` of every XML file in `directory`, sorted so the build is deterministic.
    static func xmlFiles(in directory: URL) -> [(String, URL)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".xml") }.sorted().map {
            (String($0.dropLast(4)), directory.appendingPathComponent($0))
        }
    }

    /// The bytes from `<element>` to `</element>` inclusive, or nil when the file has none.
    static func slice(_ data: Data, element: String) -> Data? {
        guard let start = data.range(of: Data("<\(element)>".utf8)),
            let end = data.range(of: Data("</\(element)>".utf8), in: start.upperBound..<data.endIndex)
        else { return nil }
        return data.subdata(in: start.lowerBound..<end.upperBound)
    }

    /// `(type, text)` of every `<element type="…">text</element>` in `xml`.
    static func parse(_ xml: Data, element: String, path: String) throws -> [(String, String)] {
        let collector = ElementCollector(element: element)
        let parser = XMLParser(data: xml)
        parser.delegate = collector
        guard parser.parse() else {
            throw GazetteerError.sourceInvalid(
                path, "CLDR XML did not parse: \(parser.parserError.map { "\($0)" } ?? "unknown error")")
        }
        return collector.entries
    }

    /// Collects the text of one kind of element with a `type` attribute.
    private final class ElementCollector: NSObject, XMLParserDelegate {
        let element: String
        var entries: [(String, String)] = []
        private var currentType: String?
        private var text = ""

        init(element: String) { self.element = element }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            guard elementName == element else { return }
            currentType = attributes["type"]
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if currentType != nil { text += string }
        }

        func parser(
            _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
            qualifiedName: String?
        ) {
            guard elementName == element, let type = currentType else { return }
            let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !name.isEmpty, name != "↑↑↑" { entries.append((type, name)) }
            currentType = nil
        }
    }
}

/// Language-tagged city names from `libgeonames-common`: one gettext catalogue per locale whose
/// msgid is a GeoNames ID and msgstr the city's name in that language (pl `2867714` →
/// `Monachium`).
struct TaggedCityNames {
    /// GeoNames ID → names.
    var byCity: [Int: [TaggedName]] = [:]
    var locales = 0

    /// Reads `<locale>/LC_MESSAGES/geonames.mo` under `directory` (absent: no names).
    init(directory: URL) throws {
        let locales =
            (try? FileManager.default.contentsOfDirectory(atPath: directory.path))?.sorted() ?? []
        for locale in locales {
            let mo = directory.appendingPathComponent("\(locale)/LC_MESSAGES/geonames.mo")
            guard let data = try? Data(contentsOf: mo) else { continue }
            let catalog: GettextCatalog
            do { catalog = try GettextCatalog(data: data) } catch let error as GettextCatalog.FormatError {
                throw GazetteerError.sourceInvalid(mo.path, error.reason)
            }
            self.locales += 1
            let tag = languageTag(locale)
            for (msgid, msgstr) in catalog.translations.sorted(by: { $0.key < $1.key }) {
                guard let id = Int(msgid) else { continue }
                byCity[id, default: []].append(TaggedName(language: tag, name: msgstr))
            }
        }
    }
}

extension CLDRNames {
    /// No CLDR data.
    static let empty = CLDRNames()
    private init() {}
}

extension TaggedCityNames {
    /// No tagged city names.
    static let empty = TaggedCityNames()
    private init() {}
}
