import Foundation
import StampKitImaging

/// A picture of a catalogued stamp as StampKit writes it, with how its pixels lie over the source.
public struct DerivedStampImage {
    /// The cropped, turned, scaled picture with every redaction filled.
    public let image: StampImage
    /// Where its pixels come from in the source (to carry boxes between the two).
    public let frame: DerivedFrame
}

extension StampRecord {
    /// The stamp as every image StampKit writes of it shows it (thumbnails, previews, pages,
    /// collages): the source read again, cropped, its redactions filled black, turned upright,
    /// scaled to `longSide` on its longest side (nil: kept at the source's scale), and the
    /// redactions filled once more where they landed, grown to whole 16-pixel JPEG blocks so
    /// that a JPEG of it decodes them uniform. Filling before scaling keeps the hidden pixels
    /// out of every blended edge; filling after keeps JPEG's blocks from ringing into them.
    /// Anything that writes an image of a record must make it here. Throws `sourceMissing`
    /// when the photo is gone or changed, an `ImageError` when it cannot be read.
    /// `decodedSource` is the source already decoded at full size (a batch decodes a page once
    /// for all of its stamps); nil reads it from the file.
    public func derivedImage(longSide: Int?, decodedSource: StampImage? = nil) throws -> DerivedStampImage {
        try derive(longSide: longSide, decodeReduced: true, decodedSource: decodedSource)
    }

    private func derive(longSide: Int?, decodeReduced: Bool, decodedSource: StampImage? = nil) throws -> DerivedStampImage {
        let reducible = decodedSource == nil && decodeReduced && crop == nil && redactions.isEmpty
        var image = try decodedSource ?? decodeSource(longSideAtLeast: reducible ? longSide.map { 2 * $0 } : nil)
        let cropBox = crop ?? PixelBox(x: 0, y: 0, width: image.width, height: image.height)
        if let crop { image = try image.cropped(to: crop) }
        // Filled in the crop's own pixels: the same pixels as before cropping, without copying
        // the whole photo first.
        if !redactions.isEmpty {
            image = try image.redacting(redactions.map {
                PixelBox(x: $0.x - cropBox.x, y: $0.y - cropBox.y, width: $0.width, height: $0.height)
            })
        }
        if rotation != 0 { image = try image.rotated(byDegrees: rotation) }
        let turned = (width: image.width, height: image.height)
        if let longSide { image = try image.scaled(toLongSide: longSide) }
        // A reduced decode has its own pixel scale; it has no redactions to carry over.
        let frame = DerivedFrame(
            crop: reducible ? PixelBox(x: 0, y: 0, width: turned.width, height: turned.height) : cropBox,
            rotation: rotation, turnedWidth: turned.width, turnedHeight: turned.height,
            width: image.width, height: image.height)
        if !redactions.isEmpty {
            image = try image.redacting(redactions.compactMap { frame.derivedBox(ofSource: $0) }, alignedTo: StampImage.jpegBlock)
        }
        return DerivedStampImage(image: image, frame: frame)
    }

    /// The source photo, checked to be the one catalogued. Crops and redactions are in the full
    /// image's pixels, so only a whole image without them may be decoded reduced (libjpeg's
    /// 1/2–1/8 scaling, to `longSideAtLeast`).
    private func decodeSource(longSideAtLeast: Int?) throws -> StampImage {
        let path = source.path
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw CatalogueError(
                .sourceMissing,
                "the photo of stamp #\(id ?? 0) is not at \(path) any more; "
                    + "run 'stampkit reconcile' to find it or drop the record")
        }
        guard Int(info.st_size) == source.size else {
            throw CatalogueError(
                .sourceMissing,
                "the photo at \(path) changed since stamp #\(id ?? 0) was catalogued (its size differs); "
                    + "run 'stampkit reconcile' or catalogue the new photo")
        }
        return try StampImage(contentsOf: URL(fileURLWithPath: path), longSideAtLeast: longSideAtLeast)
    }

    /// Checks the redactions against the source photo's size (see `checkRedactions`); reads the
    /// photo only when there are redactions. Throws an `ImageError` when it cannot be read.
    public func checkRedactionsAgainstSource() throws {
        guard !redactions.isEmpty else { return }
        let image = try StampImage(contentsOf: URL(fileURLWithPath: source.path))
        try checkRedactions(imageWidth: image.width, imageHeight: image.height)
    }

    /// Where a derived image of `longSide` pixels (a thumbnail) lies over the source, at the
    /// source's own pixel scale: for carrying a box drawn over a preview back to the source.
    public func derivedFrame(longSide: Int?) throws -> DerivedFrame {
        try derive(longSide: longSide, decodeReduced: false).frame
    }
}
