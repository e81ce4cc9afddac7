import Foundation
import StampKit

/// One stamp as the review sees it: where it came from, what the scan read, and the draft
/// the person is editing.
struct ReviewItem {
    /// The source photo.
    var source: URL
    /// How the person named it (the path as typed), for the screen.
    var name: String
    /// The stamp's rectangle in the source, nil for the whole image.
    var crop: PixelBox?
    /// The scan, nil when the source could not be read (a pending record whose file moved).
    var scan: StampScan?
    /// What will be saved.
    var draft: StampDraft
    /// The record being reviewed (`stampkit review`); nil for a new stamp (`stampkit add`).
    var recordID: Int?
    /// Regions of the source to hide in every image written of the stamp.
    var redactions: [PixelBox] = []

    /// Degrees counter-clockwise the scan turned the stamp to read it.
    var rotation: Double { scan?.reading.rotation ?? 0 }
}

/// How the review of one stamp ended.
enum ReviewStep: Equatable {
    /// Saved as confirmed, with the record's number.
    case confirmed(Int)
    /// Saved (or left) as pending.
    case pending(Int)
    /// Not saved.
    case skipped
    /// The person quit: this stamp and the ones after it are not saved.
    case quit
}

/// What the review needs from the command that runs it: saving, scanning again, the picture.
protocol ReviewHost: AnyObject {
    /// Saves the draft as confirmed or pending; returns the record's number.
    func save(_ item: ReviewItem, confirmed: Bool) throws -> Int
    /// Scans the item's source again turned by `degrees` counter-clockwise.
    func rescan(_ item: ReviewItem, rotation degrees: Double) throws -> StampScan
    /// Preview lines of the item's stamp fitted into `columns × rows` cells (empty for none).
    func preview(_ item: ReviewItem, columns: Int, rows: Int) -> [String]
    /// The pixels of that preview (nil when previews are off or there is no picture).
    func previewPixels(_ item: ReviewItem, columns: Int, rows: Int) -> RGBPixels?
    /// Preview lines of pixels (a picture with a box drawn over it).
    func render(_ pixels: RGBPixels) -> [String]
    /// The source's pixels under `box` of a preview `width × height` pixels large.
    func sourceBox(_ item: ReviewItem, ofPreview box: PixelBox, width: Int, height: Int) throws -> PixelBox?
}

/// The interactive review of one stamp after another on a raw terminal: the stamp screen
/// (candidates, commands), the confirm screen (the whole chain, each field changeable), search
/// by hand and the field prompts.
final class ReviewSession {
    private let terminal: RawTerminal
    private let gazetteer: Gazetteer
    private unowned let host: any ReviewHost
    private let verb: String
    private var previewCache: (key: String, lines: [String])?

    /// A session drawing on `terminal`, searching `gazetteer`; `verb` heads each screen.
    init(terminal: RawTerminal, gazetteer: Gazetteer, host: any ReviewHost, verb: String) {
        self.terminal = terminal
        self.gazetteer = gazetteer
        self.host = host
        self.verb = verb
    }

    /// A one-line notice while something slow runs (a scan).
    func show(status: String) {
        draw(["\u{1B}[1mstampkit \(verb)\u{1B}[0m", "", status])
    }

    // MARK: - The stamp screen

    /// Reviews one stamp until it is saved, kept pending, skipped, or the person quits.
    func review(_ item: inout ReviewItem, position: Int, total: Int) throws -> ReviewStep {
        let title = "stampkit \(verb) · stamp \(position) of \(total)" + (item.recordID.map { " · #\($0)" } ?? "")
        var highlight = 0
        var message: String?
        while true {
            let candidates = Array((item.scan?.proposal.candidates ?? []).prefix(9))
            let entries = ReviewScreens.stampEntries(candidates: candidates, draft: item.draft)
            var menu = MenuPicker(count: entries.count, highlight: highlight)
            func render(_ preview: [String]) -> [String] {
                ReviewScreens.stamp(
                    title: title, source: item.name, scan: item.scan, draft: item.draft, preview: preview,
                    entries: entries, highlight: menu.highlight, message: message, width: terminal.size.columns)
            }
            draw(render(preview(item, textLines: render([]).count)))
            message = nil
            let key = terminal.readKey()
            var command: StampCommand?
            switch menu.handle(key) {
            case .moved:
                highlight = menu.highlight
                continue
            case .picked(let index):
                highlight = menu.highlight
                if index < candidates.count {
                    item.draft.take(candidates[index])
                    if let step = try confirm(&item, title: title) { return step }
                    continue
                }
                command = StampCommand.listed[index - candidates.count]
            case .cancelled:
                if key == .interrupt || key == .endOfInput { return .quit }
                continue
            case .other(let other):
                if case .character(let c) = other, let lower = c.lowercased().first {
                    command = StampCommand(rawValue: lower)
                }
                if command == nil { message = "that key does nothing here; the line at the bottom lists the keys" }
            }
            guard let command else { continue }
            switch command {
            case .search:
                guard let place = try search(title: title, kinds: nil, country: nil) else { continue }
                try item.draft.take(place, from: gazetteer)
                if let step = try confirm(&item, title: title) { return step }
            case .date, .direction, .method, .book, .page, .note, .favourite:
                message = edit(command, of: &item.draft, title: title, screen: render([]))
            case .redact:
                message = drawRedaction(&item, title: title)
            case .turn:
                let turned = (item.rotation + 90).truncatingRemainder(dividingBy: 360)
                show(status: "Turning a quarter and scanning \(item.name) again…")
                do {
                    let scan = try host.rescan(item, rotation: turned)
                    item.scan = scan
                    var fresh = StampDraft(proposal: scan.proposal)
                    fresh.book = item.draft.book
                    fresh.page = item.draft.page
                    fresh.favorite = item.draft.favorite
                    fresh.note = item.draft.note
                    item.draft = fresh
                    highlight = 0
                    previewCache = nil
                } catch {
                    message = "could not scan it again: \(Tool.describe(error).1)"
                }
            case .keep:
                if let step = try save(&item, confirmed: false, message: &message) { return step }
            case .skip:
                return .skipped
            case .quit:
                return .quit
            }
        }
    }

    // MARK: - The confirm screen

    /// Shows the whole chain and every field, each changeable; returns the step when the
    /// stamp was saved, nil to go back to the stamp screen.
    private func confirm(_ item: inout ReviewItem, title: String) throws -> ReviewStep? {
        var highlight = 0
        var message: String?
        let rows = ConfirmRow.allCases
        while true {
            var menu = MenuPicker(count: rows.count, highlight: highlight)
            func render(_ preview: [String]) -> [String] {
                ReviewScreens.confirm(
                    title: title, draft: item.draft, redactions: item.redactions.count, preview: preview, highlight: menu.highlight,
                    message: message, width: terminal.size.columns)
            }
            draw(render(preview(item, textLines: render([]).count)))
            message = nil
            let key = terminal.readKey()
            var row: ConfirmRow?
            switch menu.handle(key) {
            case .moved:
                highlight = menu.highlight
                continue
            case .picked(let index):
                highlight = index
                row = rows[index]
            case .cancelled:
                return nil
            case .other(let other):
                if other == .delete || other == .backspace {
                    // Clears the highlighted level of the chain: "this part is unknown".
                    let kinds: [ConfirmRow: PlaceKind] = [.country: .country, .region: .region, .city: .city, .airport: .airport]
                    if let kind = kinds[rows[highlight]] { item.draft.clear(kind) }
                    continue
                }
                if case .character(let c) = other {
                    row = rows.first { $0.key == c.lowercased() }
                }
                if row == nil { message = "that key does nothing here; the line at the bottom lists the keys" }
            }
            guard let row else { continue }
            if let index = rows.firstIndex(of: row) { highlight = index }
            switch row {
            case .save:
                guard item.draft.country != nil else {
                    message = "a confirmed stamp needs at least its country: pick one with c"
                    continue
                }
                if let step = try save(&item, confirmed: true, message: &message) { return step }
            case .country, .region, .city, .airport:
                let kind: PlaceKind = [.country: .country, .region: .region, .city: .city, .airport: .airport][row]!
                let within = kind == .country ? nil : item.draft.country?.id
                if let place = try search(title: title, kinds: [kind], country: within) {
                    if kind == .airport || (kind == .city && item.draft.country?.id != place.countryCode) {
                        // An airport brings its own city, region and country to check.
                        try item.draft.take(place, from: gazetteer)
                    } else {
                        item.draft.set(place)
                    }
                }
            case .date: message = edit(.date, of: &item.draft, title: title, screen: render([]))
            case .direction: message = edit(.direction, of: &item.draft, title: title, screen: render([]))
            case .method: message = edit(.method, of: &item.draft, title: title, screen: render([]))
            case .book: message = edit(.book, of: &item.draft, title: title, screen: render([]))
            case .page: message = edit(.page, of: &item.draft, title: title, screen: render([]))
            case .favourite: item.draft.favorite.toggle()
            case .note: message = edit(.note, of: &item.draft, title: title, screen: render([]))
            case .redact: message = drawRedaction(&item, title: title)
            case .keep:
                if let step = try save(&item, confirmed: false, message: &message) { return step }
            case .back:
                return nil
            }
        }
    }

    private func save(_ item: inout ReviewItem, confirmed: Bool, message: inout String?) throws -> ReviewStep? {
        do {
            let id = try host.save(item, confirmed: confirmed)
            item.recordID = id
            return confirmed ? .confirmed(id) : .pending(id)
        } catch let error as any StampKitFailure where error.failureClass == .input || error.failureClass == .usage {
            // A refusal (e.g. a page number out of range) is fixable on the screen.
            message = error.message
            return nil
        }
    }

    // MARK: - Fields

    /// Edits one field; returns a message for the screen when the input was refused.
    private func edit(_ command: StampCommand, of draft: inout StampDraft, title: String, screen: [String]) -> String? {
        switch command {
        case .favourite:
            draft.favorite.toggle()
        case .date:
            guard let text = prompt("Date (YYYY-MM-DD, empty = unknown): ", initial: draft.date ?? "", over: screen) else { return nil }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { draft.date = nil; return nil }
            guard CalendarDay(trimmed) != nil else { return "'\(trimmed.prefix(20))' is not a day; type it as YYYY-MM-DD, e.g. 2019-07-12" }
            draft.date = trimmed
        case .direction:
            let options: [Direction?] = [.arrival, .departure, nil]
            let labels = options.map { $0?.rawValue ?? "unknown" }
            guard let i = choose(title: title, heading: "Direction", labels: labels, current: options.firstIndex(of: draft.direction)) else { return nil }
            draft.direction = options[i]
        case .method:
            let options: [EntryMethod?] = [.air, .land, .sea, .rail, nil]
            let labels = options.map { $0?.rawValue ?? "unknown" }
            guard let i = choose(title: title, heading: "Entry method", labels: labels, current: options.firstIndex(of: draft.entryMethod)) else { return nil }
            draft.entryMethod = options[i]
        case .book:
            guard let text = prompt("Book (a new name makes a new book; empty = none): ", initial: draft.book ?? "", over: screen) else { return nil }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            draft.book = trimmed.isEmpty ? nil : trimmed
        case .page:
            guard let text = prompt("Page (empty = unknown): ", initial: draft.page.map(String.init) ?? "", over: screen) else { return nil }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty { draft.page = nil; return nil }
            guard let page = Int(trimmed), (1...999).contains(page) else { return "a page is a number from 1 to 999, not '\(trimmed.prefix(20))'" }
            draft.page = page
        case .note:
            guard let text = prompt("Note (empty = none): ", initial: draft.note ?? "", over: screen) else { return nil }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            draft.note = trimmed.isEmpty ? nil : trimmed
        case .search, .turn, .keep, .skip, .quit, .redact:
            break
        }
        return nil
    }

    /// A list of labels to pick one from; nil when the person went back.
    private func choose(title: String, heading: String, labels: [String], current: Int?) -> Int? {
        var menu = MenuPicker(count: labels.count, highlight: current ?? 0)
        while true {
            let entries = labels.enumerated().map { MenuEntry(key: String($0.offset + 1), label: $0.element) }
            draw(ReviewScreens.pick(title: title, heading: heading, entries: entries, highlight: menu.highlight, message: nil, width: terminal.size.columns))
            switch menu.handle(terminal.readKey()) {
            case .picked(let i): return i
            case .cancelled: return nil
            case .moved, .other: continue
            }
        }
    }

    // MARK: - Redaction

    /// Lets the person draw a box over the picture; Enter adds the region of the photo under it
    /// to the stamp's redactions (saved with the stamp), Esc leaves them as they were. Returns
    /// a message for the screen.
    private func drawRedaction(_ item: inout ReviewItem, title: String) -> String? {
        let size = terminal.size
        let columns = min(80, size.columns - 2), rows = min(30, size.rows - 6)
        guard rows >= 4, let pixels = host.previewPixels(item, columns: columns, rows: rows), pixels.width > 1, pixels.height > 1 else {
            return "drawing a box needs the picture: run without --no-preview, NO_COLOR or TERM=dumb, or use 'stampkit edit ID --redact X,Y,W,H'"
        }
        var drawing = RedactionDrawing(width: pixels.width, height: pixels.height)
        var message: String?
        while true {
            let place: String
            let source = try? host.sourceBox(item, ofPreview: drawing.box, width: pixels.width, height: pixels.height)
            if let source {
                place = "\(source.width)×\(source.height) px at \(source.x),\(source.y) of the photo"
            } else {
                place = "(outside the photo)"
            }
            draw(ReviewScreens.drawing(
                title: title, picture: host.render(drawing.overlaid(on: pixels)), place: place, message: message,
                width: size.columns))
            message = nil
            switch drawing.handle(terminal.readKey()) {
            case .changed: continue
            case .ignored: message = "that key does nothing here; the line at the bottom lists the keys"
            case .cancelled: return nil
            case .kept:
                guard let source else { return "the box lies outside the photo; nothing was hidden" }
                item.redactions.append(source)
                previewCache = nil
                return "hidden: \(source.width)×\(source.height) px at \(source.x),\(source.y) (saved with the stamp)"
            }
        }
    }

    // MARK: - Search by hand

    /// Asks for a name, searches the gazetteer (full text, any language, without diacritics)
    /// and lets the person pick one hit; nil when they went back.
    private func search(title: String, kinds: Set<PlaceKind>?, country: String?) throws -> PlaceSummary? {
        let what = kinds.map { $0.map(\.rawValue).sorted().joined(separator: "/") } ?? "place"
        var text = ""
        var message: String?
        while true {
            let heading = "Search a \(what)" + (country.map { " in \($0)" } ?? "") + " by name or code, in any language (e.g. keflavik, München, KEF)"
            let screen = ReviewScreens.pick(title: title, heading: heading, entries: [], highlight: 0, message: message, width: terminal.size.columns)
            guard let typed = prompt("Search: ", initial: text, over: Array(screen.prefix(2))) else { return nil }
            text = typed
            guard !typed.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            var query = PlaceQuery(text: typed)
            query.kinds = kinds ?? [.country, .region, .city, .airport]
            query.countryCode = country
            query.limit = 9
            let hits = try gazetteer.search(query)
            guard !hits.isEmpty else {
                message = "no place matches '\(typed.prefix(40))'; try another spelling or fewer letters"
                continue
            }
            let entries = hits.enumerated().map { i, hit in
                MenuEntry(key: String(i + 1), label: placeLine(hit.place)
                    + (hit.matchedName != hit.place.name ? " — \"\(hit.matchedName)\"" : ""))
            }
            var menu = MenuPicker(count: entries.count)
            pickLoop: while true {
                draw(ReviewScreens.pick(
                    title: title, heading: "Places matching '\(typed)'", entries: entries, highlight: menu.highlight,
                    message: nil, width: terminal.size.columns))
                switch menu.handle(terminal.readKey()) {
                case .picked(let i): return hits[i].place
                case .cancelled: break pickLoop
                case .moved, .other: continue
                }
            }
        }
    }

    // MARK: - Drawing

    /// Reads a line at the bottom of `screen`; nil when cancelled (Esc, Ctrl-C).
    private func prompt(_ label: String, initial: String, over screen: [String]) -> String? {
        var editor = LineEditor(initial: initial)
        defer { terminal.showCursor(false) }
        while true {
            let rows = terminal.size.rows
            var lines = Array(screen.prefix(max(0, rows - 2)))
            lines.append("")
            lines.append(label + editor.text)
            draw(lines)
            let cursorColumn = label.count + editor.cursor + 1
            terminal.write("\u{1B}[\(min(lines.count, rows));\(cursorColumn)H")
            terminal.showCursor(true)
            switch editor.handle(terminal.readKey()) {
            case .editing: continue
            case .accepted(let text): return text
            case .cancelled: return nil
            }
        }
    }

    /// The picture in the rows the text leaves free (at most 20, none when fewer than 4).
    private func preview(_ item: ReviewItem, textLines: Int) -> [String] {
        let size = terminal.size
        let rows = min(20, size.rows - textLines - 1)
        guard rows >= 4 else { return [] }
        let columns = min(40, size.columns)
        let key = "\(item.source.path)|\(item.rotation)|\(columns)x\(rows)|\(StampRecord.redactionText(item.redactions))"
        if let cached = previewCache, cached.key == key { return cached.lines }
        let lines = host.preview(item, columns: columns, rows: rows)
        previewCache = (key, lines)
        return lines
    }

    /// Redraws the whole screen from the top, clearing what was there.
    private func draw(_ lines: [String]) {
        let rows = terminal.size.rows
        var out = "\u{1B}[H"
        for (i, line) in lines.prefix(rows).enumerated() {
            out += line + "\u{1B}[0m\u{1B}[K" + (i + 1 < min(lines.count, rows) ? "\r\n" : "")
        }
        out += "\u{1B}[J"
        terminal.write(out)
    }
}
