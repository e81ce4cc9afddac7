import Foundation
import StampKit

/// `--catalogue PATH`, shared by every command that reads or writes the catalogue.
enum CatalogueOption {
    static let spec = ValueOption(
        "catalogue", "PATH",
        help: "The catalogue file (default: $STAMPKIT_CATALOGUE, else $XDG_DATA_HOME/stampkit/catalogue.sqlite).")

    static func resolve(_ parsed: ParsedCommand) -> URL {
        CatalogueStore.defaultURL(explicit: parsed.value(spec), environment: ProcessInfo.processInfo.environment)
    }

    /// Opens the catalogue, saying on stderr when an unclean close made it check the file.
    static func open(_ url: URL, _ terminal: Terminal) throws -> CatalogueStore {
        let store = try CatalogueStore(url: url)
        if store.recoveredFromUncleanClose {
            terminal.note("stampkit: the catalogue was not closed cleanly last time; its integrity check passed")
        }
        return store
    }

    /// Opens the catalogue only when it exists (a read needs no new empty file), read-only
    /// when its folder cannot be written.
    static func openExisting(_ url: URL, _ terminal: Terminal) throws -> CatalogueStore? {
        guard FileManager.default.fileExists(atPath: url.path) else {
            terminal.note("stampkit: no catalogue yet at \(url.path); 'stampkit add IMAGE' catalogues a stamp")
            return nil
        }
        let store = try CatalogueStore.openForReading(url: url)
        if store.recoveredFromUncleanClose {
            terminal.note("stampkit: the catalogue was not closed cleanly last time; its integrity check passed")
        }
        return store
    }

    /// The thumbnail cache for this environment.
    static var thumbnails: ThumbnailCache {
        ThumbnailCache(directory: ThumbnailCache.defaultDirectory(environment: ProcessInfo.processInfo.environment))
    }
}

/// Record numbers given on the command line (`12`, `#12`).
enum RecordIDArgument {
    static func parse(_ text: String) throws -> Int {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard let id = Int(digits), id > 0 else {
            throw UsageError(message: "a stamp is named by its number, e.g. 12 (see 'stampkit list --all'), not '\(text.prefix(40))'")
        }
        return id
    }
}

/// Yes/no questions on the terminal. Without a terminal on stdin nothing is ever read: the
/// command fails at once with what to pass instead, so a script never hangs.
enum Confirmation {
    /// stdin and stderr are both a terminal a person can answer on.
    static var canAsk: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDERR_FILENO) == 1 }

    /// Asks `question` (on stderr); true only for y/yes.
    static func ask(_ question: String) -> Bool {
        FileHandle.standardError.write(Data("\(question) [y/N] ".utf8))
        guard let answer = readLine() else { return false }
        return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
    }

    /// Asks `question` and returns the first letter of the answer, lower-cased (nil at end of input).
    static func choose(_ question: String) -> Character? {
        FileHandle.standardError.write(Data("\(question) ".utf8))
        return readLine()?.trimmingCharacters(in: .whitespaces).lowercased().first
    }
}

/// How one record reads in lists: number, date, direction, place chain, book and marks.
func recordLine(_ r: StampRecord) -> String {
    // Padded by hand: Foundation's padding(toLength:) costs more than the rest of the line.
    func padded(_ text: String, _ width: Int) -> String {
        let count = text.count
        return count >= width ? text : text + String(repeating: " ", count: width - count)
    }
    var parts: [String] = [padded("#\(r.id ?? 0)", 6)]
    parts.append(r.date?.description ?? "no date   ")
    parts.append(padded(r.direction?.rawValue ?? "–", 9))
    var place = r.country.map { "\($0.id) \($0.name)" } ?? "(no country)"
    let below = [r.region?.name, r.city?.name].compactMap { $0 }
    if !below.isEmpty { place += " · " + below.joined(separator: " · ") }
    if let airport = r.airport { place += " (\(airport.id))" }
    parts.append(place)
    if let book = r.book { parts.append("[\(book)\(r.page.map { " p.\($0)" } ?? "")]") }
    if r.favorite { parts.append("★") }
    if r.status == .pending { parts.append("(pending)") }
    return parts.joined(separator: "  ")
}

/// Every field of one record, one per line, for `show` and after `edit`.
func recordDetail(_ r: StampRecord, thumbnail: String?) -> [String] {
    func row(_ name: String, _ value: String?) -> String {
        name.padding(toLength: 13, withPad: " ", startingAt: 0) + (value ?? "–")
    }
    var out = [
        row("Stamp", "#\(r.id ?? 0) (\(r.status.rawValue))"),
        row("Country", r.country.map { "\($0.name) (\($0.id))" }),
        row("Region", r.region.map { "\($0.name) (\($0.id))" }),
        row("City", r.city.map { "\($0.name) (\($0.id))" }),
        row("Airport", r.airport.map { "\($0.name) (\($0.id))" }),
        row("Date", r.date?.description),
        row("Direction", r.direction?.rawValue),
        row("Entry method", r.entryMethod?.rawValue),
        row("Book", r.book.map { $0 + (r.page.map { ", page \($0)" } ?? "") }),
        row("Favourite", r.favorite ? "yes" : "no"),
        row("Note", r.note),
        row("Confidence", r.confidence.map { String(format: "%.2f", $0) }),
        row("Source", r.source.path),
        row("SHA-256", r.source.sha256),
        row("Crop", r.crop.map { "\($0.x),\($0.y),\($0.width),\($0.height)" } ?? "whole image"),
        row("Redacted", r.redactions.isEmpty ? nil : r.redactions.map { "\($0.x),\($0.y),\($0.width),\($0.height)" }.joined(separator: "; ")),
        row("Rotation", String(format: "%g°", r.rotation)),
        row("Thumbnail", thumbnail),
        row("Saved", StampRecord.timestamp(r.createdAt) + ", changed " + StampRecord.timestamp(r.updatedAt)),
    ]
    for note in r.evidence {
        out.append(row("Evidence", "\(note.kind) \"\(note.text)\" — \(note.detail)"))
    }
    if let text = r.ocrText, !text.isEmpty {
        out.append(row("OCR text", text.split(separator: "\n").joined(separator: " | ")))
    }
    return out
}
