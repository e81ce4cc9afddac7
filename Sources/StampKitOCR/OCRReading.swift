import Foundation
import StampKitImaging

/// One word as Tesseract read it; confidence is Tesseract's 0…100.
public struct OCRWord: Sendable, Equatable, Codable {
    /// The text as Tesseract read it.
    public var text: String
    /// Tesseract's confidence, 0…100.
    public var confidence: Double
    /// Where it stands in the straightened image, in source pixels.
    public var box: PixelBox

    /// A value from its parts.
    public init(text: String, confidence: Double, box: PixelBox) {
        self.text = text
        self.confidence = confidence
        self.box = box
    }
}

/// One text line with its words; confidence is the mean of its words' (0…100).
public struct OCRLine: Sendable, Equatable, Codable {
    /// The text as Tesseract read it.
    public var text: String
    /// Tesseract's confidence, 0…100.
    public var confidence: Double
    /// Where it stands in the straightened image, in source pixels.
    public var box: PixelBox
    /// The words of the line, left to right.
    public var words: [OCRWord]
    /// The line read again on its own, enlarged, as one line of date characters, once per
    /// enlargement (see `TesseractStampReader.rereadDateLines`); nil when the line does not
    /// look like a date.
    public var rereads: [String]?
    /// The line read again on its own, enlarged, as one line of words, when its first reading
    /// left a long word in doubt (see `TesseractStampReader.lookAgainAtNameLines`): further
    /// readings of a damaged place name. Nil when the line was not looked at again.
    public var nameLooks: [String]?

    /// A value from its parts.
    public init(text: String, confidence: Double, box: PixelBox, words: [OCRWord], rereads: [String]? = nil,
                nameLooks: [String]? = nil) {
        self.text = text
        self.confidence = confidence
        self.box = box
        self.words = words
        self.rereads = rereads
        self.nameLooks = nameLooks
    }
}

extension OCRLine {
    /// The line with its box and its words' boxes each put through `place`: moved into another
    /// image's pixels (scaled to the source, out of a crop or an enlarged part).
    func placed(by place: (PixelBox) -> PixelBox) -> OCRLine {
        var line = self
        line.box = place(box)
        line.words = words.map { var w = $0; w.box = place(w.box); return w }
        return line
    }
}

/// Everything the OCR stage read from one image, and the rotation (degrees, counter-clockwise)
/// that was applied to make the text upright.
public struct OCRReading: Sendable, Equatable, Codable {
    /// Lines top to bottom.
    public var lines: [OCRLine]
    /// Degrees, counter-clockwise, applied to make the text upright.
    public var rotation: Double
    /// Tesseract passes the reading took (candidate turns and colour retries); nil when not
    /// counted (a reading from elsewhere).
    public var passes: Int?
    /// The stamp read again whole at the same turn, each time prepared another way, when its
    /// reading found little confident text (see `TesseractStampReader.wholeLooks`): each look's
    /// lines. Further readings of its names only; nil when not taken.
    public var wholeLooks: [[String]]?

    /// A value from its parts.
    public init(lines: [OCRLine], rotation: Double, passes: Int? = nil, wholeLooks: [[String]]? = nil) {
        self.lines = lines
        self.rotation = rotation
        self.passes = passes
        self.wholeLooks = wholeLooks
    }

    /// The whole text, one line per OCR line.
    public var text: String { lines.map(\.text).joined(separator: "\n") }
}

/// What a person may tell the reader about an image when they know better than the automatic
/// stages.
public struct ReadOptions: Sendable, Equatable {
    /// Rotate by exactly this many degrees (counter-clockwise) instead of searching for the angle.
    public var rotation: Double?
    /// Read only this part of the image (pixels, after EXIF orientation).
    public var crop: PixelBox?
    /// Tesseract languages, e.g. `["eng", "isl"]`; empty means the installed default.
    public var languages: [String]

    /// A value from its parts.
    public init(rotation: Double? = nil, crop: PixelBox? = nil, languages: [String] = []) {
        self.rotation = rotation
        self.crop = crop
        self.languages = languages
    }
}

/// Reads the text of a stamp image. The real one runs Leptonica and Tesseract; tests of
/// matching may use a fake. Not Sendable: an engine belongs to one worker.
public protocol StampReader {
    /// Loads, straightens and reads the image at `url`.
    func read(imageAt url: URL, options: ReadOptions) throws -> OCRReading
    /// Straightens and reads an image already loaded, so the stamps of one page photo are
    /// read from one decoding of it.
    func read(_ image: StampImage, options: ReadOptions) throws -> OCRReading
}
