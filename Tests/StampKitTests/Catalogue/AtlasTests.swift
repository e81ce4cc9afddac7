import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue
@testable import StampKitGazetteer
@testable import StampKitImaging

/// A small collection to share: five confirmed stamps in four countries (two in Iceland), one
/// pending in France, a note that tries to run a script.
struct AtlasScene {
    let scene: CatalogueScene
    let gazetteer: String
    static let hostileNote = "<script>document.title='pwned'</script> & \"quoted\" <b>bold</b>"

    init() throws {
        scene = try CatalogueScene()
        gazetteer = try FixtureGazetteer.shared.path
        let store = try CatalogueStore(url: scene.catalogue)
        func add(_ fixture: String, _ code: String, _ name: String, _ date: String?, _ direction: StampRecord.Direction?,
                 note: String? = nil, status: StampRecord.Status = .confirmed) throws {
            let photo = try scene.photo(fixture, as: fixture)
            _ = try store.insert(StampRecord(
                source: try .fingerprint(of: photo), status: status, country: .init(id: code, name: name),
                city: code == "IS" ? .init(id: 3_415_496, name: "Keflavík") : nil,
                date: date.flatMap(CalendarDay.init), direction: direction, entryMethod: .air, note: note,
                confidence: 0.9))
        }
        try add("stamp-upright.jpg", "IS", "Iceland", "2019-07-12", .arrival, note: Self.hostileNote)
        try add("stamp-rot90.jpg", "IS", "Iceland", "2019-07-19", .departure)
        try add("stamp-rot180.jpg", "GB", "United Kingdom", "2021-09-04", .arrival)
        try add("stamp-rot270.jpg", "US", "United States", "2019-07-20", .arrival)
        try add("stamp-faded.jpg", "DE", "Germany", nil, nil)
        try add("stamp-rot17.jpg", "FR", "France", "2018-01-02", .arrival, status: .pending)
    }

    func atlas(_ out: URL, _ extra: [String] = []) throws -> CLI.Outcome {
        try scene.stampkit(["atlas", out.path, "--gazetteer", gazetteer] + extra)
    }
}

@Suite("Atlas page")
struct AtlasPageTests {
    func record(_ id: Int, _ code: String, _ date: String?, note: String? = nil) -> StampRecord {
        var r = CatalogueFixtures.record(id, country: code, date: date ?? "2019-01-01")
        r.id = id
        if date == nil { r.date = nil }
        r.note = note
        return r
    }

    @Test func textIsEscapedEverywhere() {
        #expect(AtlasPage.escaped("<script>alert('x')</script> & \"q\"")
            == "&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;")
        var r = record(1, "IS", "2019-07-12", note: "</li><script>alert(1)</script>")
        r.country = .init(id: "IS", name: "Ice<land>")
        let html = AtlasPage(records: [r], continentOf: { _ in ("EU", "Europe") }, shapes: []).html(thumbnails: [:])
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;/li&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(!html.contains("Ice<land>"))
        // The page's own script is the only one.
        #expect(html.components(separatedBy: "<script").count == 2)
    }

    @Test func countriesAreShadedByTheirNumberOfStamps() {
        let records = [record(1, "IS", "2019-07-12"), record(2, "IS", "2019-07-13"), record(3, "DE", "2020-01-01")]
            + (4...13).map { record($0, "US", "2021-01-0\($0 % 9 + 1)") }
        let square: [(lon: Double, lat: Double)] = [(0, 0), (10, 0), (10, 10), (0, 10), (0, 0)]
        let shapes: [AtlasPage.Shape] = [("IS", "Iceland", [square]), ("DE", "Germany", [square]), ("US", "United States", [square]),
                                         ("FR", "France", [square])]
        let html = AtlasPage(records: records, continentOf: { _ in nil }, shapes: shapes).html(thumbnails: [:])
        #expect(html.contains("class=\"land visited band-2\" data-country=\"IS\" data-stamps=\"2\""))
        #expect(html.contains("class=\"land visited band-1\" data-country=\"DE\" data-stamps=\"1\""))
        #expect(html.contains("class=\"land visited band-4\" data-country=\"US\" data-stamps=\"10\""))
        #expect(html.contains("<path class=\"land\" d=\"m1800 900l100 0 0-100-100 0z\"><title>France</title>"))
        #expect(AtlasPage.band(0) == 0 && AtlasPage.band(4) == 2 && AtlasPage.band(5) == 3 && AtlasPage.band(9) == 3)
    }

    @Test func pathDataIsRelativeAndDropsRepeatedPoints() {
        let ring: [(lon: Double, lat: Double)] = [(-180, 90), (-179.99, 90), (-170, 90), (-170, 80), (-180, 90)]
        let second: [(lon: Double, lat: Double)] = [(0, 0), (1, 0), (1, 1), (0, 0)]
        // (-179.99, 90) rounds onto its neighbour at 0.1° and goes; the second ring starts
        // relative to the first one's start.
        #expect(AtlasPage.pathData([ring, second]) == "m0 0l100 0 0 100zm1800 900l10 0 0-10z")
        #expect(AtlasPage.pathData([[(0, 0), (0.01, 0), (0, 0.01), (0, 0)]]) == "")
        // A ring past +180° is drawn again a world-width to the west, where the map shows it.
        let fiji: [(lon: Double, lat: Double)] = [(178, -17), (182, -17), (182, -16), (178, -17)]
        let both = AtlasPage.wrapped([fiji])
        #expect(both.count == 2 && both[1].map(\.lon) == [-182, -178, -178, -182])
        #expect(AtlasPage.wrapped([ring]).count == 1)
    }

    @Test func galleryIsByContinentThenCountryWithStampsInDateOrder() {
        let records = [record(1, "IS", "2019-07-12"), record(2, "JP", "2018-03-27"), record(3, "DE", nil),
                       record(4, "IS", "2017-01-01"), record(5, "ZZ", "2016-01-01")]
        let continents = ["IS": ("EU", "Europe"), "DE": ("EU", "Europe"), "JP": ("AS", "Asia")]
        let page = AtlasPage(records: records, continentOf: { continents[$0].map { (code: $0.0, name: $0.1) } }, shapes: [])
        #expect(page.gallery.continents.map(\.name) == ["Europe", "Asia", Gallery.unknownContinentName])
        #expect(page.gallery.continents[0].countries.map(\.code) == ["IS", "DE"])
        #expect(page.gallery.continents[0].countries[0].stamps.map(\.id) == [4, 1])
        let html = page.html(thumbnails: [:])
        let order = ["data-country=\"IS\"><h3>", "data-country=\"DE\"><h3>", "data-country=\"JP\"><h3>", "data-country=\"ZZ\"><h3>"]
            .map { html.range(of: $0)!.lowerBound }
        #expect(order == order.sorted())
    }

    @Test func tripsSplitWhereAWeekPassesWithoutAStamp() {
        let records = [record(1, "IS", "2019-07-12"), record(2, "US", "2019-07-19"), record(3, "IS", "2019-07-27"),
                       record(4, "DE", "2019-12-30"), record(5, "FR", "2020-01-02"), record(6, "FR", nil)]
        let trips = CollectionGroups.trips(records)
        #expect(trips.map { $0.records.map(\.id!) } == [[1, 2], [3], [4, 5]])
        #expect(trips[0].countries.map(\.code) == ["IS", "US"])
        #expect(trips[2].start == CalendarDay("2019-12-30") && trips[2].end == CalendarDay("2020-01-02"))
        #expect(CollectionGroups.dayNumber(CalendarDay("2020-03-01")!) - CollectionGroups.dayNumber(CalendarDay("2020-02-28")!) == 2)
        #expect(CollectionGroups.dayNumber(CalendarDay("1970-01-01")!) == 0)
    }
}

@Suite("Atlas command")
struct AtlasCommandTests {
    @Test func writesThePageWithOnlyThumbnailsNeverAPhoto() throws {
        let atlas = try AtlasScene()
        defer { atlas.scene.remove() }
        let out = atlas.scene.root.appendingPathComponent("share/atlas")
        try FileManager.default.createDirectory(at: out.deletingLastPathComponent(), withIntermediateDirectories: true)
        let outcome = try atlas.atlas(out)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        #expect(outcome.stdout == out.appendingPathComponent("index.html").path + "\n")
        let names = try FileManager.default.subpathsOfDirectory(atPath: out.path).sorted()
        #expect(names == [".stampkit-atlas", "atlas.css", "atlas.js", "index.html", "thumbnails",
                          "thumbnails/1.jpg", "thumbnails/2.jpg", "thumbnails/3.jpg", "thumbnails/4.jpg", "thumbnails/5.jpg"])
        let sources = try FileManager.default.contentsOfDirectory(at: atlas.scene.photos, includingPropertiesForKeys: nil)
            .map { try Data(contentsOf: $0) }
        let smallest = sources.map(\.count).min()!
        for name in names where !name.hasSuffix("thumbnails") {
            let data = try Data(contentsOf: out.appendingPathComponent(name))
            #expect(!sources.contains(data), "\(name) is a copy of a source photo")
            if name.hasPrefix("thumbnails/") {
                #expect(data.count < smallest, "\(name) is as large as a source photo")
                let image = try StampImage(contentsOf: out.appendingPathComponent(name))
                #expect(max(image.width, image.height) == ThumbnailCache.longSide)
            }
        }
        #expect(CatalogueFixtures.mode(out.path) == 0o700)
        #expect(CatalogueFixtures.mode(out.appendingPathComponent("index.html").path) == 0o600)
        // Nothing left beside it: the staging folder was renamed into place.
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.deletingLastPathComponent().path) == ["atlas"])
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains(AtlasPage.escaped(AtlasScene.hostileNote)))
        #expect(!html.contains(atlas.scene.photos.path), "the page names where the photos are")
    }

    @Test func rewritingReplacesAnEarlierAtlasButNoOtherFolder() throws {
        let atlas = try AtlasScene()
        defer { atlas.scene.remove() }
        let out = atlas.scene.root.appendingPathComponent("atlas")
        #expect(try atlas.atlas(out).status == 0)
        try Data("stale".utf8).write(to: out.appendingPathComponent("thumbnails/99.jpg"))
        let again = try atlas.atlas(out, ["--country", "IS"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("thumbnails").path).sorted()
            == ["1.jpg", "2.jpg"])

        let mine = atlas.scene.root.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: mine, withIntermediateDirectories: true)
        try Data("keep me".utf8).write(to: mine.appendingPathComponent("letter.txt"))
        let refused = try atlas.atlas(mine)
        #expect(refused.status == 64)
        #expect(refused.stderrLines.count == 1 && refused.stderr.contains("holds other files"))
        #expect(try String(contentsOf: mine.appendingPathComponent("letter.txt"), encoding: .utf8) == "keep me")
    }

    @Test func anUnwritableFolderIsOneClearError() throws {
        let atlas = try AtlasScene()
        defer { atlas.scene.remove() }
        let locked = atlas.scene.root.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        _ = try atlas.scene.stampkit(["thumbnails"])
        chmod(locked.path, 0o555)
        let outcome = try atlas.scene.stampkit(
            ["atlas", locked.appendingPathComponent("atlas").path, "--gazetteer", atlas.gazetteer], unprivileged: true)
        #expect(outcome.status == 65)
        #expect(outcome.stderrLines.count == 1, "\(outcome.stderr)")
        #expect(outcome.stderr.hasPrefix("stampkit: error: cannot write the atlas at \(locked.path)/atlas"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: locked.path).isEmpty)

        let file = atlas.scene.root.appendingPathComponent("afile")
        try Data("x".utf8).write(to: file)
        let onFile = try atlas.atlas(file)
        #expect(onFile.status == 65 && onFile.stderr.contains("is a file, not a folder"))
        let noParent = try atlas.atlas(atlas.scene.root.appendingPathComponent("no/such/atlas"))
        #expect(noParent.status == 65 && noParent.stderr.contains("its parent folder does not exist"))
    }

    @Test func badFiltersAndNothingToShowAreClearErrors() throws {
        let atlas = try AtlasScene()
        defer { atlas.scene.remove() }
        let out = atlas.scene.root.appendingPathComponent("atlas")
        let unknown = try atlas.atlas(out, ["--country", "QQ"])
        #expect(unknown.status == 64)
        #expect(unknown.stderrLines.count == 1 && unknown.stderr.contains("--country QQ: no country has that code in the gazetteer"))
        let none = try atlas.atlas(out, ["--year", "1999"])
        #expect(none.status == 65)
        #expect(none.stderrLines.count == 1 && none.stderr.contains("no catalogued stamps match"))
        let pendingOnly = try atlas.atlas(out, ["--country", "FR"])
        #expect(pendingOnly.status == 65 && pendingOnly.stderr.contains("--all includes them"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let empty = try atlas.scene.stampkit(["atlas", out.path, "--gazetteer", atlas.gazetteer,
                                              "--catalogue", atlas.scene.root.appendingPathComponent("none.sqlite").path])
        #expect(empty.status == 65 && empty.stderr.contains("has no stamps yet"))
    }
}

@Suite("Atlas in a browser", .serialized)
struct AtlasBrowserTests {
    @Test func chromiumIsInstalled() throws {
        // On its own so a missing browser reads as one failure that names the fix.
        _ = try HeadlessChromium()
    }

    @Test func theRenderedPageShadesCountriesCountsStampsAndFiltersOnClick() throws {
        let browser = try HeadlessChromium()
        let atlas = try AtlasScene()
        defer { atlas.scene.remove() }
        let out = atlas.scene.root.appendingPathComponent("atlas")
        let outcome = try atlas.atlas(out)
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let index = "file://" + out.appendingPathComponent("index.html").path

        let dom = try browser.dom(index)
        func attributes(_ pattern: String) -> [String] {
            let regex = try! NSRegularExpression(pattern: pattern)
            return regex.matches(in: dom, range: NSRange(dom.startIndex..., in: dom)).map { match in
                (1..<match.numberOfRanges).map { i in String(dom[Range(match.range(at: i), in: dom)!]) }.joined(separator: ":")
            }
        }
        let shaded = attributes("<path class=\"land visited (band-\\d)\" data-country=\"([A-Z]{2})\" data-stamps=\"(\\d+)\"")
        #expect(Set(shaded) == ["band-2:IS:2", "band-1:GB:1", "band-1:US:1", "band-1:DE:1"])
        #expect(attributes("<path class=\"land\" d=\"[^\"]+\"><title>(France)</title>") == ["France"])
        #expect(attributes("<li class=\"(stamp)\" data-country").count == 5)
        #expect(attributes("<span id=\"shown-count\">(\\d+)</span>") == ["5"])
        #expect(attributes("<img loading=\"(lazy)\"").count == 5)
        // Pictures near the screen got their file from the script; the page holds each as data-src.
        #expect(attributes("<img [^>]* src=\"(thumbnails/\\d+\\.jpg)\"").count >= 1)
        // The note is text on the page, its script never ran.
        #expect(attributes("<title>([^<]*)</title>").first == "Travel atlas")
        #expect(dom.contains("&lt;script&gt;document.title='pwned'&lt;/script&gt;"))
        #expect(attributes("data-script-ms=\"(\\d+)\"").count == 1)

        // A real click on Iceland on the map, and on Germany in the list, in the page loaded in
        // an iframe of a harness page that reports what is left shown.
        let harness = atlas.scene.root.appendingPathComponent("click.html")
        for (target, expected) in [("#map path[data-country=\"IS\"]", "#country=IS|IS,IS|2"),
                                   ("#countries a[data-country=\"DE\"]", "#country=DE|DE|1")] {
            try Self.clickHarness(clicking: target).write(to: harness, atomically: true, encoding: .utf8)
            let result = try browser.dom("file://" + harness.path)
            let reported = result.components(separatedBy: "<pre id=\"result\">").last?.components(separatedBy: "</pre>").first
            #expect(reported == expected, "clicking \(target)")
        }
        // The fragment a click sets filters the same way when the page is opened with it.
        let byYear = try browser.dom(index + "#year=2019")
        #expect(byYear.components(separatedBy: "<li class=\"stamp\" ").count - 1 == 3)
        #expect(byYear.components(separatedBy: "<li class=\"stamp hidden\" ").count - 1 == 2)

        let shot = HeadlessChromium.artefacts.appendingPathComponent("atlas.png")
        try browser.screenshot(index, to: shot)
        let image = try StampImage(contentsOf: shot)
        #expect(image.width == 1280)
        print("atlas screenshot: \(shot.path)")
    }

    /// A page that loads `atlas/index.html` beside it in an iframe, clicks `selector` there and
    /// writes `hash|shown countries|shown count` into `#result`.
    static func clickHarness(clicking selector: String) -> String {
        """
        <!DOCTYPE html><html><body><iframe id="f" src="atlas/index.html" width="1200" height="900"></iframe>
        <pre id="result">not clicked</pre>
        <script>
        document.getElementById('f').addEventListener('load', function () {
          var doc = document.getElementById('f').contentDocument;
          var target = doc.querySelector('\(selector.replacingOccurrences(of: "'", with: "\\'"))');
          if (!target) { document.getElementById('result').textContent = 'no target'; return; }
          target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
          setTimeout(function () {
            var shown = Array.prototype.map.call(doc.querySelectorAll('.stamp:not(.hidden)'), function (s) { return s.getAttribute('data-country'); });
            document.getElementById('result').textContent = doc.defaultView.location.hash + '|' + shown.join(',') + '|' + doc.getElementById('shown-count').textContent;
          }, 100);
        });
        </script></body></html>
        """
    }
}
