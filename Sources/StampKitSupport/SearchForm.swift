import Foundation

/// The form in which names are compared: lower case, diacritics removed, letters that are not
/// diacritics transliterated (ð→d, þ→th, æ→ae, ø→o, ß→ss, ł→l, ı→i), and every run of
/// non-alphanumerics folded to one space. `Keflavíkurflugvöllur` and `KEFLAVIKURFLUGVOLLUR` meet
/// at `keflavikurflugvollur`; `Egilsstaðir` at `egilsstadir`.
public enum SearchForm {
    /// Letters that Unicode does not decompose into a base letter plus a mark.
    static let transliterations: [Character: String] = [
        "ð": "d", "þ": "th", "æ": "ae", "ø": "o", "œ": "oe", "ß": "ss", "ł": "l", "ı": "i",
        "đ": "d", "ħ": "h", "ŀ": "l", "ŧ": "t", "ĸ": "k", "ŋ": "ng", "ſ": "s",
    ]

    /// The search form of `text`.
    public static func of(_ text: String) -> String {
        ofASCII(text) ?? ofAny(text)
    }

    /// The search form of any text, through Unicode case folding and decomposition.
    static func ofAny(_ text: String) -> String {
        let folded = text.lowercased().folding(options: [.diacriticInsensitive], locale: nil)
        var out = ""
        out.reserveCapacity(folded.utf8.count)
        var pendingSpace = false
        for ch in folded {
            if let t = transliterations[ch] {
                if pendingSpace, !out.isEmpty { out.append(" ") }
                pendingSpace = false
                out += t
            } else if ch.isLetter || ch.isNumber {
                if pendingSpace, !out.isEmpty { out.append(" ") }
                pendingSpace = false
                out.append(ch)
            } else {
                pendingSpace = true
            }
        }
        return out
    }

    /// The search form of plain ASCII text, byte by byte (nil for any other text): lower case,
    /// runs of other characters one space. Most of what a stamp reads is ASCII, and the
    /// matcher takes the form of every token and name it meets.
    static func ofASCII(_ text: String) -> String? {
        var text = text
        return text.withUTF8 { bytes -> String? in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var pendingSpace = false
            for b in bytes {
                guard b < 128 else { return nil }
                let lower = b >= 65 && b <= 90 ? b + 32 : b
                if (lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57) {
                    if pendingSpace, !out.isEmpty { out.append(32) }
                    pendingSpace = false
                    out.append(lower)
                } else {
                    pendingSpace = true
                }
            }
            return String(decoding: out, as: UTF8.self)
        }
    }
}

extension SearchForm {
    /// `text` in printable ASCII for a bitmap font that has nothing else: diacritics removed,
    /// ð, þ, æ… transliterated (case kept), anything still outside ASCII (other scripts, symbols)
    /// as `?`, so the text keeps its length and shape instead of vanishing.
    public static func ascii(_ text: String) -> String {
        var out = ""
        for ch in text.folding(options: [.diacriticInsensitive], locale: nil) {
            if ch.isASCII, let value = ch.asciiValue, value >= 32, value < 127 {
                out.append(ch)
            } else if let t = transliterations[Character(ch.lowercased())] {
                out += ch.isUppercase ? t.prefix(1).uppercased() + t.dropFirst() : t
            } else if ch == "›" || ch == "–" || ch == "—" {
                out += ch == "›" ? ">" : "-"
            } else if ch.isWhitespace {
                out += " "
            } else {
                out += "?"
            }
        }
        return out
    }
}
