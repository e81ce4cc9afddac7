import Foundation
import StampKit

/// `stampkit mrz IMAGE` / `stampkit mrz --text`: the fields of a machine-readable zone, with
/// every check and every repaired character. `stampkit mrz --line IMAGE…`: the characters of
/// line images cut by another tool.
struct MRZCommand: ToolCommand {
    static let text = Flag("text", help: "Read the zone's lines from standard input instead of an image.")
    static let json = Flag("json", help: "Print the fields as one JSON object.")
    static let line = Flag("line", help: "Each IMAGE is one zone line, cropped by you or another tool: print the characters read (before any repair), one line per image.")
    static let model = ValueOption("model", "NAME|PATH", help: "Tesseract model for the zone: an installed name (Latin, eng) or a .traineddata file (default: $STAMPKIT_MRZ_MODEL, else StampKit's OCR-B model with Latin as second opinion).")
    static let image = Argument("image", help: "A photo of the page (JPEG, PNG, TIFF, WebP, BMP, GIF, HEIC); with --line, line images.", repeating: true, optional: true)
    static let spec = CommandSpec(
        name: "mrz",
        abstract: "Read the machine-readable zone of an identity page, visa or ID card.",
        discussion: """
            Finds the zone on a photo (any orientation, a few degrees of tilt), reads it with \
            Tesseract's dictionaries off, repairs OCR confusions only where the check digits \
            confirm them, and prints the fields, the checks and the repairs. With --text, reads the \
            zone's 2 or 3 lines from standard input instead. With --line, each IMAGE is one line \
            of a zone however it was cropped (tight, with a margin, binarised, light on dark): \
            prints the characters read before repair, one line per image; a bad image is \
            reported as PATH: error: … and the rest still read. The output holds names and \
            numbers: it goes to stdout only, never to logs. Exit 67 when an image has no readable zone.
            """,
        arguments: [Self.image],
        options: [
            Self.text,
            Self.json,
            Self.line,
            Self.model,
        ])

    let images: [String]
    let text: Bool
    let line: Bool
    let json: Bool
    let model: MRZModel?

    init(_ parsed: ParsedCommand) throws {
        images = parsed.arguments(Self.image)
        text = parsed[Self.text]
        json = parsed[Self.json]
        line = parsed[Self.line]
        model = parsed.value(Self.model).map(MRZModel.named)
        if line {
            if text { throw UsageError(message: "--line reads line images and --text reads typed lines: give one of them; see 'stampkit mrz --help'") }
            if json { throw UsageError(message: "--line prints the characters of each line as plain text; leave out --json") }
            if images.isEmpty { throw UsageError(message: "--line needs one or more IMAGEs, each one line of a zone; see 'stampkit mrz --help'") }
            return
        }
        if images.count > 1 {
            throw UsageError(message: "give one IMAGE of an identity page (or several line images with --line); see 'stampkit mrz --help'")
        }
        if text && !images.isEmpty {
            throw UsageError(message: "give either an IMAGE or --text (lines on standard input), not both; see 'stampkit mrz --help'")
        }
        if !text && images.isEmpty {
            throw UsageError(message: "give the IMAGE of an identity page, or --text to read the zone's lines from standard input; see 'stampkit mrz --help'")
        }
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        if line { return try readLines(terminal) }
        if text {
            let data = FileHandle.standardInput.readAll()
            let document = try MRZParser.parse(zoneText: String(decoding: data, as: UTF8.self), referenceDay: MRZDay(Date()))
            if json {
                terminal.result(document.json.serialized())
            } else {
                Self.human(document).forEach(terminal.result)
            }
            return 0
        }
        // Best effort: a page whose printed fields cannot be read still has its zone.
        let reader = try MRZPhotoReader(model: model)
        if model == nil, let note = Self.missingModelNote(reader.zoneReader.models) { terminal.note(note) }
        let image = images[0]
        let photo = try reader.read(imageAt: URL(fileURLWithPath: image), referenceDay: MRZDay(Date()))
        let reading = photo.zone, printed = photo.printed
        if json {
            terminal.result(Self.json(reading, image: image, printed: printed).serialized())
        } else {
            Self.human(reading.document).forEach(terminal.result)
            terminal.result(Self.row("Model", reading.model))
            if let printed { Self.human(printed).forEach(terminal.result) }
        }
        return 0
    }

    /// `--line`: the characters of each line image on stdout, one line each; a bad image is one
    /// `PATH: error: …` line on stderr, the others still read, and the exit code is the first
    /// failure's.
    private func readLines(_ terminal: Terminal) throws -> Int32 {
        let reader = try MRZLineReader(model: model)
        if model == nil, let note = Self.missingModelNote([reader.model]) { terminal.note(note) }
        var firstFailure: CarriedFailure?
        for image in images {
            do {
                terminal.result(try reader.read(imageAt: URL(fileURLWithPath: image)))
            } catch {
                let failure = CarriedFailure(error, image: "\(image): error")
                terminal.note(failure.message)
                if firstFailure == nil { firstFailure = failure }
            }
        }
        return firstFailure?.failureClass.exitCode ?? 0
    }

    /// One line of warning when StampKit's own model was not found and a stock model reads
    /// instead (nil when the own model reads, or the user chose the model): the reading still
    /// works, but worse, and the fix is an install away.
    static func missingModelNote(_ models: [MRZModel],
                                 environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        guard environment["STAMPKIT_MRZ_MODEL"]?.isEmpty ?? true, let first = models.first,
              first.name != MRZModel.trainedName else { return nil }
        return "stampkit: warning: StampKit's zone model is not installed (no \(MRZModel.installedModel(environment: environment).path)); "
            + "reading with Tesseract's \(first.name) model, which misreads zones more often; "
            + "run 'make install' in the StampKit folder, or set STAMPKIT_MRZ_MODEL to a \(MRZModel.trainedName).traineddata"
    }

    /// A photo's reading as JSON: the document's fields, then `model` (the model or models that
    /// read the zone), `printed` (the visual zone's fields, null when they could not be read) and
    /// `source` (image, rotation found, model).
    static func json(_ reading: MRZImageReading, image: String, printed: MRZPrintedFields?) -> JSONValue {
        guard case .object(var pairs) = reading.document.json else { return reading.document.json }
        pairs.append(("model", .string(reading.model)))
        pairs.append(("printed", printed?.json ?? .null))
        pairs.append(("source", .object([
            ("image", .string(image)), ("rotation", .rounded(reading.rotation, places: 1)),
            ("model", .string(reading.model)),
        ])))
        return .object(pairs)
    }

    /// A field name padded to the value column, then the value (– when absent or empty).
    static func row(_ name: String, _ value: String?) -> String {
        name.padding(toLength: 17, withPad: " ", startingAt: 0) + (value.map { $0.isEmpty ? "–" : $0 } ?? "–")
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
        func row(_ name: String, _ value: String?) { out.append(Self.row(name, value)) }
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
