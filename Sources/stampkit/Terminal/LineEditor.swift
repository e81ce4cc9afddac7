/// The one-line editor of the review's prompts (a date, a note, a search): typing inserts at
/// the cursor, Backspace/Delete remove, ←/→/Home/End move, Enter accepts, Esc or Ctrl-C
/// cancels. Pure state, so its behaviour is tested without a terminal.
struct LineEditor: Equatable {
    /// What a key did to the line.
    enum Outcome: Equatable {
        case editing
        case accepted(String)
        case cancelled
    }

    private(set) var characters: [Character]
    /// Insertion point, 0…characters.count.
    private(set) var cursor: Int

    /// An editor holding `initial` (an edit starts from the current value), cursor at the end.
    init(initial: String = "") {
        characters = Array(initial)
        cursor = characters.count
    }

    /// The line as typed so far.
    var text: String { String(characters) }

    /// Applies one key.
    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .character(let c):
            characters.insert(c, at: cursor)
            cursor += 1
        case .backspace:
            if cursor > 0 {
                characters.remove(at: cursor - 1)
                cursor -= 1
            }
        case .delete:
            if cursor < characters.count { characters.remove(at: cursor) }
        case .left: cursor = max(0, cursor - 1)
        case .right: cursor = min(characters.count, cursor + 1)
        case .home: cursor = 0
        case .end: cursor = characters.count
        case .enter: return .accepted(text)
        case .escape, .interrupt, .endOfInput: return .cancelled
        case .up, .down, .tab, .unknown: break
        }
        return .editing
    }
}

/// A list where ↑/↓ move a highlight, Enter picks the highlighted entry and a digit 1–9 picks
/// that entry at once; Esc or Ctrl-C goes back. Pure state, tested without a terminal.
struct MenuPicker: Equatable {
    /// What a key did to the menu.
    enum Outcome: Equatable {
        case moved
        case picked(Int)
        case cancelled
        /// A key the menu does not use; the screen may give it a meaning (a letter command).
        case other(Key)
    }

    /// How many entries there are.
    let count: Int
    /// The highlighted entry, 0-based.
    private(set) var highlight: Int

    /// A menu of `count` entries, `highlight` first.
    init(count: Int, highlight: Int = 0) {
        self.count = count
        self.highlight = count == 0 ? 0 : min(max(0, highlight), count - 1)
    }

    /// Applies one key.
    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .up:
            guard count > 0 else { return .moved }
            highlight = (highlight + count - 1) % count
            return .moved
        case .down, .tab:
            guard count > 0 else { return .moved }
            highlight = (highlight + 1) % count
            return .moved
        case .home:
            highlight = 0
            return .moved
        case .end:
            highlight = max(0, count - 1)
            return .moved
        case .enter:
            return count > 0 ? .picked(highlight) : .moved
        case .escape, .interrupt, .endOfInput:
            return .cancelled
        case .character(let c):
            if let digit = c.wholeNumberValue, c.isASCII, digit >= 1, digit <= min(9, count) {
                highlight = digit - 1
                return .picked(digit - 1)
            }
            return .other(key)
        default:
            return .other(key)
        }
    }
}
