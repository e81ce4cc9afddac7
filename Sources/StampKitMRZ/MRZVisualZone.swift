import Foundation
import StampKitImaging
import StampKitOCR

/// What the visual zone prints, read best effort: its dates and place of birth, and the fields
/// where the printed date disagrees with the zone. The zone's check digits make it the
/// trusted source; a difference is only reported, never used to change the zone's fields.
/// Personal data, like the document: for the requested output only.
public struct MRZPrintedFields: Sendable, Equatable, Codable {
    /// The printed date of birth (ISO `YYYY-MM-DD`), nil when none was found.
    public var birthDate: String?
    /// The printed date of expiry (ISO), nil when none was found.
    public var expiryDate: String?
    /// The printed date of issue (ISO); the zone has no issue date to compare it with.
    public var issueDate: String?
    /// The printed place of birth as read, nil when none was found.
    public var placeOfBirth: String?
    /// The zone's field names (`birthDate`, `expiryDate`) whose printed date differs from it.
    public var differences: [String]

    /// Printed fields by value.
    public init(birthDate: String? = nil, expiryDate: String? = nil, issueDate: String? = nil,
                placeOfBirth: String? = nil, differences: [String] = []) {
        self.birthDate = birthDate
        self.expiryDate = expiryDate
        self.issueDate = issueDate
        self.placeOfBirth = placeOfBirth
        self.differences = differences
    }

    private enum CodingKeys: String, CodingKey {
        case birthDate, expiryDate, issueDate, placeOfBirth, differences
    }

    /// Encodes a missing field as `null` so the JSON always has every key.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(birthDate, forKey: .birthDate)
        try c.encode(expiryDate, forKey: .expiryDate)
        try c.encode(issueDate, forKey: .issueDate)
        try c.encode(placeOfBirth, forKey: .placeOfBirth)
        try c.encode(differences, forKey: .differences)
    }
}

/// Reads the visual zone's printed dates and place of birth from OCR lines and matches them to
/// the machine-readable zone. Dates are read day-first in the forms ICAO Doc 9303 prints them:
/// `12 AUG/AOUT 1974` (English/French month abbreviations), `12 AUG 1974`, `12.08.1974`,
/// `12 08 1974`, `12/08/1974`.
public enum MRZVisualZone {
    /// Which printed date a label announces.
    enum Label: Equatable { case birth, expiry, issue, place }

    /// A printed date found on a line, with where it was and what followed it.
    struct Found {
        var day: MRZDay
        var line: Int
        /// The text of the line before the date (a label printed on the same line).
        var before: String
    }

    /// The valid day-first dates in `text`, in order.
    public static func dates(in text: String) -> [MRZDay] {
        found(in: text, line: 0).map(\.day)
    }

    /// Matches the printed fields on `lines` (reading order, the zone's own lines excluded) to
    /// `document`: a date under a birth, expiry or issue label is that date; an unlabelled date
    /// equal to the zone's birth or expiry date, or one digit off it, is that date; the
    /// remaining date is the issue date.
    public static func compare(lines: [String], document: MRZDocument) -> MRZPrintedFields {
        var dates: [(found: Found, label: Label?)] = []
        for (index, line) in lines.enumerated() {
            for found in found(in: line, line: index) {
                dates.append((found, label(for: found, lines: lines)))
            }
        }
        var printed: [Label: MRZDay] = [:]
        for (found, label) in dates {
            if let label, label != .place, printed[label] == nil { printed[label] = found.day }
        }
        let zone: [Label: String] = [.birth: document.birthDate, .expiry: document.expiryDate]
            .compactMapValues { $0 }
        // Exact matches first: an issue date ten years before expiry is one digit off it too.
        var unlabelled = dates.filter { $0.label == nil }.map(\.found)
        for field in [Label.birth, .expiry] where printed[field] == nil {
            if let index = unlabelled.firstIndex(where: { zone[field] == $0.day.iso }) {
                printed[field] = unlabelled.remove(at: index).day
            }
        }
        for found in unlabelled {
            let iso = found.day.iso
            let field = [Label.birth, .expiry].first { field in
                guard printed[field] == nil, let theirs = zone[field], oneDigitApart(theirs, iso) else { return false }
                return field != .expiry || !isIssueBefore(found.day, expiry: theirs)
            } ?? (printed[.issue] == nil ? .issue : nil)
            if let field { printed[field] = found.day }
        }
        var fields = MRZPrintedFields(
            birthDate: printed[.birth]?.iso, expiryDate: printed[.expiry]?.iso, issueDate: printed[.issue]?.iso,
            placeOfBirth: placeOfBirth(lines))
        for (label, name) in [(Label.birth, "birthDate"), (.expiry, "expiryDate")] {
            if let mine = printed[label]?.iso, let theirs = zone[label], mine != theirs {
                fields.differences.append(name)
            }
        }
        return fields
    }

    /// Both ISO dates differ in exactly one digit: a misprint or misread, not another date.
    static func oneDigitApart(_ a: String, _ b: String) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).filter { $0 != $1 }.count == 1
    }

    /// The day and month of expiry 5 or 10 years earlier: how passports are issued, so such a
    /// date is the issue date, not a misprinted expiry.
    static func isIssueBefore(_ day: MRZDay, expiry: String) -> Bool {
        let parts = expiry.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3, day.month == parts[1], day.day == parts[2] else { return false }
        return [5, 10].contains(parts[0] - day.year)
    }

    // MARK: - Dates

    /// `DD MON[/MON] YYYY`: the month word may carry OCR noise between its two languages.
    private static let wordPattern = try! NSRegularExpression(
        pattern: #"(?<![0-9])([0-3]?[0-9])\s*([A-Za-zÀ-ÿ][A-Za-zÀ-ÿ/.|\-]{1,15}?)\.?\s*((?:19|20)[0-9]{2})(?![0-9])"#)
    /// `DD.MM.YYYY`, `DD MM YYYY`, `DD/MM/YYYY`, `DD-MM-YYYY`.
    private static let numberPattern = try! NSRegularExpression(
        pattern: #"(?<![0-9])([0-3]?[0-9])\s?[.\-/ ]\s?([01]?[0-9])\s?[.\-/ ]\s?((?:19|20)[0-9]{2})(?![0-9])"#)

    /// Month abbreviations, English and French, by their first three letters (folded).
    private static let months: [String: Int] = [
        "JAN": 1, "FEB": 2, "FEV": 2, "MAR": 3, "APR": 4, "AVR": 4, "MAY": 5, "MAI": 5,
        "JUN": 6, "JUL": 7, "AUG": 8, "AOU": 8, "SEP": 9, "OCT": 10, "NOV": 11, "DEC": 12,
    ]

    /// The month a word names: its first part (English) first, then the others (French).
    static func month(_ word: String) -> Int? {
        let folded = fold(word).uppercased()
        let parts = folded.split { !$0.isLetter }.map(String.init)
        for part in parts where part.count >= 3 {
            // French JUIN / JUIL share three letters.
            if part.hasPrefix("JUIN") { return 6 }
            if part.hasPrefix("JUIL") { return 7 }
            if let m = months[String(part.prefix(3))] { return m }
        }
        return nil
    }

    private static func found(in text: String, line: Int) -> [Found] {
        let ns = text as NSString
        let whole = NSRange(location: 0, length: ns.length)
        var hits: [(range: NSRange, day: MRZDay)] = []
        for match in wordPattern.matches(in: text, range: whole) {
            guard let day = Int(ns.substring(with: match.range(at: 1))),
                  let month = month(ns.substring(with: match.range(at: 2))),
                  let year = Int(ns.substring(with: match.range(at: 3))),
                  let valid = validDay(year, month, day) else { continue }
            hits.append((match.range, valid))
        }
        for match in numberPattern.matches(in: text, range: whole)
        where !hits.contains(where: { NSIntersectionRange($0.range, match.range).length > 0 }) {
            guard let day = Int(ns.substring(with: match.range(at: 1))),
                  let month = Int(ns.substring(with: match.range(at: 2))),
                  let year = Int(ns.substring(with: match.range(at: 3))),
                  let valid = validDay(year, month, day) else { continue }
            hits.append((match.range, valid))
        }
        return hits.sorted { $0.range.location < $1.range.location }.map {
            Found(day: $0.day, line: line, before: ns.substring(to: $0.range.location))
        }
    }

    /// A calendar day, or nil for 31 April, 29 February of a common year, month 13 …
    static func validDay(_ year: Int, _ month: Int, _ day: Int) -> MRZDay? {
        guard (1900...2099).contains(year), (1...12).contains(month), day >= 1 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= lengths[month - 1] else { return nil }
        return MRZDay(year: year, month: month, day: day)
    }

    // MARK: - Labels

    /// Label words by field, folded to lower case without accents; place of birth comes first
    /// because its label also says "birth".
    private static let labelWords: [(Label, [String])] = [
        (.place, ["place of birth", "lieu de naissance", "lugar de nacimiento", "geburtsort"]),
        (.birth, ["birth", "naissance", "nacimiento", "geburt"]),
        (.expiry, ["expir", "valid until", "caducidad", "gultig bis", "ablauf"]),
        (.issue, ["issue", "delivrance", "emission", "expedicion", "ausstellung"]),
    ]

    static func labelOf(_ text: String) -> Label? {
        let folded = fold(text).lowercased()
        return labelWords.first { $0.1.contains(where: folded.contains) }?.0
    }

    /// The label on the date's own line before it, else on one of the two lines above.
    private static func label(for found: Found, lines: [String]) -> Label? {
        if let label = labelOf(found.before) { return label }
        for offset in 1...2 where found.line - offset >= 0 {
            let above = lines[found.line - offset]
            if let label = labelOf(above) { return label }
            // A line with a date of its own belongs to another label.
            if !dates(in: above).isEmpty { return nil }
        }
        return nil
    }

    /// The value under a place-of-birth label (or after it on the same line): the first line
    /// that is no label and no date, trimmed of OCR edge noise such as `|`.
    static func placeOfBirth(_ lines: [String]) -> String? {
        for (index, line) in lines.enumerated() where labelOf(line) == .place {
            // "Place of birth: ZENITH" on one line.
            if let colon = line.lastIndex(of: ":"), let value = cleaned(String(line[line.index(after: colon)...])) {
                return value
            }
            for next in lines.dropFirst(index + 1).prefix(2) {
                if labelOf(next) != nil { break }
                if dates(in: next).isEmpty, let value = cleaned(next) { return value }
            }
        }
        return nil
    }

    /// The text between its first and last letter, when it has at least two letters and is not
    /// lower-case label text.
    private static func cleaned(_ text: String) -> String? {
        guard let first = text.firstIndex(where: \.isLetter), let last = text.lastIndex(where: \.isLetter) else {
            return nil
        }
        let value = String(text[first...last])
        guard value.filter(\.isLetter).count >= 2 else { return nil }
        let lower = value.filter(\.isLowercase).count, upper = value.filter(\.isUppercase).count
        return lower > upper ? nil : value
    }

    private static func fold(_ text: String) -> String {
        text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: Locale(identifier: "en_US_POSIX"))
    }
}

/// Reads the printed fields above a zone already read: one extra Tesseract pass (`eng`, page
/// layout) over the area above the zone, turned upright. Not Sendable: owns an engine.
public final class MRZVisualZoneReader {
    /// Longest side the page is read at (pixels) when the zone's place is unknown: larger
    /// photos are scaled down.
    public var longSide = 2000
    /// Shortest long side the page is read at: smaller photos are scaled up, since the labels'
    /// small print reads far better (on 50 rendered pages, birth dates 42 → 47 read).
    public var minimumLongSide = 1800
    /// Width (pixels) the area above a zone is read at: about the zone's width at the 1,800 px
    /// page the labels read well at.
    public var areaWidth = 1500
    /// How far above the zone the printed fields reach, in zone widths: an identity page is
    /// 0.78 zone widths tall (TD3: 88 mm for a 112 mm zone), the zone and its margin take 0.15.
    public var areaHeight = 0.72
    private let engine: TesseractEngine

    /// Starts Tesseract's `eng` model (dictionaries on: the visual zone is words and dates).
    public init(tessdata: URL? = nil) throws {
        engine = try TesseractEngine(languages: ["eng"], tessdata: tessdata)
    }

    /// The printed fields of `image`, whose zone `reading` came from: the area above the zone
    /// alone when its place is known (no facing page, no table, a quarter of the pixels).
    public func read(_ image: StampImage, reading: MRZImageReading, finder: MRZZoneFinder = MRZZoneFinder()) throws -> MRZPrintedFields {
        let lines = try self.lines(image, placement: reading.placement, rotation: reading.rotation, finder: finder)
        return MRZVisualZone.compare(lines: lines, document: reading.document)
    }

    /// The text lines printed above a zone at `placement` (the whole page turned by `rotation`
    /// when the zone's place is unknown), in reading order, the zone's own lines left out: the
    /// OCR half of `read`, which needs no reading of the zone and so can run while it is read.
    public func lines(_ image: StampImage, placement: MRZZonePlacement?, rotation: Double = 0,
                      finder: MRZZoneFinder = MRZZoneFinder()) throws -> [String] {
        var page: StampImage
        if let placement {
            page = try area(above: placement, in: finder.page(of: image, turnedBy: placement.angle))
        } else {
            page = try image.grayscale().scaledDown(toLongSide: longSide)
            if max(page.width, page.height) < minimumLongSide { page = try page.scaledUp(toLongSide: minimumLongSide) }
            page = try page.rotated(byDegrees: rotation)
        }
        return Self.aboveZone(try engine.recognise(page, layout: .automatic)).map(\.text)
    }

    /// The area above the zone (below it when the zone is upside down in `page`), a little
    /// wider than the zone, turned upright and scaled to `areaWidth`.
    func area(above placement: MRZZonePlacement, in page: StampImage) throws -> StampImage {
        let zone = placement.box
        let reach = Int(Double(zone.width) * areaHeight)
        let x0 = max(0, zone.x - zone.width / 20), x1 = min(page.width, zone.x + zone.width + zone.width / 20)
        let y0 = placement.upsideDown ? min(page.height - 1, zone.y + zone.height) : max(0, zone.y - reach)
        let y1 = placement.upsideDown ? min(page.height, zone.y + zone.height + reach) : max(1, zone.y)
        var area = try page.cropped(to: PixelBox(x: x0, y: y0, width: max(1, x1 - x0), height: max(1, y1 - y0)))
        if placement.upsideDown { area = try area.rotated(byDegrees: 180) }
        let factor = Double(areaWidth) / Double(max(1, area.width))
        let long = Int(Double(max(area.width, area.height)) * factor)
        return factor > 1 ? try area.scaledUp(toLongSide: long) : try area.scaledDown(toLongSide: long)
    }

    /// The lines above the zone: the zone's lines (runs of `<`) and everything below them go.
    static func aboveZone(_ lines: [OCRLine]) -> [OCRLine] {
        let zoneTop = lines.filter { line in
            line.text.filter { $0 == "<" }.count >= 3 || line.text.contains("<<")
        }.map(\.box.y).min()
        guard let zoneTop else { return lines }
        return lines.filter { $0.box.y + $0.box.height <= zoneTop + 2 }
    }
}
