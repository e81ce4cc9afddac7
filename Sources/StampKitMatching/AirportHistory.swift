import StampKitEvidence
import StampKitGazetteer

/// Which airports stood when a stamp was made. The gazetteer lists today's airports (and keeps
/// closed ones for their former codes); a stamp dated before an airport opened was not made
/// there, and where that airport replaced others (Siem Reap-Angkor, 2023, replacing Siem Reap
/// International) the stamp is the older one's.
struct AirportHistory {
    let openings: [String: AirportOpening]

    /// Whether `airport` had opened on `date` (yes when no date was read or no opening is known).
    func hadOpened(_ airport: Airport, by date: StampDate?) -> Bool {
        guard let date, let opening = openings[airport.iata] else { return true }
        return date.value >= opening.opened
    }

    /// `observations` without the airports that had not opened by `date` where the same words
    /// also fit one that had: SIEM REAP fits the new airport and the closed one, and a stamp of
    /// 2013 is the closed one's, which keeps the observation's share (its part was small only
    /// because it is closed). An airport's own name that fits only the new airport (BERLIN
    /// BRANDENBURG) names it whatever the date says: a misread date is likelier than a stamp of
    /// a place not yet built. A town's name (BERLIN) is the town, whose airport then was another.
    func asOf(_ date: StampDate?, _ observations: [Observation]) -> [Observation] {
        guard date != nil else { return observations }
        return observations.map { observation in
            var kept = observation
            kept.hypotheses.removeAll { h in h.airport.map { !hadOpened($0, by: date) } ?? false }
            guard kept.hypotheses.count < observation.hypotheses.count else { return observation }
            let before = observation.hypotheses.filter { $0.airport != nil }.map(\.share).reduce(0, +)
            let after = kept.hypotheses.filter { $0.airport != nil }.map(\.share).reduce(0, +)
            guard after > 0 else {
                let namesTown = observations.contains { $0.span == observation.span && $0.hypotheses.contains { $0.city != nil } }
                return namesTown ? kept : observation
            }
            for i in kept.hypotheses.indices where kept.hypotheses[i].airport != nil {
                kept.hypotheses[i].share *= before / after
            }
            return kept
        }
    }

    /// `airport` if it had opened by `date`; else the airports it replaced that the gazetteer
    /// still lists (closed ones included).
    func standing(_ airport: Airport, on date: StampDate?, lookup: inout Lookup) throws -> [Airport] {
        guard !hadOpened(airport, by: date), let opening = openings[airport.iata] else { return [airport] }
        return try opening.replaced.compactMap { try lookup.airport(iata: $0) }
    }
}
