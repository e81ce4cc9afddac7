import Testing
@testable import stampkit

@Suite struct KeyDecoderTests {
    @Test(arguments: [
        ([0x1B, 0x5B, 0x41], Key.up), ([0x1B, 0x5B, 0x42], .down), ([0x1B, 0x5B, 0x43], .right), ([0x1B, 0x5B, 0x44], .left),
        ([0x1B, 0x4F, 0x41], .up), ([0x1B, 0x4F, 0x42], .down), ([0x1B, 0x4F, 0x43], .right), ([0x1B, 0x4F, 0x44], .left),
        ([0x1B, 0x5B, 0x48], .home), ([0x1B, 0x5B, 0x46], .end), ([0x1B, 0x5B, 0x31, 0x7E], .home),
        ([0x1B, 0x5B, 0x34, 0x7E], .end), ([0x1B, 0x5B, 0x33, 0x7E], .delete),
        ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43], .right),  // Ctrl+→ still moves right
        ([0x0D], .enter), ([0x0A], .enter), ([0x7F], .backspace), ([0x08], .backspace),
        ([0x03], .interrupt), ([0x04], .endOfInput), ([0x1B], .escape), ([0x09], .tab),
        ([0x73], .character("s")), ([0x37], .character("7")),
        ([0xC3, 0xBC], .character("ü")), ([0xE2, 0x82, 0xAC], .character("€")), ([0xF0, 0x9F, 0x9B, 0x82], .character("🛂")),
    ] as [([UInt8], Key)])
    func oneSequenceIsOneKey(bytes: [UInt8], key: Key) {
        #expect(KeyDecoder.keys(of: bytes) == [key])
    }

    @Test func aBurstOfKeysDecodesInOrder() {
        let bytes: [UInt8] = Array("ab".utf8) + [0x1B, 0x5B, 0x41, 0x0D] + Array("Mü".utf8) + [0x7F, 0x1B, 0x4F, 0x44]
        #expect(KeyDecoder.keys(of: bytes) == [.character("a"), .character("b"), .up, .enter, .character("M"), .character("ü"), .backspace, .left])
    }

    @Test func aSequenceSplitAcrossReadsWaitsForItsRest() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.hasPending)
        #expect(decoder.feed([0x5B]) == [])
        #expect(decoder.feed([0x42, 0x78]) == [.down, .character("x")])
        #expect(!decoder.hasPending)
        // Half a UTF-8 character too.
        #expect(decoder.feed([0xC3]) == [])
        #expect(decoder.feed([0xB6]) == [.character("ö")])
    }

    @Test func aLoneEscapeIsEscapeOnceNoMoreBytesCome() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.feed([], final: true) == [.escape])
        #expect(!decoder.hasPending)
    }

    @Test func escapeThenALetterIsEscapeThenTheLetter() {
        #expect(KeyDecoder.keys(of: [0x1B, 0x71]) == [.escape, .character("q")])
    }

    @Test func brokenBytesBecomeUnknownWithoutSwallowingTheNextKey() {
        #expect(KeyDecoder.keys(of: [0x80, 0x61]) == [.unknown, .character("a")])
        #expect(KeyDecoder.keys(of: [0xC3, 0x61]) == [.unknown, .character("a")])
        #expect(KeyDecoder.keys(of: [0x1B, 0x5B, 0x5A]) == [.unknown])  // Shift-Tab: not used
        #expect(KeyDecoder.keys(of: [0x01]) == [.unknown])
    }
}

@Suite struct LineEditorTests {
    private func type(_ text: String, into editor: inout LineEditor) {
        for c in text { #expect(editor.handle(.character(c)) == .editing) }
    }

    @Test func typingAndBackspaceAndEnter() {
        var editor = LineEditor()
        type("Munchen", into: &editor)
        for _ in 0..<5 { _ = editor.handle(.left) }
        _ = editor.handle(.backspace)
        type("ü", into: &editor)
        #expect(editor.text == "München")
        #expect(editor.cursor == 2)
        #expect(editor.handle(.enter) == .accepted("München"))
    }

    @Test func aPrefilledValueIsEditedFromItsEnd() {
        var editor = LineEditor(initial: "2019-07-12")
        #expect(editor.cursor == 10)
        _ = editor.handle(.backspace)
        _ = editor.handle(.backspace)
        type("21", into: &editor)
        #expect(editor.handle(.enter) == .accepted("2019-07-21"))
    }

    @Test func homeEndDeleteAndBounds() {
        var editor = LineEditor(initial: "abc")
        _ = editor.handle(.right)
        #expect(editor.cursor == 3)
        _ = editor.handle(.home)
        _ = editor.handle(.left)
        #expect(editor.cursor == 0)
        _ = editor.handle(.backspace)
        _ = editor.handle(.delete)
        #expect(editor.text == "bc")
        _ = editor.handle(.end)
        _ = editor.handle(.delete)
        #expect(editor.text == "bc")
    }

    @Test(arguments: [Key.escape, .interrupt, .endOfInput])
    func escapeCancels(key: Key) {
        var editor = LineEditor(initial: "KEF")
        #expect(editor.handle(key) == .cancelled)
    }
}

@Suite struct MenuPickerTests {
    @Test func arrowsMoveAndWrapAndEnterPicks() {
        var menu = MenuPicker(count: 3)
        #expect(menu.handle(.down) == .moved)
        #expect(menu.handle(.down) == .moved)
        #expect(menu.highlight == 2)
        _ = menu.handle(.down)
        #expect(menu.highlight == 0)
        _ = menu.handle(.up)
        #expect(menu.handle(.enter) == .picked(2))
    }

    @Test func aDigitPicksDirectlyOnlyWithinTheList() {
        var menu = MenuPicker(count: 3)
        #expect(menu.handle(.character("2")) == .picked(1))
        #expect(menu.highlight == 1)
        #expect(menu.handle(.character("4")) == .other(.character("4")))
        #expect(menu.handle(.character("0")) == .other(.character("0")))
        #expect(menu.handle(.character("s")) == .other(.character("s")))
        #expect(menu.handle(.escape) == .cancelled)
    }

    @Test func anEmptyMenuPicksNothing() {
        var menu = MenuPicker(count: 0)
        #expect(menu.handle(.enter) == .moved)
        #expect(menu.handle(.character("1")) == .other(.character("1")))
    }
}
