import Foundation
import StampKit

/// `--redact X,Y,W,H` (repeatable), shared by `add` and `edit`: regions every image StampKit
/// writes of the stamp fills black.
enum RedactionOption {
    static let redact = ValueOption(
        "redact", "X,Y,W,H", help: "Hide this rectangle (pixels of the photo after EXIF orientation, like --crop) in every image StampKit writes of the stamp; repeatable.",
        repeating: true)

    /// Every box given, in order.
    static func parse(_ parsed: ParsedCommand) throws -> [PixelBox] {
        try parsed.values(redact).map { try PixelBoxOption.parse($0, option: "--redact") }
    }
}
