import Foundation
import StampKitSupport
import StampKitImaging

/// Reads back what `list --json` and `export --format json` print: a JSON array of records.
/// Every field is checked before anything is saved, and a bad one names the item and the field.
public enum RecordImport {
    /// The records of an export, in file order, not yet saved (no numbers, no times). Each
    /// source is looked up where the record says: when a file with the record's SHA-256 is
    /// there, its size and time are taken (thumbnails and `reconcile` need them); otherwise
    /// they stay 0 until `reconcile` finds the photo. `name` is how messages call the file.
    /// Throws `CatalogueError.invalidRecord` (an input error) for anything but such an array.
    public static func records(fromJSON data: Data, name: String) throws -> [StampRecord] {
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            throw CatalogueError(
                .invalidRecord,
                "\(name) is not valid JSON (\(Self.reason(error))); give a file written by 'stampkit export --format json'; nothing was imported")
        }
        guard let items = parsed as? [Any] else {
            throw CatalogueError(
                .invalidRecord,
                "\(name) holds JSON but not an array of stamps; give a file written by 'stampkit export --format json'; nothing was imported")
        }
        return try items.enumerated().map { index, item in
            do {
                return try record(from: item)
            } catch let problem as FieldProblem {
                throw CatalogueError(
                    .invalidRecord, "\(name), stamp \(index + 1) of \(items.count): \(problem.text); nothing was imported")
            }
        }
    }

    /// What is wrong with one field.
    struct FieldProblem: Error {
        var text: String
    }

    static func record(from item: Any) throws -> StampRecord {
        guard let object = item as? [String: Any] else { throw FieldProblem(text: "not a JSON object") }
        let fields = Fields(object: object)
        let source = try fields.object("source", required: true)!
        let path = try source.string("path", required: true)!
        guard path.hasPrefix("/") else { throw FieldProblem(text: "'source.path' must be an absolute path") }
        let sha256 = try source.string("sha256", required: true)!.lowercased()
        guard sha256.count == 64, sha256.allSatisfy(\.isHexDigit) else {
            throw FieldProblem(text: "'source.sha256' must be 64 hex digits")
        }
        guard let status = StampRecord.Status(rawValue: try fields.string("status", required: true)!) else {
            throw FieldProblem(text: "'status' must be pending or confirmed")
        }
        let crop = try fields.object("crop").map(Self.box)
        // Redactions must come back with the record: without them its thumbnails would show what
        // the owner hid.
        let redactions = try fields.array("redactions").map { items in
            try items.enumerated().map { index, item -> PixelBox in
                guard let object = item as? [String: Any] else { throw FieldProblem(text: "'redactions[\(index)]' must be an object") }
                return try Self.box(Fields(object: object, prefix: "redactions[\(index)]."))
            }
        } ?? []
        func place<ID>(_ key: String, id idKey: String, _ read: (Fields, String) throws -> ID?) throws -> StampRecord.PlaceSnapshot<ID>? {
            guard let place = try fields.object(key) else { return nil }
            return .init(id: try read(place, idKey)!, name: try place.string("name", required: true)!)
        }
        let country = try place("country", id: "code") { try $0.string($1, required: true) }
        if let code = country?.id, code.count != 2 || !code.allSatisfy({ $0.isASCII && $0.isLetter }) {
            throw FieldProblem(text: "'country.code' must be a two-letter ISO code")
        }
        if status == .confirmed && country == nil {
            throw FieldProblem(text: "a confirmed stamp needs a country")
        }
        var date: CalendarDay?
        if let text = try fields.string("date") {
            guard let day = CalendarDay(text) else { throw FieldProblem(text: "'date' must be a real day as YYYY-MM-DD, not '\(text.prefix(20))'") }
            date = day
        }
        var direction: StampRecord.Direction?
        if let text = try fields.string("direction") {
            guard let value = StampRecord.Direction(rawValue: text) else { throw FieldProblem(text: "'direction' must be arrival or departure") }
            direction = value
        }
        var entryMethod: StampRecord.EntryMethod?
        if let text = try fields.string("entryMethod") {
            guard let value = StampRecord.EntryMethod(rawValue: text) else { throw FieldProblem(text: "'entryMethod' must be air, land, sea or rail") }
            entryMethod = value
        }
        let found = try? StampRecord.Source.fingerprint(of: URL(fileURLWithPath: path))
        let matches = found?.sha256 == sha256
        return StampRecord(
            source: .init(
                path: path, sha256: sha256, size: matches ? found!.size : 0,
                modified: matches ? found!.modified : Date(timeIntervalSince1970: 0)),
            crop: crop, rotation: try fields.number("rotation") ?? 0, status: status,
            country: country?.uppercased(),
            region: try place("region", id: "id") { try $0.string($1, required: true) },
            city: try place("city", id: "id") { try $0.int($1, required: true) },
            airport: try place("airport", id: "iata") { try $0.string($1, required: true) },
            date: date, direction: direction, entryMethod: entryMethod,
            book: try fields.string("book"), page: try fields.int("page"),
            favorite: try fields.bool("favorite") ?? false, note: try fields.string("note"),
            confidence: try fields.number("confidence"), redactions: redactions)
    }

    /// A rectangle written as `{x, y, width, height}` (a crop or a redaction).
    static func box(_ fields: Fields) throws -> PixelBox {
        PixelBox(
            x: try fields.int("x", required: true)!, y: try fields.int("y", required: true)!,
            width: try fields.int("width", required: true)!, height: try fields.int("height", required: true)!)
    }

    static func reason(_ error: any Error) -> String {
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "unreadable"
        return String(text.prefix(120))
    }

    /// Typed reads of one JSON object's fields: a missing key or `null` is nil (an error when
    /// `required`); a value of another type is an error naming the field.
    struct Fields {
        var object: [String: Any]
        var prefix = ""

        func value(_ key: String, required: Bool) throws -> Any? {
            let value = object[key]
            if value == nil || value is NSNull {
                if required { throw FieldProblem(text: "'\(prefix)\(key)' is missing") }
                return nil
            }
            return value
        }

        func wrong(_ key: String, _ expected: String) -> FieldProblem {
            FieldProblem(text: "'\(prefix)\(key)' must be \(expected)")
        }

        func string(_ key: String, required: Bool = false) throws -> String? {
            guard let value = try value(key, required: required) else { return nil }
            guard let text = value as? String else { throw wrong(key, "text") }
            return text
        }

        func int(_ key: String, required: Bool = false) throws -> Int? {
            guard let value = try value(key, required: required) else { return nil }
            // JSONSerialization gives NSNumber for numbers and booleans alike.
            guard let number = value as? NSNumber, !Self.isBool(number), let int = Int(exactly: number.doubleValue) else {
                throw wrong(key, "a whole number")
            }
            return int
        }

        func number(_ key: String) throws -> Double? {
            guard let value = try value(key, required: false) else { return nil }
            guard let number = value as? NSNumber, !Self.isBool(number), number.doubleValue.isFinite else { throw wrong(key, "a number") }
            return number.doubleValue
        }

        func bool(_ key: String) throws -> Bool? {
            guard let value = try value(key, required: false) else { return nil }
            guard let number = value as? NSNumber, Self.isBool(number) else { throw wrong(key, "true or false") }
            return number.boolValue
        }

        func array(_ key: String) throws -> [Any]? {
            guard let value = try value(key, required: false) else { return nil }
            guard let items = value as? [Any] else { throw wrong(key, "an array") }
            return items
        }

        func object(_ key: String, required: Bool = false) throws -> Fields? {
            guard let value = try value(key, required: required) else { return nil }
            guard let nested = value as? [String: Any] else { throw wrong(key, "an object") }
            return Fields(object: nested, prefix: prefix + key + ".")
        }

        static func isBool(_ number: NSNumber) -> Bool {
            // A JSON true/false arrives as an NSNumber whose type is `c` (char); numbers are not.
            String(cString: number.objCType) == "c"
        }
    }
}

extension StampRecord.PlaceSnapshot where ID == String {
    /// The snapshot with its ID upper-cased (country codes).
    func uppercased() -> Self { .init(id: id.uppercased(), name: name) }
}
