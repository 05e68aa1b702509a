import TerminalUI
import XCTest

final class KeyDecoderTests: XCTestCase {
    /// Every sequence the decoder names, with the key it must give.
    static let named: [(bytes: [UInt8], keys: [Key])] = [
        (Array("q".utf8), [.character("q")]),
        (Array(" ".utf8), [.character(" ")]),
        ([0x0D], [.enter]),
        ([0x0A], [.enter]),
        ([0x09], [.tab]),
        (Array("\u{1B}[Z".utf8), [.backTab]),
        ([0x7F], [.backspace]),
        ([0x08], [.backspace]),
        ([0x03], [.ctrlC]),
        ([0x1A], [.ctrlZ]),
        ([0x04], [.control(0x04)]),
        (Array("\u{1B}[A".utf8), [.up]),
        (Array("\u{1B}[B".utf8), [.down]),
        (Array("\u{1B}[C".utf8), [.right]),
        (Array("\u{1B}[D".utf8), [.left]),
        (Array("\u{1B}OA".utf8), [.up]),
        (Array("\u{1B}OB".utf8), [.down]),
        (Array("\u{1B}OC".utf8), [.right]),
        (Array("\u{1B}OD".utf8), [.left]),
        (Array("\u{1B}[H".utf8), [.home]),
        (Array("\u{1B}[F".utf8), [.end]),
        (Array("\u{1B}OH".utf8), [.home]),
        (Array("\u{1B}OF".utf8), [.end]),
        (Array("\u{1B}[1~".utf8), [.home]),
        (Array("\u{1B}[4~".utf8), [.end]),
        (Array("\u{1B}[7~".utf8), [.home]),
        (Array("\u{1B}[8~".utf8), [.end]),
        (Array("\u{1B}[5~".utf8), [.pageUp]),
        (Array("\u{1B}[6~".utf8), [.pageDown]),
        (Array("\u{1B}OM".utf8), [.enter]),
        // Modifiers are dropped: Ctrl-→, Shift-Home, Ctrl-PgDn.
        (Array("\u{1B}[1;5C".utf8), [.right]),
        (Array("\u{1B}[1;2H".utf8), [.home]),
        (Array("\u{1B}[6;5~".utf8), [.pageDown]),
        // Alt: a printable key is `.alt`, a control key is itself.
        (Array("\u{1B}x".utf8), [.alt("x")]),
        ([0x1B, 0x0D], [.enter]),
        // UTF-8, 2, 3 and 4 bytes.
        (Array("é".utf8), [.character("é")]),
        (Array("漢".utf8), [.character("漢")]),
        (Array("😀".utf8), [.character("😀")]),
        (Array("a\u{1B}[Bb".utf8), [.character("a"), .down, .character("b")]),
    ]

    /// Sequences that are not keys: nothing of them may come out, and the `x` after each must.
    static let swallowed: [[UInt8]] = [
        Array("\u{1B}[2~".utf8),  // Insert
        Array("\u{1B}[3~".utf8),  // Delete
        Array("\u{1B}[15~".utf8),  // F5
        Array("\u{1B}[15;2~".utf8),  // Shift-F5
        Array("\u{1B}OP".utf8),  // F1 (SS3)
        Array("\u{1B}[[A".utf8),  // F1 on the Linux console
        Array("\u{1B}[?62;4c".utf8),  // a late DA1 answer
        Array("\u{1B}[12;40R".utf8),  // a cursor position report
        Array("\u{1B}[200~".utf8),  // a bracketed-paste marker
        Array("\u{1B}[1 q".utf8),  // an intermediate byte
        Array("\u{1B}[27;2;13~".utf8),  // xterm's modifyOtherKeys
        Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8),  // a late kitty graphics answer (APC)
        Array("\u{1B}]11;rgb:0000/0000/0000\u{07}".utf8),  // OSC ended by BEL
        Array("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\".utf8),  // OSC ended by ST
        Array("\u{1B}P1$r0m\u{1B}\\".utf8),  // DCS
        Array(("\u{1B}[" + String(repeating: "1;", count: 200) + "y").utf8),  // longer than is kept
        [0xFF], [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
    ]

    func testEveryNamedSequenceDecodesWhole() {
        for (bytes, keys) in Self.named {
            var decoder = KeyDecoder()
            XCTAssertEqual(decoder.feed(bytes) + decoder.flush(), keys, "bytes \(bytes)")
        }
    }

    func testEveryNamedSequenceSplitAtEveryByteDecodesTheSame() {
        for (bytes, keys) in Self.named {
            for cut in 0...bytes.count {
                var decoder = KeyDecoder()
                let got = decoder.feed(bytes[..<cut]) + decoder.feed(bytes[cut...]) + decoder.flush()
                XCTAssertEqual(got, keys, "bytes \(bytes) cut at \(cut)")
            }
            var decoder = KeyDecoder()
            var oneByOne: [Key] = []
            for byte in bytes { oneByOne += decoder.feed([byte]) }
            XCTAssertEqual(oneByOne + decoder.flush(), keys, "bytes \(bytes) one at a time")
        }
    }

    func testUnknownSequencesAreSwallowedWholeInAnyPieces() {
        for bytes in Self.swallowed {
            let input = bytes + Array("x".utf8)
            for cut in 0...input.count {
                var decoder = KeyDecoder()
                let got = decoder.feed(input[..<cut]) + decoder.feed(input[cut...]) + decoder.flush()
                XCTAssertEqual(got, [.character("x")], "bytes \(bytes) cut at \(cut)")
            }
        }
    }

    func testALoneEscapeWaitsForTheCallerThenIsEsc() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed([0x1B]), [])
        XCTAssertTrue(decoder.isPending)
        XCTAssertEqual(decoder.flush(), [.escape])
        XCTAssertFalse(decoder.isPending)
    }

    func testEscapeTwiceIsEscThenAPendingEscape() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed([0x1B, 0x1B]), [.escape])
        XCTAssertTrue(decoder.isPending)
        XCTAssertEqual(decoder.flush(), [.escape])
    }

    func testEscapeBeforeAnArrowIsEscThenTheArrow() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed(Array("\u{1B}\u{1B}[A".utf8)), [.escape, .up])
    }

    func testAnUnfinishedSequenceIsDroppedAtTheTimeoutAndTypingGoesOn() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed(Array("\u{1B}[1;".utf8)), [])
        XCTAssertTrue(decoder.isPending)
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertEqual(decoder.feed(Array("q".utf8)), [.character("q")])
    }

    func testAnUnendedStringIsDroppedAtTheTimeoutSoAltBracketDoesNotEatTheKeyboard() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed(Array("\u{1B}]".utf8)), [])
        XCTAssertTrue(decoder.isPending)
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertEqual(decoder.feed(Array("j".utf8)), [.character("j")])
    }

    func testAControlByteBreaksOffASequenceAndCounts() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed([0x1B, UInt8(ascii: "["), 0x03]), [.ctrlC])
        XCTAssertEqual(decoder.feed([0x1B, UInt8(ascii: "["), UInt8(ascii: "5"), 0x0D]), [.enter])
    }

    func testAnEscapeInsideASequenceStartsANewOne() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed(Array("\u{1B}[1\u{1B}[B".utf8)), [.down])
    }

    func testAnInvalidUTF8ByteIsDroppedAndTheNextCharacterSurvives() {
        var decoder = KeyDecoder()
        XCTAssertEqual(decoder.feed([0xE6, 0x41]), [.character("A")])
        XCTAssertEqual(decoder.feed([0xC3]) + decoder.flush() + decoder.feed(Array("b".utf8)), [.character("b")])
    }

    func testTypedTextComesOutInOrder() {
        var decoder = KeyDecoder()
        XCTAssertEqual(
            decoder.feed(Array("hj kl\r".utf8)),
            [.character("h"), .character("j"), .character(" "), .character("k"), .character("l"), .enter])
    }
}
