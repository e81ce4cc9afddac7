import Foundation
import Testing
@testable import StampKit
@testable import StampKitCatalogue

/// On This Day's day arithmetic and choices, and Then & Now's grouping, on records in memory.
@Suite struct AnniversaryTests {
    static func stamp(_ id: Int, _ date: String?, country: String = "IS", city: Int? = 3_415_496, airport: Bool = true) -> StampRecord {
        var record = CatalogueFixtures.record(id, country: country, date: date ?? "2000-01-01")
        record.id = id
        if date == nil { record.date = nil }
        if city == nil { record.city = nil } else { record.city = .init(id: city!, name: "City \(city!)") }
        if !airport { record.airport = nil }
        return record
    }

    @Test func monthDaysParseAndMeasureRoundTheYear() {
        #expect(MonthDay("07-12") == MonthDay(month: 7, day: 12))
        #expect(MonthDay("7-2")?.description == "07-02")
        #expect(MonthDay("02-29") != nil)
        for bad in ["13-40", "02-30", "04-31", "00-10", "12-00", "0712", "07/12", "", "-1-5", "aa-bb", "007-12", "07-12-2019"] {
            #expect(MonthDay(bad) == nil, "\(bad)")
        }
        let jan1 = MonthDay(month: 1, day: 1)!, dec31 = MonthDay(month: 12, day: 31)!
        #expect(jan1.ordinal == 1 && dec31.ordinal == 366 && MonthDay(month: 3, day: 1)!.ordinal == 61)
        // Round the turn of the year: 31 December is one day before 1 January.
        #expect(jan1.days(to: dec31) == -1 && dec31.days(to: jan1) == 1)
        #expect(MonthDay(month: 7, day: 12)!.days(to: MonthDay(month: 7, day: 20)!) == 8)
        #expect(MonthDay(month: 2, day: 28)!.days(to: MonthDay(month: 3, day: 1)!) == 2)
        #expect(MonthDay(month: 7, day: 12)!.spoken == "12 July")
    }

    @Test func groupsEarlierYearsOnTheDayMostRecentFirst() throws {
        let today = try #require(CalendarDay("2026-07-12"))
        let records = [
            Self.stamp(1, "2019-07-12"),
            Self.stamp(2, "2023-07-12", city: nil, airport: false),
            Self.stamp(3, "2023-07-12"),
            Self.stamp(4, "2026-07-12"),  // this year: not an earlier one
            Self.stamp(5, "2019-07-13"),
            Self.stamp(6, nil),
        ]
        let result = OnThisDay(records: records, today: today)
        #expect(result.day == MonthDay(month: 7, day: 12) && result.daysAway == 0)
        #expect(result.years.map(\.year) == [2023, 2019] && result.years.map(\.yearsAgo) == [3, 7])
        // Most specific place first: #3 has an airport, #2 only a region.
        #expect(result.years[0].stamps.map(\.id) == [3, 2])
        #expect(result.years[1].stamps.map(\.id) == [1])
    }

    @Test func aDayWithoutStampsTakesTheNearestDayThatHasSome() throws {
        let today = try #require(CalendarDay("2026-03-10"))
        let records = [Self.stamp(1, "2019-03-14"), Self.stamp(2, "2020-03-06"), Self.stamp(3, "2018-12-25")]
        // 4 days either way: the earlier day wins the tie.
        var result = OnThisDay(records: records, today: today)
        #expect(result.day == MonthDay(month: 3, day: 6) && result.daysAway == -4)
        #expect(result.years.map(\.year) == [2020])
        result = OnThisDay(records: records, today: today, asked: MonthDay(month: 3, day: 12))
        #expect(result.day == MonthDay(month: 3, day: 14) && result.daysAway == 2 && result.years.first?.yearsAgo == 7)
        // Across the turn of the year.
        result = OnThisDay(records: records, today: today, asked: MonthDay(month: 1, day: 2))
        #expect(result.day == MonthDay(month: 12, day: 25) && result.daysAway == -8)
        // Nothing dated before this year: no years, the asked day kept.
        result = OnThisDay(records: [Self.stamp(1, "2026-01-01"), Self.stamp(2, nil)], today: today)
        #expect(result.years.isEmpty && result.day == MonthDay(today) && result.daysAway == 0)
    }

    @Test func leapDaysComeRoundOnTheTwentyEighthInOtherYears() throws {
        let records = [Self.stamp(1, "2020-02-29"), Self.stamp(2, "2019-02-28"), Self.stamp(3, "2016-02-29")]
        // 2026 has no 29 February: the 28th shows both.
        var result = OnThisDay(records: records, today: try #require(CalendarDay("2026-02-28")))
        #expect(result.daysAway == 0 && result.years.map(\.year) == [2020, 2019, 2016])
        // 2028 has one: the 28th shows the 28th, the 29th the 29ths.
        result = OnThisDay(records: records, today: try #require(CalendarDay("2028-02-28")))
        #expect(result.years.map(\.year) == [2019])
        result = OnThisDay(records: records, today: try #require(CalendarDay("2028-02-29")))
        #expect(result.years.map(\.year) == [2020, 2016] && result.years.map(\.yearsAgo) == [8, 12])
        // Asking for 02-29 in a year without one shows the leap days.
        result = OnThisDay(records: records, today: try #require(CalendarDay("2026-06-01")), asked: MonthDay(month: 2, day: 29))
        #expect(result.day == MonthDay(month: 2, day: 29) && result.years.map(\.year) == [2020, 2016])
    }

    @Test func thenAndNowKeepsPlacesOfTwoOrMoreYears() {
        let records = [
            Self.stamp(1, "2016-05-02", country: "IS", city: 10),
            Self.stamp(2, "2019-07-12", country: "IS", city: 10),
            Self.stamp(3, "2019-08-01", country: "IS", city: 11),
            Self.stamp(4, "2023-01-01", country: "IS", city: 11),
            Self.stamp(5, "2020-01-01", country: "FR", city: 20),
            Self.stamp(6, "2020-06-01", country: "FR", city: 20),  // same year twice: not then & now
            Self.stamp(7, nil, country: "FR", city: 20),  // undated: no year
            Self.stamp(8, "2018-01-01", country: "DE", city: nil),
            Self.stamp(9, "2021-01-01", country: "DE", city: nil),
        ]
        let places = ThenAndNow(records: records).places
        // Most years first; then the longest span (city 11: 2019–2023); then by name.
        #expect(places.map { "\($0.level):\($0.id)" } == ["country:IS", "city:11", "city:10", "country:DE"])
        let iceland = places[0]
        #expect(iceland.years == [2016, 2019, 2023] && iceland.stamps.map(\.id) == [1, 2, 3, 4])
        #expect(places[1].years == [2019, 2023] && places[1].stamps.map(\.id) == [3, 4])
        #expect(places[1].name == "City 11" && places[1].countryName == "Iceland")
        #expect(places[2].years == [2016, 2019] && places[3].years == [2018, 2021])
        #expect(ThenAndNow(records: [records[4], records[5], records[6]]).places.isEmpty)
    }
}
