import Foundation
import StampKit

/// One line of a review menu: the key that picks it, what it does, and lines shown under it.
struct MenuEntry: Equatable {
    /// The key shown before the label (a digit or a letter).
    var key: String
    var label: String
    /// Extra lines under the entry (a candidate's evidence).
    var detail: [String] = []
}

/// The commands of the stamp screen, each with its letter. The letters are also accepted on
/// the confirm screen where they make sense.
enum StampCommand: Character, CaseIterable {
    case search = "s", date = "e", direction = "i", method = "m", book = "b", page = "p", note = "n"
    case favourite = "f", turn = "r", keep = "k", skip = "x", quit = "q", redact = "d"

    /// What the command's menu entry says.
    var label: String {
        switch self {
        case .search: "Search the gazetteer by hand"
        case .date: "Date"
        case .direction: "Direction"
        case .method: "Entry method"
        case .book: "Book"
        case .page: "Page"
        case .note: "Note"
        case .favourite: "Favourite"
        case .turn: "Turn a quarter and scan again"
        case .keep: "Keep as pending (review later)"
        case .skip: "Skip this stamp (not saved)"
        case .quit: "Quit (what was saved stays saved)"
        case .redact: "Hide a part of the picture (draw a box)"
        }
    }

    /// The commands listed as menu entries under the candidates; the field edits are only
    /// letters there (named in the help line), to keep the screen within 24 rows.
    static let listed: [StampCommand] = [.search, .favourite, .turn, .keep, .skip, .quit]
}

/// The rows of the confirm screen: save, each level of the chain, each other field, back.
enum ConfirmRow: CaseIterable {
    case save, country, region, city, airport, date, direction, method, book, page, favourite, note, redact, keep, back

    /// The key that jumps to the row.
    var key: String {
        switch self {
        case .save: "y"
        case .country: "c"
        case .region: "g"
        case .city: "t"
        case .airport: "a"
        case .date: "e"
        case .direction: "i"
        case .method: "m"
        case .book: "b"
        case .page: "p"
        case .favourite: "f"
        case .note: "n"
        case .redact: "d"
        case .keep: "k"
        case .back: "Esc"
        }
    }
}

/// Draws the review's screens as lines of text. Pure: the session writes them to the terminal,
/// the tests read them.
enum ReviewScreens {
    /// The stamp screen: what was read, the ranked candidates with their evidence, the fields.
    static func stamp(
        title: String, source: String, scan: StampScan?, draft: StampDraft, preview: [String],
        entries: [MenuEntry], highlight: Int, message: String?, width: Int
    ) -> [String] {
        var lines = [bold(title), "Source  \(source)"]
        lines += preview
        if let scan {
            let read = scan.reading.lines.map(\.text).filter { !$0.isEmpty }.joined(separator: " / ")
            lines.append("Read    " + (read.isEmpty ? "(no text)" : "\"\(read)\"") + String(format: "  (turned %.0f°)", scan.reading.rotation))
        } else {
            lines.append("Read    (the source could not be scanned; search by hand)")
        }
        lines.append(fieldsLine(draft))
        lines.append(draft.country == nil ? "Chain   — (pick a candidate or search)" : "Chain   \(draft.chainText)")
        lines.append("")
        lines.append(bold(scan?.proposal.candidates.isEmpty == false ? "Candidates" : "No candidates: search the gazetteer by hand (s)"))
        lines += menu(entries, highlight: highlight)
        lines.append(message.map { "\u{1B}[33m\($0)\u{1B}[0m" } ?? "")
        // The listed commands show their letters; the field letters are named here.
        lines.append(dim("↑/↓ Enter · 1–9 pick · d hide a part · e date · i direction · m method · b book · p page · n note"))
        return lines.map { fit($0, width: width) }
    }

    /// The entries of the stamp screen's menu: the candidates, then the listed commands.
    /// The evidence as `kind "text"` items, wrapped onto as many lines as a 100-column screen
    /// needs, so that no clue is cut off at the edge.
    static func evidenceLines(_ evidence: ArraySlice<Evidence>, width: Int = 100) -> [String] {
        let first = "        evidence: "
        let more = String(repeating: " ", count: first.count)
        var lines: [String] = []
        for item in evidence.map({ "\($0.kind.rawValue) \"\($0.text)\"" }) {
            if let last = lines.last, last.count + 2 + item.count <= width, last != first {
                lines[lines.count - 1] += "; " + item
            } else {
                lines.append((lines.isEmpty ? first : more) + item)
            }
        }
        return lines
    }

    static func stampEntries(candidates: [Candidate], draft: StampDraft) -> [MenuEntry] {
        var entries: [MenuEntry] = []
        for (i, candidate) in candidates.prefix(9).enumerated() {
            var draftOfCandidate = StampDraft()
            draftOfCandidate.take(candidate)
            entries.append(MenuEntry(
                key: String(i + 1),
                label: String(format: "%3.0f%%  ", candidate.confidence * 100) + draftOfCandidate.chainText,
                detail: evidenceLines(candidate.evidence.prefix(4))))
        }
        for command in StampCommand.listed {
            var label = command.label
            if command == .favourite { label += draft.favorite ? " (now: yes)" : " (now: no)" }
            entries.append(MenuEntry(key: String(command.rawValue), label: label))
        }
        return entries
    }

    /// The confirm screen: the whole chain and every field, each its own row to change.
    static func confirm(
        title: String, draft: StampDraft, redactions: Int = 0, preview: [String], highlight: Int, message: String?, width: Int
    ) -> [String] {
        var lines = [bold(title + " · check the whole chain before saving")]
        lines += preview
        let confidence = draft.confidence.map { String(format: "%.0f%% from the scan", $0 * 100) } ?? "picked by hand"
        lines.append("Chain   \(draft.chainText)   (\(confidence))")
        if !draft.evidence.isEmpty {
            lines += evidenceLines(draft.evidence.prefix(4))
        }
        lines.append("")
        lines += menu(confirmEntries(draft, redactions: redactions), highlight: highlight)
        lines.append(message.map { "\u{1B}[33m\($0)\u{1B}[0m" } ?? "")
        lines.append(dim("↑/↓ Enter or the key on the left · Del clears the highlighted level · Esc back"))
        return lines.map { fit($0, width: width) }
    }

    /// The confirm screen's rows with their current values.
    static func confirmEntries(_ draft: StampDraft, redactions: Int = 0) -> [MenuEntry] {
        func level(_ l: StampDraft.Level?) -> String { l.map { "\($0.name) (\($0.id))" } ?? "—" }
        return ConfirmRow.allCases.map { row in
            let label: String
            switch row {
            case .save: label = "Save as confirmed"
            case .country: label = "Country    " + level(draft.country)
            case .region: label = "Region     " + level(draft.region)
            case .city: label = "City       " + level(draft.city)
            case .airport: label = "Airport    " + (draft.airport.map { "\($0.id) \($0.name)" } ?? "—")
            case .date: label = "Date       " + (draft.date ?? "—")
            case .direction: label = "Direction  " + (draft.direction?.rawValue ?? "—")
            case .method: label = "Method     " + (draft.entryMethod?.rawValue ?? "—")
            case .book: label = "Book       " + (draft.book ?? "—")
            case .page: label = "Page       " + (draft.page.map(String.init) ?? "—")
            case .favourite: label = "Favourite  " + (draft.favorite ? "yes" : "no")
            case .note: label = "Note       " + (draft.note ?? "—")
            case .redact: label = "Hidden     " + (redactions == 0 ? "— (d draws a box)" : "\(redactions) box\(redactions == 1 ? "" : "es")")
            case .keep: label = "Keep as pending instead"
            case .back: label = "Back to the candidates"
            }
            return MenuEntry(key: row.key, label: label)
        }
    }

    /// The drawing screen: the picture with the box over it, where the box lies in the photo,
    /// and the keys.
    static func drawing(title: String, picture: [String], place: String, message: String?, width: Int) -> [String] {
        var lines = [bold(title + " · hide a part of the picture"), "Draw a box over what no image of this stamp may show (a visa number, a signature)."]
        lines += picture
        lines.append("Box     " + place)
        lines.append(message.map { "\u{1B}[33m\($0)\u{1B}[0m" } ?? "")
        lines.append(dim("←↑↓→ or h j k l move · H J K L narrower, taller, shorter, wider · Enter hide it · Esc cancel"))
        return lines.map { fit($0, width: width) }
    }

    /// A list to pick one from (search results, a direction), with the prompt that led to it.
    static func pick(title: String, heading: String, entries: [MenuEntry], highlight: Int, message: String?, width: Int) -> [String] {
        var lines = [bold(title), heading, ""]
        lines += entries.isEmpty ? ["  (nothing found)"] : menu(entries, highlight: highlight)
        lines.append(message.map { "\u{1B}[33m\($0)\u{1B}[0m" } ?? "")
        lines.append(dim("↑/↓ Enter · 1–9 pick · Esc back"))
        return lines.map { fit($0, width: width) }
    }

    /// One line with the fields other than the chain.
    static func fieldsLine(_ draft: StampDraft) -> String {
        "Date \(draft.date ?? "—") · \(draft.direction?.rawValue ?? "direction —") · \(draft.entryMethod.map { "by \($0.rawValue)" } ?? "method —")"
            + " · book \(draft.book ?? "—") · page \(draft.page.map(String.init) ?? "—")"
            + (draft.favorite ? " · ★ favourite" : "") + (draft.note.map { " · note: \($0)" } ?? "")
    }

    static func menu(_ entries: [MenuEntry], highlight: Int) -> [String] {
        var lines: [String] = []
        for (i, entry) in entries.enumerated() {
            let key = entry.key.count == 1 ? " \(entry.key)" : entry.key
            let line = "\(key.padding(toLength: 3, withPad: " ", startingAt: 0)) \(entry.label)"
            lines.append(i == highlight ? "\u{1B}[7m▸ \(line)\u{1B}[0m" : "  \(line)")
            lines += entry.detail
        }
        return lines
    }

    static func bold(_ text: String) -> String { "\u{1B}[1m\(text)\u{1B}[0m" }
    static func dim(_ text: String) -> String { "\u{1B}[2m\(text)\u{1B}[0m" }

    /// Cuts a line to `width` visible characters, leaving escape sequences whole, so no line
    /// wraps and moves the rest of the screen.
    static func fit(_ line: String, width: Int) -> String {
        var out = ""
        var visible = 0
        var inEscape = false
        var cut = false
        for scalar in line.unicodeScalars {
            if inEscape {
                out.unicodeScalars.append(scalar)
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
                continue
            }
            if scalar == "\u{1B}" {
                inEscape = true
                out.unicodeScalars.append(scalar)
                continue
            }
            if visible >= width {
                cut = true
                continue
            }
            out.unicodeScalars.append(scalar)
            // Combining marks take no column of their own.
            if !(0x300...0x36F).contains(scalar.value) { visible += 1 }
        }
        return cut ? out + "\u{1B}[0m" : out
    }
}
