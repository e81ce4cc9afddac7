import Foundation
import Testing

@testable import StampKit
@testable import StampKitEvidence
@testable import StampKitGazetteer
@testable import StampKitImaging
@testable import StampKitMRZ
@testable import StampKitMatching
@testable import StampKitOCR
@testable import StampKitSQLite

@Suite struct MRZCheckDigitTests {
    @Test func icaoWorkedExamples() throws {
        let specimens = try Specimens.load()
        #expect(specimens.check_digit_examples.count == 2)
        for example in specimens.check_digit_examples {
            #expect(MRZCheckDigit.compute(example.input).map(String.init) == example.check)
        }
    }

    @Test func valuesFollowIcao() {
        #expect(MRZCheckDigit.value(of: "<") == 0)
        #expect(MRZCheckDigit.value(of: "7") == 7)
        #expect(MRZCheckDigit.value(of: "A") == 10)
        #expect(MRZCheckDigit.value(of: "Z") == 35)
        #expect(MRZCheckDigit.value(of: "a") == nil)
        #expect(MRZCheckDigit.compute("AB-1") == nil)
        #expect(MRZCheckDigit.compute("") == 0)
    }

    @Test func agreesWithIndependentHelperOnRandomStrings() {
        var rng = SplitMix64(seed: 7)
        let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ<")
        for _ in 0..<500 {
            let s = String((0..<Int(rng.next() % 20)).map { _ in alphabet[Int(rng.next() % 37)] })
            #expect(MRZCheckDigit.compute(s).map { Character(String($0)) } == icaoCheck(s))
        }
    }
}

@Suite struct MRZSpecimenTests {
    /// Names the specimens print, by vector; placeholder name lines give empty names.
    static let names: [String: (String, String)] = [
        "icao-td3-eriksson": ("ERIKSSON", "ANNA MARIA"), "icao-td3-ivanova": ("IVANOVA", "ANNA"),
        "icao-td1-eriksson": ("ERIKSSON", "ANNA MARIA"), "icao-td2-eriksson": ("ERIKSSON", "ANNA MARIA"),
        "icao-mrva-eriksson-8th": ("ERIKSSON", "ANNA MARIA"), "icao-mrvb-eriksson-8th": ("ERIKSSON", "ANNA MARIA"),
        "icao-mrva-appB": ("ERIKSSON", "ANNA MARIA"), "icao-mrvb-vds-dent": ("DENT", "ARTHUR PHILIP"),
        "icao-p3-ex3-td3-lower": ("", ""), "icao-p3-ex4-td1": ("", ""), "icao-p3-ex5-td2-lower": ("", ""),
    ]

    static let formats: [String: MRZFormat] = [
        "TD1": .td1, "TD2": .td2, "TD3": .td3, "MRVA": .mrvA, "MRVB": .mrvB,
    ]

    /// ISO date a `YYMMDD` specimen field must resolve to on 2026-12-02: births before today,
    /// expiries in the window 1947…2046.
    static func iso(_ yymmdd: String, birth: Bool) -> String {
        let yy = Int(yymmdd.prefix(2))!
        let century = birth ? (yy <= 26 ? "20" : "19") : (yy <= 46 ? "20" : "19")
        let chars = Array(yymmdd)
        return century + String(chars[0...1]) + "-" + String(chars[2...3]) + "-" + String(chars[4...5])
    }

    @Test func everyVectorParsesToItsFields() throws {
        let specimens = try Specimens.load()
        #expect(specimens.vectors.count == 11)
        for vector in specimens.vectors {
            let p = vector.parsed.compactMapValues(\.text)
            let ok = try #require(vector.parsed["ok"]?.flags)
            let doc = try MRZParser.parse(lines: vector.lines, referenceDay: mrzToday)
            let context = Comment(rawValue: vector.id)
            #expect(doc.format == Self.formats[vector.kind], context)
            #expect(doc.documentCode == trimFiller(p["doc_code"]!), context)
            #expect(doc.issuingState == trimFiller(p["issuer"]!), context)
            #expect(doc.documentNumber == trimFiller(p["number"]!), context)
            #expect(doc.nationality == trimFiller(p["nat"]!), context)
            #expect(doc.birthDate == Self.iso(p["dob"]!, birth: true), context)
            #expect(doc.expiryDate == Self.iso(p["exp"]!, birth: false), context)
            #expect(doc.sex == p["sex"], context)
            let optional = p["optional"] ?? p["opt1"]!
            #expect(doc.optionalData == trimFiller(optional, leading: true), context)
            #expect(doc.optionalData2 == p["opt2"].map { trimFiller($0, leading: true) }, context)
            let (surname, given) = try #require(Self.names[vector.id])
            #expect(doc.surname == surname, context)
            #expect(doc.givenNames == given, context)
            #expect(doc.lines == vector.lines, context)
            #expect(doc.repairs.isEmpty, context)
            // Every check the specimen verified, under the library's names, and no others.
            let names = ["number": "documentNumber", "dob": "birthDate", "exp": "expiryDate",
                         "opt": "optionalData", "comp": "composite"]
            let expected = Dictionary(uniqueKeysWithValues: ok.map { (names[$0.key]!, $0.value) })
            #expect(doc.checks == expected, context)
            #expect(doc.valid, context)
        }
    }

    @Test func nameFieldExamplesSplitAndFlagTruncation() throws {
        let specimens = try Specimens.load()
        let lower = "L898902C36UTO7408122F1204159ZE184226B<<<<<10"
        #expect(specimens.name_field_examples.count == 15)
        for example in specimens.name_field_examples {
            let doc = try MRZParser.parse(lines: [example.line1, lower], referenceDay: mrzToday)
            #expect(doc.surname == example.primary)
            #expect(doc.givenNames == example.secondary)
            #expect(doc.flags.contains(.nameTruncated) == example.ends_alpha_possible_truncation)
            #expect(doc.valid)
        }
    }

    @Test func specimenStatesAreKnownAndPlaceholderStateIsFlagged() throws {
        let specimens = try Specimens.load()
        for vector in specimens.vectors {
            let doc = try MRZParser.parse(lines: vector.lines, referenceDay: mrzToday)
            // YTO appears only in Part 3's worked examples and is no ICAO code.
            let unknown = vector.lines[0].contains("YTO")
            #expect(doc.flags.contains(.unknownIssuingState) == unknown, Comment(rawValue: vector.id))
            #expect(doc.flags.contains(.unknownNationality) == unknown, Comment(rawValue: vector.id))
        }
    }
}

/// Deterministic generator so fuzz and random tests replay exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
