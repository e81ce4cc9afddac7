import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitGazetteer
@testable import StampKitImaging

/// What is shared never shows what the owner hid: a stamp whose left half is redacted comes out
/// with that half solid black in the atlas's thumbnail and in a collage.
@Suite("Sharing a redacted stamp")
struct SharingRedactionTests {
    /// Every pixel of `box` in `image` is black within JPEG's noise.
    static func isBlack(_ image: StampImage, _ box: PixelBox) -> Bool {
        for y in box.y..<(box.y + box.height) {
            for x in box.x..<(box.x + box.width) {
                guard let p = image.rgb(atX: x, y: y), max(p.red, p.green, p.blue) <= 4 else { return false }
            }
        }
        return true
    }

    /// How many pixels of `box` are not near black.
    static func lit(_ image: StampImage, _ box: PixelBox) -> Int {
        var n = 0
        for y in box.y..<(box.y + box.height) {
            for x in box.x..<(box.x + box.width) where (image.rgb(atX: x, y: y).map { max($0.red, $0.green, $0.blue) } ?? 0) > 40 {
                n += 1
            }
        }
        return n
    }

    @Test func theAtlasAndACollageFillTheRedactedHalf() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let gazetteer = try FixtureGazetteer.shared.path
        let photo = try scene.photo("stamp-upright.jpg", as: "stamp-upright.jpg")
        let source = try StampImage(contentsOf: photo)
        let store = try CatalogueStore(url: scene.catalogue)
        _ = try store.insert(StampRecord(
            source: try .fingerprint(of: photo), status: .confirmed, country: .init(id: "IS", name: "Iceland"),
            date: CalendarDay("2019-07-12"), direction: .arrival, confidence: 0.9,
            redactions: [PixelBox(x: 0, y: 0, width: source.width / 2, height: source.height)]))
        store.close()
        // Inside the hidden half, clear of the edge where JPEG blocks meet the visible half.
        func hiddenPart(width: Int, height: Int, at origin: (x: Int, y: Int) = (0, 0)) -> PixelBox {
            PixelBox(x: origin.x + 2, y: origin.y + 2, width: width / 2 - 18, height: height - 4)
        }

        let out = scene.root.appendingPathComponent("atlas")
        let atlas = try scene.stampkit(["atlas", out.path, "--gazetteer", gazetteer])
        #expect(atlas.status == 0, "\(atlas.stderr)")
        let thumbnail = try StampImage(contentsOf: out.appendingPathComponent("thumbnails/1.jpg"))
        #expect(Self.isBlack(thumbnail, hiddenPart(width: thumbnail.width, height: thumbnail.height)))
        // The other half still shows the stamp: the fill is where it was asked, not everywhere.
        #expect(Self.lit(thumbnail, PixelBox(x: thumbnail.width * 3 / 4, y: 0, width: thumbnail.width / 4, height: thumbnail.height)) > 100)

        let sheet = scene.root.appendingPathComponent("iceland.png")
        let collage = try scene.stampkit(["collage", "--country", "IS", "-o", sheet.path, "--gazetteer", gazetteer])
        #expect(collage.status == 0, "\(collage.stderr)")
        let image = try StampImage(contentsOf: sheet)
        let layout = try #require(Collage.layout(count: 1))
        // Where the collage put the thumbnail: fitted into its square (at most doubled), centred.
        let factor = min(Double(layout.cell) / Double(thumbnail.width), Double(layout.cell) / Double(thumbnail.height), 2)
        let w = Int((Double(thumbnail.width) * factor).rounded()), h = Int((Double(thumbnail.height) * factor).rounded())
        let (x, y) = layout.origin(0)
        let origin = (x: x + (layout.cell - w) / 2, y: y + (layout.cell - h) / 2)
        var hidden = hiddenPart(width: w, height: h, at: origin)
        // Scaling blends a pixel or two across the half's edge.
        hidden.width -= Int(factor * 2)
        #expect(Self.isBlack(image, hidden))
        #expect(Self.lit(image, PixelBox(x: origin.x + w * 3 / 4, y: origin.y, width: w / 4, height: h)) > 100)
    }
}
