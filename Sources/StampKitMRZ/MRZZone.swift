/// A zone being repaired: its lines, where its fields sit, and every character changed so far.
struct MRZZone {
    private(set) var lines: [[UInt8]]
    let layout: MRZLayout
    private(set) var repairs: [MRZRepair] = []

    init(lines: [[UInt8]], layout: MRZLayout) {
        self.lines = lines
        self.layout = layout
    }

    /// The characters of a field, in order (a long document number spans two segments).
    func bytes(_ field: MRZField) -> [UInt8] {
        (layout.fields[field] ?? []).flatMap { lines[$0.line][$0.start..<$0.end] }
    }

    /// The (line, column) of every character of a field, 0-based.
    func positions(_ field: MRZField) -> [(line: Int, column: Int)] {
        (layout.fields[field] ?? []).flatMap { s in (s.start..<s.end).map { (line: s.line, column: $0) } }
    }

    /// Changes one character and records the repair.
    mutating func change(_ line: Int, _ column: Int, to byte: UInt8, field: MRZField?, basis: MRZRepair.Basis) {
        let old = lines[line][column]
        guard old != byte else { return }
        repairs.append(
            MRZRepair(
                line: line + 1, column: column + 1,
                from: String(UnicodeScalar(old)), to: String(UnicodeScalar(byte)),
                field: field?.rawValue ?? "filler", basis: basis))
        lines[line][column] = byte
    }

    /// Fields no check digit covers (document code, states, name, sex): only changes their type
    /// forces (a digit where letters belong), or filler look-alikes where structure shows padding.
    mutating func repairUncheckedFields() {
        for field in [MRZField.documentCode, .issuingState, .nationality, .name] {
            for p in positions(field) {
                if let letter = MRZConfusions.digitToLetter[lines[p.line][p.column]] {
                    change(p.line, p.column, to: letter, field: field, basis: .fieldType)
                }
            }
        }
        for field in [MRZField.issuingState, .nationality]
        where !MRZStateCodes.isKnown(MRZParser.string(bytes(field))) {
            // `D<<` read as `DKK`: accept a filler reading only when it yields a known code.
            let ps = positions(field)
            let code = bytes(field)
            for start in stride(from: code.count - 1, through: 1, by: -1) {
                guard code[start...].allSatisfy(Self.fillerLike) else { break }
                var candidate = code
                for i in start..<code.count { candidate[i] = MRZConfusions.filler }
                if MRZStateCodes.isKnown(MRZParser.string(candidate)) {
                    for i in start..<code.count {
                        change(ps[i].line, ps[i].column, to: MRZConfusions.filler, field: field, basis: .filler)
                    }
                    break
                }
            }
        }
        let namePositions = positions(.name)
        for index in MRZNames.fillerMisreads(bytes(.name)) {
            let p = namePositions[index]
            change(p.line, p.column, to: MRZConfusions.filler, field: .name, basis: .filler)
        }
        if let p = positions(.sex).first, MRZConfusions.fillerLookalikes.contains(lines[p.line][p.column]) {
            change(p.line, p.column, to: MRZConfusions.filler, field: .sex, basis: .filler)
        }
        // A 44-character zone that is not a visa is a passport: its document code starts with P,
        // whatever letter OCR made of it (B, R, F).
        if layout.format == .td3, let p = positions(.documentCode).first, lines[p.line][p.column] != UInt8(ascii: "P") {
            change(p.line, p.column, to: UInt8(ascii: "P"), field: .documentCode, basis: .fieldType)
        }
        // A sex that is no sex: the letters OCR makes of an OCR-B F or M.
        if let p = positions(.sex).first, let sex = Self.sexLookalikes[lines[p.line][p.column]] {
            change(p.line, p.column, to: sex, field: .sex, basis: .fieldType)
        }
    }

    static let sexLookalikes: [UInt8: UInt8] = [
        UInt8(ascii: "P"): UInt8(ascii: "F"), UInt8(ascii: "H"): UInt8(ascii: "M"), UInt8(ascii: "N"): UInt8(ascii: "M"),
    ]

    /// Filler look-alikes in the trailing padding of the document number and optional data.
    /// K weighs 0 modulo 10, so only structure can find it; a change is kept only if every check
    /// that passed before still passes, and credited to the check digits if it made them pass.
    mutating func repairPadding() {
        for field in [MRZField.documentNumber, .optionalData, .optionalData2] {
            let ps = positions(field)
            let misreads = MRZConfusions.trailingPaddingMisreads(bytes(field))
            guard !misreads.isEmpty else { continue }
            let covering = layout.checks.filter { spec in
                ps.contains { p in
                    spec.covers.contains { $0.line == p.line && ($0.start..<$0.end).contains(p.column) }
                }
            }
            var scratch = lines
            for index in misreads { scratch[ps[index].line][ps[index].column] = MRZConfusions.filler }
            let before = covering.map { MRZRepairSearch.passes($0, in: lines) }
            let after = covering.map { MRZRepairSearch.passes($0, in: scratch) }
            guard !zip(before, after).contains(where: { $0 && !$1 }) else { continue }
            let basis: MRZRepair.Basis = before.contains(false) && !after.contains(false) ? .checkDigit : .filler
            for index in misreads {
                change(ps[index].line, ps[index].column, to: MRZConfusions.filler, field: field, basis: basis)
            }
        }
    }

    private static func fillerLike(_ byte: UInt8) -> Bool {
        byte == MRZConfusions.filler || MRZConfusions.fillerLookalikes.contains(byte)
    }
}
