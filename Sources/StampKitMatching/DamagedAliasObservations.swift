import StampKitEvidence
import StampKitGazetteer

/// Authority and country phrases of several words read with letters wrong or words broken
/// (CH'HA NAMIGRATION INSPECT'ON for CHINA IMMIGRATION INSPECTION). Such a phrase is long and
/// printed on one country's stamps only, so a reading some letters off still names it: a run of
/// capital words (marks inside them dropped) whose letters, spaces ignored, are within a
/// quarter of the phrase's letters of it, a like worn shape costing ½ (a damaged single name
/// may be a sixth off: a long phrase lies further from all other text). A fifth missed worn
/// authorities a person still reads (CAJAIA PORULR SERVICIS AGUNCY, seven off CANADA BORDER
/// SERVICES AGENCY); a quarter named three more held-out countries of 600 and changed no other
/// answer, while three tenths read the Philippine BUREAU OF IMMIGRATION's OF IMMIGRATION as
/// CHINA IMMIGRATION. It counts at the weight a damaged name of its length keeps, whatever
/// Tesseract's confidence: its doubt in the worn words is the damage the cost already counts.
/// The run must start with the phrase's first letter (or one of its worn shape) and have at
/// least as many words as the phrase less one: IMMIGRATION alone is two letters from U.S.
/// IMMIGRATION but is not it. A word read right as a name is not damage: KENYA IMMIGRATION is
/// two letters from KOREA IMMIGRATION, but KENYA is Kenya; unless the phrase prints that word
/// (LANDING, a town in New Jersey, of a worn LANDING PEFMISSION).
struct DamagedAliasObservations: Sendable {
    /// The fewest letters a phrase needs to be guessed at.
    static let minimumLetters = 10
    /// Share of a phrase's letters a reading may be off by and still name it.
    static let allowedDamage = 0.25

    let phrases: [(letters: [UInt8], words: [Substring], alias: CountryAlias, shapes: NearNameIndex.ShapeCounts)]

    init(lexicon: Lexicon) {
        phrases = lexicon.countryAliases.compactMap { form, alias in
            guard form.contains(" ") else { return nil }
            let letters = Array(form.utf8.filter { $0 != 32 })
            guard letters.count >= Self.minimumLetters, letters.allSatisfy({ $0 >= 97 && $0 <= 122 }) else { return nil }
            return (letters, form.split(separator: " "), alias, NearNameIndex.ShapeCounts(letters))
        }
    }

    /// A phrase within reach of a run of a line's words.
    private struct Reach {
        var cost: Double
        var span: TokenSpan
        var alias: CountryAlias
        var letters: Int
    }

    /// An observation per damaged phrase, on lines where no phrase of the word lists was read
    /// right, outside the names of `cover`; the nearest phrase when several are within reach,
    /// but over the widest run a phrase of the same country reaches around it: a worn
    /// authority's longer name takes in its worn words (CUSIOUS ANC BORDER PPYTECTION is
    /// CUSTOMS AND BORDER PROTECTION, nearest to BORDER PROTECTION), weighed as the nearest.
    /// Its run joins `cover.countries`: a code inside it is the phrase's word worn (ANC of
    /// AND, not Anchorage's code).
    func read(_ clues: StampClues, _ lookup: inout Lookup, _ cover: inout NameCover) throws -> [Observation] {
        let names = cover.named + cover.airports
        var found: [Observation] = []
        for (number, line) in clues.lines.enumerated() where !clues.aliases.contains(where: { $0.span.line == number }) {
            var reached: [Reach] = []
            for start in line.indices {
                var letters: [UInt8] = []
                var named: [Substring] = []
                for end in start..<min(line.count, start + 6) {
                    let t = line[end]
                    // A mark inside a word (CH'HA) is damage too; a digit ends the run.
                    guard t.isUppercase, !t.text.contains(where: \.isNumber) else { break }
                    if names.contains(where: { $0.line == t.line && $0.start <= t.index && t.index < $0.end }) {
                        named.append(Substring(t.form))
                    }
                    let added = t.form.utf8.filter { $0 != 32 }
                    letters += added
                    guard letters.count >= Self.minimumLetters - 2 else { continue }
                    let shapes = NearNameIndex.ShapeCounts(letters)
                    for phrase in phrases where end - start + 1 >= phrase.words.count - 1
                        && NearNameIndex.shape([letters[0]]) == NearNameIndex.shape([phrase.letters[0]])
                        && named.allSatisfy({ phrase.words.contains($0) })
                    {
                        let allowance = Double(phrase.letters.count) * Self.allowedDamage
                        guard abs(phrase.letters.count - letters.count) <= Int(allowance) else { continue }
                        guard shapes.bound(to: phrase.shapes) <= allowance else { continue }
                        let cost = NearNameIndex.cost(letters, phrase.letters)
                        guard cost > 0, cost <= allowance else { continue }
                        reached.append(Reach(cost: cost, span: TokenSpan(line: number, start: start, end: end + 1),
                                             alias: phrase.alias, letters: phrase.letters.count))
                    }
                }
            }
            guard let nearest = reached.min(by: { $0.cost < $1.cost }),
                  let country = try lookup.country(nearest.alias.countryCode) else { continue }
            let widest = reached.filter { $0.alias.countryCode == nearest.alias.countryCode && $0.span.holds(nearest.span) }
                .max { ($0.span.end - $0.span.start, -$0.cost) < ($1.span.end - $1.span.start, -$1.cost) } ?? nearest
            cover.countries.append(widest.span)
            let text = line[widest.span.start..<widest.span.end].map(\.text).joined(separator: " ")
            let weight = DamagedNameObservations.weight(letters: nearest.letters, cost: nearest.cost)
            found.append(
                Observation(
                    span: widest.span,
                    evidence: Evidence(
                        kind: .countryName, text: text,
                        detail: "read as \(widest.alias.text): \(widest.alias.isAuthority ? "authority of" : "another name for") \(country.name)"),
                    reliability: (widest.alias.isAuthority ? 0.85 : 0.7) * weight,
                    hypotheses: [Hypothesis(country: country.code, share: 1)]))
        }
        return found
    }
}
