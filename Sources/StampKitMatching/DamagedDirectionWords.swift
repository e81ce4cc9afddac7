import StampKitEvidence
import StampKitGazetteer

/// Entry and exit words read with a letter wrong (ENDRY, SAIBA, CIKES), for a stamp on which no
/// direction word was read right. A word counts when it is within one edit of exactly one
/// direction (a letter of a like worn shape costing ½, as for damaged names), has at least five
/// letters, and no other stamp word of the lexicon is as near: shorter words are too often
/// another word with a letter off.
struct DamagedDirectionWords: Sendable {
    /// The shortest direction word guessed at.
    static let minimumLength = 5
    /// The share of a clean reading's OCR confidence a guessed word keeps.
    static let confidenceKept = 0.6

    let directions: [(form: [UInt8], direction: Direction)]
    let otherWords: [[UInt8]]

    init(lexicon: Lexicon) {
        func usable(_ form: String) -> Bool {
            form.utf8.count >= Self.minimumLength && form.utf8.allSatisfy { $0 >= 97 && $0 <= 122 }
        }
        directions = lexicon.directions.filter { usable($0.key) }.map { (Array($0.key.utf8), $0.value) }
        otherWords = DamagedNameObservations.stampWordForms(lexicon)
            .filter { usable($0) && lexicon.directions[$0] == nil }.map { Array($0.utf8) }
    }

    /// The damaged direction words of `clues`, or none when it has a direction word read right.
    func hits(_ clues: StampClues) -> [LexiconHit<Direction>] {
        guard clues.directionHits.isEmpty else { return [] }
        var found: [LexiconHit<Direction>] = []
        for line in clues.lines.prefix(clues.readLines) {
            for t in line where t.isUppercase && t.isLettersOnly {
                let form = Array(t.form.utf8)
                guard form.count >= Self.minimumLength, form.allSatisfy({ $0 >= 97 && $0 <= 122 }) else { continue }
                let near = directions.map { ($0.direction, NearNameIndex.cost(form, $0.form)) }
                guard let cheapest = near.map(\.1).min(), cheapest > 0, cheapest <= 1 else { continue }
                let meanings = Set(near.filter { $0.1 == cheapest }.map(\.0))
                guard meanings.count == 1, let direction = meanings.first,
                    !otherWords.contains(where: { NearNameIndex.cost(form, $0) <= cheapest })
                else { continue }
                found.append(
                    LexiconHit(
                        span: TokenSpan(line: t.line, start: t.index, end: t.index + 1), text: t.text,
                        value: direction, confidence: t.confidence * Self.confidenceKept))
            }
        }
        return found
    }
}
