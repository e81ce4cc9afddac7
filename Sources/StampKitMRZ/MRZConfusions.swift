/// The OCR confusions repair may try, by the kind of character a position expects. OCR-B
/// letters and digits that share a shape (O/0, I/1, S/5, B/8, Z/2, G/6), and the filler `<`,
/// which stock Tesseract models read as K, C, E or S.
enum MRZConfusions {
    static func byte(_ s: Unicode.Scalar) -> UInt8 { UInt8(ascii: s) }

    /// Letter → the digit it is mistaken for, both ways in alphanumeric fields.
    static let letterToDigit: [UInt8: UInt8] = [
        byte("O"): byte("0"), byte("I"): byte("1"), byte("Z"): byte("2"),
        byte("S"): byte("5"), byte("G"): byte("6"), byte("B"): byte("8"),
    ]
    /// Digit → the letter it is mistaken for.
    static let digitToLetter: [UInt8: UInt8] = Dictionary(
        uniqueKeysWithValues: letterToDigit.map { ($0.value, $0.key) })
    /// Extra letters that can only be a digit in an all-digit field (never tried in alphanumeric
    /// fields, where D, Q and L are real characters).
    static let numericOnly: [UInt8: UInt8] = [byte("D"): byte("0"), byte("Q"): byte("0"), byte("L"): byte("1")]
    /// What OCR makes of the filler `<`.
    static let fillerLookalikes: Set<UInt8> = [byte("K"), byte("C"), byte("E"), byte("S")]

    static let filler = byte("<")

    static func isDigit(_ b: UInt8) -> Bool { (byte("0")...byte("9")).contains(b) }
    static func isLetter(_ b: UInt8) -> Bool { (byte("A")...byte("Z")).contains(b) }

    /// Whether `b` cannot stand at a position of this kind, so it must have been misread.
    static func isInvalid(_ b: UInt8, kind: MRZCharKind) -> Bool {
        switch kind {
        case .numeric: isLetter(b)
        case .alpha, .name: isDigit(b)
        case .alphanumeric: false
        }
    }

    /// Candidate replacements for `b`, in a fixed order so repairs are deterministic.
    /// `checkDigit` marks a check-digit position, where `<` is allowed (empty optional field).
    static func alternatives(_ b: UInt8, kind: MRZCharKind, checkDigit: Bool) -> [UInt8] {
        var result: [UInt8] = []
        switch kind {
        case .numeric:
            guard isLetter(b) else { return [] }
            if let d = letterToDigit[b] ?? numericOnly[b] { result.append(d) }
            if checkDigit && fillerLookalikes.contains(b) { result.append(filler) }
        case .alpha, .name:
            if let l = digitToLetter[b] { result.append(l) }
        case .alphanumeric:
            if let d = letterToDigit[b] { result.append(d) }
            if let l = digitToLetter[b] { result.append(l) }
            if fillerLookalikes.contains(b) { result.append(filler) }
        }
        return result
    }

    /// Indices of filler look-alikes in the trailing padding of a data field: the run at the
    /// end made only of `<` and K/C/E/S, from its first `<` on. K weighs 20, 0 modulo 10, so a
    /// check digit never notices `<` read as K: the field's structure has to.
    static func trailingPaddingMisreads(_ field: [UInt8]) -> [Int] {
        var start = field.count
        while start > 0 && (field[start - 1] == filler || fillerLookalikes.contains(field[start - 1])) {
            start -= 1
        }
        let letters = (start..<field.count).filter { field[$0] != filler }
        // A field that is nothing but padding with a stray K is empty; otherwise a look-alike
        // right after the data may be data, so the padding starts at its first `<`.
        if start == 0 && !letters.isEmpty && field.count > 2 * letters.count { return letters }
        while start < field.count && field[start] != filler { start += 1 }
        return (start..<field.count).filter { field[$0] != filler }
    }
}
