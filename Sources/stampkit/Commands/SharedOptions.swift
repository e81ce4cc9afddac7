import Foundation
import StampKit

/// The options of every command that reads an image: languages, a known rotation, a crop.
struct ReadingOptions {
    static let lang = ValueOption("lang", "LANGS", help: "Tesseract languages, e.g. eng+isl (default: installed ones that suit stamps).")
    static let rotate = ValueOption("rotate", "DEG", help: "Rotate by exactly DEG degrees counter-clockwise instead of finding the angle.")
    static let crop = ValueOption("crop", "X,Y,W,H", help: "Read only this rectangle of the image (pixels, after EXIF orientation).")
    /// All three, for a command's table.
    static let specs: [any DeclaredOption] = [lang, rotate, crop]

    let options: ReadOptions

    /// Reads `--lang`, `--rotate` and `--crop`; with `languagesOnly`, `--lang` alone (a command
    /// that reads a stamp whose crop and turn are already known declares only that one).
    init(_ parsed: ParsedCommand, languagesOnly: Bool = false) throws {
        var options = ReadOptions()
        if let lang = parsed.value(Self.lang) {
            let languages = lang.split(separator: "+").map(String.init)
            guard !languages.isEmpty, languages.allSatisfy({ $0.range(of: "^[A-Za-z_]+$", options: .regularExpression) != nil }) else {
                throw UsageError(message: "--lang takes language codes joined by '+', e.g. eng+isl, not '\(lang)'")
            }
            options.languages = languages
        }
        if languagesOnly {
            self.options = options
            return
        }
        options.rotation = try parsed.number(Self.rotate, in: -360...360)
        if let crop = parsed.value(Self.crop) {
            options.crop = try PixelBoxOption.parse(crop, option: "--crop")
        }
        self.options = options
    }
}

/// A rectangle given to an option (`--crop`, `--redact`) as X,Y,W,H in pixels.
enum PixelBoxOption {
    static func parse(_ text: String, option: String) throws -> PixelBox {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
            x >= 0, y >= 0, w > 0, h > 0
        else {
            throw UsageError(message: "\(option) takes X,Y,W,H in pixels (X,Y ≥ 0; W,H > 0), e.g. 100,200,800,600, not '\(text.prefix(60))'")
        }
        return PixelBox(x: x, y: y, width: w, height: h)
    }
}

/// `--gazetteer PATH`, shared by every command that looks places up.
enum GazetteerOption {
    static let spec = ValueOption(
        "gazetteer", "PATH", help: "The gazetteer database (default: $STAMPKIT_GAZETTEER, else the one `make run` built).")

    static func resolve(_ parsed: ParsedCommand) -> URL {
        GazetteerLocation.resolve(explicit: parsed.value(spec), environment: ProcessInfo.processInfo.environment)
    }
}

/// A two-letter ISO country code given to an option (`--country`, `--in`), upper-cased.
enum CountryCodeOption {
    static func parse(_ text: String, option: String) throws -> String {
        guard text.count == 2, text.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw UsageError(message: "\(option) takes a two-letter ISO country code, e.g. IS, not '\(text.prefix(40))'")
        }
        return text.uppercased()
    }
}
