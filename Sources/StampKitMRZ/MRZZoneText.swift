extension MRZParser {
    /// Parses text that must be a zone and nothing else: 2 or 3 non-blank lines of zone
    /// characters (`A–Z`, `0–9`, `<`; lower case, spaces and a line one or two characters off
    /// its length are tolerated, as in `parse(lines:)`). Unlike `parse(text:)` it does not look
    /// for a zone inside longer text: a person handing over a zone means exactly those lines, and
    /// prose, a page's OCR or binary bytes must fail rather than read as a zone of fillers.
    public static func parse(zoneText text: String, referenceDay: MRZDay) throws -> MRZDocument {
        var lines: [String] = []
        for (number, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
        where !line.allSatisfy(\.isWhitespace) {
            guard line.unicodeScalars.allSatisfy(isZoneScalar) else { throw MRZError.notZoneText(line: number + 1) }
            lines.append(String(line))
        }
        guard !lines.isEmpty else { throw MRZError.empty }
        guard lines.count == 2 || lines.count == 3 else { throw MRZError.lineCount(lines.count) }
        return try parse(lines: lines, referenceDay: referenceDay)
    }

    /// A character a typed or copied zone line may hold: the zone's own, lower case, blanks.
    static func isZoneScalar(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "A"..."Z", "a"..."z", "0"..."9", "<", " ", "\t": true
        default: false
        }
    }
}

extension MRZError {
    /// A line holding characters no zone has; names the line number, never its content.
    static func notZoneText(line: Int) -> MRZError {
        MRZError(
            code: "mrz-not-zone-text",
            message: "line \(line) of the input holds characters a machine-readable zone never has "
                + "(a zone is 2 or 3 lines of A–Z, 0–9 and <); pass only the zone's lines")
    }
}
