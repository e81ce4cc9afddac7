import CLeptonica
import Foundation

extension StampImage {
    /// The side of the blocks a JPEG encoder works in with its colour subsampled (4:2:0): a
    /// block that is wholly one colour decodes as that colour, while a block that only partly
    /// is one rings with what is beside it.
    public static let jpegBlock = 16

    /// A copy with every box filled solid black: the one place where StampKit hides what a
    /// person marked (a visa number, a signature) before any image is written. Boxes are clipped
    /// to the image; a box wholly outside it fills nothing. With `alignedTo`, each box is first
    /// grown outward to a grid of that many pixels, so that after JPEG compression (blocks of 16
    /// with colour subsampling) the region decodes uniform instead of ringing with its
    /// surroundings. Palette and bitonal images become colour, so the fill is really black.
    public func redacting(_ boxes: [PixelBox], alignedTo grid: Int = 1) throws -> StampImage {
        let copy: UnsafeMutablePointer<PIX>?
        if (depth == 8 || depth == 32) && pixGetColormap(pix) == nil {
            copy = pixCopy(nil, pix)
        } else {
            copy = pixConvertTo32(pix)
        }
        guard let copy else {
            throw ImageError(.operationFailed, "Leptonica could not copy this image to hide its redacted areas; try another export of the photo (e.g. JPEG)")
        }
        let result = StampImage(adopting: copy)
        for box in boxes {
            guard let filled = box.aligned(to: grid).clipped(toWidth: width, height: height) else { continue }
            guard let leptBox = boxCreate(l_int32(filled.x), l_int32(filled.y), l_int32(filled.width), l_int32(filled.height)) else {
                throw ImageError(.operationFailed, "Leptonica could not make a box to fill; try again")
            }
            defer { var owned: UnsafeMutablePointer<BOX>? = leptBox; boxDestroy(&owned) }
            // 0 is black at 8 and at 32 bits a pixel.
            guard pixSetInRectArbitrary(copy, leptBox, 0) == 0 else {
                throw ImageError(.operationFailed, "Leptonica could not fill a redacted area; nothing was written")
            }
        }
        return result
    }

    /// A copy scaled to exactly `longSide` on its longest side (up or down), keeping its
    /// proportions: the size `writeThumbnail` writes.
    public func scaled(toLongSide longSide: Int) throws -> StampImage {
        let factor = Double(longSide) / Double(max(width, height))
        let w = max(1, Int((Double(width) * factor).rounded()))
        let h = max(1, Int((Double(height) * factor).rounded()))
        guard let small = pixScaleToSize(pix, l_int32(w), l_int32(h)) else {
            throw ImageError(.operationFailed, "Leptonica could not scale this image; try another export of the photo (e.g. JPEG)")
        }
        return StampImage(adopting: small)
    }
}

extension PixelBox {
    /// The box grown outward so its edges fall on multiples of `grid`.
    public func aligned(to grid: Int) -> PixelBox {
        guard grid > 1 else { return self }
        let x0 = Int((Double(x) / Double(grid)).rounded(.down)) * grid
        let y0 = Int((Double(y) / Double(grid)).rounded(.down)) * grid
        let x1 = Int((Double(x + width) / Double(grid)).rounded(.up)) * grid
        let y1 = Int((Double(y + height) / Double(grid)).rounded(.up)) * grid
        return PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The part of the box inside a `width × height` image, or nil when none is.
    public func clipped(toWidth imageWidth: Int, height imageHeight: Int) -> PixelBox? {
        intersection(PixelBox(x: 0, y: 0, width: imageWidth, height: imageHeight))
    }

    /// The part both boxes cover, or nil when they do not overlap.
    public func intersection(_ other: PixelBox) -> PixelBox? {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(x + width, other.x + other.width), y1 = min(y + height, other.y + other.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// Whether the box lies wholly inside a `width × height` image.
    public func isInside(width imageWidth: Int, height imageHeight: Int) -> Bool {
        width > 0 && height > 0 && x >= 0 && y >= 0 && x + width <= imageWidth && y + height <= imageHeight
    }
}

/// How the pixels of an image derived from a source (a thumbnail, a preview) lie over the
/// source's: a crop, a turn about the centre that grows the canvas, then a scale. It carries
/// boxes both ways, always as the bounding box grown outward to whole pixels, so a region
/// carried over is never smaller than the region it came from.
public struct DerivedFrame: Sendable, Equatable {
    /// The cropped part of the source (the whole source when there is no crop).
    public var crop: PixelBox
    /// Degrees counter-clockwise the crop was turned.
    public var rotation: Double
    /// Size after the turn, before scaling.
    public var turnedWidth: Int
    /// Size after the turn, before scaling.
    public var turnedHeight: Int
    /// Size of the derived image.
    public var width: Int
    /// Size of the derived image.
    public var height: Int

    /// A frame from its parts.
    public init(crop: PixelBox, rotation: Double, turnedWidth: Int, turnedHeight: Int, width: Int, height: Int) {
        self.crop = crop
        self.rotation = rotation
        self.turnedWidth = turnedWidth
        self.turnedHeight = turnedHeight
        self.width = width
        self.height = height
    }

    /// Where a box of the source's pixels lies in the derived image (grown by `margin` derived
    /// pixels for the blur of scaling and turning), clipped to it; nil when it falls outside.
    public func derivedBox(ofSource box: PixelBox, margin: Int = 2) -> PixelBox? {
        guard let inCrop = box.intersection(crop) else { return nil }
        let sx = Double(width) / Double(turnedWidth), sy = Double(height) / Double(turnedHeight)
        let corners = Self.corners(of: inCrop).map { corner -> (Double, Double) in
            let turned = turn((corner.0 - Double(crop.x), corner.1 - Double(crop.y)),
                              from: (Double(crop.width), Double(crop.height)),
                              to: (Double(turnedWidth), Double(turnedHeight)), degrees: rotation)
            return (turned.0 * sx, turned.1 * sy)
        }
        return Self.bounding(corners, margin: margin)?.clipped(toWidth: width, height: height)
    }

    /// Which source pixels a box of the derived image shows (the bounding box, so a turned
    /// box covers a little more), clipped to the crop; nil when it shows none.
    public func sourceBox(ofDerived box: PixelBox) -> PixelBox? {
        let sx = Double(turnedWidth) / Double(width), sy = Double(turnedHeight) / Double(height)
        let corners = Self.corners(of: box).map { corner -> (Double, Double) in
            let unturned = turn((corner.0 * sx, corner.1 * sy),
                                from: (Double(turnedWidth), Double(turnedHeight)),
                                to: (Double(crop.width), Double(crop.height)), degrees: -rotation)
            return (unturned.0 + Double(crop.x), unturned.1 + Double(crop.y))
        }
        return Self.bounding(corners, margin: 0)?.intersection(crop)
    }

    /// A point turned `degrees` counter-clockwise (as seen, y pointing down) about the centre
    /// of a `from` canvas, placed on a `to` canvas with the same centre.
    private func turn(_ p: (Double, Double), from: (Double, Double), to: (Double, Double), degrees: Double) -> (Double, Double) {
        let r = degrees * .pi / 180
        // Quarter turns are exact, so a box carried there and back keeps its size.
        let c = abs(cos(r)) < 1e-9 ? 0 : cos(r), s = abs(sin(r)) < 1e-9 ? 0 : sin(r)
        let dx = p.0 - from.0 / 2, dy = p.1 - from.1 / 2
        return (to.0 / 2 + dx * c + dy * s, to.1 / 2 - dx * s + dy * c)
    }

    private static func corners(of box: PixelBox) -> [(Double, Double)] {
        let x0 = Double(box.x), y0 = Double(box.y), x1 = Double(box.x + box.width), y1 = Double(box.y + box.height)
        return [(x0, y0), (x1, y0), (x0, y1), (x1, y1)]
    }

    private static func bounding(_ points: [(Double, Double)], margin: Int) -> PixelBox? {
        // A hair of tolerance so 63.9999999 counts as 64, not as reaching into pixel 64.
        let e = 1e-6
        guard let minX = points.map(\.0).min(), let maxX = points.map(\.0).max(),
              let minY = points.map(\.1).min(), let maxY = points.map(\.1).max() else { return nil }
        let x0 = Int((minX + e).rounded(.down)) - margin, y0 = Int((minY + e).rounded(.down)) - margin
        let x1 = Int((maxX - e).rounded(.up)) + margin, y1 = Int((maxY - e).rounded(.up)) + margin
        guard x1 > x0, y1 > y0 else { return nil }
        return PixelBox(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }
}
