/// The five ICAO 9303 machine-readable zone formats.
public enum MRZFormat: String, Sendable, Codable, CaseIterable {
    /// ID card, 3 lines of 30.
    case td1 = "TD1"
    /// Official travel document, 2 lines of 36.
    case td2 = "TD2"
    /// Passport, 2 lines of 44.
    case td3 = "TD3"
    /// Full-size visa, 2 lines of 44.
    case mrvA = "MRV-A"
    /// Small visa, 2 lines of 36.
    case mrvB = "MRV-B"

    /// Lines in the zone.
    public var lineCount: Int { self == .td1 ? 3 : 2 }

    /// Characters in every line of the zone.
    public var lineLength: Int {
        switch self {
        case .td1: 30
        case .td2, .mrvB: 36
        case .td3, .mrvA: 44
        }
    }
}

/// Names of the fixed-position fields; the layout tables below place them per format.
enum MRZField: String, CaseIterable, Sendable {
    case documentCode, issuingState, name, documentNumber, documentNumberCheck, nationality
    case birthDate, birthDateCheck, sex, expiryDate, expiryDateCheck
    case optionalData, optionalDataCheck, optionalData2, compositeCheck

    /// Which characters the field may hold, which decides the OCR confusions repair may try.
    var kind: MRZCharKind {
        switch self {
        case .documentCode, .issuingState, .nationality, .sex: .alpha
        case .name: .name
        case .documentNumber, .optionalData, .optionalData2: .alphanumeric
        case .birthDate, .birthDateCheck, .expiryDate, .expiryDateCheck,
            .optionalDataCheck, .documentNumberCheck, .compositeCheck:
            .numeric
        }
    }
}

/// Character class of a position: decides which confusions are plausible there.
enum MRZCharKind: Sendable {
    case numeric, alpha, alphanumeric, name
}

/// A run of columns on one line (0-based), the unit every layout table is made of.
struct MRZSegment: Sendable, Equatable {
    let line: Int
    let start: Int
    let length: Int

    var end: Int { start + length }
}

/// One check digit: the segments it covers and where the digit sits.
struct MRZCheckSpec: Sendable {
    /// Public name in `MRZDocument.checks`.
    let name: String
    /// The field a failure is blamed on.
    let field: MRZField
    let covers: [MRZSegment]
    let digit: MRZSegment
}

/// Where every field of a format sits; one table per format instead of five parsers.
struct MRZLayout: Sendable {
    let format: MRZFormat
    /// Field positions; a field may span two segments (a long TD1/TD2 document number).
    var fields: [MRZField: [MRZSegment]]
    /// The check digits in the order they are reported.
    var checks: [MRZCheckSpec]

    static func table(for format: MRZFormat) -> MRZLayout { tables[format]! }

    private static let tables: [MRZFormat: MRZLayout] = Dictionary(
        uniqueKeysWithValues: MRZFormat.allCases.map { ($0, build($0)) })

    private static func build(_ format: MRZFormat) -> MRZLayout {
        func seg(_ line: Int, _ start1: Int, _ end1: Int) -> MRZSegment {
            // Tables are written with ICAO's 1-based inclusive positions to be checked against the spec.
            MRZSegment(line: line, start: start1 - 1, length: end1 - start1 + 1)
        }
        var fields: [MRZField: [MRZSegment]] = [:]
        var composite: [MRZSegment] = []
        switch format {
        case .td1:
            fields = [
                .documentCode: [seg(0, 1, 2)], .issuingState: [seg(0, 3, 5)],
                .documentNumber: [seg(0, 6, 14)], .documentNumberCheck: [seg(0, 15, 15)],
                .optionalData: [seg(0, 16, 30)],
                .birthDate: [seg(1, 1, 6)], .birthDateCheck: [seg(1, 7, 7)], .sex: [seg(1, 8, 8)],
                .expiryDate: [seg(1, 9, 14)], .expiryDateCheck: [seg(1, 15, 15)],
                .nationality: [seg(1, 16, 18)], .optionalData2: [seg(1, 19, 29)],
                .compositeCheck: [seg(1, 30, 30)],
                .name: [seg(2, 1, 30)],
            ]
            composite = [seg(0, 6, 30), seg(1, 1, 7), seg(1, 9, 15), seg(1, 19, 29)]
        case .td2, .td3, .mrvA, .mrvB:
            let length = format.lineLength
            fields = [
                .documentCode: [seg(0, 1, 2)], .issuingState: [seg(0, 3, 5)],
                .name: [seg(0, 6, length)],
                .documentNumber: [seg(1, 1, 9)], .documentNumberCheck: [seg(1, 10, 10)],
                .nationality: [seg(1, 11, 13)],
                .birthDate: [seg(1, 14, 19)], .birthDateCheck: [seg(1, 20, 20)], .sex: [seg(1, 21, 21)],
                .expiryDate: [seg(1, 22, 27)], .expiryDateCheck: [seg(1, 28, 28)],
            ]
            switch format {
            case .td2:
                fields[.optionalData] = [seg(1, 29, 35)]
                fields[.compositeCheck] = [seg(1, 36, 36)]
                composite = [seg(1, 1, 10), seg(1, 14, 20), seg(1, 22, 35)]
            case .td3:
                fields[.optionalData] = [seg(1, 29, 42)]
                fields[.optionalDataCheck] = [seg(1, 43, 43)]
                fields[.compositeCheck] = [seg(1, 44, 44)]
                composite = [seg(1, 1, 10), seg(1, 14, 20), seg(1, 22, 43)]
            default:
                // Visas carry no composite check; the rest of the line is optional data.
                fields[.optionalData] = [seg(1, 29, length)]
            }
        }
        var layout = MRZLayout(format: format, fields: fields, checks: [])
        layout.checks = [
            MRZCheckSpec(
                name: "documentNumber", field: .documentNumber,
                covers: fields[.documentNumber]!, digit: fields[.documentNumberCheck]![0]),
            MRZCheckSpec(
                name: "birthDate", field: .birthDate,
                covers: fields[.birthDate]!, digit: fields[.birthDateCheck]![0]),
            MRZCheckSpec(
                name: "expiryDate", field: .expiryDate,
                covers: fields[.expiryDate]!, digit: fields[.expiryDateCheck]![0]),
        ]
        if let check = fields[.optionalDataCheck] {
            layout.checks.append(
                MRZCheckSpec(
                    name: "optionalData", field: .optionalData,
                    covers: fields[.optionalData]!, digit: check[0]))
        }
        if let check = fields[.compositeCheck] {
            layout.checks.append(
                MRZCheckSpec(name: "composite", field: .compositeCheck, covers: composite, digit: check[0]))
        }
        return layout
    }

    /// The layout with a long document number (ICAO 9303 Part 5/6 note j): when the number's
    /// check position holds `<`, the number continues in the optional data, followed by its
    /// check digit. Returns nil when the zone does not use that convention.
    func withLongDocumentNumber(in lines: [[UInt8]]) -> MRZLayout? {
        guard format == .td1 || format == .td2,
            let checkSeg = fields[.documentNumberCheck]?.first,
            let optional = fields[.optionalData]?.first,
            lines[checkSeg.line][checkSeg.start] == UInt8(ascii: "<")
        else { return nil }
        let bytes = lines[optional.line][optional.start..<optional.end]
        let filler = bytes.firstIndex(of: UInt8(ascii: "<")) ?? optional.end
        let used = filler - optional.start
        guard used >= 1 else { return nil }
        var layout = self
        let continuation = MRZSegment(line: optional.line, start: optional.start, length: used - 1)
        let digit = MRZSegment(line: optional.line, start: optional.start + used - 1, length: 1)
        let number = fields[.documentNumber]! + (continuation.length > 0 ? [continuation] : [])
        layout.fields[.documentNumber] = number
        layout.fields[.documentNumberCheck] = [digit]
        // The position that would have held the check digit is a filler now, owned by no field.
        layout.fields[.optionalData] = [
            MRZSegment(line: optional.line, start: optional.start + used, length: optional.length - used)
        ]
        layout.checks = checks.map { spec in
            spec.name == "documentNumber"
                ? MRZCheckSpec(name: spec.name, field: spec.field, covers: number, digit: digit) : spec
        }
        return layout
    }

    /// The kind of character expected at every position, for repair and normalisation.
    func kinds() -> [[MRZCharKind?]] {
        var kinds = Array(repeating: [MRZCharKind?](repeating: nil, count: format.lineLength), count: format.lineCount)
        for (field, segments) in fields {
            for segment in segments {
                for column in segment.start..<segment.end { kinds[segment.line][column] = field.kind }
            }
        }
        return kinds
    }

    /// Which field owns every position, for reporting repairs.
    func owners() -> [[MRZField?]] {
        var owners = Array(repeating: [MRZField?](repeating: nil, count: format.lineLength), count: format.lineCount)
        for (field, segments) in fields {
            for segment in segments {
                for column in segment.start..<segment.end { owners[segment.line][column] = field }
            }
        }
        return owners
    }
}
