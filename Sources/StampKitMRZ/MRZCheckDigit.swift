/// The ICAO 9303 check digit: weights 7-3-1 repeating, `<` counts 0, digits their value,
/// letters A=10 … Z=35, sum modulo 10.
public enum MRZCheckDigit {
    /// The value ICAO gives one MRZ character, or nil for a character outside `0-9A-Z<`.
    public static func value(of character: Character) -> Int? {
        guard let ascii = character.asciiValue else { return nil }
        return value(ofByte: ascii)
    }

    /// The check digit (0–9) over `text`, or nil when it holds a character outside `0-9A-Z<`.
    public static func compute(_ text: String) -> Int? {
        var sum = 0
        for (index, byte) in text.utf8.enumerated() {
            guard let value = value(ofByte: byte) else { return nil }
            sum += value * weights[index % 3]
        }
        return sum % 10
    }

    static let weights = [7, 3, 1]

    /// Byte-level value so the repair search can work on `[UInt8]` without building strings.
    static func value(ofByte byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A")) + 10
        case UInt8(ascii: "<"): 0
        default: nil
        }
    }
}
