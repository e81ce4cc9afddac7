import StampKit

/// The human-readable form of a scan: ranked chains with their evidence, then date and direction.
enum ScanText {
    static func render(_ scan: StampScan, top: Int) -> [String] {
        var lines = [scan.image]
        let candidates = scan.proposal.candidates.prefix(top)
        if candidates.isEmpty {
            lines.append("  no place found: nothing read matched the gazetteer (see `stampkit ocr \(scan.image)`)")
        }
        for (rank, candidate) in candidates.enumerated() {
            let percent = Int((candidate.confidence * 100).rounded())
            lines.append("  \(rank + 1). \(pad("\(percent)%", 4)) \(chain(candidate))")
            for evidence in candidate.evidence {
                lines.append("           \(pad(evidence.kind.rawValue, 20)) \(evidence.text) → \(evidence.detail)")
            }
        }
        var facts: [String] = []
        if let date = scan.proposal.date { facts.append("date \(date.value) (read \"\(date.text)\")") }
        if let direction = scan.proposal.direction { facts.append(direction.rawValue) }
        if let method = scan.proposal.entryMethod { facts.append("by \(method.rawValue)") }
        if !facts.isEmpty { lines.append("  " + facts.joined(separator: " · ")) }
        return lines
    }

    /// `Iceland › Suðurnes › Keflavík › KEF Keflavík International Airport`.
    static func chain(_ c: Candidate) -> String {
        var parts = ["\(c.country.name) (\(c.country.code))"]
        if let region = c.region { parts.append(region.name) }
        if let city = c.city { parts.append(city.name) }
        if let airport = c.airport { parts.append("\(airport.iata) \(airport.name)") }
        return parts.joined(separator: " › ")
    }

    private static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s : s + String(repeating: " ", count: width - s.count)
    }
}
