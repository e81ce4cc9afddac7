import Foundation
import StampKit

/// `stampkit mrz IMAGE` / `stampkit mrz --text`: the fields of a machine-readable zone, with
/// every check and every repaired character.
struct MRZCommand: ToolCommand {
    static let text = Flag("text", help: "Read the zone's lines from standard input instead of an image.")
    static let json = Flag("json", help: "Print the fields as one JSON object.")
    static let model = ValueOption("model", "NAME|PATH", help: "Tesseract model for the zone: an installed name (Latin, eng) or a .traineddata file (default: $STAMPKIT_MRZ_MODEL, else StampKit's OCR-B model with Latin as second opinion).")
    static let image = Argument("image", help: "A photo of the page (JPEG, PNG, TIFF, WebP, BMP, GIF, HEIC).", optional: true)
    static let spec = CommandSpec(
        name: "mrz",
        abstract: "Read the machine-readable zone of an identity page, visa or ID card.",
        discussion: """
            Finds the zone on a photo (any orientation, a few degrees of tilt), reads it with \
            Tesseract's dictionaries off, repairs OCR confusions only where the check digits \
            confirm them, and prints the fields, the checks and the repairs. With --text, reads the \
            zone's 2 or 3 lines from standard input instead. The output holds names and numbers: \
            it goes to stdout only, never to logs. Exit 67 when an image has no readable zone.
            """,
        arguments: [Self.image],
        options: [
            Self.text,
            Self.json,
            Self.model,
        ])

    let image: String?
    let text: Bool
    let json: Bool
    let model: MRZModel?

    init(_ parsed: ParsedCommand) throws {
        image = parsed.argument(Self.image)
        text = parsed[Self.text]
        json = parsed[Self.json]
        model = parsed.value(Self.model).map(MRZModel.named)
        if text && image != nil {
            throw UsageError(message: "give either an IMAGE or --text (lines on standard input), not both; see 'stampkit mrz --help'")
        }
        if !text && image == nil {
            throw UsageError(message: "give the IMAGE of an identity page, or --text to read the zone's lines from standard input; see 'stampkit mrz --help'")
        }
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let document: MRZDocument
        var source: JSONValue = .null
        var printed: MRZPrintedFields?
        if text {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            document = try MRZParser.parse(text: String(decoding: data, as: UTF8.self))
        } else {
            let reader = try MRZImageReader(model: model)
            let page = try reader.load(imageAt: URL(fileURLWithPath: image!))
            let reading = try reader.read(page, referenceDay: MRZDay(Date()))
            document = reading.document
            // Best effort: a page whose printed fields cannot be read still has its zone.
            printed = try? MRZVisualZoneReader().read(page, reading: reading, finder: reader.finder)
            source = .object([
                ("image", .string(image!)), ("rotation", .rounded(reading.rotation, places: 1)),
                ("model", .string(reading.model)),
            ])
        }
        if json {
            terminal.result(Self.json(document, source: source, printed: printed, fromImage: !text))
        } else {
            Self.human(document).forEach(terminal.result)
            if let printed { Self.human(printed).forEach(terminal.result) }
        }
        return 0
    }

    /// The document's JSON (the library's Codable form, keys sorted), plus where it was
    /// read from as `source` and, for a photo, the visual zone's fields as `printed` (null when
    /// they could not be read).
    static func json(_ document: MRZDocument, source: JSONValue, printed: MRZPrintedFields? = nil,
                     fromImage: Bool = false) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var text = (try? String(decoding: encoder.encode(document), as: UTF8.self)) ?? "{}"
        if fromImage, text.hasSuffix("}") {
            let fields = printed.flatMap { try? String(decoding: encoder.encode($0), as: UTF8.self) } ?? "null"
            text.removeLast()
            text += ",\"printed\":" + fields + "}"
        }
        if case .object = source, text.hasSuffix("}") {
            text.removeLast()
            text += ",\"source\":" + source.serialized() + "}"
        }
        return text
    }

    /// The visual zone's lines: printed dates and place of birth, and where the zone differs.
    static func human(_ p: MRZPrintedFields) -> [String] {
        func row(_ name: String, _ value: String?) -> String {
            name.padding(toLength: 17, withPad: " ", startingAt: 0) + (value ?? "–")
        }
        var out = ["", "Printed (visual zone, best effort):",
                   row("Date of birth", p.birthDate), row("Date of issue", p.issueDate),
                   row("Date of expiry", p.expiryDate), row("Place of birth", p.placeOfBirth)]
        out.append(row("Differences", p.differences.isEmpty
            ? "none" : p.differences.joined(separator: ", ") + " — printed differs from the zone; the zone's value is kept"))
        return out
    }

    /// Field lines for a person: fields, checks, repairs, flags.
    static func human(_ d: MRZDocument) -> [String] {
        var out: [String] = []
        func row(_ name: String, _ value: String?) {
            out.append(name.padding(toLength: 17, withPad: " ", startingAt: 0) + (value.map { $0.isEmpty ? "–" : $0 } ?? "–"))
        }
        row("Format", d.format.rawValue)
        row("Document code", d.documentCode)
        row("Issuing state", d.issuingState)
        row("Surname", d.surname)
        row("Given names", d.givenNames)
        row("Document number", d.documentNumber)
        row("Nationality", d.nationality)
        row("Date of birth", d.birthDate)
        row("Date of expiry", d.expiryDate)
        row("Sex", d.sex)
        row("Optional data", d.optionalData)
        if let second = d.optionalData2 { row("Optional data 2", second) }
        out.append("")
        for line in d.lines { out.append("  " + line) }
        out.append("")
        let checks = d.checks.keys.sorted().map { "\($0) \(d.checks[$0]! ? "ok" : "FAILS")" }
        row("Checks", checks.joined(separator: ", "))
        row("Valid", d.valid ? "yes, every check digit passes" : "NO — do not trust these fields")
        if d.repairs.isEmpty {
            row("Repairs", "none")
        } else {
            for (i, r) in d.repairs.enumerated() {
                row(i == 0 ? "Repairs" : "", "line \(r.line) column \(r.column): \(r.from) → \(r.to) (\(r.field), \(r.basis.rawValue))")
            }
        }
        if !d.flags.isEmpty { row("Flags", d.flags.map(\.rawValue).joined(separator: ", ")) }
        return out
    }
}
