import Foundation
import StampKit

/// How the stamp's picture is drawn in the terminal, if at all.
enum PreviewColours: Equatable, Sendable {
    /// No picture: `--no-preview`, `NO_COLOR`, or a terminal without colour.
    case off
    /// 24-bit colour (`ESC[38;2;r;g;bm`), when COLORTERM says the terminal has it.
    case truecolor
    /// The xterm 256-colour palette: the 6×6×6 cube and the grey ramp.
    case palette256

    /// Chooses from the environment: `NO_COLOR` (any non-empty value) or a dumb or unknown
    /// TERM turn the picture off; COLORTERM=truecolor/24bit asks for 24-bit colour.
    static func detect(environment: [String: String], noPreview: Bool) -> PreviewColours {
        if noPreview { return .off }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .off }
        guard let term = environment["TERM"], !term.isEmpty, term != "dumb" else { return .off }
        let colorterm = environment["COLORTERM"]?.lowercased() ?? ""
        return colorterm == "truecolor" || colorterm == "24bit" ? .truecolor : .palette256
    }
}

/// Draws pixels as text: each character cell shows two pixels stacked, the upper half block
/// "▀" in the top pixel's colour over a background of the bottom pixel's colour. A terminal
/// cell is about twice as tall as wide, so each half is near square and the stamp keeps its
/// proportions.
enum HalfBlockRenderer {
    /// The pixel size that fits `columns × rows` cells: one pixel per column, two per row.
    static func pixelBox(columns: Int, rows: Int) -> (width: Int, height: Int) {
        (max(0, columns), max(0, rows) * 2)
    }

    /// One string per cell row, each ending with a colour reset so nothing bleeds into the
    /// rest of the screen. An odd last pixel row is drawn over the terminal's own background.
    static func render(_ pixels: RGBPixels, colours: PreviewColours) -> [String] {
        guard colours != .off, pixels.width > 0, pixels.height > 0 else { return [] }
        var lines: [String] = []
        var y = 0
        while y < pixels.height {
            var line = ""
            for x in 0..<pixels.width {
                let top = pixels[x, y]
                line += foreground(top, colours)
                if y + 1 < pixels.height {
                    line += background(pixels[x, y + 1], colours)
                } else {
                    line += "\u{1B}[49m"
                }
                line += "▀"
            }
            line += "\u{1B}[0m"
            lines.append(line)
            y += 2
        }
        return lines
    }

    private static func foreground(_ c: (red: UInt8, green: UInt8, blue: UInt8), _ colours: PreviewColours) -> String {
        colours == .truecolor
            ? "\u{1B}[38;2;\(c.red);\(c.green);\(c.blue)m"
            : "\u{1B}[38;5;\(palette256(c.red, c.green, c.blue))m"
    }

    private static func background(_ c: (red: UInt8, green: UInt8, blue: UInt8), _ colours: PreviewColours) -> String {
        colours == .truecolor
            ? "\u{1B}[48;2;\(c.red);\(c.green);\(c.blue)m"
            : "\u{1B}[48;5;\(palette256(c.red, c.green, c.blue))m"
    }

    /// The levels of each axis of xterm's 6×6×6 colour cube (indices 16–231).
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The nearest colour of the xterm palette: the closest cube colour or the closest of the
    /// 24 greys (232–255, 8…238 in steps of 10), whichever is nearer. The greys matter: paper
    /// and faded ink are mostly grey, and the cube has only six of them.
    static func palette256(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int {
        let r = Int(red), g = Int(green), b = Int(blue)
        let ri = nearestCubeIndex(r), gi = nearestCubeIndex(g), bi = nearestCubeIndex(b)
        let cube = 16 + 36 * ri + 6 * gi + bi
        let cubeDistance = distance(r, g, b, cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
        let mean = (r + g + b) / 3
        let greyIndex = min(23, max(0, (mean - 8 + 5) / 10))
        let grey = 8 + 10 * greyIndex
        let greyDistance = distance(r, g, b, grey, grey, grey)
        return greyDistance < cubeDistance ? 232 + greyIndex : cube
    }

    private static func nearestCubeIndex(_ value: Int) -> Int {
        var best = 0
        for (i, level) in cubeLevels.enumerated() where abs(level - value) < abs(cubeLevels[best] - value) { best = i }
        return best
    }

    private static func distance(_ r1: Int, _ g1: Int, _ b1: Int, _ r2: Int, _ g2: Int, _ b2: Int) -> Int {
        (r1 - r2) * (r1 - r2) + (g1 - g2) * (g1 - g2) + (b1 - b2) * (b1 - b2)
    }
}

extension HalfBlockRenderer {
    /// The preview lines of an image file (a thumbnail), fitted into `columns × rows` cells;
    /// empty when previews are off or the picture cannot be read (the review goes on without).
    static func preview(of url: URL, colours: PreviewColours, columns: Int = 40, rows: Int = 14) -> [String] {
        guard colours != .off, let pixels = pixels(of: url, columns: columns, rows: rows) else { return [] }
        return render(pixels, colours: colours)
    }

    /// The pixels of an image file fitted into `columns × rows` cells; nil when it cannot be read.
    static func pixels(of url: URL, columns: Int, rows: Int) -> RGBPixels? {
        let box = pixelBox(columns: columns, rows: rows)
        guard let image = try? StampImage(contentsOf: url) else { return nil }
        return try? image.rgbPixels(fittingWidth: box.width, height: box.height)
    }
}
