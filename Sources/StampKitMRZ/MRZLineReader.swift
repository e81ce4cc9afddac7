import Foundation
import StampKitImaging

/// Reads single zone lines that someone else cut out (another tool's line finder, a scan's
/// crop): each image is normalised (`MRZLineImage`) and framed as the zone reader frames its
/// own strips, then read with dictionaries off. Gives the characters as read, before any
/// check-digit repair. Not Sendable: owns a Tesseract engine; use one reader per worker.
public final class MRZLineReader {
    /// The model that reads the lines.
    public let model: MRZModel
    private let engine: MRZLineEngine
    /// How each line image is normalised before framing.
    public var normaliser = MRZLineImage()
    /// Largest image accepted, in pixels (checked from the file header).
    public var pixelLimit = StampImage.defaultPixelLimit

    /// A reader with `model`, or by default the best available (`MRZModel.resolve()`).
    public init(model: MRZModel? = nil) throws {
        let chosen = try model ?? MRZModel.resolve()
        self.model = chosen
        engine = try MRZLineEngine(model: chosen.name, tessdata: chosen.directory)
    }

    /// The characters read from the line image at `url`.
    public func read(imageAt url: URL) throws -> String {
        try read(StampImage(contentsOf: url, pixelLimit: pixelLimit))
    }

    /// The characters read from one line image, whatever its crop.
    public func read(_ line: StampImage) throws -> String {
        try read(prepared: prepare(line))
    }

    /// The line as the model is given it: normalised and, for a raw-line model, framed.
    public func prepare(_ line: StampImage) throws -> StampImage {
        let clean = try normaliser.normalised(line)
        guard model.lineLayout == .rawLine else { return clean }
        return try clean.textLineFramed(letterFraction: MRZImageReader.framings[0])
    }

    /// The characters read from a line already prepared (`prepare`) or a strip to read as it is.
    public func read(prepared strip: StampImage) throws -> String {
        try engine.read(strip, layout: model.lineLayout).lines.joined()
    }
}
