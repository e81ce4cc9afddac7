import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitSQLite
@testable import StampKitSupport
@testable import StampKitImaging

/// Redaction: the boxes a record keeps, the one function that fills them, and every image
/// StampKit writes of a record checked pixel by pixel, after JPEG, against where the box must
/// land (worked out here independently of the library's own geometry).
@Suite struct RedactionTests {
    /// Brightest channel and the spread of gray inside `box` (clipped) of decoded pixels.
    static func stats(_ pixels: RGBPixels, in box: (x0: Int, y0: Int, x1: Int, y1: Int)) -> (max: Int, spread: Double, count: Int) {
        var values: [Double] = []
        var brightest = 0
        for y in max(0, box.y0)..<min(pixels.height, box.y1) {
            for x in max(0, box.x0)..<min(pixels.width, box.x1) {
                let p = pixels[x, y]
                brightest = max(brightest, Int(p.red), Int(p.green), Int(p.blue))
                values.append((Double(p.red) + Double(p.green) + Double(p.blue)) / 3)
            }
        }
        guard !values.isEmpty else { return (0, 0, 0) }
        let mean = values.reduce(0, +) / Double(values.count)
        let spread = (values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)).squareRoot()
        return (brightest, spread, values.count)
    }

    static func pixels(_ url: URL) throws -> RGBPixels {
        let image = try StampImage(contentsOf: url)
        return try image.rgbPixels(fittingWidth: image.width, height: image.height)
    }

    // MARK: Imaging

    @Test func redactingFillsBlackClipsAndAligns() throws {
        let image = try StampImage(contentsOf: ImagingFixtures.url("stamp-upright.jpg"))
        let box = PixelBox(x: 37, y: 21, width: 50, height: 30)
        let filled = try image.redacting([box, PixelBox(x: 600, y: 350, width: 100, height: 100), PixelBox(x: 900, y: 900, width: 5, height: 5)])
        let px = try filled.rgbPixels(fittingWidth: filled.width, height: filled.height)
        #expect(Self.stats(px, in: (37, 21, 87, 51)).max == 0)
        #expect(Self.stats(px, in: (600, 350, 640, 380)).max == 0, "a box past the edge is clipped, not refused")
        // Just outside the box the photo is as it was.
        let original = try image.rgbPixels(fittingWidth: image.width, height: image.height)
        #expect(px[36, 30] == original[36, 30] && px[87, 30] == original[87, 30] && px[50, 51] == original[50, 51])
        let aligned = try image.redacting([box], alignedTo: 16)
        let apx = try aligned.rgbPixels(fittingWidth: aligned.width, height: aligned.height)
        #expect(Self.stats(apx, in: (32, 16, 96, 64)).max == 0, "grown out to the 16-px grid")
        #expect(apx[96, 40] == original[96, 40] && apx[31, 40] == original[31, 40])
        #expect(box.aligned(to: 16) == PixelBox(x: 32, y: 16, width: 64, height: 48))
        // The source image object is untouched.
        #expect(try image.rgbPixels(fittingWidth: image.width, height: image.height) == original)
    }

    @Test func aFrameCarriesBoxesBothWaysAcrossQuarterTurns() throws {
        // A 400×300 crop at (100, 50), turned 90° counter-clockwise (300×400), scaled to 192×256.
        let frame = DerivedFrame(crop: PixelBox(x: 100, y: 50, width: 400, height: 300), rotation: 90,
                                 turnedWidth: 300, turnedHeight: 400, width: 192, height: 256)
        // Source box 50 px right of the crop's left edge, 25 px down: after a counter-clockwise
        // quarter turn its x is the old y, its y is the crop's width less its old right edge;
        // everything is then scaled by 0.64.
        let box = PixelBox(x: 150, y: 75, width: 100, height: 50)
        let expected = PixelBox(x: 16, y: 160, width: 32, height: 64)
        let derived = try #require(frame.derivedBox(ofSource: box, margin: 0))
        #expect(derived == expected)
        #expect(frame.sourceBox(ofDerived: expected) == box)
        #expect(frame.derivedBox(ofSource: PixelBox(x: 0, y: 0, width: 50, height: 40)) == nil, "outside the crop")
    }

    // MARK: The catalogue

    @Test func theStoreKeepsRedactionsAndAVersion2FileMigratesKeepingEveryRecord() throws {
        let url = CatalogueFixtures.newCatalogueURL("redact-migrate")
        defer { CatalogueFixtures.remove(url) }
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        do {
            let old = try Database(path: url.path, mode: .readWriteCreate)
            try old.execute(CatalogueSchema.version1)
            try old.execute(CatalogueSchema.version2)
            try old.execute("PRAGMA user_version = 2; PRAGMA application_id = \(CatalogueSchema.applicationID)")
            try old.execute("INSERT INTO books (id, name, created_at, issuing_state) VALUES (1, 'Old book', 100, 'D')")
            for n in 1...3 {
                try old.prepare("""
                    INSERT INTO stamps (status, source_path, source_sha256, source_size, source_mtime, crop_key,
                        crop_x, crop_y, crop_width, crop_height, rotation, country_code, country_name, day,
                        book_id, evidence, created_at, updated_at)
                    VALUES ('confirmed', ?, ?, 5, 10, '1,2,30,40', 1, 2, 30, 40, 90, 'DE', 'Germany', '2001-09-0\(n)',
                        1, '[]', 100, 200)
                    """).run([.text("/old/\(n).jpg"), .text(CatalogueFixtures.fakeHash(n))])
            }
        }
        let store = try CatalogueStore(url: url)
        #expect(try store.schemaVersion == 3)
        let records = try store.records()
        #expect(records.map(\.source.path) == ["/old/1.jpg", "/old/2.jpg", "/old/3.jpg"])
        #expect(records.allSatisfy { $0.redactions.isEmpty && $0.crop == PixelBox(x: 1, y: 2, width: 30, height: 40) })
        #expect(records.allSatisfy { $0.book == "Old book" && $0.rotation == 90 && $0.country?.id == "DE" })
        #expect(try store.book(named: "Old book")?.issuingState == "D")
        // Version 3's redactions save and read back, in order; clearing them works too.
        var first = try #require(records.first)
        first.redactions = [PixelBox(x: 5, y: 6, width: 7, height: 8), PixelBox(x: 1, y: 2, width: 3, height: 4)]
        try store.update(first)
        #expect(try store.record(id: first.id!)?.redactions == first.redactions)
        var inserted = CatalogueFixtures.record(9)
        inserted.redactions = [PixelBox(x: 11, y: 22, width: 33, height: 44)]
        let saved = try store.insert(inserted)
        #expect(saved.redactions == inserted.redactions)
        #expect(saved.json(thumbnail: nil).serialized().contains("\"redactions\":[{\"x\":11,\"y\":22,\"width\":33,\"height\":44}]"))
        first.redactions = []
        try store.update(first)
        #expect(try store.record(id: first.id!)?.redactions == [])
        var bad = CatalogueFixtures.record(10)
        bad.redactions = [PixelBox(x: -1, y: 0, width: 5, height: 5)]
        #expect { try store.insert(bad) } throws: { ($0 as? CatalogueError)?.kind == .invalidRecord }
        #expect(try store.isIntact())
    }

    @Test func checkRedactionsRefusesBoxesOutsideThePhotoOrTheCrop() throws {
        var record = CatalogueFixtures.record(1, crop: PixelBox(x: 100, y: 100, width: 200, height: 100))
        record.redactions = [PixelBox(x: 250, y: 150, width: 100, height: 100)]
        try record.checkRedactions(imageWidth: 640, imageHeight: 380)
        record.redactions = [PixelBox(x: 600, y: 10, width: 50, height: 10)]
        #expect { try record.checkRedactions(imageWidth: 640, imageHeight: 380) } throws: {
            ($0 as? CatalogueError)?.kind == .invalidRecord && ($0 as? CatalogueError)?.message.contains("640×380") == true
        }
        record.redactions = [PixelBox(x: 0, y: 0, width: 50, height: 50)]
        #expect { try record.checkRedactions(imageWidth: 640, imageHeight: 380) } throws: {
            ($0 as? CatalogueError)?.message.contains("does not overlap the stamp's crop") == true
        }
    }

    /// A thumbnail of `record` made fresh in a scratch cache, decoded.
    static func thumbnail(_ record: StampRecord, in cache: ThumbnailCache) throws -> RGBPixels {
        try pixels(try cache.make(for: record))
    }

    @Test(arguments: [0.0, 90.0, 17.0])
    func everyThumbnailHidesTheRegionUniformlyAfterJPEG(rotation: Double) throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let photo = try scene.photo("stamp-upright.jpg", as: "kef.jpg")
        let before = try StampRecord.Source.fingerprint(of: photo)
        let crop = PixelBox(x: 30, y: 20, width: 560, height: 340)
        // Not on any block boundary, over the stamp's lettering.
        let box = PixelBox(x: 203, y: 141, width: 77, height: 45)
        let cache = ThumbnailCache(directory: scene.cache)
        var record = StampRecord(source: before, crop: crop, rotation: rotation)
        let plain = try Self.thumbnail(record, in: cache)
        record.redactions = [box]
        let hidden = try Self.thumbnail(record, in: cache)
        #expect(plain.width == hidden.width && plain.height == hidden.height)

        // Where the box lands, worked out here: turned about the crop's centre onto a canvas of
        // the thumbnail's proportions, then scaled.
        let turnedW = Double(crop.width) * abs(cos(rotation * .pi / 180)) + Double(crop.height) * abs(sin(rotation * .pi / 180))
        let turnedH = Double(crop.width) * abs(sin(rotation * .pi / 180)) + Double(crop.height) * abs(cos(rotation * .pi / 180))
        let scale = 256 / max(turnedW, turnedH)
        func land(_ sx: Double, _ sy: Double) -> (Int, Int) {
            let r = rotation * .pi / 180
            let dx = sx - Double(crop.x) - Double(crop.width) / 2, dy = sy - Double(crop.y) - Double(crop.height) / 2
            let tx = turnedW / 2 + dx * cos(r) + dy * sin(r), ty = turnedH / 2 - dx * sin(r) + dy * cos(r)
            return (Int(tx * scale), Int(ty * scale))
        }
        var inside: [(Int, Int)] = []
        for sy in stride(from: Double(box.y) + 1, to: Double(box.y + box.height) - 1, by: 2) {
            for sx in stride(from: Double(box.x) + 1, to: Double(box.x + box.width) - 1, by: 2) {
                inside.append(land(sx, sy))
            }
        }
        #expect(inside.count > 300)
        let hiddenValues = inside.map { hidden[$0.0, $0.1] }
        let brightest = hiddenValues.map { max(Int($0.red), Int($0.green), Int($0.blue)) }.max() ?? 255
        #expect(brightest <= 2, "every pixel over the box is black within JPEG's ±2 (rotation \(rotation))")
        // The same pixels held the stamp's lettering before: something was there to hide.
        let plainGrays = inside.map { (Double(plain[$0.0, $0.1].red) + Double(plain[$0.0, $0.1].green) + Double(plain[$0.0, $0.1].blue)) / 3 }
        let mean = plainGrays.reduce(0, +) / Double(plainGrays.count)
        #expect((plainGrays.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(plainGrays.count)).squareRoot() > 10)
        // Far from the box the thumbnail is the unredacted one (within JPEG noise).
        let far = Self.stats(hidden, in: (0, 0, 16, 16)), farPlain = Self.stats(plain, in: (0, 0, 16, 16))
        #expect(far.max > 100 && abs(far.max - farPlain.max) < 12)
        // The old, unredacted version is gone from the cache; the photo is unchanged.
        let files = try FileManager.default.contentsOfDirectory(atPath: scene.cache.path).filter { $0.hasSuffix(".jpg") }
        #expect(files == [cache.url(for: record).lastPathComponent])
        let after = try StampRecord.Source.fingerprint(of: photo)
        #expect(after.sha256 == before.sha256 && after.size == before.size)
    }

    @Test func aWholePhotoRedactionIsHiddenThoughTheThumbnailWasDecodedSmall() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let photo = try scene.photo("page-kef-rot90.jpg", as: "page.jpg")
        let source = try StampRecord.Source.fingerprint(of: photo)
        let full = try StampImage(contentsOf: photo)
        let box = PixelBox(x: full.width / 3 + 3, y: full.height / 3 + 5, width: full.width / 5, height: full.height / 7)
        let derived = try StampRecord(source: source, redactions: [box]).derivedImage(longSide: 256)
        let px = try derived.image.rgbPixels(fittingWidth: derived.image.width, height: derived.image.height)
        let scale = 256.0 / Double(max(full.width, full.height))
        let region = (Int(Double(box.x) * scale) + 1, Int(Double(box.y) * scale) + 1,
                      Int(Double(box.x + box.width) * scale) - 1, Int(Double(box.y + box.height) * scale) - 1)
        #expect(Self.stats(px, in: region).max == 0 && Self.stats(px, in: region).count > 100)
    }

    // MARK: The command line

    @Test func editAddsAndClearsRedactionsAndReplacesTheThumbnailAtOnce() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let photo = try scene.photo("stamp-upright.jpg", as: "kef.jpg")
        let record = try scene.catalogue(photo)
        let id = String(record.id!)
        // list --json makes the plain thumbnail first.
        let plainPath = try #require(try scene.listJSON().first?["thumbnail"] as? String)
        #expect(FileManager.default.fileExists(atPath: plainPath))

        // Outside the 640×380 photo: input error, one line, nothing saved.
        let outside = try scene.stampkit(["edit", id, "--redact", "600,10,100,10"])
        #expect(outside.status == 65 && outside.stderrLines.count == 1, "\(outside.stderr)")
        #expect(outside.stderr.contains("not inside the 640×380 photo"))
        #expect(try scene.allRecords().first?.redactions == [])
        let malformed = try scene.stampkit(["edit", id, "--redact", "1,2,3"])
        #expect(malformed.status == 64 && malformed.stderr.contains("--redact takes X,Y,W,H"))

        let edited = try scene.stampkit(["edit", id, "--redact", "203,141,77,45", "--redact", "10,10,20,20"])
        #expect(edited.status == 0, "\(edited.stderr)")
        let item = try #require(try scene.listJSON().first)
        let boxes = try #require(item["redactions"] as? [[String: Int]])
        #expect(boxes == [["x": 203, "y": 141, "width": 77, "height": 45], ["x": 10, "y": 10, "width": 20, "height": 20]])
        #expect(!FileManager.default.fileExists(atPath: plainPath), "the unredacted thumbnail is deleted")
        let redactedPath = try #require(item["thumbnail"] as? String)
        #expect(redactedPath != plainPath)
        let px = try Self.pixels(URL(fileURLWithPath: redactedPath))
        let scale = 256.0 / 640
        #expect(Self.stats(px, in: (Int(204 * scale), Int(142 * scale), Int(279 * scale), Int(185 * scale))).max <= 2)
        let show = try scene.stampkit(["show", id])
        #expect(show.stdout.contains("Redacted     203,141,77,45; 10,10,20,20"))

        let cleared = try scene.stampkit(["edit", id, "--clear-redactions"])
        #expect(cleared.status == 0)
        #expect(try scene.allRecords().first?.redactions == [])
        #expect(!FileManager.default.fileExists(atPath: redactedPath))
    }

    @Test func addKeepsTheBoxesAndRefusesOnesThatHideNothing() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let photo = try scene.photo("stamp-upright.jpg", as: "kef.jpg")
        let gazetteer = try FixtureGazetteer.shared.path
        let apart = try scene.stampkit(["add", photo.path, "--yes", "--crop", "100,100,200,100", "--redact", "0,0,50,50", "--gazetteer", gazetteer])
        #expect(apart.status == 65 && apart.stderr.contains("does not overlap the stamp's crop"), "\(apart.stderr)")
        let outside = try scene.stampkit(["add", photo.path, "--yes", "--redact", "0,0,641,10", "--gazetteer", gazetteer])
        #expect(outside.status == 65 && outside.stderr.contains("not inside"))
        #expect(try scene.allRecords().isEmpty, "nothing was saved")

        let added = try scene.stampkit(["add", photo.path, "--yes", "--redact", "203,141,77,45", "--gazetteer", gazetteer])
        #expect(added.status == 0, "\(added.stderr)")
        let record = try #require(try scene.allRecords().first)
        #expect(record.redactions == [PixelBox(x: 203, y: 141, width: 77, height: 45)])
        let cache = ThumbnailCache(directory: ThumbnailCache.defaultDirectory(environment: ["XDG_CACHE_HOME": scene.cache.path]))
        let px = try Self.pixels(cache.url(for: record))
        let scale = 256.0 / 640
        #expect(Self.stats(px, in: (Int(204 * scale), Int(142 * scale), Int(279 * scale), Int(185 * scale))).max <= 2)
        #expect(try StampRecord.Source.fingerprint(of: photo).sha256 == record.source.sha256)
    }

    @Test func scanDebugImageHidesWhatTheCataloguesRecordsOfThePhotoRedact() throws {
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let page = try scene.photo("page-kef-rot90.jpg", as: "page.jpg")
        let out = scene.root.appendingPathComponent("regions.png")
        let image = try StampImage(contentsOf: page)
        let stamp = try #require(try image.stampRegions().first)
        // The middle of the first stamp found: ink to hide, away from the outline drawn round it.
        let box = PixelBox(x: stamp.x + stamp.width / 4, y: stamp.y + stamp.height / 4, width: stamp.width / 2, height: stamp.height / 2)
        let inside = (box.x, box.y, box.x + box.width, box.y + box.height)

        let plain = try scene.stampkit(["scan", "--stamps", "--debug-image", out.path, page.path])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(Self.stats(try Self.pixels(out), in: inside).spread > 10, "the stamp's ink shows without a redaction")

        var record = try scene.catalogue(page, crop: stamp)
        record.redactions = [box]
        try CatalogueStore(url: scene.catalogue).update(record)
        let hidden = try scene.stampkit(["scan", "--stamps", "--debug-image", out.path, page.path])
        #expect(hidden.status == 0, "\(hidden.stderr)")
        #expect(hidden.stderr.contains("1 redacted area"))
        let region = Self.stats(try Self.pixels(out), in: inside)
        #expect(region.max == 0 && region.count == box.width * box.height)
    }

    @Test func boxesAreInThePhotosPixelsAfterItsEXIFOrientation() throws {
        // Stored 380×640 with orientation 6: shown (and boxed) as 640×380, like stamp-upright.jpg.
        let scene = try CatalogueScene()
        defer { scene.remove() }
        let photo = try scene.photo("stamp-exif6.jpg", as: "turned.jpg")
        let box = PixelBox(x: 480, y: 40, width: 120, height: 80)
        var record = StampRecord(source: try .fingerprint(of: photo))
        try record.checkRedactionsAgainstSource()
        let cache = ThumbnailCache(directory: scene.cache)
        let plain = try Self.thumbnail(record, in: cache)
        record.redactions = [box]
        let hidden = try Self.thumbnail(record, in: cache)
        #expect(hidden.width == 256 && hidden.height == 152, "the thumbnail is upright")
        let scale = 256.0 / 640
        let region = (Int(481 * scale), Int(41 * scale), Int(599 * scale), Int(119 * scale))
        #expect(Self.stats(hidden, in: region).max <= 2)
        #expect(Self.stats(plain, in: region).max > 100)
        // In the stored layout the box would lie outside the 380-pixel width.
        record.redactions = [PixelBox(x: 480, y: 40, width: 120, height: 80)]
        #expect(throws: Never.self) { try record.checkRedactions(imageWidth: 640, imageHeight: 380) }
        #expect { try record.checkRedactions(imageWidth: 380, imageHeight: 640) } throws: { $0 is CatalogueError }
    }
}
