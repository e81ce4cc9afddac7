import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitImaging
@testable import StampKitSupport

@Suite("Collage")
struct CollageTests {
    @Test func everyLayoutFitsInTheLongestSideWithItsThumbnailsInside() throws {
        for count in [1, 2, 3, 7, 18, 50, 240, 1000, 2500] {
            let layout = try #require(Collage.layout(count: count), "no layout for \(count)")
            #expect(max(layout.width, layout.height) <= Collage.longestSide, "\(count): \(layout)")
            #expect(layout.columns * layout.rows >= count && layout.columns * (layout.rows - 1) < count)
            let last = layout.origin(count - 1)
            #expect(last.x + layout.cell <= layout.width && last.y + layout.cell + layout.caption <= layout.height)
            #expect(layout.cell <= ThumbnailCache.longSide)
        }
        // A handful get their full 256 px; thousands cannot be told apart any more.
        #expect(Collage.layout(count: 6)?.cell == 256)
        #expect(Collage.layout(count: 10_000) == nil)
        #expect(Collage.layout(count: 0) == nil)
    }

    @Test func bitmapTextIsPrintableASCII() throws {
        #expect(SearchForm.ascii("Keflavík › Þórshöfn – Ærø 日本") == "Keflavik > Thorshofn - Aero ??")
        let canvas = try DrawingCanvas(width: 400, height: 60, background: .init(255, 255, 255))
        let plain = try canvas.text("Keflavik", x: 10, y: 5, size: 6, colour: .init(0, 0, 0), background: .init(255, 255, 255))
        let accented = try DrawingCanvas(width: 400, height: 60, background: .init(255, 255, 255))
            .text("Keflavík", x: 10, y: 5, size: 6, colour: .init(0, 0, 0), background: .init(255, 255, 255))
        #expect(plain > 40 && plain == accented)
        let image = try canvas.image()
        var dark = 0, outside = 0
        for y in 0..<image.height {
            for x in 0..<image.width where (image.rgb(atX: x, y: y)?.red ?? 255) < 128 {
                dark += 1
                if x < 10 || x > 10 + plain { outside += 1 }
            }
        }
        #expect(dark > 100 && outside == 0)
        // Cut at a whole character where it would not fit.
        let narrow = try DrawingCanvas(width: 400, height: 60, background: .init(255, 255, 255))
            .text("Keflavik International", x: 0, y: 0, size: 6, maxWidth: plain, colour: .init(0, 0, 0), background: .init(255, 255, 255))
        #expect(narrow <= plain && narrow > plain / 2)
    }

    @Test func aCountrysSheetHasItsHeaderAndEveryThumbnail() throws {
        let atlas = try AtlasScene()
        defer { atlas.scene.remove() }
        let out = atlas.scene.root.appendingPathComponent("iceland.png")
        let outcome = try atlas.scene.stampkit(["collage", "--country", "is", "-o", out.path, "--gazetteer", atlas.gazetteer])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == out.path + "\n")
        let image = try StampImage(contentsOf: out)
        let layout = try #require(Collage.layout(count: 2))
        #expect(image.width == layout.width && image.height == layout.height)
        func darkPixels(_ box: PixelBox) -> Int {
            var n = 0
            for y in box.y..<(box.y + box.height) {
                for x in box.x..<(box.x + box.width) {
                    if let p = image.rgb(atX: x, y: y), p.red + p.green + p.blue < 300 { n += 1 }
                }
            }
            return n
        }
        // The title and subtitle are drawn; each thumbnail's square holds a stamp's ink.
        #expect(darkPixels(PixelBox(x: 0, y: 0, width: image.width, height: Collage.header - 10)) > 500)
        for i in 0..<2 {
            let (x, y) = layout.origin(i)
            #expect(darkPixels(PixelBox(x: x, y: y, width: layout.cell, height: layout.cell)) > 200, "thumbnail \(i)")
        }
        #expect(CatalogueFixtures.mode(out.path) == 0o600)
        // The sources are never copied: the sheet is not any of them.
        let sources = try FileManager.default.contentsOfDirectory(at: atlas.scene.photos, includingPropertiesForKeys: nil)
        #expect(try sources.allSatisfy { try Data(contentsOf: $0) != Data(contentsOf: out) })
        #expect(Collage(title: "Iceland", records: try atlas.scene.allRecords().filter { $0.country?.id == "IS" }).subtitle
            == "12 Jul 2019 - 19 Jul 2019, 2 stamps")
    }

    @Test func badInputIsOneClearErrorWithItsExitCode() throws {
        let atlas = try AtlasScene()
        defer { atlas.scene.remove() }
        let out = atlas.scene.root.appendingPathComponent("out.png").path
        func run(_ words: [String]) throws -> CLI.Outcome {
            let outcome = try atlas.scene.stampkit(["collage"] + words + ["--gazetteer", atlas.gazetteer])
            #expect(outcome.stderrLines.count == 1, "\(words): \(outcome.stderr)")
            return outcome
        }
        let unknown = try run(["--country", "QQ", "-o", out])
        #expect(unknown.status == 64 && unknown.stderr.contains("--country QQ: no country has that code"))
        let nothing = try run(["--year", "1999", "-o", out])
        #expect(nothing.status == 65 && nothing.stderr.contains("no catalogued stamps match"))
        let noFilter = try run(["-o", out])
        #expect(noFilter.status == 64 && noFilter.stderr.contains("--country CC, --continent XX, --book NAME or --year YYYY"))
        let notPNG = try run(["--year", "2019", "-o", atlas.scene.root.appendingPathComponent("out.jpg").path])
        #expect(notPNG.status == 64 && notPNG.stderr.contains("ending in .png"))
        let nowhere = try run(["--year", "2019", "-o", atlas.scene.root.appendingPathComponent("no/such/out.png").path])
        #expect(nowhere.status == 65 && nowhere.stderr.contains("cannot write the collage"))
        let folderPath = atlas.scene.root.appendingPathComponent("folder.png")
        try FileManager.default.createDirectory(at: folderPath, withIntermediateDirectories: true)
        let folder = try run(["--year", "2019", "-o", folderPath.path])
        #expect(folder.status == 65 && folder.stderr.contains("is a folder"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }
}
