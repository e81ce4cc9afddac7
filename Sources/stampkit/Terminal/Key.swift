/// One key press as the review screens understand it, decoded from the bytes a terminal sends.
enum Key: Equatable, Sendable {
    case up, down, left, right, home, end, delete
    case enter, backspace, tab, escape
    /// Ctrl-C: with raw mode on it arrives as a byte, not as SIGINT.
    case interrupt
    /// Ctrl-D, or the end of the input stream.
    case endOfInput
    /// A printable character (any script).
    case character(Character)
    /// A control byte or escape sequence the screens do not use.
    case unknown
}

/// Turns terminal input bytes into keys. Pure and incremental, so it can be tested byte by
/// byte: bytes that may still become a longer sequence (a lone ESC, half a UTF-8 character)
/// are kept back until more bytes arrive or the reader says no more are coming.
struct KeyDecoder {
    private var pending: [UInt8] = []

    /// Bytes held back waiting for the rest of a sequence.
    var hasPending: Bool { !pending.isEmpty }

    /// Feeds bytes; returns every key they complete. With `final`, an unfinished sequence is
    /// resolved now: a lone ESC is the Escape key (terminals send nothing after it).
    mutating func feed(_ bytes: [UInt8], final: Bool = false) -> [Key] {
        pending += bytes
        var keys: [Key] = []
        var i = 0
        while i < pending.count {
            switch Self.decodeOne(pending, at: i) {
            case .key(let key, let length):
                keys.append(key)
                i += length
            case .incomplete:
                if final {
                    // What has arrived of a sequence is all there will be.
                    // An unfinished escape sequence counts as Escape; its remainder is noise.
                    keys.append(pending[i] == 0x1B ? .escape : .unknown)
                    i = pending.count
                } else {
                    pending.removeFirst(i)
                    return keys
                }
            }
        }
        pending.removeAll()
        return keys
    }

    /// The keys of a whole byte string (a test helper and for pasted input).
    static func keys(of bytes: [UInt8]) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(bytes, final: true)
    }

    private enum Step { case key(Key, Int), incomplete }

    private static func decodeOne(_ bytes: [UInt8], at i: Int) -> Step {
        let byte = bytes[i]
        switch byte {
        case 0x1B: return decodeEscape(bytes, at: i)
        case 0x0D, 0x0A: return .key(.enter, 1)
        case 0x7F, 0x08: return .key(.backspace, 1)
        case 0x09: return .key(.tab, 1)
        case 0x03: return .key(.interrupt, 1)
        case 0x04: return .key(.endOfInput, 1)
        case 0x00..<0x20: return .key(.unknown, 1)
        case 0x20..<0x7F: return .key(.character(Character(Unicode.Scalar(byte))), 1)
        default: return decodeUTF8(bytes, at: i)
        }
    }

    private static func decodeEscape(_ bytes: [UInt8], at i: Int) -> Step {
        guard i + 1 < bytes.count else { return .incomplete }
        let second = bytes[i + 1]
        if second == UInt8(ascii: "O") {
            // SS3: arrows in application-cursor mode (tmux sends these when asked to).
            guard i + 2 < bytes.count else { return .incomplete }
            return .key(finalKey(bytes[i + 2], parameters: []) ?? .unknown, 3)
        }
        guard second == UInt8(ascii: "[") else {
            // ESC then a normal byte: Alt+key, or Escape typed just before another key.
            // Escape wins; the next byte is decoded on its own.
            return .key(.escape, 1)
        }
        // CSI: parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, one final 0x40–0x7E.
        var j = i + 2
        var parameters: [UInt8] = []
        while j < bytes.count, (0x20...0x3F).contains(bytes[j]) {
            parameters.append(bytes[j])
            j += 1
        }
        guard j < bytes.count else { return .incomplete }
        let last = bytes[j]
        guard (0x40...0x7E).contains(last) else { return .key(.unknown, j - i) }
        return .key(finalKey(last, parameters: parameters) ?? .unknown, j - i + 1)
    }

    private static func finalKey(_ byte: UInt8, parameters: [UInt8]) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        case UInt8(ascii: "~"):
            // The first number says which key: 1/7 Home, 4/8 End, 3 Delete.
            let first = String(decoding: parameters.prefix { $0 != UInt8(ascii: ";") }, as: UTF8.self)
            switch first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            default: return nil
            }
        default: return nil
        }
    }

    private static func decodeUTF8(_ bytes: [UInt8], at i: Int) -> Step {
        let lead = bytes[i]
        let length: Int
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .key(.unknown, 1)  // a stray continuation byte or an invalid lead
        }
        var j = i + 1
        while j < i + length {
            guard j < bytes.count else { return .incomplete }
            guard bytes[j] & 0xC0 == 0x80 else { return .key(.unknown, j - i) }
            j += 1
        }
        let text = String(decoding: bytes[i..<(i + length)], as: UTF8.self)
        guard let character = text.first, text.unicodeScalars.first?.value != 0xFFFD else { return .key(.unknown, length) }
        return .key(.character(character), length)
    }
}
