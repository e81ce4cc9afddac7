import Foundation

extension MRZImageReader {
    /// One reading with its rank: invalid after valid, then by failed minus passed checks,
    /// doubtful readings (re-aligned lines, ambiguous or single-check repairs, implausible
    /// unchecked fields), repairs, model order.
    struct Found {
        var reading: MRZImageReading
        var rank: [Int]
        var passed: Int
        /// Valid, every check passing, nothing doubtful.
        var clean: Bool { rank[0] == 0 && passed == reading.document.checks.count && rank[2] == 0 }
    }

    /// Every line read so far for each zone and way round, and the best zone reading made of
    /// them. Check digits sit within lines (TD1's composite aside), so a line read right in one
    /// frame or by one model can be put together with another line read right elsewhere.
    struct ZoneSearch {
        let referenceDay: MRZDay
        /// The names of the models, by the index readings carry.
        let modelNames: [String]
        /// Per zone and way round: each line's distinct readings, with the model that made them.
        private var lineReadings: [Int: [[(text: String, model: Int)]]] = [:]
        /// Zone readings already parsed (lines joined), so no combination is parsed twice.
        private var tried: Set<String> = []
        /// The best reading so far.
        private(set) var best: Found?

        init(referenceDay: MRZDay, modelNames: [String]) {
            self.referenceDay = referenceDay
            self.modelNames = modelNames
        }

        /// Adds one reading of a zone's lines (`key` tells zones and ways round apart) and
        /// parses every new combination of the lines read so far; true when the best is clean.
        mutating func add(_ texts: [String], model: Int, key: Int, placement: MRZZonePlacement) -> Bool {
            var lines = lineReadings[key] ?? []
            if lines.isEmpty || lines.count != texts.count {
                // A block read can give another number of lines: parse it alone.
                consider(texts.map { ($0, model) }, placement: placement)
                if lines.isEmpty { lineReadings[key] = texts.map { [($0, model)] } }
                return best?.clean == true
            }
            for (line, text) in texts.enumerated() where !lines[line].contains(where: { $0.text == text }) {
                lines[line].append((text, model))
            }
            lineReadings[key] = lines
            var combinations: [[(text: String, model: Int)]] = [[]]
            for options in lines {
                combinations = combinations.flatMap { prefix in options.map { prefix + [$0] } }
                if combinations.count > MRZImageReader.maxCombinations { break }
            }
            // The reading just made first: on a tie in rank, a whole reading wins over a mix.
            let fresh = texts.map { ($0, model) }
            for combination in [fresh] + combinations.prefix(MRZImageReader.maxCombinations) where combination.count == texts.count {
                consider(combination, placement: placement)
                if best?.clean == true { return true }
            }
            return false
        }

        /// The line no check digit covers (the names; TD3 and TD2 also hold the document code
        /// and issuing state there) of the best reading, if it is clean.
        var uncheckedLine: Int? {
            guard let best, best.clean else { return nil }
            return best.reading.document.format == .td1 ? 2 : 0
        }

        /// Puts a character-by-character majority of `readings` (other frames' readings of the
        /// unchecked line, each as long as the best's) in place of the best reading's line, if
        /// the zone still reads clean: a lone frame's slip in a name has nothing else to catch it.
        mutating func vote(_ readings: [String], model: Int, placement: MRZZonePlacement) {
            guard let line = uncheckedLine, let best else { return }
            let chosen = Array(best.reading.ocrLines[line])
            let others = readings.map(Array.init).filter { $0.count == chosen.count }
            guard others.count >= 2 else { return }
            var voted = chosen
            for position in chosen.indices where others.allSatisfy({ $0[position] == others[0][position] }) {
                voted[position] = others[0][position]  // two frames against one
            }
            guard voted != chosen else { return }
            var texts = best.reading.ocrLines
            texts[line] = String(voted)
            let kept = self.best
            self.best = nil
            consider(texts.map { ($0, model) }, placement: placement)
            if self.best?.clean != true { self.best = kept }
        }

        /// The distinct readings of line `line` made so far for the zone and way round `key`.
        func readings(ofLine line: Int, key: Int) -> [String] {
            guard let lines = lineReadings[key], line < lines.count else { return [] }
            return lines[line].map(\.text)
        }

        /// Puts the per-character plurality of the best reading's line `line` and `readings`
        /// (other looks at that line; those of another length cannot be compared letter by
        /// letter and are left out) in its place, if the zone still reads clean. A tie keeps
        /// the best's character. A check digit cannot tell letters whose values differ by a
        /// multiple of 10 (G/6, S/8, two O/0 swaps), nor a slip in a name: most looks can.
        @discardableResult
        mutating func plurality(line: Int, readings: [String], model: Int, placement: MRZZonePlacement) -> Bool {
            guard let best, best.clean, line < best.reading.ocrLines.count else { return false }
            let chosen = Array(best.reading.ocrLines[line])
            let others = readings.map(Array.init).filter { $0.count == chosen.count }
            var voted = chosen
            for position in chosen.indices {
                var counts: [Character: Int] = [chosen[position]: 1]
                for other in others { counts[other[position], default: 0] += 1 }
                // Only a letter read more often than every other one replaces the best's.
                let ranked = counts.sorted { $0.value > $1.value }
                if ranked[0].key != chosen[position], ranked.count == 1 || ranked[0].value > ranked[1].value {
                    voted[position] = ranked[0].key
                }
            }
            guard voted != chosen else { return false }
            var texts = best.reading.ocrLines
            texts[line] = String(voted)
            let kept = self.best
            self.best = nil
            consider(texts.map { ($0, model) }, placement: placement)
            if self.best?.clean == true { return true }
            self.best = kept
            return false
        }

        private mutating func consider(_ lines: [(text: String, model: Int)], placement: MRZZonePlacement) {
            let texts = lines.map(\.text)
            guard tried.insert(texts.joined(separator: "\n")).inserted,
                  let document = try? MRZParser.parse(lines: texts, referenceDay: referenceDay) else { return }
            let failed = document.checks.values.filter { !$0 }.count
            // Fields no check digit covers can still be implausible: an unknown state code, a
            // document code other than A, C, I, P, V, a sex that is none.
            let doubtful = [MRZFlag.lineLengthAdjusted, .ambiguousRepair, .singleCheckRepair, .invalidSex,
                            .unknownIssuingState, .unknownNationality].contains(where: document.flags.contains)
                || document.repairs.contains { $0.field == "sex" }
                || !"ACIPV".contains(document.documentCode.first ?? "<")
            // Failed minus passed checks: formats have 3 to 5 checks, and noise read as a visa
            // must not beat a passport with one bad check.
            let passed = document.checks.count - failed
            let rank = [document.valid ? 0 : 1, failed - passed, doubtful ? 1 : 0, document.repairs.count,
                        lines.map(\.model).max() ?? 0]
            let names = Set(lines.map(\.model)).sorted().map { modelNames[$0] }
            let found = Found(
                reading: MRZImageReading(
                    document: document, ocrLines: texts, rotation: placement.rotation,
                    model: names.joined(separator: "+"), placement: placement),
                rank: rank, passed: passed)
            if best == nil || rank.lexicographicallyPrecedes(best!.rank) { best = found }
        }
    }
}
