import StampKitEvidence
import StampKitGazetteer

/// Entry and exit words read with a letter wrong (ENDRY, SAIBA, CIKES, NAP CANH), for a stamp on
/// which no direction word was read right. A word, or a run of up to three capital words for a
/// phrase, counts when it is within one edit of exactly one direction (a letter of a like worn
/// shape costing ½, as for damaged names), has at least five letters, and no other stamp word
/// of the lexicon is as near: shorter words are too often another word with a letter off.
struct DamagedDirectionWords: Sendable {
    /// The shortest direction word guessed at.
    static let minimumLength = 5
    /// The most words of a direction phrase (NHẬP CẢNH) read together.
    static let longestPhrase = 3
    /// The share of a clean reading's OCR confidence a guessed word keeps.
    static let confidenceKept = 0.6

    let directions: [(form: [UInt8], direction: Direction)]
    let otherWords: [[UInt8]]

    init(lexicon: Lexicon) {
        func usable(_ form: String) -> Bool {
            form.utf8.filter { $0 != 32 }.count >= Self.minimumLength && form.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || $0 == 32 }
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
            for start in line.indices {
                for end in (start + 1)...min(line.count, start + Self.longestPhrase) {
                    let run = line[start..<end]
                    guard run.allSatisfy({ $0.isUppercase && $0.isLettersOnly }) else { break }
                    let form = Array(run.map(\.form).joined(separator: " ").utf8)
                    guard form.filter({ $0 != 32 }).count >= Self.minimumLength,
                        form.allSatisfy({ ($0 >= 97 && $0 <= 122) || $0 == 32 })
                    else { continue }
                    let near = directions.map { ($0.direction, NearNameIndex.cost(form, $0.form)) }
                    guard let cheapest = near.map(\.1).min(), cheapest > 0, cheapest <= 1 else { continue }
                    let meanings = Set(near.filter { $0.1 == cheapest }.map(\.0))
                    guard meanings.count == 1, let direction = meanings.first,
                        !otherWords.contains(where: { NearNameIndex.cost(form, $0) <= cheapest })
                    else { continue }
                    found.append(
                        LexiconHit(
                            span: TokenSpan(line: run.first!.line, start: start, end: end), text: run.map(\.text).joined(separator: " "),
                            value: direction, confidence: (run.map(\.confidence).min() ?? 0) * Self.confidenceKept))
                }
            }
        }
        return found
    }
}
