import Foundation
import StampKit

/// `stampkit atlas OUT_DIR`: the collection as a static web page to open or share.
struct AtlasCommand: ToolCommand {
    static let output = Argument("out-dir", help: "The folder to write (new, empty, or an earlier atlas, which is replaced).")
    static let spec = CommandSpec(
        name: "atlas",
        abstract: "Write a travel atlas: a static web page with a world map, the stamps by country and a timeline.",
        discussion: """
            The folder gets index.html, atlas.css, atlas.js and thumbnails/ — open index.html in \
            any browser, from the disk, with no network. Visited countries are shaded by their \
            number of stamps; clicking one (on the map or in the list) shows only its stamps, as \
            does a link to index.html#country=IS or #year=2019. Only the 256 px thumbnails are \
            copied, never a photo. Filters are those of 'stampkit list'. The map is drawn from the \
            gazetteer's country borders.
            """,
        arguments: [Self.output],
        options: RecordFilterOptions.specs)

    /// Map detail: 0.1° keeps coastlines recognisable at page width and the world near 200 KB.
    static let tolerance = 0.1
    /// Islands smaller than this (degrees) are left off the map; a country keeps its largest.
    static let smallestIsland = 0.5

    let output: URL
    let filters: RecordFilterOptions

    init(_ parsed: ParsedCommand) throws {
        guard let path = parsed.argument(Self.output), !path.isEmpty else {
            throw UsageError(message: "atlas needs the folder to write, e.g. 'stampkit atlas ~/atlas'")
        }
        output = URL(fileURLWithPath: path)
        filters = try RecordFilterOptions(parsed)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let selection = try CollectionSelection.load(filters: filters, terminal)
        let shapes: [AtlasPage.Shape]
        if let borders = try selection.places.countryBorders() {
            shapes = borders.outlines(tolerance: Self.tolerance, minimumSize: Self.smallestIsland).map { outline in
                (outline.code, outline.name, outline.rings.map { $0.map { (lon: $0.lon, lat: $0.lat) } })
            }
        } else {
            shapes = []
            terminal.note("stampkit: the gazetteer has no country borders, so the atlas has no map; rebuild it with 'make gazetteer'")
        }
        let page = try AtlasPage(records: selection.records, continentOf: try selection.places.continentLookup(), shapes: shapes)
        let report = try page.write(to: output, cache: CatalogueOption.thumbnails)
        terminal.result(report.directory.appendingPathComponent("index.html").path)
        terminal.note("stampkit: atlas of \(report.stamps) stamp\(report.stamps == 1 ? "" : "s") in \(page.countsByCountry.count) countries, "
            + "\(report.bytes / 1024) KB (page \(report.pageBytes / 1024) KB)")
        if report.missingThumbnails > 0 {
            terminal.note("stampkit: \(report.missingThumbnails) stamp(s) shown without a picture (their photos are missing or changed; 'stampkit reconcile' finds moved ones)")
        }
        return 0
    }
}

/// The stamps a sharing command shows: the filtered records and the gazetteer. Refuses a
/// country code the gazetteer does not know, an empty catalogue and an empty selection.
struct CollectionSelection {
    let records: [StampRecord]
    let places: Gazetteer

    static func load(filters: RecordFilterOptions, _ terminal: Terminal) throws -> CollectionSelection {
        let places = try Gazetteer(path: filters.gazetteer)
        let store = try CatalogueOption.openWithStamps(filters.catalogue, terminal)
        let records = try filters.records(in: store, checkingCountry: true, places: places)
        guard !records.isEmpty else {
            let pending = try store.counts()[.pending] ?? 0
            let hint = pending > 0 && !filters.filter.statuses.contains(.pending)
                ? "; \(pending) pending stamp(s) are left out: --all includes them" : "; 'stampkit list --all' shows what is catalogued"
            throw SharingError(.noStamps, "no catalogued stamps match these filters" + hint)
        }
        return CollectionSelection(records: records, places: places)
    }
}
