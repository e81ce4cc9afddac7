import Foundation
import StampKit

/// `stampkit ocr IMAGE`: what Tesseract read, line by line, after straightening.
struct OCRCommand: ToolCommand {
    static let json = Flag("json", help: "Print lines, words, confidences and boxes as JSON.")
    static let image = Argument("image", help: "A photo (JPEG, PNG, TIFF, WebP, BMP, GIF, HEIC).")
    static let spec = CommandSpec(
        name: "ocr",
        abstract: "Show the raw text Tesseract reads on an image, with confidences and the rotation found.",
        arguments: [Self.image],
        options: ReadingOptions.specs + [Self.json])

    let image: String
    let reading: ReadingOptions
    let json: Bool

    init(_ parsed: ParsedCommand) throws {
        image = parsed.argument(Self.image) ?? ""
        reading = try ReadingOptions(parsed)
        json = parsed[Self.json]
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let reader = try TesseractStampReader(languages: reading.options.languages)
        let result: OCRReading
        do {
            result = try reader.read(imageAt: URL(fileURLWithPath: image), options: reading.options)
        } catch {
            throw CarriedFailure(error, image: image)
        }
        if json {
            terminal.result(JSONValue.object([
                ("image", .string(image)),
                ("rotation", .rounded(result.rotation, places: 1)),
                ("lines", .array(result.lines.map { line in
                    .object([
                        ("text", .string(line.text)), ("confidence", .rounded(line.confidence, places: 1)),
                        ("box", box(line.box)),
                        ("words", .array(line.words.map { word in
                            .object([("text", .string(word.text)), ("confidence", .rounded(word.confidence, places: 1)), ("box", box(word.box))])
                        })),
                    ])
                })),
            ]).serialized())
        } else {
            terminal.note("\(image): rotation \(String(format: "%.1f", result.rotation))°, \(result.lines.count) lines")
            for line in result.lines {
                terminal.result(String(format: "%5.1f  ", line.confidence) + line.text)
            }
        }
        return 0
    }

    private func box(_ b: PixelBox) -> JSONValue {
        .array([.int(b.x), .int(b.y), .int(b.width), .int(b.height)])
    }
}
