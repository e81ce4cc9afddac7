import Foundation
import StampKit

/// `stampkit review`: walk the pending stamps and confirm, correct, skip or keep each.
struct ReviewCommand: ToolCommand {
    static let book = ValueOption("book", "NAME", help: "Only the pending stamps of this book.")
    static let spec = CommandSpec(
        name: "review",
        abstract: "Walk the pending stamps one by one: confirm, correct, keep pending or skip, as in 'stampkit add'.",
        discussion: """
            Each pending stamp's source is scanned again (with its crop and turn) to show the \
            ranked candidates and their evidence next to what the record holds; the same keys as \
            in 'stampkit add' pick, search, edit and save. A source that is gone can still be \
            corrected by searching by hand. Needs a terminal; scripts use 'stampkit edit ID --confirm'.
            """,
        options: [
            Self.book,
            ReadingOptions.lang,
            ReviewOptions.noPreview,
            CatalogueOption.spec,
            GazetteerOption.spec,
        ])

    let book: String?
    let reading: ReadingOptions
    let noPreview: Bool
    let catalogue: URL
    let gazetteer: URL

    init(_ parsed: ParsedCommand) throws {
        book = parsed.value(Self.book)
        reading = try ReadingOptions(parsed, languagesOnly: true)
        noPreview = parsed[ReviewOptions.noPreview]
        catalogue = CatalogueOption.resolve(parsed)
        gazetteer = GazetteerOption.resolve(parsed)
        if !RawTerminal.isInteractive() {
            throw UsageError(message: "review asks about each pending stamp, but there is no terminal to ask on; run it in a terminal, or confirm from a script with 'stampkit edit ID --confirm'")
        }
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let places = try Gazetteer(path: gazetteer)
        let lexicon = try Lexicon(files: places.lexiconFiles())
        let scanner = try StampScanner(languages: reading.options.languages, gazetteer: gazetteer, lexicon: lexicon)
        let store = try CatalogueOption.open(catalogue, terminal)
        var filter = RecordFilter()
        filter.statuses = [.pending]
        filter.book = book
        let pending = try store.records(matching: filter)
        guard !pending.isEmpty else {
            terminal.note("no pending stamps" + (book.map { " in book '\($0)'" } ?? "") + "; 'stampkit add IMAGE…' adds some")
            return 0
        }
        let host = CatalogueHost(store: store, scanner: scanner, reading: reading.options,
                                 colours: PreviewColours.detect(environment: ProcessInfo.processInfo.environment, noPreview: noPreview))
        let raw = try RawTerminal()
        defer { raw.restore() }
        let session = ReviewSession(terminal: raw, gazetteer: places, host: host, verb: "review")
        var results: [String] = []
        for (index, record) in pending.enumerated() {
            let url = URL(fileURLWithPath: record.source.path)
            host.sources[url.path] = record.source
            session.show(status: "Scanning \(record.source.path) again…  (\(index + 1) of \(pending.count))")
            var options = reading.options
            options.crop = record.crop
            options.rotation = record.rotation
            // A source that moved or cannot be read still gets reviewed from what the record holds.
            let scan = try? scanner.scan(imageAt: url, named: record.source.path, options: options)
            var item = ReviewItem(source: url, name: record.source.path, crop: record.crop, scan: scan,
                                  draft: Self.draft(of: record), recordID: record.id, redactions: record.redactions)
            let step = try session.review(&item, position: index + 1, total: pending.count)
            if step == .quit {
                let left = pending.count - index
                results.append("quit: \(left) stamp\(left == 1 ? "" : "s") still pending, from #\(record.id ?? 0) on")
                break
            }
            results.append(step == .skipped ? "#\(record.id ?? 0) skipped (still pending)" : AddCommand.describe(step, item: item))
        }
        raw.restore()
        for line in results { terminal.result(line) }
        return 0
    }

    /// What a record holds, as a draft to change.
    static func draft(of record: StampRecord) -> StampDraft {
        var draft = StampDraft()
        draft.country = record.country.map { .init(id: $0.id, name: $0.name) }
        draft.region = record.region.map { .init(id: $0.id, name: $0.name) }
        draft.city = record.city.map { .init(id: String($0.id), name: $0.name) }
        draft.airport = record.airport.map { .init(id: $0.id, name: $0.name) }
        draft.date = record.date?.description
        draft.direction = record.direction.flatMap { Direction(rawValue: $0.rawValue) }
        draft.entryMethod = record.entryMethod.flatMap { EntryMethod(rawValue: $0.rawValue) }
        draft.book = record.book
        draft.page = record.page
        draft.favorite = record.favorite
        draft.note = record.note
        draft.confidence = record.confidence
        draft.evidence = record.evidence.compactMap { note in
            Evidence.Kind(rawValue: note.kind).map { Evidence(kind: $0, text: note.text, detail: note.detail) }
        }
        return draft
    }
}
