import Foundation
import StampKit

/// The box a person draws over the stamp's picture to hide part of it, in the picture's pixels
/// (one terminal column and half a row each). Arrow keys or h/j/k/l move it, H/J/K/L (shift)
/// make it narrower, taller, shorter, wider; it never leaves the picture. Pure, so its keys
/// are tested without a terminal.
struct RedactionDrawing: Equatable {
    /// What a key did.
    enum Outcome: Equatable {
        case changed, kept, cancelled, ignored
    }

    /// Size of the picture drawn over.
    let width: Int
    let height: Int
    /// The box, inside the picture.
    private(set) var box: PixelBox

    /// Pixels a key moves or resizes the box by: one column across, one row (two pixels) down.
    static let stepAcross = 2
    static let stepDown = 2

    /// A box a third as wide and a quarter as tall as the picture, in its middle.
    init(width: Int, height: Int) {
        self.width = max(1, width)
        self.height = max(1, height)
        let w = max(1, self.width / 3), h = max(2, self.height / 4 / 2 * 2)
        box = PixelBox(x: (self.width - w) / 2, y: (self.height - h) / 2 / 2 * 2, width: w, height: min(h, self.height))
    }

    /// Applies one key.
    mutating func handle(_ key: Key) -> Outcome {
        var b = box
        switch key {
        case .left, .character("h"): b.x -= Self.stepAcross
        case .right, .character("l"): b.x += Self.stepAcross
        case .up, .character("k"): b.y -= Self.stepDown
        case .down, .character("j"): b.y += Self.stepDown
        case .character("H"): b.width -= Self.stepAcross
        case .character("L"): b.width += Self.stepAcross
        case .character("K"): b.height -= Self.stepDown
        case .character("J"): b.height += Self.stepDown
        case .enter: return .kept
        case .escape, .interrupt, .endOfInput: return .cancelled
        default: return .ignored
        }
        b.width = min(max(1, b.width), width)
        b.height = min(max(1, b.height), height)
        b.x = min(max(0, b.x), width - b.width)
        b.y = min(max(0, b.y), height - b.height)
        box = b
        return .changed
    }

    /// The picture with the box shown: its inside darkened (what will be hidden stays
    /// visible while drawing) and its edge in yellow.
    func overlaid(on pixels: RGBPixels) -> RGBPixels {
        var out = pixels
        for y in box.y..<min(pixels.height, box.y + box.height) {
            for x in box.x..<min(pixels.width, box.x + box.width) {
                let i = (y * pixels.width + x) * 3
                let edge = x == box.x || y == box.y || x == box.x + box.width - 1 || y == box.y + box.height - 1
                if edge {
                    out.bytes[i] = 255; out.bytes[i + 1] = 215; out.bytes[i + 2] = 0
                } else {
                    for c in 0..<3 { out.bytes[i + c] = pixels.bytes[i + c] / 4 }
                }
            }
        }
        return out
    }
}
