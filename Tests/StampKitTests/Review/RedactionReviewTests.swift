import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitSupport
@testable import StampKitImaging
@testable import stampkit

/// Drawing a redaction box in the review: the keys of the drawing mode, then the whole thing in
/// a real terminal (tmux) — the box drawn over the picture, the picture redacted on the screen
/// afterwards, and the saved record and its thumbnail hiding the region.
@Suite struct RedactionReviewTests {
    @Test func theBoxMovesAndResizesWithinThePicture() {
        var drawing = RedactionDrawing(width: 40, height: 30)
        let start = drawing.box
        #expect(start.x >= 0 && start.y >= 0 && start.x + start.width <= 40 && start.y + start.height <= 30)
        #expect(drawing.handle(.right) == .changed && drawing.box.x == start.x + 2)
        #expect(drawing.handle(.character("j")) == .changed && drawing.box.y == start.y + 2)
        #expect(drawing.handle(.character("L")) == .changed && drawing.box.width == start.width + 2)
        #expect(drawing.handle(.character("K")) == .changed && drawing.box.height == start.height - 2)
        for _ in 0..<50 { _ = drawing.handle(.character("l")) }
        #expect(drawing.box.x + drawing.box.width == 40, "stops at the right edge")
        for _ in 0..<50 { _ = drawing.handle(.character("L")) }
        #expect(drawing.box.x == 0 && drawing.box.width == 40, "no wider than the picture")
        #expect(drawing.handle(.character("z")) == .ignored)
        #expect(drawing.handle(.enter) == .kept && drawing.handle(.escape) == .cancelled)
        // Over the picture: the edge yellow, the inside darkened, the rest as it was.
        let pixels = RGBPixels(width: 40, height: 30, bytes: [UInt8](repeating: 200, count: 40 * 30 * 3))
        let small = RedactionDrawing(width: 40, height: 30)
        let shown = small.overlaid(on: pixels)
        let b = small.box
        #expect(shown[b.x, b.y] == (255, 215, 0) && shown[b.x + 1, b.y + 1] == (50, 50, 50))
        #expect(shown[0, 0] == (200, 200, 200))
    }

    /// Half cells drawn (near) black: each "▀" counts its top (foreground) and bottom
    /// (background) colour. tmux writes a colour only when it changes, so the current colours
    /// are followed through every `ESC[…m`.
    static func blackCells(_ screen: String) -> Int {
        var foreground: [Int]? = nil, background: [Int]? = nil
        var count = 0
        func black(_ c: [Int]?) -> Bool { c.map { $0.allSatisfy { $0 <= 8 } } ?? false }
        var scalars = Array(screen.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\u{1B}", scalars.first == "[" {
                scalars = scalars.dropFirst()
                var parameters = ""
                while let next = scalars.popFirst(), next != "m" { parameters.unicodeScalars.append(next) }
                var values = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }[...]
                while let value = values.popFirst() {
                    switch value {
                    case 0: foreground = nil; background = nil
                    case 39: foreground = nil
                    case 49: background = nil
                    case 38, 48:
                        guard values.popFirst() == 2 else { values = values.dropFirst(); continue }
                        let rgb = Array(values.prefix(3))
                        values = values.dropFirst(3)
                        if value == 38 { foreground = rgb } else { background = rgb }
                    default: continue
                    }
                }
            } else if scalar == "▀" {
                count += (black(foreground) ? 1 : 0) + (black(background) ? 1 : 0)
            }
        }
        return count
    }

    @Test func dDrawsABoxThatIsSavedAndHiddenInThePreviewAndTheThumbnail() throws {
        let catalogue = CatalogueFixtures.newCatalogueURL("tty-redact")
        defer { CatalogueFixtures.remove(catalogue) }
        let cacheHome = catalogue.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("cache")
        let environment = ["OMP_THREAD_LIMIT": "1", "LANG": "C.UTF-8", "XDG_CACHE_HOME": cacheHome.path, "COLORTERM": "truecolor"]
        let tmux = try Tmux([CLI.binary.path, "add", ReviewFixtures.sample("kef-entry.jpg")] + ReviewFixtures.places(catalogue), environment: environment)
        try tmux.waitFor(InteractiveReviewTests.stampScreen)
        let before = Self.blackCells(try tmux.screenWithColours())

        // Esc leaves the stamp as it was.
        try tmux.press("d")
        let first = try tmux.waitFor("Enter hide it")
        #expect(first.contains("hide a part of the picture") && first.contains("px at"))
        #expect(try tmux.screenWithColours().contains("38;2;255;215;0m"), "the box's edge is drawn in yellow")
        try tmux.press("Escape")
        try tmux.waitFor(InteractiveReviewTests.stampScreen)

        try tmux.press("d")
        let opened = try tmux.waitFor("Enter hide it")
        let boxLine = { (screen: String) in screen.split(separator: "\n").first { $0.hasPrefix("Box     ") }.map(String.init) ?? "" }
        let startLine = boxLine(opened)
        // Keys are read in order: the message of the last, unused one means the others are done.
        try tmux.press("Right", "Right", "l", "L", "L", "L", "J", "j", "z")
        let moved = try tmux.waitFor("that key does nothing here")
        #expect(boxLine(moved) != startLine)
        let numbers = boxLine(moved).split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        try #require(numbers.count == 4, "\(boxLine(moved))")
        let shown = PixelBox(x: numbers[2], y: numbers[3], width: numbers[0], height: numbers[1])
        try tmux.press("Enter")
        let back = try tmux.waitFor("hidden: \(shown.width)×\(shown.height) px at \(shown.x),\(shown.y)")
        #expect(back.contains(InteractiveReviewTests.stampScreen))
        // The picture on the stamp screen is drawn redacted now.
        let after = Self.blackCells(try tmux.screenWithColours())
        #expect(after > before + 20, "black cells: \(before) before, \(after) after")

        try tmux.press("1")
        let confirm = try tmux.waitFor(InteractiveReviewTests.confirmScreen)
        #expect(confirm.contains("Hidden     1 box"))
        try tmux.press("y")
        #expect(try tmux.exitStatus() == 0)

        let record = try #require(try ReviewFixtures.records(catalogue).first)
        #expect(record.redactions == [shown], "the box saved is the one the screen showed")
        let cache = ThumbnailCache(directory: ThumbnailCache.defaultDirectory(environment: ["XDG_CACHE_HOME": cacheHome.path]))
        let files = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path).filter { $0.hasSuffix(".jpg") }
        #expect(files == [cache.url(for: record).lastPathComponent], "no unredacted thumbnail of the stamp is left")
        let thumbnail = try StampImage(contentsOf: cache.url(for: record))
        let px = try thumbnail.rgbPixels(fittingWidth: thumbnail.width, height: thumbnail.height)
        let region = try #require(try record.derivedFrame(longSide: 256).derivedBox(ofSource: shown, margin: 0))
        #expect(region.width > 4 && region.height > 4)
        var brightest = 0
        for y in region.y + 1..<region.y + region.height - 1 {
            for x in region.x + 1..<region.x + region.width - 1 {
                let p = px[x, y]
                brightest = max(brightest, Int(p.red), Int(p.green), Int(p.blue))
            }
        }
        #expect(brightest <= 2)
    }

    @Test func reviewingAPendingStampKeepsItsRedactions() throws {
        // A scene of its own: its thumbnails must not touch the cache other review tests share.
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let places = ["--gazetteer", try FixtureGazetteer.shared.path, "--catalogue", scene.catalogue.path]
        let box = PixelBox(x: 400, y: 300, width: 300, height: 200)
        let added = try scene.stampkit(["add", ReviewFixtures.sample("kef-entry.jpg"), "--yes", "--redact", "400,300,300,200"] + places)
        #expect(added.status == 0 && added.stdout.contains("pending"), "\(added.stderr)")
        let environment = ["OMP_THREAD_LIMIT": "1", "LANG": "C.UTF-8", "XDG_CACHE_HOME": scene.cache.path, "NO_COLOR": "1"]
        let review = try Tmux([CLI.binary.path, "review"] + places, environment: environment)
        try review.waitFor(InteractiveReviewTests.stampScreen)
        try review.press("1")
        let confirm = try review.waitFor(InteractiveReviewTests.confirmScreen)
        #expect(confirm.contains("Hidden     1 box"))
        // Without the picture there is nothing to draw on: said so, nothing changes.
        try review.press("d")
        try review.waitFor("drawing a box needs the picture")
        try review.press("y")
        #expect(try review.exitStatus() == 0)
        let record = try #require(try scene.allRecords().first)
        #expect(record.status == .confirmed && record.redactions == [box])
    }
}
