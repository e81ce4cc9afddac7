import CLeptonica
import Foundation
import StampKitSupport

/// A colour picture to compose on: pictures pasted into boxes, boxes outlined and filled, text
/// in Leptonica's built-in bitmap fonts (compiled into the library, so no font files are
/// needed; printable ASCII only, so other text goes through `SearchForm.ascii`). Owns its PIX.
public final class DrawingCanvas {
    private let pix: UnsafeMutablePointer<PIX>

    /// Width in pixels.
    public var width: Int { Int(pixGetWidth(pix)) }
    /// Height in pixels.
    public var height: Int { Int(pixGetHeight(pix)) }

    /// An RGB colour, 0–255 each.
    public struct Colour: Sendable, Equatable {
        /// Channels.
        public var red, green, blue: Int
        /// A colour from its channels.
        public init(_ red: Int, _ green: Int, _ blue: Int) {
            self.red = red; self.green = green; self.blue = blue
        }
        var packed: l_uint32 {
            (l_uint32(red & 255) << 24) | (l_uint32(green & 255) << 16) | (l_uint32(blue & 255) << 8)
        }
    }

    /// A canvas of `width`×`height` filled with `background`.
    public init(width: Int, height: Int, background: Colour) throws {
        guard width > 0, height > 0, let made = pixCreate(l_int32(width), l_int32(height), 32) else {
            throw ImageError(.operationFailed, "Leptonica could not make a \(width)×\(height) picture; try fewer stamps")
        }
        pix = made
        Leptonica.silence()
        pixSetAllArbitrary(pix, background.packed)
    }

    deinit {
        var owned: UnsafeMutablePointer<PIX>? = pix
        pixDestroy(&owned)
    }

    /// `image` scaled to fit inside `box` (never enlarged past twice its size) and centred in it.
    public func paste(_ image: StampImage, fitting box: PixelBox) throws {
        let factor = min(Double(box.width) / Double(image.width), Double(box.height) / Double(image.height), 2)
        let w = max(1, Int((Double(image.width) * factor).rounded()))
        let h = max(1, Int((Double(image.height) * factor).rounded()))
        guard let scaled = pixScaleToSize(image.pix, l_int32(w), l_int32(h)) else {
            throw ImageError(.operationFailed, "Leptonica could not scale a thumbnail for the collage")
        }
        var owned: UnsafeMutablePointer<PIX>? = scaled
        defer { pixDestroy(&owned) }
        let colour: UnsafeMutablePointer<PIX>? = pixGetDepth(scaled) == 32 ? pixClone(scaled) : pixConvertTo32(scaled)
        guard let colour else { throw ImageError(.operationFailed, "Leptonica could not colour a thumbnail for the collage") }
        var ownedColour: UnsafeMutablePointer<PIX>? = colour
        defer { pixDestroy(&ownedColour) }
        let x = box.x + (box.width - w) / 2, y = box.y + (box.height - h) / 2
        pixRasterop(pix, l_int32(x), l_int32(y), l_int32(w), l_int32(h), PIX_SRC, colour, 0, 0)
    }

    /// Fills `box` with `colour`.
    public func fill(_ box: PixelBox, colour: Colour) {
        var b = boxCreate(l_int32(box.x), l_int32(box.y), l_int32(box.width), l_int32(box.height))
        guard b != nil else { return }
        defer { boxDestroy(&b) }
        pixSetInRectArbitrary(pix, b, colour.packed)
    }

    /// Outlines `box` with `lineWidth` pixels of `colour`.
    public func outline(_ box: PixelBox, colour: Colour, lineWidth: Int = 1) {
        var b = boxCreate(l_int32(box.x), l_int32(box.y), l_int32(box.width), l_int32(box.height))
        guard b != nil else { return }
        defer { boxDestroy(&b) }
        pixRenderBoxArb(pix, b, l_int32(lineWidth), l_uint8(colour.red), l_uint8(colour.green), l_uint8(colour.blue))
    }

    /// The sizes Leptonica's bitmap fonts come in.
    public static let fontSizes = [4, 6, 8, 10, 12, 14, 16, 18, 20]

    /// Writes `text` (in ASCII) with its top-left at (`x`, `y`) in the font of `size` points
    /// (Leptonica's fonts are drawn at 300 ppi: 4 points are about 17 px high, 10 about 40),
    /// `scale` times larger (smoothed); text wider than `maxWidth` or the canvas is cut off at
    /// a whole character. Returns the width drawn.
    @discardableResult
    public func text(_ text: String, x: Int, y: Int, size: Int, scale: Int = 1, maxWidth: Int? = nil,
                     colour: Colour, background: Colour) throws -> Int {
        let ascii = SearchForm.ascii(text)
        guard !ascii.isEmpty else { return 0 }
        guard Self.fontSizes.contains(size), let font = bmfCreate(nil, l_int32(size)) else {
            throw ImageError(.operationFailed, "Leptonica has no built-in font of size \(size)")
        }
        var ownedFont: UnsafeMutablePointer<L_BMF>? = font
        defer { bmfDestroy(&ownedFont) }
        // Drawn small on a strip of the background, then scaled: the fonts stop at 20 points.
        let lineHeight = Int(font.pointee.lineheight)
        let room = max(1, min(maxWidth ?? width, width - x) / scale)
        var fitted = ascii
        while !fitted.isEmpty, Self.measure(fitted, font) > room { fitted.removeLast() }
        guard !fitted.isEmpty, let strip = pixCreate(l_int32(room), l_int32(lineHeight + 4), 32) else { return 0 }
        var ownedStrip: UnsafeMutablePointer<PIX>? = strip
        defer { pixDestroy(&ownedStrip) }
        pixSetAllArbitrary(strip, background.packed)
        var drawn: l_int32 = 0, overflow: l_int32 = 0
        // Leptonica paints a text value of 0 as "clear" (nothing shows), so pure black is
        // drawn as the blackest blue it can tell apart.
        pixSetTextline(strip, font, fitted, max(colour.packed, 0x100), 0, font.pointee.baselinetab[65] + 2, &drawn, &overflow)
        var source = strip
        var ownedScaled: UnsafeMutablePointer<PIX>?
        if scale > 1 {
            guard let scaled = pixScale(strip, Float(scale), Float(scale)) else {
                throw ImageError(.operationFailed, "Leptonica could not scale the collage's text")
            }
            ownedScaled = scaled
            source = scaled
        }
        defer { if ownedScaled != nil { pixDestroy(&ownedScaled) } }
        let w = Int(drawn) * scale, h = Int(pixGetHeight(source))
        pixRasterop(pix, l_int32(x), l_int32(y), l_int32(min(w, width - x)), l_int32(h), PIX_SRC, source, 0, 0)
        return w
    }

    /// Width of `text` in `font`, in unscaled pixels.
    private static func measure(_ text: String, _ font: UnsafeMutablePointer<L_BMF>) -> Int {
        var width: l_int32 = 0
        bmfGetStringWidth(font, text, &width)
        return Int(width)
    }

    /// A copy of the picture as an image (for writing or checking pixels).
    public func image() throws -> StampImage {
        guard let copy = pixCopy(nil, pix) else {
            throw ImageError(.operationFailed, "Leptonica could not copy the collage")
        }
        return StampImage(adopting: copy)
    }
}
