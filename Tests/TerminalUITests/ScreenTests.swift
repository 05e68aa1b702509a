import TerminalUI
import TextWidth
import XCTest

final class ScreenTests: XCTestCase {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// A screen whose first (full) frame is already sent.
    private func drawnScreen(columns: Int = 20, rows: Int = 5, _ draw: (inout Screen) -> Void = { _ in }) -> Screen {
        var screen = Screen(columns: columns, rows: rows)
        draw(&screen)
        _ = screen.render()
        return screen
    }

    func testTheFirstRenderClearsTheTerminalAndWritesOnlyWhatIsNotBlank() {
        var screen = Screen(columns: 10, rows: 3)
        screen.put("hi", row: 1, column: 2)
        XCTAssertEqual(text(screen.render()), "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[2;3Hhi")
    }

    func testAnUnchangedFrameSendsNothing() {
        var screen = drawnScreen { $0.put("hello", row: 0, column: 0) }
        screen.clear()
        screen.put("hello", row: 0, column: 0)
        XCTAssertEqual(screen.render(), [])
    }

    func testOneChangedCellIsOneCursorMoveAndItsText() {
        var screen = drawnScreen { $0.put("hello", row: 2, column: 3) }
        screen.clear()
        screen.put("hallo", row: 2, column: 3)
        XCTAssertEqual(text(screen.render()), "\u{1B}[3;5H\u{1B}[0ma")
    }

    func testAdjacentChangesShareOneCursorMove() {
        var screen = drawnScreen { $0.put("abcd", row: 0, column: 0) }
        screen.clear()
        screen.put("aXYd", row: 0, column: 0)
        XCTAssertEqual(text(screen.render()), "\u{1B}[1;2H\u{1B}[0mXY")
    }

    func testAStyledCellSetsItsStyleAndTheRenderEndsPlain() {
        var screen = drawnScreen { $0.put("ab", row: 0, column: 0) }
        screen.clear()
        screen.put("a", row: 0, column: 0)
        screen.put("b", row: 0, column: 1, style: Style(foreground: .palette(2), bold: true, reverse: true))
        XCTAssertEqual(text(screen.render()), "\u{1B}[1;2H\u{1B}[0;1;7;32mb\u{1B}[0m")
    }

    func testAStyleChangeAloneIsRedrawn() {
        var screen = drawnScreen { $0.put("a", row: 0, column: 0) }
        screen.clear()
        screen.put("a", row: 0, column: 0, style: Style(background: .rgb(1, 2, 3)))
        XCTAssertEqual(text(screen.render()), "\u{1B}[1;1H\u{1B}[0;48;2;1;2;3ma\u{1B}[0m")
    }

    func testAWideCharacterTakesTwoCellsAndIsSentOnce() {
        var screen = drawnScreen()
        screen.clear()
        let used = screen.put("漢x", row: 0, column: 2)
        XCTAssertEqual(used, 3)
        XCTAssertEqual(screen.text(row: 0), "  漢x" + String(repeating: " ", count: 15))
        // After the wide character the cursor is two columns on: no move before the x.
        XCTAssertEqual(text(screen.render()), "\u{1B}[1;3H\u{1B}[0m漢x")
    }

    func testWritingOverHalfOfAWideCharacterBlanksItsOtherHalf() {
        var screen = drawnScreen { $0.put("漢", row: 0, column: 0) }
        screen.clear()
        screen.put("漢", row: 0, column: 0)
        screen.put("y", row: 0, column: 1)
        XCTAssertEqual(screen.text(row: 0).prefix(3), " y ")
        XCTAssertEqual(text(screen.render()), "\u{1B}[1;1H\u{1B}[0m y")
    }

    func testAWideCharacterThatDoesNotFitAtTheEdgeIsLeftOut() {
        var screen = Screen(columns: 4, rows: 1)
        XCTAssertEqual(screen.put("ab漢", row: 0, column: 1), 2)
        XCTAssertEqual(screen.text(row: 0), " ab ")
        XCTAssertEqual(screen.put("漢字", row: 0, column: 0, maxColumns: 3), 2)
    }

    func testTheCharacterWidthFunctionIsTheCallers() {
        var screen = Screen(columns: 6, rows: 1, characterWidth: { $0 == "w" ? 2 : 1 })
        screen.put("wa", row: 0, column: 0)
        XCTAssertEqual(screen.text(row: 0), "wa   ")
    }

    func testControlCharactersInTextNeverReachTheTerminal() {
        var screen = Screen(columns: 20, rows: 1)
        screen.put("a\u{1B}[31mb\u{07}\u{9B}c", row: 0, column: 0)
        let sent = text(screen.render())
        XCTAssertFalse(sent.contains("\u{1B}[31m"))
        XCTAssertFalse(sent.contains("\u{07}"))
        XCTAssertTrue(sent.contains("a\u{FFFD}[31mb\u{FFFD}\u{FFFD}c"), sent)
    }

    func testAPictureIsSentOnceAtItsCornerAndItsCellsAreLeftAlone() {
        let picture = Placement(
            key: "a.jpg@1", rect: CellRect(top: 1, left: 2, width: 4, height: 2),
            kind: .image(draw: Array("<PIC>".utf8), erase: Array("<DEL>".utf8)))
        var screen = drawnScreen { $0.put("xxxxxxxx", row: 1, column: 0) }
        screen.clear()
        screen.place(picture)
        // The cells under a new picture are written first (blank), then the picture over them.
        XCTAssertEqual(text(screen.render()), "\u{1B}[2;1H\u{1B}[0m        \u{1B}[2;3H<PIC>")

        screen.clear()
        screen.place(picture)
        screen.put("abcdefgh", row: 1, column: 0)
        XCTAssertEqual(text(screen.render()), "\u{1B}[2;1H\u{1B}[0mab\u{1B}[2;7Hgh")
    }

    func testAPictureTakenAwayIsErasedAndItsCellsDrawnAgain() {
        let picture = Placement(
            key: "a", rect: CellRect(top: 0, left: 0, width: 2, height: 1),
            kind: .image(draw: Array("<PIC>".utf8), erase: Array("<DEL>".utf8)))
        var screen = drawnScreen { $0.place(picture) }
        screen.clear()
        XCTAssertEqual(text(screen.render()), "<DEL>\u{1B}[1;1H\u{1B}[0m  ")
    }

    /// Konsole keeps an iTerm2 or sixel picture under whatever is written over it but a
    /// cleared screen: when one leaves, the screen is cleared and drawn whole, others again too.
    func testAPictureOnlyAClearedScreenTakesAwayClearsTheScreenWhenItLeaves() {
        let stays = Placement(
            key: "b", rect: CellRect(top: 0, left: 3, width: 2, height: 1), kind: .image(draw: [0x42], erase: []),
            goesOnlyWithScreen: true)
        let leaves = Placement(
            key: "a", rect: CellRect(top: 0, left: 0, width: 2, height: 1), kind: .image(draw: [0x41], erase: []),
            goesOnlyWithScreen: true)
        var screen = drawnScreen {
            $0.place(leaves)
            $0.place(stays)
        }
        screen.clear()
        screen.place(stays)
        screen.put("x", row: 0, column: 6)
        XCTAssertEqual(text(screen.render()), "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[1;7Hx\u{1B}[1;4HB")
        // Nothing leaving: only what changed, as before.
        screen.clear()
        screen.place(stays)
        XCTAssertEqual(text(screen.render()), "\u{1B}[1;7H\u{1B}[0m ")
    }

    func testAPictureWithANewKeyOrPlaceIsSentAgain() {
        let rect = CellRect(top: 0, left: 0, width: 2, height: 1)
        var screen = drawnScreen { $0.place(Placement(key: "a", rect: rect, kind: .image(draw: [0x41], erase: []))) }
        screen.clear()
        screen.place(Placement(key: "b", rect: rect, kind: .image(draw: [0x42], erase: [])))
        XCTAssertTrue(text(screen.render()).hasSuffix("\u{1B}[1;1HB"))
    }

    func testAReservedRectangleIsNeverWrittenUntilReleased() {
        let reserved = Placement(key: "sixel", rect: CellRect(top: 0, left: 1, width: 3, height: 1), kind: .reserved)
        var screen = drawnScreen()
        screen.clear()
        screen.place(reserved)
        screen.put("abcde", row: 0, column: 0)
        XCTAssertEqual(text(screen.render()), "\u{1B}[1;1H\u{1B}[0ma\u{1B}[1;5He")
        screen.clear()
        screen.put("abcde", row: 0, column: 0)
        XCTAssertEqual(text(screen.render()), "\u{1B}[1;2H\u{1B}[0mbcd")
    }

    func testAWideCharacterHalfOverAReservationIsASpace() {
        let reserved = Placement(key: "r", rect: CellRect(top: 0, left: 2, width: 2, height: 1), kind: .reserved)
        var screen = drawnScreen()
        screen.clear()
        screen.place(reserved)
        screen.put("漢", row: 0, column: 1)
        XCTAssertFalse(text(screen.render()).contains("漢"))
    }

    func testInvalidateRedrawsEverythingAndErasesPicturesFirst() {
        let picture = Placement(
            key: "a", rect: CellRect(top: 2, left: 0, width: 2, height: 1),
            kind: .image(draw: Array("<PIC>".utf8), erase: Array("<DEL>".utf8)))
        var screen = drawnScreen {
            $0.put("abc", row: 0, column: 0); $0.place(picture)
        }
        screen.invalidate()
        screen.clear()
        screen.put("abc", row: 0, column: 0)
        screen.place(picture)
        XCTAssertEqual(text(screen.render()), "<DEL>\u{1B}[0m\u{1B}[H\u{1B}[2Jabc\u{1B}[3;1H<PIC>")
    }

    func testResizeRedrawsEverything() {
        var screen = drawnScreen { $0.put("abc", row: 0, column: 0) }
        screen.resize(columns: 30, rows: 8)
        screen.put("abc", row: 0, column: 0)
        XCTAssertEqual(text(screen.render()), "\u{1B}[0m\u{1B}[H\u{1B}[2Jabc")
        XCTAssertEqual(screen.columns, 30)
    }

    func testWritingTheLastColumnForgetsTheCursorSinceTheTerminalWaitsToWrap() {
        var screen = drawnScreen(columns: 4, rows: 2)
        screen.clear()
        screen.put("d", row: 0, column: 3)
        screen.put("e", row: 1, column: 0)
        XCTAssertEqual(text(screen.render()), "\u{1B}[1;4H\u{1B}[0md\u{1B}[2;1He")
    }

    func testHalfBlockCellsAreOrdinaryColouredCells() {
        var screen = drawnScreen(columns: 2, rows: 1)
        screen.clear()
        screen.set("▀", row: 0, column: 0, style: Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255)))
        XCTAssertEqual(text(screen.render()), "\u{1B}[1;1H\u{1B}[0;38;2;255;0;0;48;2;0;0;255m▀\u{1B}[0m")
    }

    func testDrawingOutsideTheScreenIsClipped() {
        var screen = Screen(columns: 3, rows: 2)
        XCTAssertEqual(screen.put("x", row: 5, column: 0), 0)
        XCTAssertEqual(screen.put("abcdef", row: 0, column: -2), 3)
        XCTAssertEqual(screen.text(row: 0), "cde")
        screen.fill(CellRect(top: -1, left: -1, width: 10, height: 10), style: Style(reverse: true))
        screen.place(Placement(key: "p", rect: CellRect(top: 1, left: 1, width: 10, height: 10), kind: .reserved))
        _ = screen.render()
    }

    func testShorteningKeepsBothEndsOfAName() {
        let fit = TextFit()
        XCTAssertEqual(fit.shorten("IMG_20240412_123456.jpg", to: 11), "IMG_2…6.jpg")
        XCTAssertEqual(fit.shorten("short.jpg", to: 11), "short.jpg")
        XCTAssertEqual(fit.width(fit.shorten("漢字漢字漢字.jpg", to: 9)), 9)
        XCTAssertEqual(fit.truncate("a long message", to: 6), "a lon…")
        XCTAssertEqual(fit.fitting(["one", "two", "three"], separator: " · ", in: 10), "one · two")
    }
}
