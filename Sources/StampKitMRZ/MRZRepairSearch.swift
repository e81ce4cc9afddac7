/// Repair by check digits: where a field fails its check (or holds a character its type
/// forbids), try the OCR confusions that fit the field's type, and keep a repair only when it
/// makes every covering check pass and no other repair of the same size does.
///
/// Fields with their own check digit form groups; positions only the composite covers (TD1/TD2
/// optional data, the composite digit) form one more group. Each group lists its candidate
/// repairs by size (0–2 substitutions beyond the forced ones); the composite then picks the
/// single combination of smallest total size. Without a composite (visas) a field's repair
/// must be the only one of its size.
struct MRZRepairSearch {
    struct Change: Equatable {
        let line: Int
        let column: Int
        let byte: UInt8
    }

    struct Solution {
        let changes: [Change]
        /// Change of the composite's weighted sum caused by these changes.
        let compositeDelta: Int
        /// The composite digit after these changes, when they touch it.
        let compositeDigit: UInt8?
        /// True when a change beyond what the field type forced rests on one check alone.
        let weak: Bool
    }

    struct Group {
        let check: MRZCheckSpec?
        let positions: [(line: Int, column: Int)]
        /// Solutions indexed by the number of optional substitutions (0…maxCost).
        var solutions: [[Solution]]
        /// True when the group held a character its type forbids.
        var hadForced: Bool
        /// True when only one check (not an independent composite) can confirm optional changes.
        var weak: Bool
    }

    /// Optional substitutions per repair, beyond characters the field type forbids.
    static let maxCost = 2
    /// Bound on forced-substitution combinations per group; a field this damaged is left alone.
    static let maxForcedCombinations = 16
    /// Bound on candidates evaluated per group and on combinations tried, so junk input stays fast.
    static let maxEvaluations = 4_000

    let layout: MRZLayout
    let kinds: [[MRZCharKind?]]
    let compositeWeight: [[Int?]]
    let composite: MRZCheckSpec?

    init(layout: MRZLayout) {
        self.layout = layout
        kinds = layout.kinds()
        composite = layout.checks.first { $0.field == .compositeCheck }
        var weights = Array(
            repeating: [Int?](repeating: nil, count: layout.format.lineLength), count: layout.format.lineCount)
        if let composite {
            var index = 0
            for segment in composite.covers {
                for column in segment.start..<segment.end {
                    weights[segment.line][column] = MRZCheckDigit.weights[index % 3]
                    index += 1
                }
            }
        }
        compositeWeight = weights
    }

    /// Whether a check passes on `lines`. A `<` check digit passes only over an all-filler
    /// field (ICAO allows it for an empty optional field).
    static func passes(_ spec: MRZCheckSpec, in lines: [[UInt8]]) -> Bool {
        var sum = 0
        var index = 0
        var allFiller = true
        for segment in spec.covers {
            for column in segment.start..<segment.end {
                let byte = lines[segment.line][column]
                guard let value = MRZCheckDigit.value(ofByte: byte) else { return false }
                sum += value * MRZCheckDigit.weights[index % 3]
                index += 1
                if byte != MRZConfusions.filler { allFiller = false }
            }
        }
        let digit = lines[spec.digit.line][spec.digit.start]
        if MRZConfusions.isDigit(digit) { return Int(digit - UInt8(ascii: "0")) == sum % 10 }
        return digit == MRZConfusions.filler && allFiller
    }

    /// Runs the search: the accepted changes, whether ambiguity blocked a repair, and whether
    /// an accepted change rests on a single check.
    func run(on lines: [[UInt8]]) -> (changes: [Change], ambiguous: Bool, weak: Bool) {
        var claimed = Set<Int>()
        func key(_ line: Int, _ column: Int) -> Int { line * 64 + column }
        var groups: [Group] = []
        for spec in layout.checks where spec.field != .compositeCheck {
            var positions: [(line: Int, column: Int)] = []
            for segment in spec.covers + [spec.digit] {
                for column in segment.start..<segment.end {
                    positions.append((segment.line, column))
                    claimed.insert(key(segment.line, column))
                }
            }
            let forced = positions.contains { p in isForced(lines[p.line][p.column], at: p) }
            guard forced || !Self.passes(spec, in: lines) else { continue }
            groups.append(enumerate(positions: positions, check: spec, lines: lines))
        }

        guard let composite else {
            // Visas: each field stands alone, so a repair must be the only one of its size.
            var changes: [Change] = []
            var ambiguous = false
            var weak = false
            for group in groups {
                guard let cost = group.solutions.firstIndex(where: { !$0.isEmpty }) else { continue }
                if group.solutions[cost].count == 1 {
                    changes += group.solutions[cost][0].changes
                    weak = weak || group.solutions[cost][0].weak
                } else {
                    ambiguous = true
                }
            }
            return (changes, ambiguous, weak)
        }

        let compositeOnly = (composite.covers + [composite.digit]).flatMap { segment in
            (segment.start..<segment.end).map { (line: segment.line, column: $0) }
        }.filter { !claimed.contains(key($0.line, $0.column)) }
        if groups.isEmpty && Self.passes(composite, in: lines) { return ([], false, false) }
        let compositeGroup = enumerate(positions: compositeOnly, check: nil, lines: lines)

        var baseSum = 0
        var index = 0
        for segment in composite.covers {
            for column in segment.start..<segment.end {
                baseSum += (MRZCheckDigit.value(ofByte: lines[segment.line][column]) ?? 0)
                    * MRZCheckDigit.weights[index % 3]
                index += 1
            }
        }
        let currentDigit = lines[composite.digit.line][composite.digit.start]
        let all = groups + [compositeGroup]

        var budget = Self.maxEvaluations
        for total in 0...Self.maxCost {
            var found: [[Solution]] = []
            var chosen: [Solution] = []
            func visit(_ g: Int, _ remaining: Int) {
                if found.count > 1 || budget <= 0 { return }
                if g == all.count {
                    budget -= 1
                    guard remaining == 0 else { return }
                    let sum = chosen.reduce(baseSum) { $0 + $1.compositeDelta }
                    let digit = chosen.compactMap(\.compositeDigit).last ?? currentDigit
                    if MRZConfusions.isDigit(digit), Int(digit - UInt8(ascii: "0")) == ((sum % 10) + 10) % 10 {
                        found.append(chosen)
                    }
                    return
                }
                for cost in 0...remaining where cost < all[g].solutions.count {
                    for solution in all[g].solutions[cost] {
                        chosen.append(solution)
                        visit(g + 1, remaining - cost)
                        chosen.removeLast()
                        if found.count > 1 || budget <= 0 { return }
                    }
                }
            }
            visit(0, total)
            if found.count == 1 { return (found[0].flatMap(\.changes), false, found[0].contains { $0.weak }) }
            if found.count > 1 { return (fallback(groups), true, false) }
            if budget <= 0 { break }
        }
        return (fallback(groups), false, false)
    }

    /// Whether the composite weighs a field's positions in a different pattern from the
    /// field's own check, so that it adds evidence. It does for the dates; for the document
    /// number and TD3 optional data it repeats the field's weights exactly, so a repair there
    /// that fixes the field's check fixes the composite too and rests on one check alone.
    private func compositeIsIndependent(of check: MRZCheckSpec) -> Bool {
        guard composite != nil else { return false }
        var pairs: [(field: Int, composite: Int)] = []
        var index = 0
        for segment in check.covers {
            for column in segment.start..<segment.end {
                pairs.append((MRZCheckDigit.weights[index % 3], compositeWeight[segment.line][column] ?? 0))
                index += 1
            }
        }
        guard let first = pairs.first else { return false }
        return pairs.contains { ($0.composite * first.field - first.composite * $0.field) % 10 != 0 }
    }

    /// When the composite cannot confirm a repair, keep only what a field's type forced and its
    /// own check digit confirmed (a letter in a date that becomes the one digit that passes).
    private func fallback(_ groups: [Group]) -> [Change] {
        groups.flatMap { group -> [Change] in
            guard group.hadForced, group.check != nil, let zero = group.solutions.first, zero.count == 1
            else { return [] }
            return zero[0].changes
        }
    }

    private func isCheckDigit(_ p: (line: Int, column: Int)) -> Bool {
        layout.checks.contains { $0.digit.line == p.line && $0.digit.start == p.column }
    }

    private func isForced(_ byte: UInt8, at p: (line: Int, column: Int)) -> Bool {
        guard let kind = kinds[p.line][p.column] else { return false }
        return MRZConfusions.isInvalid(byte, kind: kind)
    }

    /// A position of the zone and the characters it may be repaired to.
    typealias Options = (p: (line: Int, column: Int), options: [UInt8])

    /// Lists the repairs of one group by size. A group with a check keeps only candidates that
    /// pass it (and, for dates, still read as a date); the composite-only group keeps all.
    private func enumerate(positions: [(line: Int, column: Int)], check: MRZCheckSpec?, lines: [[UInt8]]) -> Group {
        var group = Group(
            check: check, positions: positions,
            solutions: Array(repeating: [], count: Self.maxCost + 1), hadForced: false,
            weak: check.map { !compositeIsIndependent(of: $0) } ?? true)
        let sorted = options(at: positions, check: check, lines: lines)
        group.hadForced = sorted.hadForced
        guard let forced = sorted.forced else { return group }
        let combinations = forced.reduce(1) { $0 * $1.options.count }
        guard combinations <= Self.maxForcedCombinations else { return group }

        var walk = RepairWalk(search: self, check: check, lines: lines, optional: sorted.optional, weak: group.weak)
        for combination in 0..<combinations {
            walk.walk(from: Self.forcedChanges(combination, of: forced))
        }
        group.solutions = walk.solutions
        return group
    }

    /// Sorts a group's positions into those holding a character the field type forbids (they
    /// must change) and those a confusion may have changed. `forced` is nil when a forbidden
    /// character has nothing to turn into: the field cannot be repaired.
    private func options(at positions: [(line: Int, column: Int)], check: MRZCheckSpec?, lines: [[UInt8]])
        -> (forced: [Options]?, optional: [Options], hadForced: Bool)
    {
        var forced: [Options] = []
        var optional: [Options] = []
        var hadForced = false
        for p in positions {
            let byte = lines[p.line][p.column]
            let kind = kinds[p.line][p.column] ?? .alphanumeric
            var options = MRZConfusions.alternatives(byte, kind: kind, checkDigit: isCheckDigit(p))
            if check == nil && !MRZConfusions.isInvalid(byte, kind: kind) {
                // Only the composite covers these positions, and it alone cannot tell a repair
                // from a coincidence (one in ten passes): allow just `<` read as a letter beside
                // another filler.
                let row = lines[p.line]
                let besideFiller =
                    (p.column > 0 && row[p.column - 1] == MRZConfusions.filler)
                    || (p.column + 1 < row.count && row[p.column + 1] == MRZConfusions.filler)
                options = options.filter { $0 == MRZConfusions.filler && besideFiller }
            }
            if MRZConfusions.isInvalid(byte, kind: kind) {
                hadForced = true
                guard !options.isEmpty else { return (nil, optional, true) }
                forced.append((p, options))
            } else if !options.isEmpty {
                optional.append((p, options))
            }
        }
        return (forced, optional, hadForced)
    }

    /// The forced changes of combination number `combination`: a mixed-radix count over each
    /// forced position's options.
    private static func forcedChanges(_ combination: Int, of forced: [Options]) -> [Change] {
        var base: [Change] = []
        var rest = combination
        for item in forced {
            let option = item.options[rest % item.options.count]
            rest /= item.options.count
            base.append(Change(line: item.p.line, column: item.p.column, byte: option))
        }
        return base
    }

    /// A set of changes with its effect on the composite check, which the composite step uses
    /// to combine groups without re-computing sums.
    private func solution(_ changes: [Change], cost: Int, lines: [[UInt8]], weak: Bool) -> Solution {
        var delta = 0
        var digit: UInt8?
        for change in changes {
            let old = lines[change.line][change.column]
            if let weight = compositeWeight[change.line][change.column] {
                delta += weight
                    * ((MRZCheckDigit.value(ofByte: change.byte) ?? 0) - (MRZCheckDigit.value(ofByte: old) ?? 0))
            }
            if let composite, composite.digit.line == change.line, composite.digit.start == change.column {
                digit = change.byte
            }
        }
        return Solution(changes: changes, compositeDelta: delta, compositeDigit: digit, weak: weak && cost > 0)
    }

    /// The walk over one group's repairs: from each forced combination, every choice of up to
    /// `maxCost` optional positions, keeping each that the group's check accepts. The evaluation
    /// bound is shared by all combinations of the group.
    private struct RepairWalk {
        let search: MRZRepairSearch
        let check: MRZCheckSpec?
        let lines: [[UInt8]]
        let optional: [Options]
        let weak: Bool
        /// A date field must still read as a date after repair (birth dates may be partial).
        let dateField: (field: MRZField, partial: Bool)?
        var scratch: [[UInt8]]
        var evaluations = 0
        /// Accepted change sets, by the number of optional substitutions.
        var solutions: [[Solution]]

        init(search: MRZRepairSearch, check: MRZCheckSpec?, lines: [[UInt8]], optional: [Options], weak: Bool) {
            self.search = search
            self.check = check
            self.lines = lines
            self.optional = optional
            self.weak = weak
            dateField = check?.field == .birthDate
                ? (.birthDate, true) : check?.field == .expiryDate ? (.expiryDate, false) : nil
            scratch = lines
            solutions = Array(repeating: [], count: MRZRepairSearch.maxCost + 1)
        }

        /// Walks the optional changes on top of one forced combination, then undoes it.
        mutating func walk(from base: [Change]) {
            for change in base { scratch[change.line][change.column] = change.byte }
            extend(from: 0, cost: 0, changes: base)
            for change in base { scratch[change.line][change.column] = lines[change.line][change.column] }
        }

        private mutating func extend(from start: Int, cost: Int, changes: [Change]) {
            guard evaluations < MRZRepairSearch.maxEvaluations else { return }
            evaluations += 1
            if accepts() { solutions[cost].append(search.solution(changes, cost: cost, lines: lines, weak: weak)) }
            guard cost < MRZRepairSearch.maxCost else { return }
            for index in start..<optional.count {
                let item = optional[index]
                let original = scratch[item.p.line][item.p.column]
                for option in item.options {
                    scratch[item.p.line][item.p.column] = option
                    extend(
                        from: index + 1, cost: cost + 1,
                        changes: changes + [Change(line: item.p.line, column: item.p.column, byte: option)])
                }
                scratch[item.p.line][item.p.column] = original
            }
        }

        /// The scratch zone passes the group's check, and a repaired date is still a date.
        private func accepts() -> Bool {
            guard let check else { return true }
            guard MRZRepairSearch.passes(check, in: scratch) else { return false }
            if let dateField, let segment = search.layout.fields[dateField.field]?.first {
                let bytes = scratch[segment.line][segment.start..<segment.end]
                guard MRZDates.plausible(bytes, allowPartial: dateField.partial) else { return false }
            }
            return true
        }
    }
}
