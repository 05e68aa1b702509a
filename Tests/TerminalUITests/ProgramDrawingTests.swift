import TerminalImage
import TerminalUI
import XCTest

/// What the picker and the browser put on the screen, read back as text.
final class ProgramDrawingTests: XCTestCase {
    private func frame<P: FullScreenProgram>(_ program: P, columns: Int = 40, rows: Int = 12) -> [String] {
        var screen = Screen(columns: columns, rows: rows)
        program.draw(into: &screen)
        return (0..<rows).map { screen.text(row: $0) }
    }

    func testThePickerShowsFramesNumbersNamesAndTheStatusRow() {
        var program = PickerProgram(
            model: PickerModel(names: ["a.jpg", "b.jpg", "c.jpg"], picked: [2], capacity: 9),
            slotWidth: 12, slotHeight: 5)
        program.resize(to: WindowSize(columns: 40, rows: 12))
        _ = program.handle(.right)
        _ = program.handle(.character(" "))
        let rows = frame(program)
        XCTAssertEqual(rows[0], "  ┌─────────┐ ┌ 2 ──────┐ ┌ 1 ──────┐   ", "light glyphs only: every font has them")
        XCTAssertEqual(rows[4], "     a.jpg       b.jpg       c.jpg      ")
        XCTAssertTrue(rows[11].hasPrefix(" 2 / 9 selected   space pick "), rows[11])
        XCTAssertTrue(rows[11].hasSuffix("2/3 "), rows[11])
    }

    /// The focus shows without heavy glyphs (xterm's default font has none): its frame in the
    /// colour chosen against the background, its name in reverse video; the other frames grey
    /// (or green, picked).
    func testTheFocusIsItsFrameColourAndItsNameInReverseVideo() throws {
        var program = PickerProgram(
            model: PickerModel(names: ["a.jpg", "b.jpg", "c.jpg"], picked: [2], capacity: 9),
            slotWidth: 12, slotHeight: 5)
        program.resize(to: WindowSize(columns: 40, rows: 12))
        _ = program.handle(.right)
        program.focusColour = FocusMark.colour(against: RGB(255, 255, 255))
        var screen = Screen(columns: 40, rows: 12)
        program.draw(into: &screen)
        let top = Array(screen.text(row: 0))
        let corners = top.indices.filter { top[$0] == "┌" }
        XCTAssertEqual(corners.count, 3, screen.text(row: 0))
        XCTAssertEqual(screen.style(row: 0, column: corners[1]), Style(foreground: .palette(19), bold: true))
        XCTAssertEqual(screen.style(row: 3, column: corners[1]), Style(foreground: .palette(19), bold: true), "│")
        XCTAssertEqual(screen.style(row: 0, column: corners[0]), Style(foreground: .palette(8)), "unfocused: grey")
        XCTAssertEqual(screen.style(row: 0, column: corners[2]), Style(foreground: .palette(2)), "picked: green")
        let names = Array(screen.text(row: 4))
        let b = try XCTUnwrap(names.firstIndex(of: "b"))
        XCTAssertEqual(screen.style(row: 4, column: b)?.reverse, true, "the focused name in reverse video")
        let a = try XCTUnwrap(names.firstIndex(of: "a"))
        XCTAssertEqual(screen.style(row: 4, column: a)?.reverse, false)
        XCTAssertEqual(
            PickerProgram(model: PickerModel(names: ["a"], capacity: 9)).focusColour, .palette(129),
            "unknown background: a colour for dark and light alike")
    }

    func testAPickedNumberIsBlackOnGreenAndNotBold() throws {
        // Bold would turn the black to grey in xterm and others (bold brightens colours 0–7),
        // and the number went unseen on green.
        var program = PickerProgram(
            model: PickerModel(names: ["a.jpg"], picked: [0], capacity: 9), slotWidth: 12, slotHeight: 5)
        program.resize(to: WindowSize(columns: 40, rows: 12))
        var screen = Screen(columns: 40, rows: 12)
        program.draw(into: &screen)
        let top = screen.text(row: 0)
        let column = try XCTUnwrap(Array(top).firstIndex(of: "1"), top)
        XCTAssertEqual(
            screen.style(row: 0, column: column), Style(foreground: .palette(0), background: .palette(2)), top)
    }

    func testThePickerGivesEachVisibleItemItsPictureRectangle() {
        var rects: [Int: CellRect] = [:]
        var program = PickerProgram(
            model: PickerModel(names: (0..<20).map { "\($0)" }, capacity: 9),
            slotWidth: 10, slotHeight: 5,
            drawThumbnail: { item, rect, _ in rects[item] = rect })
        program.resize(to: WindowSize(columns: 40, rows: 12))
        _ = frame(program)
        XCTAssertEqual(rects.keys.sorted(), Array(0..<8))
        XCTAssertEqual(rects[5], CellRect(top: 6, left: 11, width: 7, height: 2))
    }

    func testThePickerStatusRowShowsARefusal() {
        var program = PickerProgram(model: PickerModel(names: ["a.jpg"], capacity: 0), slotWidth: 12, slotHeight: 5)
        program.resize(to: WindowSize(columns: 80, rows: 12))
        XCTAssertEqual(program.handle(.character(" ")).isBell, true)
        XCTAssertTrue(frame(program, columns: 80)[11].contains("a.jpg not picked: the selection is full (0 / 0)"))
    }

    func testThePickerViewerFillsTheWindow() {
        var shown: (Int, CellRect)?
        var program = PickerProgram(
            model: PickerModel(names: ["a.jpg", "b.jpg"], capacity: 9),
            drawFullImage: { item, rect, _ in shown = (item, rect) })
        program.resize(to: WindowSize(columns: 40, rows: 12))
        _ = program.handle(.right)
        _ = program.handle(.character("v"))
        let rows = frame(program)
        XCTAssertEqual(shown?.0, 1)
        XCTAssertEqual(shown?.1, CellRect(top: 0, left: 0, width: 40, height: 11))
        XCTAssertTrue(rows[11].hasPrefix(" b.jpg   any key returns"), rows[11])
    }

    func testTheBrowserShowsPositionCaptionAndKeysThenTheQuestion() {
        var program = BrowserProgram(
            model: BrowserModel(total: 9, index: 2),
            caption: { "e\($0).jpg  4000×3000 JPEG" },
            save: { _ in "" }, delete: { _ in .failed(message: "") })
        program.resize(to: WindowSize(columns: 40, rows: 12))
        var rows = frame(program)
        XCTAssertEqual(rows[10], " 3 / 9  e2.jpg  4000×3000 JPEG          ")
        XCTAssertTrue(rows[11].hasPrefix(" → next · ← prev · s save"), rows[11])
        XCTAssertEqual(program.pictureRect, CellRect(top: 0, left: 0, width: 40, height: 10))
        _ = program.handle(.character("d"))
        rows = frame(program)
        XCTAssertTrue(rows[11].hasPrefix(" delete 3 / 9? (y/n)"), rows[11])
    }
}

extension ProgramStep {
    var isBell: Bool {
        if case .bell = self { return true }
        return false
    }
}
