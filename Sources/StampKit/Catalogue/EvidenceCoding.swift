import Foundation

/// The evidence column's JSON: `[{"kind":…,"text":…,"detail":…}]`, written with the project's
/// JSON printer and read with Foundation's parser.
enum EvidenceCoding {
    static func encode(_ notes: [StampRecord.EvidenceNote]) -> String {
        JSONValue.array(notes.map {
            .object([("kind", .string($0.kind)), ("text", .string($0.text)), ("detail", .string($0.detail))])
        }).serialized()
    }

    static func decode(_ text: String) -> [StampRecord.EvidenceNote] {
        // Most records are listed, not inspected: skip any parser for the common empty case,
        // and read the shape this encoder writes directly (Foundation's parser costs ~20 µs a
        // record); anything else, e.g. a hand-edited file, goes through Foundation.
        if text == "[]" { return [] }
        var reader = FlatEvidenceReader(Array(text.utf8))
        if let notes = reader.read() { return notes }
        guard let items = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]] else { return [] }
        return items.map {
            StampRecord.EvidenceNote(
                kind: $0["kind"] as? String ?? "", text: $0["text"] as? String ?? "",
                detail: $0["detail"] as? String ?? "")
        }
    }
}

/// Reads `[{"key":"string",…},…]` — an array of objects whose values are all strings — and
/// nothing else (nil for any other JSON, which the caller hands to Foundation).
struct FlatEvidenceReader {
    let bytes: [UInt8]
    var i = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func read() -> [StampRecord.EvidenceNote]? {
        var notes: [StampRecord.EvidenceNote] = []
        guard take(UInt8(ascii: "[")) else { return nil }
        if take(UInt8(ascii: "]")) { return i == bytes.count ? [] : nil }
        repeat {
            guard take(UInt8(ascii: "{")) else { return nil }
            var note = StampRecord.EvidenceNote(kind: "", text: "", detail: "")
            repeat {
                guard let key = string(), take(UInt8(ascii: ":")), let value = string() else { return nil }
                switch key {
                case "kind": note.kind = value
                case "text": note.text = value
                case "detail": note.detail = value
                default: break
                }
            } while take(UInt8(ascii: ","))
            guard take(UInt8(ascii: "}")) else { return nil }
            notes.append(note)
        } while take(UInt8(ascii: ","))
        guard take(UInt8(ascii: "]")), i == bytes.count else { return nil }
        return notes
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == byte else { return false }
        i += 1
        return true
    }

    private mutating func string() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        var out: [UInt8] = []
        while i < bytes.count {
            let byte = bytes[i]
            i += 1
            switch byte {
            case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard i < bytes.count else { return nil }
                let escaped = bytes[i]
                i += 1
                switch escaped {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escaped)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                default: return nil  // \u and the rest: leave them to Foundation
                }
            default: out.append(byte)
            }
        }
        return nil
    }
}
