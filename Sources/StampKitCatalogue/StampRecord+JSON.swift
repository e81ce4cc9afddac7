import Foundation
import StampKitSupport
import StampKitImaging

extension StampRecord {
    /// The record as `list --json` prints it: `id`, `status`, `confidence`, `country`,
    /// `region`, `city`, `airport`, `date`, `direction`, `entryMethod`, `book`, `page`,
    /// `favorite`, `note`, `source`, `crop`, `redactions`, `rotation`, `thumbnail`, in that order. With
    /// `detailed`, also the OCR text, the evidence, the source's size and time, and the
    /// record's times (what `show --json` adds).
    public func json(thumbnail: String?, detailed: Bool = false) -> JSONValue {
        var pairs: [(String, JSONValue)] = [
            ("id", id.map { .int($0) } ?? .null),
            ("status", .string(status.rawValue)),
            ("confidence", confidence.map { .rounded($0) } ?? .null),
            ("country", country.map { .object([("code", .string($0.id)), ("name", .string($0.name))]) } ?? .null),
            ("region", region.map { .object([("id", .string($0.id)), ("name", .string($0.name))]) } ?? .null),
            ("city", city.map { .object([("id", .int($0.id)), ("name", .string($0.name))]) } ?? .null),
            ("airport", airport.map { .object([("iata", .string($0.id)), ("name", .string($0.name))]) } ?? .null),
            ("date", .string(date?.description)),
            ("direction", .string(direction?.rawValue)),
            ("entryMethod", .string(entryMethod?.rawValue)),
            ("book", .string(book)),
            ("page", page.map { .int($0) } ?? .null),
            ("favorite", .bool(favorite)),
            ("note", .string(note)),
            ("source", .object([("path", .string(source.path)), ("sha256", .string(source.sha256))])),
            ("crop", crop.map(Self.boxJSON) ?? .null),
            ("redactions", .array(redactions.map(Self.boxJSON))),
            ("rotation", .rounded(rotation, places: 1)),
            ("thumbnail", .string(thumbnail)),
        ]
        if detailed {
            pairs += [
                ("ocrText", .string(ocrText)),
                ("evidence", .array(evidence.map {
                    .object([("kind", .string($0.kind)), ("text", .string($0.text)), ("detail", .string($0.detail))])
                })),
                ("sourceSize", .int(source.size)),
                ("sourceModified", .string(Self.timestamp(source.modified))),
                ("createdAt", .string(Self.timestamp(createdAt))),
                ("updatedAt", .string(Self.timestamp(updatedAt))),
            ]
        }
        return .object(pairs)
    }

    /// A box in the source's pixels as `{x, y, width, height}`.
    static func boxJSON(_ box: PixelBox) -> JSONValue {
        .object([("x", .int(box.x)), ("y", .int(box.y)), ("width", .int(box.width)), ("height", .int(box.height))])
    }

    /// ISO 8601 in UTC with seconds, e.g. `2024-05-01T10:20:30Z`.
    public static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
