import Foundation

/// A compiled gettext catalogue (`.mo`): msgid → msgstr. iso-codes ships country names in ~160
/// languages this way; we read it ourselves rather than depending on libintl's process locale.
struct GettextCatalog {
    /// Translations keyed by original (English) text; context-qualified and plural entries are
    /// stored under their singular msgid without context.
    var translations: [String: String]

    /// Why a file could not be read as a catalogue.
    struct FormatError: Error, Equatable {
        var reason: String
    }

    /// Parses `data`, accepting either byte order (the magic number tells which).
    init(data: Data) throws {
        let bytes = [UInt8](data)
        func word(_ offset: Int, bigEndian: Bool) throws -> Int {
            guard offset >= 0, offset + 4 <= bytes.count else {
                throw FormatError(reason: "truncated at byte \(offset)")
            }
            let b = bytes[offset..<offset + 4].map(UInt32.init)
            let value =
                bigEndian
                ? b[0] << 24 | b[1] << 16 | b[2] << 8 | b[3]
                : b[3] << 24 | b[2] << 16 | b[1] << 8 | b[0]
            return Int(value)
        }
        let bigEndian: Bool
        switch try word(0, bigEndian: false) {
        case 0x9504_12de: bigEndian = false
        case 0xde12_0495: bigEndian = true
        default: throw FormatError(reason: "not a gettext catalogue (bad magic number)")
        }
        let revision = try word(4, bigEndian: bigEndian)
        guard revision >> 16 <= 1 else {
            throw FormatError(reason: "unsupported major revision \(revision >> 16)")
        }
        let count = try word(8, bigEndian: bigEndian)
        let originals = try word(12, bigEndian: bigEndian)
        let translated = try word(16, bigEndian: bigEndian)
        guard count < 10_000_000 else { throw FormatError(reason: "implausible entry count") }

        func string(table: Int, index: Int) throws -> String {
            let length = try word(table + index * 8, bigEndian: bigEndian)
            let offset = try word(table + index * 8 + 4, bigEndian: bigEndian)
            guard offset + length <= bytes.count else {
                throw FormatError(reason: "string \(index) runs past the end")
            }
            return String(decoding: bytes[offset..<offset + length], as: UTF8.self)
        }

        var translations: [String: String] = [:]
        translations.reserveCapacity(count)
        for index in 0..<count {
            var original = try string(table: originals, index: index)
            let translation = try string(table: translated, index: index)
            if original.isEmpty { continue }  // the header entry
            if let eot = original.firstIndex(of: "\u{04}") {
                original = String(original[original.index(after: eot)...])
            }
            // Plural entries separate forms with NUL; keep the singular.
            let singular = original.split(separator: "\0", omittingEmptySubsequences: false)[0]
            let first = translation.split(separator: "\0", omittingEmptySubsequences: false)[0]
            if !first.isEmpty { translations[String(singular)] = String(first) }
        }
        self.translations = translations
    }
}
