import Foundation
import StampKit

/// The option `add` and `review` share besides the catalogue and the gazetteer.
enum ReviewOptions {
    static let noPreview = Flag("no-preview", help: "Do not draw the stamp in the terminal (also off with NO_COLOR or TERM=dumb).")
}

/// `stampkit add IMAGE…`: scan each stamp, let the person confirm or correct it, keep it.
struct AddCommand: ToolCommand {
    static let book = ValueOption("book", "NAME", help: "File the stamps in this passport book (a new name creates the book).")
    static let page = ValueOption("page", "N", help: "The page of the book the stamps are on.")
    static let yes = Flag("yes", short: "y", help: "Do not ask: accept confident proposals, keep the rest pending (for scripts).")
    static let acceptAbove = ValueOption("accept-above", "C", help: "With --yes, the confidence (0–1) a proposal needs to be accepted (default 0.9).")
    static let country = ValueOption("country", "CC", help: "The stamp's country (ISO alpha-2), instead of the proposal's.")
    static let airport = ValueOption("airport", "IATA", help: "The stamp's airport (IATA code); brings its city, region and country.")
    static let date = ValueOption("date", "YYYY-MM-DD", help: "The stamp's date, instead of the one read.")
    static let direction = ValueOption("direction", "DIR", help: "arrival or departure, instead of what the words say.")
    static let image = Argument("image", help: "Stamp photos (JPEG, PNG, TIFF, WebP, BMP, GIF, HEIC).", repeating: true)
    static let spec = CommandSpec(
        name: "add",
        abstract: "Scan stamps and add them to the catalogue: review each proposal, then confirm, correct, keep pending or skip.",
        discussion: """
            In a terminal each stamp is shown (drawn from its thumbnail) with the ranked \
            candidates and their evidence; pick one by number or with ↑/↓ and Enter, or search \
            the gazetteer by hand (s), then check the whole chain country → region → city → \
            airport and the date, direction and entry method before saving. Keys: 1–9 pick, s \
            search, e date, i direction, m method, b book, p page, n note, f favourite, d hide a \
            part of the picture (draw a box; see --redact), r turn a quarter and scan again, k \
            keep as pending, x skip, q quit (what was saved stays). \
            Without a terminal give --yes: the top candidate is accepted when its confidence is \
            at least --accept-above, every other stamp is kept as pending for 'stampkit review'. \
            The same photo with the same crop is never added twice.
            """,
        arguments: [Self.image],
        options: ReadingOptions.specs + [
            Self.book,
            Self.page,
            Self.yes,
            Self.acceptAbove,
            Self.country,
            Self.airport,
            Self.date,
            Self.direction,
            RedactionOption.redact,
            ReviewOptions.noPreview,
            CatalogueOption.spec,
            GazetteerOption.spec,
        ])

    let images: [String]
    let reading: ReadingOptions
    let book: String?
    let page: Int?
    let yes: Bool
    let acceptAbove: Double
    let country: String?
    let airport: String?
    let date: String?
    let direction: Direction?
    let redactions: [PixelBox]
    let noPreview: Bool
    let catalogue: URL
    let gazetteer: URL

    init(_ parsed: ParsedCommand) throws {
        images = parsed.arguments(Self.image)
        reading = try ReadingOptions(parsed)
        book = try Self.bookName(parsed.value(Self.book))
        page = parsed.value(Self.page) == nil ? nil : try parsed.integer(Self.page, in: 1...999, default: 1)
        yes = parsed[Self.yes]
        acceptAbove = try parsed.number(Self.acceptAbove, in: 0...1) ?? 0.9
        country = try parsed.value(Self.country).map { try CountryCodeOption.parse($0, option: "--country") }
        if let code = parsed.value(Self.airport) {
            guard code.count == 3, code.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw UsageError(message: "--airport takes a three-letter IATA code, e.g. KEF, not '\(code.prefix(40))'")
            }
            airport = code.uppercased()
        } else {
            airport = nil
        }
        if let day = parsed.value(Self.date) {
            guard CalendarDay(day) != nil else {
                throw UsageError(message: "--date takes a day as YYYY-MM-DD, e.g. 2019-07-12, not '\(day.prefix(40))'")
            }
            date = day
        } else {
            date = nil
        }
        if let word = parsed.value(Self.direction) {
            guard let value = Direction(rawValue: word.lowercased()) else {
                throw UsageError(message: "--direction takes arrival or departure, not '\(word.prefix(40))'")
            }
            direction = value
        } else {
            direction = nil
        }
        redactions = try RedactionOption.parse(parsed)
        noPreview = parsed[ReviewOptions.noPreview]
        catalogue = CatalogueOption.resolve(parsed)
        gazetteer = GazetteerOption.resolve(parsed)
        // Decided before anything is opened or scanned, so a script without a terminal gets
        // its answer at once instead of a prompt nobody can answer.
        if !yes && !RawTerminal.isInteractive() {
            throw UsageError(message: "add asks about each stamp, but there is no terminal to ask on; run it in a terminal, or add --yes to accept proposals with confidence ≥ --accept-above (default 0.9) and keep the rest pending")
        }
    }

    /// The `--book` value trimmed, or nil when not given; a usage error when empty or too long.
    static func bookName(_ given: String?) throws -> String? {
        try given.map { name in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty, trimmed.count <= 200 else {
                throw UsageError(message: "--book takes a name of 1 to 200 characters, e.g. --book 'Passport 2019'")
            }
            return trimmed
        }
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let places = try Gazetteer(path: gazetteer)
        let lexicon = try Lexicon(files: places.lexiconFiles())
        let scanner = try StampScanner(languages: reading.options.languages, gazetteer: gazetteer, lexicon: lexicon)
        var overrides = StampDraft()
        if let airport {
            guard let found = try places.airport(iata: airport) else {
                throw UsageError(message: "--airport \(airport): no airport with this IATA code in the gazetteer; 'stampkit places search' finds one")
            }
            try overrides.take(PlaceSummary(kind: .airport, id: .code(found.iata), name: found.name, countryCode: found.countryCode), from: places)
        } else if let country {
            guard let found = try places.country(code: country) else {
                throw UsageError(message: "--country \(country): no country with this code in the gazetteer; 'stampkit places search --kind country' lists them")
            }
            overrides.country = StampDraft.Level(id: found.code, name: found.name)
        }
        let store = try CatalogueOption.open(catalogue, terminal)
        let host = CatalogueHost(store: store, scanner: scanner, reading: reading.options,
                                 colours: PreviewColours.detect(environment: ProcessInfo.processInfo.environment, noPreview: noPreview))
        var session: ReviewSession?
        var raw: RawTerminal?
        defer { raw?.restore() }
        if !yes {
            raw = try RawTerminal()
            session = ReviewSession(terminal: raw!, gazetteer: places, host: host, verb: "add")
        }
        var results: [String] = []
        var failures: [String] = []
        var worst: FailureClass?
        for (index, image) in images.enumerated() {
            let url = URL(fileURLWithPath: image).standardizedFileURL
            session?.show(status: "Scanning \(image)…  (\(index + 1) of \(images.count))")
            var item: ReviewItem
            do {
                let source = try StampRecord.Source.fingerprint(of: url)
                if let existing = try store.record(sha256: source.sha256, crop: reading.options.crop) {
                    results.append("\(image): already catalogued as #\(existing.id ?? 0)")
                    continue
                }
                host.sources[url.path] = source
                // A box that hides nothing of this photo is refused before anything is saved.
                try StampRecord(source: source, crop: reading.options.crop, redactions: redactions).checkRedactionsAgainstSource()
                let scan = try scanner.scan(imageAt: url, named: image, options: reading.options)
                item = ReviewItem(source: url, name: image, crop: reading.options.crop, scan: scan, draft: StampDraft(proposal: scan.proposal))
            } catch let error as CatalogueError where error.failureClass == .database {
                throw error
            } catch {
                let failure = CarriedFailure(error)
                failures.append("\(image): error: \(failure.message)")
                worst = worst ?? failure.failureClass
                continue
            }
            apply(overrides, to: &item)
            if let session {
                let step = try session.review(&item, position: index + 1, total: images.count)
                if step == .quit {
                    let left = images.count - index
                    results.append("quit: \(left) stamp\(left == 1 ? "" : "s") not added, from \(image) on")
                    break
                }
                results.append(Self.describe(step, item: item))
            } else {
                let confirmed = decide(&item)
                do {
                    let id = try host.save(item, confirmed: confirmed)
                    results.append(Self.describe(confirmed ? .confirmed(id) : .pending(id), item: item))
                } catch let error as CatalogueError where error.kind == .alreadyCatalogued {
                    // Another stampkit added the same stamp between the check and the save.
                    results.append("\(image): already catalogued as #\(error.existingID ?? 0)")
                }
            }
        }
        raw?.restore()
        for line in results { terminal.result(line) }
        for line in failures { terminal.note(line) }
        return worst?.exitCode ?? 0
    }

    /// The overrides given on the command line win over what the scan read. A place given
    /// (`--airport`, `--country`) is the chain; `--country` keeps the top candidate's lower
    /// levels when the candidate is in that country.
    private func apply(_ overrides: StampDraft, to item: inout ReviewItem) {
        if let book { item.draft.book = book }
        if let page { item.draft.page = page }
        if let date { item.draft.date = date }
        if let direction { item.draft.direction = direction }
        item.redactions = redactions
        guard let country = overrides.country else { return }
        if overrides.airport == nil, let top = item.scan?.proposal.candidates.first, top.country.code == country.id {
            item.draft.take(top)
            return
        }
        item.draft.country = overrides.country
        item.draft.region = overrides.region
        item.draft.city = overrides.city
        item.draft.airport = overrides.airport
        item.draft.confidence = nil
        item.draft.evidence = []
    }

    /// Without a terminal: the place given on the command line, else the top candidate when it
    /// is confident enough; everything else is kept pending with the best proposal, for review.
    /// Returns whether the stamp is confirmed.
    private func decide(_ item: inout ReviewItem) -> Bool {
        if country != nil || airport != nil { return true }
        guard let top = item.scan?.proposal.candidates.first else { return false }
        item.draft.take(top)
        return top.confidence >= acceptAbove
    }

    static func describe(_ step: ReviewStep, item: ReviewItem) -> String {
        switch step {
        case .confirmed(let id): "#\(id) confirmed  \(item.name)  \(item.draft.chainText)" + (item.draft.date.map { " · \($0)" } ?? "")
        case .pending(let id): "#\(id) pending    \(item.name)  \(item.draft.chainText)" + (item.draft.date.map { " · \($0)" } ?? "")
        case .skipped: "\(item.name): skipped"
        case .quit: "\(item.name): not added (quit)"
        }
    }
}
