import Foundation
import StampKit

/// `stampkit list`: the catalogued stamps, confirmed ones by default.
struct ListCommand: ToolCommand {
    static let json = Flag("json", help: "Print one JSON array of records.")
    static let spec = CommandSpec(
        name: "list",
        abstract: "List catalogued stamps (confirmed ones; --all adds pending), oldest first.",
        discussion: """
            Filters combine: --country IS --year 2019 --arrivals lists 2019's arrivals in Iceland. \
            --continent needs the gazetteer to know which continent each country is on. --json \
            prints one JSON array; each record's thumbnail (256 px JPEG) is made if missing.
            """,
        options: RecordFilterOptions.specs + [Self.json])

    let filters: RecordFilterOptions
    let json: Bool

    init(_ parsed: ParsedCommand) throws {
        filters = try RecordFilterOptions(parsed)
        json = parsed[Self.json]
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        guard let store = try CatalogueOption.openExisting(filters.catalogue, terminal) else {
            if json { terminal.result("[]") }
            return 0
        }
        let records = try filters.records(in: store)
        if json {
            terminal.result(Self.jsonArray(records, terminal))
            return 0
        }
        // One write for the whole list: a write per line would cost more than reading the rows.
        if !records.isEmpty { terminal.result(records.map(recordLine).joined(separator: "\n")) }
        let counts = try store.counts()
        let hidden = filters.filter.statuses.contains(.pending) ? 0 : counts[.pending] ?? 0
        terminal.note("\(records.count) stamp\(records.count == 1 ? "" : "s")"
            + (hidden > 0 ? " (\(hidden) pending not shown: --all shows them, 'stampkit review' confirms them)" : ""))
        return 0
    }

    /// The records as `list --json` prints them: one array, a record per line, each with its
    /// thumbnail (made if missing; a note on stderr counts the ones that could not be made).
    static func jsonArray(_ records: [StampRecord], _ terminal: Terminal) -> String {
        let cache = CatalogueOption.thumbnails
        var failed = 0
        let items = records.map { record -> String in
            let thumbnail = try? cache.thumbnailPath(for: record)
            if thumbnail == nil { failed += 1 }
            return record.json(thumbnail: thumbnail).serialized()
        }
        if failed > 0 {
            terminal.note("stampkit: \(failed) thumbnail(s) could not be made (their photos are missing or changed; 'stampkit reconcile' finds moved ones)")
        }
        return items.isEmpty ? "[]" : "[\n" + items.joined(separator: ",\n") + "\n]"
    }
}

/// `stampkit show ID`: every field of one record.
struct ShowCommand: ToolCommand {
    static let json = Flag("json", help: "Print one JSON object (the list fields plus OCR text, evidence and times).")
    static let id = Argument("id", help: "The stamp's number, as 'stampkit list' shows it.")
    static let spec = CommandSpec(
        name: "show",
        abstract: "Show every field of one catalogued stamp, its evidence and its thumbnail.",
        arguments: [Self.id],
        options: [Self.json, CatalogueOption.spec])

    let id: Int
    let json: Bool
    let catalogue: URL

    init(_ parsed: ParsedCommand) throws {
        id = try RecordIDArgument.parse(parsed.argument(Self.id) ?? "")
        json = parsed[Self.json]
        catalogue = CatalogueOption.resolve(parsed)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        guard let store = try CatalogueOption.openExisting(catalogue, terminal),
            let record = try store.record(id: id)
        else { throw CatalogueError.recordNotFound(id) }
        var thumbnail: String?
        do {
            thumbnail = try CatalogueOption.thumbnails.thumbnail(for: record).path
        } catch {
            terminal.note("stampkit: no thumbnail: \(Tool.describe(error).1)")
        }
        if json {
            terminal.result(record.json(thumbnail: thumbnail, detailed: true).serialized())
        } else {
            recordDetail(record, thumbnail: thumbnail).forEach(terminal.result)
        }
        return 0
    }
}

/// `stampkit edit ID …`: change fields of one record.
struct EditCommand: ToolCommand {
    static let country = ValueOption("country", "CC", help: "Country, ISO alpha-2 (e.g. IS).")
    static let region = ValueOption("region", "ID", help: "Region, admin-1 code (e.g. IS.39), or none.")
    static let city = ValueOption("city", "ID", help: "City, GeoNames ID (e.g. 3415496), or none.")
    static let airport = ValueOption("airport", "IATA", help: "Airport code (e.g. KEF), or none; fills its city, region and country.")
    static let date = ValueOption("date", "YYYY-MM-DD", help: "The day on the stamp, or none.")
    static let direction = ValueOption("direction", "DIR", help: "arrival, departure or none.")
    static let method = ValueOption("method", "METHOD", help: "Entry method: air, land, sea, rail or none.")
    static let book = ValueOption("book", "NAME", help: "File in this book (created if new), or none.")
    static let page = ValueOption("page", "N", help: "Page in the book (1-999), or none.")
    static let favorite = Flag("favorite", help: "Mark as a favourite.")
    static let noFavorite = Flag("no-favorite", help: "Unmark as a favourite.")
    static let note = ValueOption("note", "TEXT", help: "A note (empty text clears it).")
    static let confirm = Flag("confirm", help: "Mark as confirmed (needs a country).")
    static let pending = Flag("pending", help: "Mark as pending again.")
    static let clearRedactions = Flag("clear-redactions", help: "Remove every redaction box of the stamp (before any --redact given with it).")
    static let id = Argument("id", help: "The stamp's number, as 'stampkit list --all' shows it.")
    static let spec = CommandSpec(
        name: "edit",
        abstract: "Change fields of one catalogued stamp; --confirm marks it confirmed.",
        discussion: """
            Places come from the gazetteer, which also fills the levels above: --airport KEF sets \
            the airport, its city, region and country; --city sets city, region and country; a new \
            --country clears the levels below that belong to another country. 'none' clears a \
            field (--region none, --date none, --book none). --redact X,Y,W,H adds a region to \
            hide in every image StampKit writes of the stamp (the thumbnail is made again at once \
            and the old one deleted); --clear-redactions removes them all first. Prints the \
            record as saved.
            """,
        arguments: [Self.id],
        options: [
            Self.country,
            Self.region,
            Self.city,
            Self.airport,
            Self.date,
            Self.direction,
            Self.method,
            Self.book,
            Self.page,
            Self.favorite,
            Self.noFavorite,
            Self.note,
            Self.confirm,
            Self.pending,
            RedactionOption.redact,
            Self.clearRedactions,
            CatalogueOption.spec,
            GazetteerOption.spec,
        ])

    /// A field to set or clear.
    enum Change<T> {
        case keep, clear, set(T)
    }

    let id: Int
    let catalogue: URL
    let gazetteer: URL
    var country: String?
    var region: Change<String> = .keep
    var city: Change<Int> = .keep
    var airport: Change<String> = .keep
    var date: Change<CalendarDay> = .keep
    var direction: Change<StampRecord.Direction> = .keep
    var method: Change<StampRecord.EntryMethod> = .keep
    var book: Change<String> = .keep
    var page: Change<Int> = .keep
    var favorite: Bool?
    var note: String?
    var status: StampRecord.Status?
    var redactions: [PixelBox] = []
    var clearsRedactions = false

    init(_ parsed: ParsedCommand) throws {
        id = try RecordIDArgument.parse(parsed.argument(Self.id) ?? "")
        redactions = try RedactionOption.parse(parsed)
        clearsRedactions = parsed[Self.clearRedactions]
        catalogue = CatalogueOption.resolve(parsed)
        gazetteer = GazetteerOption.resolve(parsed)
        func change<T>(_ option: ValueOption, _ convert: (String) -> T?, _ expected: String) throws -> Change<T> {
            guard let text = parsed.value(option) else { return .keep }
            if text.lowercased() == "none" { return .clear }
            guard let value = convert(text) else {
                throw UsageError(message: "--\(option.spec.name) takes \(expected) or none, not '\(text.prefix(40))'")
            }
            return .set(value)
        }
        country = try parsed.value(Self.country).map { try CountryCodeOption.parse($0, option: "--country") }
        region = try change(Self.region, { $0.contains(".") ? $0.uppercased() : nil }, "an admin-1 code such as IS.39")
        city = try change(Self.city, { Int($0).flatMap { $0 > 0 ? $0 : nil } }, "a GeoNames ID such as 3415496")
        airport = try change(Self.airport, { $0.count == 3 && $0.allSatisfy { $0.isASCII && $0.isLetter } ? $0.uppercased() : nil }, "a three-letter IATA code such as KEF")
        date = try change(Self.date, CalendarDay.init, "a real day as YYYY-MM-DD, e.g. 2019-07-12,")
        direction = try change(Self.direction, StampRecord.Direction.init, "arrival or departure")
        method = try change(Self.method, StampRecord.EntryMethod.init, "air, land, sea or rail")
        book = try change(Self.book, { $0 }, "a book name")
        page = try change(Self.page, { Int($0).flatMap { (1...999).contains($0) ? $0 : nil } }, "a page number from 1 to 999")
        if parsed[Self.favorite] && parsed[Self.noFavorite] {
            throw UsageError(message: "--favorite and --no-favorite contradict each other; give one")
        }
        if parsed[Self.favorite] { favorite = true }
        if parsed[Self.noFavorite] { favorite = false }
        note = parsed.value(Self.note)
        if parsed[Self.confirm] && parsed[Self.pending] {
            throw UsageError(message: "--confirm and --pending contradict each other; give one")
        }
        if parsed[Self.confirm] { status = .confirmed }
        if parsed[Self.pending] { status = .pending }
        let places = country != nil || !(region.isKeep && city.isKeep && airport.isKeep)
        let others = !(date.isKeep && direction.isKeep && method.isKeep && book.isKeep && page.isKeep)
        let redacting = clearsRedactions || !redactions.isEmpty
        if !places && !others && favorite == nil && note == nil && status == nil && !redacting {
            throw UsageError(message: "nothing to change: give a field such as --date 2019-07-12 or --confirm; see 'stampkit edit --help'")
        }
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let store = try CatalogueOption.open(catalogue, terminal)
        guard var record = try store.record(id: id) else { throw CatalogueError.recordNotFound(id) }
        if country != nil || !(region.isKeep && city.isKeep && airport.isKeep) {
            try applyPlaces(to: &record, terminal)
        }
        switch date { case .keep: break; case .clear: record.date = nil; case .set(let v): record.date = v }
        switch direction { case .keep: break; case .clear: record.direction = nil; case .set(let v): record.direction = v }
        switch method { case .keep: break; case .clear: record.entryMethod = nil; case .set(let v): record.entryMethod = v }
        switch book { case .keep: break; case .clear: record.book = nil; case .set(let v): record.book = v }
        switch page { case .keep: break; case .clear: record.page = nil; case .set(let v): record.page = v }
        if let favorite { record.favorite = favorite }
        if let note { record.note = note.isEmpty ? nil : note }
        if let status {
            if status == .confirmed && record.country == nil {
                throw UsageError(message: "stamp #\(id) has no country yet; give --country CC or --airport IATA with --confirm")
            }
            record.status = status
        }
        let redactionsBefore = record.redactions
        if clearsRedactions { record.redactions = [] }
        record.redactions += redactions
        // Checked against the photo before anything is saved.
        if !redactions.isEmpty { try record.checkRedactionsAgainstSource() }
        let saved = try store.update(record)
        if saved.redactions != redactionsBefore {
            // The thumbnail made before must not outlive a new redaction.
            let thumbnails = CatalogueOption.thumbnails
            thumbnails.removeOtherVersions(of: saved)
            _ = try? thumbnails.make(for: saved)
        }
        terminal.result(recordLine(saved))
        return 0
    }

    /// Sets the place levels asked for, filling the levels above from the gazetteer and
    /// clearing levels below that no longer fit.
    func applyPlaces(to record: inout StampRecord, _ terminal: Terminal) throws {
        let places = try Gazetteer(path: gazetteer)
        func setCountry(_ code: String) throws {
            guard let found = try places.country(code: code) else { throw PlaceNotFound(id: code) }
            if record.country?.id != found.code {
                // A region, city or airport of another country would contradict the new one.
                if record.region.map({ !$0.id.hasPrefix(found.code + ".") }) ?? false { record.region = nil }
                record.city = nil
                record.airport = nil
            }
            record.country = .init(id: found.code, name: found.name)
        }
        func setRegion(_ id: String) throws {
            guard let found = try places.region(id: id) else { throw PlaceNotFound(id: id) }
            try setCountry(found.countryCode)
            record.region = .init(id: found.id, name: found.name)
        }
        func setCity(_ id: Int) throws {
            guard let found = try places.city(id: id) else { throw PlaceNotFound(id: String(id)) }
            try setCountry(found.countryCode)
            if let regionID = found.regionID { try setRegion(regionID) }
            record.city = .init(id: found.id, name: found.name)
        }
        if let country { try setCountry(country) }
        switch region {
        case .keep: break
        case .clear: record.region = nil
        case .set(let id):
            try setRegion(id)
            // A city of another region would contradict the region just chosen.
            if let city = record.city, let found = try places.city(id: city.id), found.regionID != record.region?.id {
                terminal.note("stampkit: \(city.name) is not in \(record.region?.name ?? id): city and airport cleared")
                record.city = nil
                record.airport = nil
            }
        }
        switch city { case .keep: break; case .clear: record.city = nil; case .set(let id): try setCity(id) }
        switch airport {
        case .keep: break
        case .clear: record.airport = nil
        case .set(let iata):
            guard let found = try places.airport(iata: iata) else { throw PlaceNotFound(id: iata) }
            try setCountry(found.countryCode)
            if let regionID = found.regionID { try setRegion(regionID) }
            if let cityID = found.cityID { try setCity(cityID) }
            record.airport = .init(id: found.iata, name: found.name)
            terminal.note("airport \(found.iata): " + [record.city?.name, record.region?.name, record.country?.name]
                .compactMap { $0 }.joined(separator: ", "))
        }
    }
}

extension EditCommand.Change {
    var isKeep: Bool { if case .keep = self { true } else { false } }
}

/// `stampkit rm ID…`: remove records (never the photos).
struct RemoveCommand: ToolCommand {
    static let yes = Flag("yes", short: "y", help: "Remove without asking.")
    static let id = Argument("id", help: "Stamp numbers, as 'stampkit list --all' shows them.", repeating: true)
    static let spec = CommandSpec(
        name: "rm",
        abstract: "Remove catalogued stamps (the records only; photos are never touched).",
        discussion: """
            Asks first on a terminal. Without one (a script, a pipe) it needs --yes, and fails at \
            once rather than wait for an answer. All or none: an unknown number removes nothing.
            """,
        arguments: [Self.id],
        options: [Self.yes, CatalogueOption.spec])

    let ids: [Int]
    let yes: Bool
    let catalogue: URL

    init(_ parsed: ParsedCommand) throws {
        ids = try parsed.arguments(Self.id).map(RecordIDArgument.parse)
        yes = parsed[Self.yes]
        catalogue = CatalogueOption.resolve(parsed)
        if !yes && !Confirmation.canAsk {
            throw UsageError(message: "not asking without a terminal: add --yes to remove \(ids.count == 1 ? "stamp #\(ids[0])" : "\(ids.count) stamps") without a question")
        }
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        guard let store = try CatalogueOption.openExisting(catalogue, terminal) else {
            throw CatalogueError.recordNotFound(ids[0])
        }
        var records: [StampRecord] = []
        for id in ids {
            guard let record = try store.record(id: id) else { throw CatalogueError.recordNotFound(id) }
            records.append(record)
        }
        if !yes {
            records.forEach { terminal.note(recordLine($0)) }
            guard Confirmation.ask("Remove \(records.count == 1 ? "this stamp" : "these \(records.count) stamps")?") else {
                terminal.note("nothing removed")
                return 1
            }
        }
        try store.delete(ids: Array(Set(ids)))
        terminal.note("removed \(Set(ids).count) stamp\(Set(ids).count == 1 ? "" : "s")")
        return 0
    }
}
