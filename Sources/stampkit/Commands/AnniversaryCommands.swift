import Foundation
import StampKit

/// Today's date: `$STAMPKIT_TODAY` (YYYY-MM-DD) when set, so tests and demos can fix the
/// clock, else the local calendar day.
enum Today {
    static func date(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> CalendarDay {
        if let text = environment["STAMPKIT_TODAY"], !text.isEmpty {
            guard let day = CalendarDay(text) else {
                throw UsageError(message: "STAMPKIT_TODAY must be a real day as YYYY-MM-DD, not '\(text.prefix(40))'; unset it to use the clock")
            }
            return day
        }
        let parts = Calendar(identifier: .gregorian).dateComponents(in: .current, from: Date())
        return CalendarDay(year: parts.year ?? 2000, month: parts.month ?? 1, day: parts.day ?? 1)!
    }
}

/// `stampkit onthisday [--date MM-DD]`: stamps from this calendar day in earlier years.
struct OnThisDayCommand: ToolCommand {
    static let date = ValueOption("date", "MM-DD", help: "Another day of the year instead of today, e.g. 07-12.")
    static let json = Flag("json", help: "Print one JSON object: the day, then the years with their stamps.")
    static let spec = CommandSpec(
        name: "onthisday",
        abstract: "Stamps from this calendar day in earlier years, grouped by year.",
        discussion: """
            Shows confirmed stamps (--all adds pending ones) dated on today's day and month in an \
            earlier year, the most recent year first, each stamp's most specific place first. When \
            the day has none, it shows the nearest day that has some and says so. On 28 February \
            of a year without a 29th, stamps of 29 February come round too. Today comes from the \
            clock, or from $STAMPKIT_TODAY (YYYY-MM-DD) when set.
            """,
        options: [Self.date, RecordFilterOptions.all, Self.json, CatalogueOption.spec])

    let asked: MonthDay?
    let all: Bool
    let json: Bool
    let catalogue: URL

    init(_ parsed: ParsedCommand) throws {
        if let text = parsed.value(Self.date) {
            guard let day = MonthDay(text) else {
                throw UsageError(message: "--date takes a day of the year as MM-DD, e.g. 07-12 or 02-29, not '\(text.prefix(40))'")
            }
            asked = day
        } else {
            asked = nil
        }
        all = parsed[RecordFilterOptions.all]
        json = parsed[Self.json]
        catalogue = CatalogueOption.resolve(parsed)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let today = try Today.date()
        let store = try CatalogueOption.openWithStamps(catalogue, terminal)
        var filter = RecordFilter()
        if all { filter.statuses = [.pending, .confirmed] }
        let result = OnThisDay(records: try store.records(matching: filter), today: today, asked: asked)
        if json {
            let cache = CatalogueOption.thumbnails
            terminal.result(result.json(thumbnail: { try? cache.thumbnailPath(for: $0) }))
            return 0
        }
        guard !result.years.isEmpty else {
            terminal.note("no \(all ? "" : "confirmed ")stamp is dated in a year before \(today.year)"
                + (all ? "" : " (--all adds pending ones)"))
            return 0
        }
        var lines: [String] = []
        if result.daysAway == 0 {
            lines.append("On this day, \(result.day.spoken):")
        } else {
            let away = abs(result.daysAway)
            lines.append("Nothing on \(result.asked.spoken); the nearest day with stamps is \(result.day.spoken), "
                + "\(away) day\(away == 1 ? "" : "s") \(result.daysAway < 0 ? "earlier" : "later"):")
        }
        for year in result.years {
            let ago = year.yearsAgo == 1 ? "1 year ago" : "\(year.yearsAgo) years ago"
            for stamp in year.stamps {
                lines.append("  \(ago): \(Self.describe(stamp))")
            }
        }
        terminal.result(lines.joined(separator: "\n"))
        return 0
    }

    /// `Keflavík (KEF), Suðurnes, Iceland, arrival — 2019-07-12, #7`.
    static func describe(_ stamp: StampRecord) -> String {
        let names = stamp.placeNames
        var text = names.isEmpty ? "(no place)" : names.joined(separator: ", ")
        if let direction = stamp.direction { text += ", \(direction.rawValue)" }
        return text + " — \(stamp.date?.description ?? "undated"), #\(stamp.id ?? 0)"
    }
}

/// `stampkit thennow`: places stamped in two or more different years.
struct ThenNowCommand: ToolCommand {
    static let json = Flag("json", help: "Print one JSON array of places with their years and stamps.")
    static let spec = CommandSpec(
        name: "thennow",
        abstract: "Places (countries and cities) stamped in two or more different years, with the dates.",
        discussion: """
            Confirmed stamps (--all adds pending ones) with a date. Places with the most \
            different years come first, then the longest span between the first and the last. \
            The text lists the first \(daysShown) days of each year and counts the rest; --json \
            has every stamp.
            """,
        options: [RecordFilterOptions.all, Self.json, CatalogueOption.spec])

    /// Days listed per year in the text output; `--json` has them all.
    static let daysShown = 4

    let all: Bool
    let json: Bool
    let catalogue: URL

    init(_ parsed: ParsedCommand) throws {
        all = parsed[RecordFilterOptions.all]
        json = parsed[Self.json]
        catalogue = CatalogueOption.resolve(parsed)
    }

    func run(_ terminal: Terminal) throws -> Int32 {
        let store = try CatalogueOption.openWithStamps(catalogue, terminal)
        var filter = RecordFilter()
        if all { filter.statuses = [.pending, .confirmed] }
        let result = ThenAndNow(records: try store.records(matching: filter))
        if json {
            terminal.result(result.json())
            return 0
        }
        guard !result.places.isEmpty else {
            terminal.note("no place has \(all ? "" : "confirmed ")stamps from two different years yet"
                + (all ? "" : " (--all adds pending ones)"))
            return 0
        }
        terminal.result(result.places.map { place in
            let name = place.level == "city" ? "\(place.name), \(place.countryName)" : place.name
            let dates = Dictionary(grouping: place.stamps) { $0.date!.year }
            // A few days a year read as dates; a place stamped hundreds of times a year would
            // bury the other places, so each year shows its first days and a count.
            let visits = place.years.map { year -> String in
                var days: [String] = []
                for stamp in dates[year]! where days.last != stamp.date!.description { days.append(stamp.date!.description) }
                return days.prefix(Self.daysShown).joined(separator: ", ")
                    + (days.count > Self.daysShown ? " and \(days.count - Self.daysShown) more day\(days.count - Self.daysShown == 1 ? "" : "s")" : "")
            }
            return "\(name) (\(place.level)) · \(place.years.count) years: " + visits.joined(separator: " · ")
        }.joined(separator: "\n"))
        return 0
    }
}
