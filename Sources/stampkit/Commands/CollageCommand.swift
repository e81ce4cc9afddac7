import Foundation
import StampKit

/// `stampkit collage --country IS -o iceland.png`: a contact sheet of stamps to send.
struct CollageCommand: ToolCommand {
    static let output = ValueOption("output", "FILE.png", short: "o", help: "The PNG file to write (replaced if it exists).")
    static let spec = CommandSpec(
        name: "collage",
        abstract: "Draw a contact sheet of stamps (a country, continent, book or year) as one PNG to share.",
        discussion: """
            Give at least one of --country, --continent, --book, --year (they combine, as the \
            other filters of 'stampkit list' do). The header names the place, the first and last \
            day and the number of stamps; each thumbnail is captioned with its day and place. The \
            picture's longest side is at most 2048 px; it is drawn only from the 256 px thumbnails, \
            never from a photo.
            """,
        options: [Self.output] + RecordFilterOptions.specs)

    let output: URL
    let filters: RecordFilterOptions

    init(_ parsed: ParsedCommand) throws {
        guard let path = parsed.value(Self.output), !path.isEmpty else {
            throw UsageError(message: "collage needs -o FILE.png, the picture to write")
        }
        guard path.lowercased().hasSuffix(".png") else {
            throw UsageError(message: "collage writes PNG: give -o a name ending in .png, not '\(path.prefix(80))'")
        }
        output = URL(fileURLWithPath: path)
        filters = try RecordFilterOptions(parsed)
        let f = filters.filter
        guard f.countryCodes != nil || filters.continent != nil || f.book != nil || f.year != nil else {
            throw UsageError(message: "collage needs --country CC, --continent XX, --book NAME or --year YYYY to choose the stamps")
        }
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let selection = try CollectionSelection.load(filters: filters, terminal)
        var title: [String] = []
        if let code = filters.filter.countryCodes?.first {
            title.append(try selection.places.country(code: code)?.name ?? code)
        }
        if let continent = filters.continent { title.append(try selection.places.continentNames()[continent] ?? continent) }
        if let book = filters.filter.book { title.append(selection.records.first?.book ?? book) }
        if let year = filters.filter.year { title.append(String(year)) }
        let collage = Collage(title: title.joined(separator: ", "), records: selection.records)
        let (image, missing) = try collage.write(to: output, cache: CatalogueOption.thumbnails)
        terminal.result(output.path)
        terminal.note("stampkit: collage of \(selection.records.count) stamp\(selection.records.count == 1 ? "" : "s"), \(image.width)×\(image.height) px")
        if missing > 0 {
            terminal.note("stampkit: \(missing) stamp(s) drawn without a picture (their photos are missing or changed; 'stampkit reconcile' finds moved ones)")
        }
        return 0
    }
}
