import StampKitEvidence
import StampKitGazetteer

/// Entry and exit words, and words for how the border was crossed, read with a letter wrong
/// (ENDRY, SAIBA, CIKES, NAP CANH; HAFEM, SEYDISFIORDUR), for a stamp on which no word of the
/// same list was read right. A word, or a run of up to three capital words for a phrase, counts
/// when it is within one edit (two from `twoEditLength` letters) of exactly one meaning's words (a letter of a like worn shape
/// costing ½, as for damaged names), has at least five letters, and no other stamp word of the
/// lexicon is as near: shorter words are too often another word with a letter off. The hit
/// carries the lexicon's word, so its language counts as the word's would; when the nearest
/// words are of no one language (SLIDA: Spanish SALIDA, Portuguese SAIDA) it carries none.
struct DamagedStampWords<Value: Sendable & Hashable>: Sendable {
    /// The shortest word guessed at.
    static var minimumLength: Int { 5 }
    /// Letters from which a reading may be two edits from its word (NHÂP CENK, DEFARTUNE,
    /// ERTPADA): in a word this long two changes still leave most of it. From 7 rather than 8
    /// letters, held-out stamps read 6 more directions of 290 and none wrong, once words of a
    /// place's name read right are no longer guessed at (see `StampMatcher`).
    static var twoEditLength: Int { 7 }
    /// The most words of a phrase (NHẬP CẢNH) read together.
    static var longestPhrase: Int { 3 }
    /// The share of a clean reading's OCR confidence a guessed word keeps.
    static var confidenceKept: Double { 0.6 }

    let words: [(form: [UInt8], value: Value, shapes: NearNameIndex.ShapeCounts, languages: Set<String>)]
    let otherWords: [(form: [UInt8], shapes: NearNameIndex.ShapeCounts)]

    /// The words of one list of the lexicon (`table`), told apart from every other stamp word.
    init(_ table: [String: Value], lexicon: Lexicon) {
        func usable(_ form: String) -> Bool {
            form.utf8.filter { $0 != 32 }.count >= Self.minimumLength
                && form.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || $0 == 32 }
        }
        // In a fixed order: of two words equally near a reading (HAREN: HAFEN and HAVEN, one
        // meaning), the hit carries the first, whose language counts, and a dictionary's own
        // order changes from run to run.
        words = table.filter { usable($0.key) }.sorted { $0.key < $1.key }.map { word in
            let form = Array(word.key.utf8)
            return (form, word.value, NearNameIndex.ShapeCounts(form), lexicon.wordLanguages[word.key] ?? [])
        }
        otherWords = DamagedNameObservations.stampWordForms(lexicon)
            .filter { usable($0) && table[$0] == nil }.map { word in
                let form = Array(word.utf8)
                return (form, NearNameIndex.ShapeCounts(form))
            }
    }

    /// The damaged words of the list in `clues`, or none when `read` (the list's words read
    /// right) is not empty.
    func hits(_ clues: StampClues, read: [LexiconHit<Value>]) -> [LexiconHit<Value>] {
        guard read.isEmpty else { return [] }
        var found: [LexiconHit<Value>] = []
        for line in clues.lines.prefix(clues.readLines) {
            for start in line.indices {
                for end in (start + 1)...min(line.count, start + Self.longestPhrase) {
                    let run = line[start..<end]
                    guard run.allSatisfy(Self.readsAsCapitals) else { break }
                    // Words of a phrase, and the parts of one word OCR split at a gap in its ink
                    // (KECERA NGKATAN for KEBERANGKATAN).
                    let spaced = Array(run.map(\.form).joined(separator: " ").utf8)
                    let readings = run.count > 1 ? [spaced, Array(run.map(\.form).joined().utf8)] : [spaced]
                    guard spaced.filter({ $0 != 32 }).count >= Self.minimumLength,
                        spaced.allSatisfy({ ($0 >= 97 && $0 <= 122) || $0 == 32 }),
                        let word = readings.lazy.compactMap(nearest).first
                    else { continue }
                    found.append(
                        LexiconHit(
                            span: TokenSpan(line: run.first!.line, start: start, end: end),
                            text: run.map(\.text).joined(separator: " "), value: word.value,
                            confidence: (run.map(\.confidence).min() ?? 0) * Self.confidenceKept,
                            form: word.form.map { String(decoding: $0, as: UTF8.self) }))
                }
            }
        }
        return found
    }

    /// Whether a token is a word in capitals as a worn stamp gives one: letters only, capitals
    /// but for one letter in four, which a worn capital is often read as (SiKIS for ÇIKIŞ).
    /// Words of small letters are the specks and rings OCR makes words of (aee, mae), never a
    /// stamp's.
    static func readsAsCapitals(_ token: StampToken) -> Bool {
        guard token.isLettersOnly, let first = token.text.first, first.isUppercase else { return false }
        return 4 * token.text.filter(\.isLowercase).count <= token.text.count
    }

    /// The one meaning's word within an edit of `form` (see the type's comment), or nil; the
    /// word's form is nil when the words that near are of no one language.
    private func nearest(_ form: [UInt8]) -> (form: [UInt8]?, value: Value)? {
        let letters = form.filter { $0 != 32 }.count
        let limit: Double = letters >= Self.twoEditLength ? 2 : 1
        // A word whose letters alone lie further than the limit is not costed; nor is one
        // longer or shorter by more than one letter, which is not guessed at.
        let shapes = NearNameIndex.ShapeCounts(form)
        let near = words.filter { abs($0.form.count - form.count) <= 1 && shapes.bound(to: $0.shapes) <= limit }
            .map { (word: $0, cost: NearNameIndex.cost(form, $0.form)) }
        guard let cheapest = near.map(\.cost).min(), cheapest > 0, cheapest <= limit else { return nil }
        let nearest = near.filter { $0.cost == cheapest }.map(\.word)
        guard Set(nearest.map(\.value)).count == 1, let word = nearest.first,
            !otherWords.contains(where: { shapes.bound(to: $0.shapes) <= cheapest && NearNameIndex.cost(form, $0.form) <= cheapest })
        else { return nil }
        let shared = nearest.dropFirst().reduce(word.languages) { $0.intersection($1.languages) }
        return (shared.isEmpty ? nil : word.form, word.value)
    }
}
