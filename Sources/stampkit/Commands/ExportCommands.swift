import Foundation
import StampKit

/// `stampkit export --format json|csv|geojson [filters] [-o FILE]`: the records, to share or
/// keep.
struct ExportCommand: ToolCommand {
    /// The formats `--format` takes.
    enum Format: String, CaseIterable {
        case json, csv, geojson
    }

    static let format = ValueOption("format", "FORMAT", help: "json (as 'list --json'; the default), csv or geojson.")
    static let output = ValueOption("output", "FILE", short: "o", help: "Write to FILE (mode 0600, replaced whole) instead of stdout.")
    static let spec = CommandSpec(
        name: "export",
        abstract: "Export catalogued stamps as JSON (for 'stampkit import'), CSV or GeoJSON.",
        discussion: """
            Takes the filters of 'stampkit list' (confirmed stamps unless --all or --pending). \
            json is exactly what 'list --json' prints, and 'stampkit import' reads it back. csv has \
            a header row and RFC 4180 quoting (notes with commas, quotes or line breaks survive). \
            geojson is an RFC 7946 FeatureCollection with a Point per stamp at its most specific \
            place the gazetteer can place (airport, else city, else the region's or country's \
            largest city), [longitude, latitude]; stamps without any place are left out and counted \
            on stderr.
            """,
        options: RecordFilterOptions.specs + [Self.format, Self.output])

    let filters: RecordFilterOptions
    let format: Format
    let output: URL?

    init(_ parsed: ParsedCommand) throws {
        filters = try RecordFilterOptions(parsed)
        let text = parsed.value(Self.format) ?? Format.json.rawValue
        guard let format = Format(rawValue: text.lowercased()) else {
            throw UsageError(message: "--format takes json, csv or geojson, not '\(text.prefix(40))'")
        }
        self.format = format
        output = parsed.value(Self.output).map { URL(fileURLWithPath: ($0 as NSString).expandingTildeInPath) }
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let store = try CatalogueOption.openWithStamps(filters.catalogue, terminal)
        let text: String
        var records: [StampRecord]
        switch format {
        case .json:
            records = try filters.records(in: store, checkingCountry: true)
            text = ListCommand.jsonArray(records, terminal) + "\n"
        case .csv:
            records = try filters.records(in: store, checkingCountry: true)
            text = RecordCSV.document(records)
        case .geojson:
            let places = try Gazetteer(path: filters.gazetteer)
            records = try filters.records(in: store, checkingCountry: true, places: places)
            let (collection, unplaced) = try RecordGeoJSON.featureCollection(records) { record in
                try places.point(
                    airport: record.airport?.id, city: record.city?.id, region: record.region?.id,
                    country: record.country?.id
                ).map { RecordGeoJSON.Location(latitude: $0.latitude, longitude: $0.longitude, level: $0.level.rawValue) }
            }
            if !unplaced.isEmpty {
                terminal.note("stampkit: \(unplaced.count) stamp\(unplaced.count == 1 ? "" : "s") left out: no place the gazetteer can put on a map (\(unplaced.prefix(5).map { "#\($0.id ?? 0)" }.joined(separator: ", "))\(unplaced.count > 5 ? ", …" : ""))")
            }
            text = collection.serialized() + "\n"
        }
        if let output {
            try PrivateFile.write(Data(text.utf8), to: output)
            terminal.note("wrote \(records.count) stamp\(records.count == 1 ? "" : "s") to \(output.path)")
        } else {
            FileHandle.standardOutput.write(Data(text.utf8))
        }
        return 0
    }
}

/// `stampkit import FILE.json`: puts an export back into a catalogue.
struct ImportCommand: ToolCommand {
    static let file = Argument("file", help: "A file written by 'stampkit export --format json' (or 'list --json').")
    static let spec = CommandSpec(
        name: "import",
        abstract: "Restore stamps from a JSON export into the catalogue, skipping the ones it already holds.",
        discussion: """
            Each stamp keeps its status, places, date, direction, book and page, favourite and \
            note; books are created by name. A stamp whose photo (SHA-256) and crop the catalogue \
            already holds is skipped, so importing twice adds nothing. Everything is checked \
            before anything is saved, and the stamps are saved in one transaction: a bad file \
            names the stamp and field at fault and changes nothing. Numbers are new; the OCR text \
            and evidence are not in an export.
            """,
        arguments: [Self.file],
        options: [CatalogueOption.spec])

    let file: URL
    let catalogue: URL

    init(_ parsed: ParsedCommand) throws {
        file = URL(fileURLWithPath: parsed.argument(Self.file) ?? "")
        catalogue = CatalogueOption.resolve(parsed)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw CatalogueError(.invalidRecord, "cannot read \(file.path) (\(Tool.describe(error).1)); check the path")
        }
        let records = try RecordImport.records(fromJSON: data, name: file.lastPathComponent)
        let store = try CatalogueOption.open(catalogue, terminal)
        let (added, existing) = try store.insertNew(records)
        let unfound = records.filter { $0.source.size == 0 }.count
        terminal.note("imported \(added.count) stamp\(added.count == 1 ? "" : "s")"
            + (existing.isEmpty ? "" : "; \(existing.count) already in the catalogue, skipped"))
        if unfound > 0 {
            terminal.note("stampkit: \(unfound) photo\(unfound == 1 ? " is" : "s are") not at the recorded path (or changed there); the records keep the path, and thumbnails wait until the photo is back")
        }
        return 0
    }
}
