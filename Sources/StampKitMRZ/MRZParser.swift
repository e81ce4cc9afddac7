import Foundation

/// Reads the text of a machine-readable zone (ICAO 9303: TD1, TD2, TD3, MRV-A, MRV-B) into an
/// `MRZDocument`, repairing OCR confusions only where the check digits confirm them.
public enum MRZParser {
    /// Parses a zone given as text: lines split on line breaks, blank lines ignored. When the
    /// text holds more than the zone (OCR of a whole page), the 2 or 3 consecutive lines that
    /// have a zone's shape and pass the most checks are taken, the lowest on a tie.
    public static func parse(text: String, today: Date = Date()) throws -> MRZDocument {
        try parse(text: text, referenceDay: MRZDay(today))
    }

    /// `parse(text:)` with an explicit reference day for resolving two-digit years.
    public static func parse(text: String, referenceDay: MRZDay) throws -> MRZDocument {
        let lines = splitLines(text)
        do {
            return try parse(lines: lines, referenceDay: referenceDay)
        } catch let error as MRZError where error.code != MRZError.empty.code && lines.count > 2 {
            var best: (document: MRZDocument, failed: Int)?
            for size in [3, 2] {
                for start in stride(from: lines.count - size, through: 0, by: -1) {
                    let window = Array(lines[start..<(start + size)])
                    // Every zone has fillers; prose and dates around it rarely do.
                    guard window.contains(where: { $0.contains("<") }),
                        let document = try? parse(lines: window, referenceDay: referenceDay)
                    else { continue }
                    let failed = document.checks.values.filter { !$0 }.count
                    if best == nil || failed < best!.failed { best = (document, failed) }
                }
            }
            guard let best else { throw error }
            return best.document
        }
    }

    /// Parses a zone given as its 2 or 3 lines; surrounding whitespace, spaces inside a line,
    /// lower case and a line one or two characters too long or short are tolerated.
    public static func parse(lines: [String], today: Date = Date()) throws -> MRZDocument {
        try parse(lines: lines, referenceDay: MRZDay(today))
    }

    /// Parses a zone with an explicit reference day for resolving two-digit years.
    public static func parse(lines: [String], referenceDay: MRZDay) throws -> MRZDocument {
        var invalidCharacters = false
        let normalised = lines.compactMap { line -> [UInt8]? in
            let bytes = normalise(line, invalid: &invalidCharacters)
            return bytes.isEmpty ? nil : bytes
        }
        guard !normalised.isEmpty else { throw MRZError.empty }
        guard normalised.count == 2 || normalised.count == 3 else { throw MRZError.lineCount(normalised.count) }
        let classes = normalised.map { lengthClass($0.count) }
        guard let target = classes[0], classes.allSatisfy({ $0 == target }),
            (normalised.count == 3) == (target == MRZFormat.td1.lineLength)
        else { throw MRZError.lineLengths(normalised.map(\.count)) }

        // Name lines (TD1 line 3, line 1 of the others) hold no check digit, so nothing could
        // choose between their alignments: keep the most likely one and search the others.
        let nameLine = normalised.count == 3 ? 2 : 0
        let variants = normalised.enumerated().map { index, line in
            index == nameLine ? [nameLineFit(line, to: target, header: nameLine == 0)] : fit(line, to: target)
        }
        // Enumerate alignments in order of preference, rank them cheaply by how many checks
        // fail and how many characters their field type forbids, and analyse the best few.
        var zones: [(zone: [[UInt8]], cost: Int)] = []
        var indices = Array(repeating: 0, count: variants.count)
        outer: while zones.count < maxAlignments {
            let zone = zip(variants, indices).map { $0[$1] }
            zones.append((zone, zones.isEmpty && variants.allSatisfy { $0.count == 1 } ? 0 : roughCost(zone)))
            var position = variants.count - 1
            while position >= 0 {
                indices[position] += 1
                if indices[position] < variants[position].count { continue outer }
                indices[position] = 0
                position -= 1
            }
            break
        }
        let ranked = zones.enumerated().sorted { ($0.element.cost, $0.offset) < ($1.element.cost, $1.offset) }
        var best: (document: MRZDocument, score: [Int])?
        for (_, candidate) in ranked.prefix(maxAnalysed) {
            var document = analyse(candidate.zone, referenceDay: referenceDay)
            if invalidCharacters { insert(.invalidCharacters, into: &document) }
            if candidate.zone.map(\.count) != normalised.map(\.count) { insert(.lineLengthAdjusted, into: &document) }
            let failed = document.checks.values.filter { !$0 }.count
            let score = [failed, document.valid ? 0 : 1, document.repairs.count]
            if best == nil || score.lexicographicallyPrecedes(best!.score) { best = (document, score) }
            if failed == 0 { break }
        }
        return best!.document
    }

    /// Failing checks plus characters the field type forbids, before any repair: enough to rank
    /// alignments, since a misaligned line shifts digits into letter fields and breaks checks.
    static func roughCost(_ zone: [[UInt8]]) -> Int {
        let layout = MRZLayout.table(for: format(of: zone))
        var cost = 0
        for spec in layout.checks where !MRZRepairSearch.passes(spec, in: zone) { cost += 4 }
        for (field, segments) in layout.fields {
            for segment in segments {
                for column in segment.start..<segment.end
                where MRZConfusions.isInvalid(zone[segment.line][column], kind: field.kind) {
                    cost += 1
                }
            }
        }
        return cost
    }

    /// Zones fully analysed after ranking alignments.
    static let maxAnalysed = 4

    /// Bound on re-aligned zones tried for lines of the wrong length.
    static let maxAlignments = 100

    static func splitLines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map(String.init)
            .filter { !$0.allSatisfy(\.isWhitespace) }
    }

    /// Upper-cases, drops whitespace, and turns any character outside `A-Z 0-9 <` into `<`.
    static func normalise(_ line: String, invalid: inout Bool) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(48)
        for scalar in line.unicodeScalars {
            if scalar.properties.isWhitespace { continue }
            guard scalar.isASCII else {
                out.append(MRZConfusions.filler)
                invalid = true
                continue
            }
            var byte = UInt8(scalar.value)
            if (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) { byte -= 32 }
            if MRZCheckDigit.value(ofByte: byte) != nil {
                out.append(byte)
            } else {
                out.append(MRZConfusions.filler)
                invalid = true
            }
        }
        return out
    }

    /// The format line length a line of `count` characters was meant to have (±2).
    static func lengthClass(_ count: Int) -> Int? {
        [30, 36, 44].first { abs($0 - count) <= 2 }
    }

    /// Ways to bring a line to `target` characters, most likely first: OCR loses or doubles
    /// fillers in long `<` runs and picks up stray marks at the ends.
    /// The name line fitted to `target`: the first alignment `fit` gives (the end trimmed or
    /// padded), unless the line starts with the document code and issuing state (`header`: TD3,
    /// TD2, visas) and that alignment leaves them implausible where another makes them a known
    /// code: a letter read twice at the start (`PP<D<<…`) shifts the whole header, and no check
    /// digit could tell.
    static func nameLineFit(_ line: [UInt8], to target: Int, header: Bool) -> [UInt8] {
        let fitted = fit(line, to: target)
        guard header, line.count != target, !plausibleHeader(fitted[0]) else { return fitted[0] }
        return fitted.first(where: plausibleHeader) ?? fitted[0]
    }

    /// A document code ICAO allows (A, C, I, P, V first) followed by a known issuing state.
    static func plausibleHeader(_ line: [UInt8]) -> Bool {
        guard line.count >= 5, "ACIPV".utf8.contains(line[0]) else { return false }
        return MRZStateCodes.isKnown(String(decoding: line[2..<5], as: UTF8.self))
    }

    static func fit(_ line: [UInt8], to target: Int) -> [[UInt8]] {
        var current: [[UInt8]] = [line]
        while let first = current.first, first.count != target {
            var next: [[UInt8]] = []
            var seen = Set<[UInt8]>()
            for candidate in current {
                for edited in edits(candidate, shorten: candidate.count > target) where seen.insert(edited).inserted {
                    next.append(edited)
                }
            }
            current = next
        }
        return current
    }

    private static func edits(_ line: [UInt8], shorten: Bool) -> [[UInt8]] {
        let filler = MRZConfusions.filler
        // Filler runs, right to left: one position per run is enough, the results are equal.
        var runs: [Int] = []
        var i = line.count - 1
        while i >= 0 {
            if line[i] == filler {
                var start = i
                while start > 0 && line[start - 1] == filler { start -= 1 }
                if !shorten || i > start { runs.append(i) }
                i = start - 1
            } else {
                i -= 1
            }
        }
        var result: [[UInt8]] = []
        if shorten {
            result.append(Array(line.dropLast()))
            for index in runs { var l = line; l.remove(at: index); result.append(l) }
            result.append(Array(line.dropFirst()))
        } else {
            result.append(line + [filler])
            for index in runs { var l = line; l.insert(filler, at: index); result.append(l) }
            result.append([filler] + line)
        }
        return result
    }

    private static func insert(_ flag: MRZFlag, into document: inout MRZDocument) {
        guard !document.flags.contains(flag) else { return }
        document.flags.append(flag)
        document.flags.sort()
    }

    /// The format of a zone of the right shape: line length, and `V` for visas.
    static func format(of zone: [[UInt8]]) -> MRZFormat {
        let isVisa = zone[0].first == UInt8(ascii: "V")
        switch zone[0].count {
        case 30: return .td1
        case 36: return isVisa ? .mrvB : .td2
        default: return isVisa ? .mrvA : .td3
        }
    }

    /// Detects the format, repairs, and extracts the fields of a zone of the right shape.
    static func analyse(_ lines: [[UInt8]], referenceDay: MRZDay) -> MRZDocument {
        let format = format(of: lines)
        var flags = Set<MRZFlag>()
        var layout = MRZLayout.table(for: format)
        if let long = layout.withLongDocumentNumber(in: lines) {
            layout = long
            flags.insert(.longDocumentNumber)
        }
        var zone = MRZZone(lines: lines, layout: layout)
        zone.repairUncheckedFields()
        zone.repairPadding()
        let outcome = MRZRepairSearch(layout: layout).run(on: zone.lines)
        let owners = layout.owners()
        for c in outcome.changes {
            zone.change(c.line, c.column, to: c.byte, field: owners[c.line][c.column], basis: .checkDigit)
        }
        if outcome.ambiguous { flags.insert(.ambiguousRepair) }
        if outcome.weak { flags.insert(.singleCheckRepair) }
        return extract(zone, flags: flags, referenceDay: referenceDay)
    }

    /// Reads the fields of a repaired zone.
    private static func extract(_ zone: MRZZone, flags initial: Set<MRZFlag>, referenceDay: MRZDay) -> MRZDocument {
        var flags = initial
        var checks: [String: Bool] = [:]
        for spec in zone.layout.checks {
            let ok = MRZRepairSearch.passes(spec, in: zone.lines)
            checks[spec.name] = ok
            if ok && zone.lines[spec.digit.line][spec.digit.start] == MRZConfusions.filler {
                flags.insert(.fillerCheckDigit)
            }
        }
        let name = MRZNames.split(zone.bytes(.name))
        if name.truncated { flags.insert(.nameTruncated) }
        let issuingState = trimmed(zone.bytes(.issuingState), leading: false)
        let nationality = trimmed(zone.bytes(.nationality), leading: false)
        if !MRZStateCodes.isKnown(issuingState) { flags.insert(.unknownIssuingState) }
        if !MRZStateCodes.isKnown(nationality) { flags.insert(.unknownNationality) }

        var birthDate: String?
        var datesValid = true
        switch MRZDates.parse(zone.bytes(.birthDate)[...]) {
        case .date(let yy, let month, let day):
            if let resolved = MRZDates.birth(yy: yy, month: month, day: day, today: referenceDay) {
                birthDate = resolved.iso
            } else {
                flags.insert(.invalidBirthDate)
                datesValid = false
            }
        case .partial: flags.insert(.partialBirthDate)
        case .invalid:
            flags.insert(.invalidBirthDate)
            datesValid = false
        }
        var expiryDate: String?
        if case .date(let yy, let month, let day) = MRZDates.parse(zone.bytes(.expiryDate)[...]),
            let resolved = MRZDates.expiry(yy: yy, month: month, day: day, today: referenceDay)
        {
            expiryDate = resolved.iso
        } else {
            flags.insert(.invalidExpiryDate)
            datesValid = false
        }

        var sex: String?
        switch zone.bytes(.sex).first {
        case UInt8(ascii: "M"): sex = "M"
        case UInt8(ascii: "F"): sex = "F"
        case UInt8(ascii: "X"), UInt8(ascii: "<"): sex = "X"
        default: flags.insert(.invalidSex)
        }

        let format = zone.layout.format
        return MRZDocument(
            format: format,
            documentCode: trimmed(zone.bytes(.documentCode), leading: false),
            issuingState: issuingState,
            surname: name.surname,
            givenNames: name.givenNames,
            documentNumber: trimmed(zone.bytes(.documentNumber), leading: false),
            nationality: nationality,
            birthDate: birthDate,
            expiryDate: expiryDate,
            sex: sex,
            optionalData: trimmed(zone.bytes(.optionalData), leading: true),
            optionalData2: format == .td1 ? trimmed(zone.bytes(.optionalData2), leading: true) : nil,
            lines: zone.lines.map(string),
            valid: datesValid && checks.values.allSatisfy { $0 },
            checks: checks,
            repairs: zone.repairs.sorted { ($0.line, $0.column) < ($1.line, $1.column) },
            flags: flags.sorted())
    }

    static func string(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func trimmed(_ bytes: [UInt8], leading: Bool) -> String {
        var slice = bytes[...]
        while slice.last == MRZConfusions.filler { slice = slice.dropLast() }
        if leading { while slice.first == MRZConfusions.filler { slice = slice.dropFirst() } }
        return String(decoding: slice, as: UTF8.self)
    }
}
