import XCTest

@testable import TerminalImage

final class TerminalReplyTests: XCTestCase {
    private let kittyOK = Array("\u{1B}_Gi=31;OK\u{1B}\\".utf8)
    private let da1Sixel = Array("\u{1B}[?62;4;22c".utf8)
    private let da1Plain = Array("\u{1B}[?65;1;9c".utf8)

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    func testTheQueryIsTheKittyQueryThenOSC11ThenDA1() {
        XCTAssertEqual(
            TestEscapes.text(TerminalReply.query),
            "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}]11;?\u{1B}\\\u{1B}[c")
    }

    func testKittyAndSixelInOnePiece() {
        var reply = TerminalReply()
        XCTAssertEqual(reply.feed(kittyOK + da1Sixel), [])
        XCTAssertEqual(reply.kitty, .supported)
        XCTAssertTrue(reply.kittyGraphics)
        XCTAssertEqual(reply.deviceAttributes, [62, 4, 22])
        XCTAssertTrue(reply.sixel)
        XCTAssertTrue(reply.answered)
        XCTAssertEqual(reply.finish(), [])
    }

    func testDA1WithoutFourIsNoSixelAndNoKittyAnswerIsNoKitty() {
        var reply = TerminalReply()
        XCTAssertEqual(reply.feed(da1Plain), [])
        XCTAssertEqual(reply.deviceAttributes, [65, 1, 9])
        XCTAssertFalse(reply.sixel)
        XCTAssertTrue(reply.answered)
        XCTAssertNil(reply.kitty)
        XCTAssertFalse(reply.kittyGraphics)
        var vt100 = TerminalReply()
        _ = vt100.feed(bytes("\u{1B}[?1;2c"))
        XCTAssertEqual(vt100.deviceAttributes, [1, 2])
        XCTAssertFalse(vt100.sixel, "2 is not 4")
    }

    func testNothingYetIsNotAnswered() {
        let reply = TerminalReply()
        XCTAssertFalse(reply.answered)
        XCTAssertNil(reply.deviceAttributes)
    }

    func testAKittyErrorIsARefusal() {
        var reply = TerminalReply()
        XCTAssertEqual(reply.feed(bytes("\u{1B}_Gi=31;ENOTSUPPORTED:no direct\u{1B}\\") + da1Plain), [])
        XCTAssertEqual(reply.kitty, .refused("ENOTSUPPORTED:no direct"))
        XCTAssertFalse(reply.kittyGraphics)
    }

    func testKittyAnswerWithOtherKeysOrEndedByBEL() {
        var reply = TerminalReply()
        XCTAssertEqual(reply.feed(bytes("\u{1B}_Gp=2,i=31;OK\u{07}")), [])
        XCTAssertEqual(reply.kitty, .supported)
    }

    /// Every split of the whole answer into two pieces, with keys typed before,
    /// between and after, gives the same facts and hands back exactly the keys.
    func testSplitAtEveryBytePositionWithKeystrokesInterleaved() {
        let keys1 = bytes("ab"), keys2 = bytes("\u{1B}[A"), keys3 = bytes("é\r")
        let stream = keys1 + kittyOK + keys2 + da1Sixel + keys3
        for cut in 0...stream.count {
            var reply = TerminalReply()
            var other = reply.feed(stream[..<cut])
            other += reply.feed(stream[cut...])
            other += reply.finish()
            XCTAssertEqual(other, keys1 + keys2 + keys3, "cut at \(cut)")
            XCTAssertEqual(reply.kitty, .supported, "cut at \(cut)")
            XCTAssertEqual(reply.deviceAttributes, [62, 4, 22], "cut at \(cut)")
        }
    }

    func testByteByByte() {
        let stream = bytes("x") + kittyOK + bytes("\u{1B}OP") + da1Plain + bytes("y")
        var reply = TerminalReply()
        var other: [UInt8] = []
        for byte in stream { other += reply.feed([byte]) }
        other += reply.finish()
        XCTAssertEqual(other, bytes("x\u{1B}OPy"), "an F1 key (ESC O P) is handed back")
        XCTAssertEqual(reply.kitty, .supported)
        XCTAssertEqual(reply.deviceAttributes, [65, 1, 9])
    }

    func testKeysThatLookLikeEscapesAreHandedBack() {
        var reply = TerminalReply()
        let keys = bytes("\u{1B}[1;5C\u{1B}[200~pasted\u{1B}[201~\u{1B}x\u{1B}\u{1B}[B")
        var other = reply.feed(keys)
        other += reply.finish()
        XCTAssertEqual(other, keys)
        XCTAssertNil(reply.deviceAttributes)
    }

    func testALoneEscIsHeldUntilFinish() {
        var reply = TerminalReply()
        XCTAssertEqual(reply.feed([0x1B]), [])
        XCTAssertEqual(reply.finish(), [0x1B])
        XCTAssertEqual(reply.finish(), [])
    }

    func testAnotherProgramsAPCIsHandedBack() {
        var reply = TerminalReply()
        let foreign = bytes("\u{1B}_Gi=7;OK\u{1B}\\\u{1B}_Xsomething\u{1B}\\")
        XCTAssertEqual(reply.feed(foreign), foreign)
        XCTAssertNil(reply.kitty)
    }

    func testGarbageNeverHangsOrLosesBytes() {
        var seed: UInt32 = 99
        for round in 0..<300 {
            var stream: [UInt8] = []
            for _ in 0..<200 {
                seed = seed &* 1_103_515_245 &+ 12345
                // Lean towards the bytes that steer the parser.
                let pick = Int(seed >> 16) % 12
                let choice: [UInt8] = [
                    0x1B, UInt8(ascii: "["), UInt8(ascii: "_"), UInt8(ascii: "G"),
                    UInt8(ascii: "?"), UInt8(ascii: ";"), UInt8(ascii: "4"), UInt8(ascii: "c"),
                    UInt8(ascii: "\\"), 0x07, UInt8(ascii: "i"), UInt8(seed >> 8 & 0xFF),
                ]
                stream.append(choice[pick])
            }
            var reply = TerminalReply()
            var other: [UInt8] = []
            for start in stride(from: 0, to: stream.count, by: 7) {
                other += reply.feed(stream[start..<min(stream.count, start + 7)])
            }
            other += reply.finish()
            XCTAssertLessThanOrEqual(other.count, stream.count, "round \(round)")
            if reply.deviceAttributes == nil && reply.kitty == nil && reply.cellPixels == nil && reply.background == nil
            {
                XCTAssertEqual(other, stream, "nothing recognised, so everything comes back (round \(round))")
            }
        }
    }

    func testAnUnendedStringIsHandedBackOnceTooLong() {
        var reply = TerminalReply()
        let long = bytes("\u{1B}_G") + Array(repeating: UInt8(ascii: "A"), count: 2000)
        var other = reply.feed(long)
        other += reply.feed(da1Sixel)
        other += reply.finish()
        XCTAssertEqual(other, long)
        XCTAssertEqual(reply.deviceAttributes, [62, 4, 22])
    }

    /// Every form DA1 comes in ends the wait: kitty's `?62;c` (a trailing empty field), an empty
    /// list, empty fields anywhere. `?62;c` used to be handed back as no answer, so imgsel
    /// waited out its 250 ms in kitty (issue 22, item 4).
    func testEveryFormOfDA1IsTakenEmptyFieldsListingNothing() {
        for (text, expected) in [
            ("\u{1B}[?62;c", [62]), ("\u{1B}[?c", []), ("\u{1B}[?64;4;c", [64, 4]), ("\u{1B}[?62;;4c", [62, 4]),
            ("\u{1B}[?;62c", [62]), ("\u{1B}[?;c", []), ("\u{1B}[?1;2c", [1, 2]),
            ("\u{1B}[?65;1;9;22c", [65, 1, 9, 22]),
        ] {
            var reply = TerminalReply()
            XCTAssertEqual(reply.feed(bytes(text)), [], text)
            XCTAssertTrue(reply.answered, text)
            XCTAssertEqual(reply.deviceAttributes, expected, text)
            XCTAssertEqual(reply.deviceAttributesAnswer, String(text.dropFirst()), text)
            XCTAssertEqual(reply.sixel, expected.contains(4), text)
        }
    }

    /// kitty's own answers, as kitty 0.26 sends them to `env -u KITTY_WINDOW_ID` imgsel: its
    /// graphics OK first, then DA1 with a trailing `;`, in any pieces.
    func testKittysAnswersInAnyPiecesEndTheWait() {
        let stream = kittyOK + bytes("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\") + bytes("\u{1B}[?62;c")
        for size in 1...stream.count {
            var reply = TerminalReply()
            var other: [UInt8] = []
            for start in stride(from: 0, to: stream.count, by: size) {
                other += reply.feed(stream[start..<min(stream.count, start + size)])
            }
            XCTAssertEqual(other + reply.finish(), [], "\(size)-byte pieces")
            XCTAssertEqual(reply.kitty, .supported, "\(size)-byte pieces")
            XCTAssertTrue(reply.answered, "\(size)-byte pieces")
            XCTAssertEqual(reply.deviceAttributes, [62], "\(size)-byte pieces")
        }
    }

    func testWhatIsNoDA1IsNotTaken() {
        // Not digits (a colon, a second marker), an absurd number, DA2's `>`: no DA1.
        for text in ["\u{1B}[?62:4c", "\u{1B}[?6?2c", "\u{1B}[?1234567c", "\u{1B}[>1;10;0c", "\u{1B}[62;4c"] {
            var reply = TerminalReply()
            XCTAssertEqual(reply.feed(bytes(text)), bytes(text), text)
            XCTAssertNil(reply.deviceAttributes, text)
        }
    }

    func testCellSizeAnswer() {
        var reply = TerminalReply()
        XCTAssertEqual(reply.feed(bytes("\u{1B}[6;20;10t")), [])
        XCTAssertEqual(reply.cellPixels?.width, 10)
        XCTAssertEqual(reply.cellPixels?.height, 20)
    }

    func testTextAreaAnswerGivesTheCellOverTheCellsItCovered() {
        var reply = TerminalReply()
        XCTAssertEqual(reply.feed(bytes("\u{1B}[4;840;1080t")), [])
        XCTAssertEqual(reply.textAreaPixels?.width, 1080)
        XCTAssertEqual(reply.textAreaPixels?.height, 840)
        XCTAssertNil(reply.answeredCell, "no cells known yet")
        reply.cellsWhenAsked = (columns: 120, rows: 40)
        XCTAssertEqual(reply.answeredCell?.width, 9)
        XCTAssertEqual(reply.answeredCell?.height, 21)
        // A cell size of nothing leaves the area to decide; CSI 16 t's own answer wins over it.
        XCTAssertEqual(reply.feed(bytes("\u{1B}[6;0;0t")), [])
        XCTAssertEqual(reply.answeredCell?.width, 9)
        XCTAssertEqual(reply.feed(bytes("\u{1B}[6;20;10t")), [])
        XCTAssertEqual(reply.answeredCell?.width, 10)
        XCTAssertEqual(reply.answeredCell?.height, 20)
        // Other window reports (`CSI 8 t`'s, in cells) are no answer of ours.
        var other = TerminalReply()
        XCTAssertEqual(other.feed(bytes("\u{1B}[8;40;120t")), bytes("\u{1B}[8;40;120t"))
        XCTAssertNil(other.textAreaPixels)
    }

    func testTheBackgroundColourEndedBySTOrBELInAnyPieces() {
        let white = TerminalReply.Colour(red: 255, green: 255, blue: 255)
        for answer in ["\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\", "\u{1B}]11;rgb:FFFF/FFFF/FFFF\u{07}"] {
            let stream = bytes(answer) + da1Plain
            for size in 1...stream.count {
                var reply = TerminalReply()
                var other: [UInt8] = []
                for start in stride(from: 0, to: stream.count, by: size) {
                    other += reply.feed(stream[start..<min(stream.count, start + size)])
                }
                XCTAssertEqual(other + reply.finish(), [], "\(size)-byte pieces")
                XCTAssertEqual(reply.background, white, "\(size)-byte pieces")
                XCTAssertTrue(reply.answered)
            }
        }
    }

    func testEachChannelOfOneToFourHexDigitsIsScaledTo8Bits() {
        for (text, expected) in [
            ("rgb:0000/8080/ffff", (0, 128, 255)), ("rgb:f/8/0", (255, 136, 0)), ("rgb:ff/80/01", (255, 128, 1)),
            ("rgb:fff/800/000", (255, 128, 0)), ("rgb:2828/2c2c/3434", (40, 44, 52)),
        ] {
            var reply = TerminalReply()
            XCTAssertEqual(reply.feed(bytes("\u{1B}]11;\(text)\u{1B}\\")), [], text)
            XCTAssertEqual(
                reply.background,
                TerminalReply.Colour(red: UInt8(expected.0), green: UInt8(expected.1), blue: UInt8(expected.2)), text)
        }
    }

    func testAMalformedOrForeignOSCIsHandedBack() {
        for text in [
            "\u{1B}]11;rgb:fffff/0/0\u{1B}\\", "\u{1B}]11;rgb:ff/ff\u{07}", "\u{1B}]11;rgb:gg/00/00\u{07}",
            "\u{1B}]11;rgb://\u{07}", "\u{1B}]10;rgb:ff/ff/ff\u{07}", "\u{1B}]11;?\u{1B}\\",
            "\u{1B}]11;rgba:ff/ff/ff/ff\u{07}",
        ] {
            var reply = TerminalReply()
            XCTAssertEqual(reply.feed(bytes(text)) + reply.finish(), bytes(text), text)
            XCTAssertNil(reply.background, text)
        }
        // Alt+] then typed text: handed back whole once too long to be an answer.
        var reply = TerminalReply()
        let typed = bytes("\u{1B}]") + Array(repeating: UInt8(ascii: "x"), count: 600)
        XCTAssertEqual(reply.feed(typed) + reply.finish(), typed)
    }
}
