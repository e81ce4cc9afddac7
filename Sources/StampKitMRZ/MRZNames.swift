/// The name field: `SURNAME<<GIVEN<NAMES<<<…`. ICAO separates primary and secondary identifiers
/// with `<<`, name parts with `<`, and pads with `<`; a field full to its last character may
/// have been truncated.
enum MRZNames {
    struct Split: Equatable {
        var surname: String
        var givenNames: String
        var truncated: Bool
    }

    static let filler = UInt8(ascii: "<")

    static func split(_ field: [UInt8]) -> Split {
        let truncated = field.last.map { $0 != filler } ?? false
        guard let separator = separatorIndex(field) else {
            return Split(surname: words(field[...]), givenNames: "", truncated: truncated)
        }
        let end = givenEnd(field, separator: separator)
        return Split(
            surname: words(field[..<separator]),
            givenNames: words(field[(separator + 2)..<end]),
            truncated: truncated)
    }

    /// Index of the first `<<`, which ends the primary identifier.
    static func separatorIndex(_ field: [UInt8]) -> Int? {
        var i = 0
        while i + 1 < field.count {
            if field[i] == filler && field[i + 1] == filler { return i }
            i += 1
        }
        return nil
    }

    /// Where the secondary identifier ends: the next `<<` after it (or a filler right after the
    /// separator, meaning there are no given names); everything from there on is padding.
    static func givenEnd(_ field: [UInt8], separator: Int) -> Int {
        var i = separator + 2
        if i < field.count && field[i] == filler { return i }
        while i < field.count {
            if field[i] == filler && (i + 1 == field.count || field[i + 1] == filler) { return i }
            i += 1
        }
        return field.count
    }

    /// Indices in the padding after the names that hold a letter OCR makes of `<` (K, C, E, S),
    /// when the padding holds nothing else: such a run can only be filler.
    static func fillerMisreads(_ field: [UInt8]) -> [Int] {
        guard let separator = separatorIndex(field) else { return [] }
        let start = givenEnd(field, separator: separator)
        guard start < field.count else { return [] }
        let padding = field[start...]
        guard padding.allSatisfy({ $0 == filler || MRZConfusions.fillerLookalikes.contains($0) }) else { return [] }
        return padding.indices.filter { field[$0] != filler }
    }

    /// Name parts joined by single spaces.
    private static func words(_ bytes: ArraySlice<UInt8>) -> String {
        bytes.split(separator: filler).map { String(decoding: $0, as: UTF8.self) }.joined(separator: " ")
    }
}
