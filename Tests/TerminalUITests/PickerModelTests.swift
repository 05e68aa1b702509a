import TerminalUI
import XCTest

/// The `pick` table of SPEC "Interactive", key by key, on the model alone.
final class PickerModelTests: XCTestCase {
    /// Ten items on a grid of 4 columns and 2 visible rows:
    ///
    ///     0 1 2 3
    ///     4 5 6 7
    ///     8 9
    private func model(
        count: Int = 10, picked: [Int] = [], capacity: Int = 9, others: Int = 0,
        refusal: @escaping (Int, [Int]) -> String? = { _, _ in nil }
    ) -> PickerModel {
        var model = PickerModel(
            names: (0..<count).map { "p\($0).jpg" }, picked: picked, capacity: capacity,
            otherEntries: others, refusal: refusal)
        model.setGrid(columns: 4, visibleRows: 2)
        return model
    }

    private func focus(after keys: [Key], from start: Int = 0, in model: PickerModel? = nil) -> Int {
        var m = model ?? self.model()
        if start > 0 { for _ in 0..<start { _ = m.handle(.right) } }
        for key in keys { _ = m.handle(key) }
        return m.focus
    }

    func testTheFocusStartsOnTheFirstImage() {
        XCTAssertEqual(model().focus, 0)
    }

    func testArrowsAndVimKeysMoveTheFocus() {
        XCTAssertEqual(focus(after: [.right], from: 5), 6)
        XCTAssertEqual(focus(after: [.character("l")], from: 5), 6)
        XCTAssertEqual(focus(after: [.left], from: 5), 4)
        XCTAssertEqual(focus(after: [.character("h")], from: 5), 4)
        XCTAssertEqual(focus(after: [.down], from: 1), 5)
        XCTAssertEqual(focus(after: [.character("j")], from: 1), 5)
        XCTAssertEqual(focus(after: [.up], from: 5), 1)
        XCTAssertEqual(focus(after: [.character("k")], from: 5), 1)
    }

    func testRightAtARowsEndGoesToTheNextRowsFirstAndLeftComesBack() {
        XCTAssertEqual(focus(after: [.right], from: 3), 4)
        XCTAssertEqual(focus(after: [.left], from: 4), 3)
    }

    func testTheFocusStopsAtTheFirstAndLastItem() {
        XCTAssertEqual(focus(after: [.left, .up, .character("h"), .character("k")]), 0)
        XCTAssertEqual(focus(after: [.right, .down, .character("l"), .character("j")], from: 9), 9)
    }

    func testDownIntoAShortLastRowLandsOnItsLastItem() {
        XCTAssertEqual(focus(after: [.down], from: 7), 9)
        XCTAssertEqual(focus(after: [.down], from: 5), 9)
        XCTAssertEqual(focus(after: [.down], from: 4), 8)
    }

    func testHomeAndEndGoToTheFirstAndLastItem() {
        XCTAssertEqual(focus(after: [.end]), 9)
        XCTAssertEqual(focus(after: [.home], from: 6), 0)
    }

    func testPageDownAndUpMoveByAScreenfulAndScroll() {
        var m = model(count: 30)  // rows 0…7, two on screen
        _ = m.handle(.right)
        _ = m.handle(.pageDown)
        XCTAssertEqual(m.focus, 9)
        XCTAssertEqual(m.topRow, 2)
        _ = m.handle(.pageDown)
        XCTAssertEqual(m.focus, 17)
        XCTAssertEqual(m.topRow, 4)
        _ = m.handle(.pageUp)
        XCTAssertEqual(m.focus, 9)
        XCTAssertEqual(m.topRow, 2)
    }

    func testPageDownPastTheEndKeepsTheColumnOnTheLastRowOrTakesTheLast() {
        XCTAssertEqual(focus(after: [.pageDown], from: 1), 9)  // column 1 on the last row
        XCTAssertEqual(focus(after: [.pageDown], from: 3), 9)  // no column 3 there: the last
        XCTAssertEqual(focus(after: [.pageDown], from: 8), 9)  // already on the last row
        XCTAssertEqual(focus(after: [.pageUp], from: 6), 2)  // the same column on the first row
    }

    func testMovingBelowTheScreenScrollsToKeepTheFocusVisible() {
        var m = model()
        _ = m.handle(.end)
        XCTAssertEqual(m.topRow, 1)
        _ = m.handle(.home)
        XCTAssertEqual(m.topRow, 0)
    }

    func testASmallerWindowScrollsToTheFocus() {
        var m = model()
        _ = m.handle(.end)
        m.setGrid(columns: 2, visibleRows: 1)
        XCTAssertEqual(m.topRow, 4)
        m.setGrid(columns: 4, visibleRows: 5)
        XCTAssertEqual(m.topRow, 0)
    }

    func testSpacePicksInOrderAndUnpickingClosesTheNumbersUp() {
        var m = model()
        for item in [2, 0, 5] {
            while m.focus != item { _ = m.handle(m.focus < item ? .right : .left) }
            XCTAssertEqual(m.handle(.character(" ")), [])
        }
        XCTAssertEqual(m.picked, [2, 0, 5])
        XCTAssertEqual([m.number(of: 2), m.number(of: 0), m.number(of: 5)], [1, 2, 3])
        _ = m.handle(.home)
        _ = m.handle(.character(" "))
        XCTAssertEqual(m.picked, [2, 5])
        XCTAssertEqual(m.number(of: 5), 2)
        XCTAssertNil(m.number(of: 0))
        XCTAssertEqual(m.countText, "2 / 9 selected")
    }

    func testEntriesAlreadySelectedStartPickedInTheirOrder() {
        let m = model(picked: [4, 1])
        XCTAssertEqual(m.picked, [4, 1])
        XCTAssertEqual(m.number(of: 4), 1)
        XCTAssertEqual(m.countText, "2 / 9 selected")
    }

    func testPastTheCapacityAToggleIsRefusedWithAMessageAndTheBell() {
        var m = model(picked: [1], capacity: 3, others: 2)
        XCTAssertEqual(m.countText, "3 / 3 selected")
        XCTAssertEqual(m.handle(.character(" ")), [.bell])
        XCTAssertEqual(m.picked, [1])
        XCTAssertEqual(m.message, "p0.jpg not picked: the selection is full (3 / 3)")
        // The message lasts until the next key; unpicking still works when full.
        _ = m.handle(.right)
        XCTAssertNil(m.message)
        XCTAssertEqual(m.handle(.character(" ")), [])
        XCTAssertEqual(m.picked, [])
        XCTAssertEqual(m.handle(.character(" ")), [])
        XCTAssertEqual(m.picked, [1])
    }

    func testAnImageAgainstARuleIsRefusedWithItsReasonAndTheBell() {
        var m = model(refusal: { item, _ in
            item == 0 ? "p0.jpg: 7.2 MB is over this selection's 5 MB (--max-bytes)" : nil
        })
        XCTAssertEqual(m.handle(.character(" ")), [.bell])
        XCTAssertEqual(m.message, "p0.jpg: 7.2 MB is over this selection's 5 MB (--max-bytes)")
        XCTAssertEqual(m.picked, [])
        _ = m.handle(.right)
        XCTAssertEqual(m.handle(.character(" ")), [])
        XCTAssertEqual(m.picked, [1])
    }

    func testTabPicksAndMovesOnAndShiftTabPicksAndMovesBack() {
        var m = model()
        _ = m.handle(.tab)
        _ = m.handle(.tab)
        XCTAssertEqual(m.picked, [0, 1])
        XCTAssertEqual(m.focus, 2)
        _ = m.handle(.backTab)
        XCTAssertEqual(m.picked, [0, 1, 2])
        XCTAssertEqual(m.focus, 1)
        _ = m.handle(.backTab)  // toggles 1 off
        XCTAssertEqual(m.picked, [0, 2])
        XCTAssertEqual(m.focus, 0)
    }

    func testARefusedTabStaysOnTheRefusedImage() {
        var m = model(capacity: 1)
        _ = m.handle(.tab)
        XCTAssertEqual(m.handle(.tab), [.bell])
        XCTAssertEqual(m.focus, 1)
        XCTAssertEqual(m.picked, [0])
    }

    func testVOpensTheViewerAndAnyKeyReturnsWithoutActing() {
        var m = model()
        _ = m.handle(.right)
        XCTAssertEqual(m.handle(.character("v")), [.openViewer(1)])
        XCTAssertEqual(m.viewing, 1)
        XCTAssertEqual(m.handle(.character(" ")), [.closeViewer])
        XCTAssertNil(m.viewing)
        XCTAssertEqual(m.picked, [])
        _ = m.handle(.character("v"))
        XCTAssertEqual(m.handle(.escape), [.closeViewer])
        _ = m.handle(.character("v"))
        XCTAssertEqual(m.handle(.enter), [.closeViewer])
    }

    func testCtrlCInTheViewerStillCancels() {
        var m = model()
        _ = m.handle(.character("v"))
        XCTAssertEqual(m.handle(.ctrlC), [.cancel])
    }

    func testEnterCommitsTheShownPicksInTheirOrder() {
        var m = model(picked: [3])
        _ = m.handle(.tab)
        _ = m.handle(.end)
        _ = m.handle(.character(" "))
        XCTAssertEqual(m.handle(.enter), [.commit([3, 0, 9])])
    }

    func testEscQAndCtrlCCancel() {
        for key in [Key.escape, .character("q"), .ctrlC] {
            var m = model()
            _ = m.handle(.tab)
            XCTAssertEqual(m.handle(key), [.cancel], "\(key)")
        }
    }

    func testOtherKeysDoNothing() {
        var m = model()
        for key in [Key.character("x"), .alt("q"), .control(4), .backspace] {
            XCTAssertEqual(m.handle(key), [])
        }
        XCTAssertEqual(m.focus, 0)
        XCTAssertEqual(m.picked, [])
    }

    func testNoItemsIsQuietAndEnterStillCommits() {
        var m = model(count: 0)
        for key in [Key.right, .down, .end, .pageDown, .character(" "), .tab, .character("v")] {
            XCTAssertEqual(m.handle(key), [], "\(key)")
        }
        XCTAssertEqual(m.handle(.enter), [.commit([])])
    }

    func testPickedIndicesOutOfRangeOrRepeatedAreIgnored() {
        XCTAssertEqual(model(picked: [2, 2, 40, -1, 3]).picked, [2, 3])
    }

    func testTheRefusalIsAskedWithThePicksOnlyWhenTheItemFits() {
        var asked: [(Int, [Int])] = []
        var m = model(
            capacity: 2,
            refusal: { item, picked in
                asked.append((item, picked))
                return nil
            })
        _ = m.handle(.tab)
        _ = m.handle(.tab)
        XCTAssertEqual(m.handle(.character(" ")), [.bell], "full")
        XCTAssertEqual(asked.map(\.0), [0, 1], "a full selection refuses before asking (no hash)")
        XCTAssertEqual(asked.map(\.1), [[], [0]])
    }

    func testARefusedEnterStaysWithEveryPickAndTheReasonUntilTheNextKey() {
        var answers: [String?] = ["a.jpg: no such file", nil]
        var program = PickerProgram(model: model())
        program.commit = { _ in answers.removeFirst() }
        _ = program.handle(.tab)
        _ = program.handle(.tab)
        guard case .bell = program.handle(.enter) else { return XCTFail("a refused Enter rings the bell") }
        XCTAssertEqual(program.model.message, "a.jpg: no such file")
        XCTAssertEqual(program.model.picked, [0, 1])
        _ = program.handle(.left)
        XCTAssertNil(program.model.message)
        guard case .finish(.commit([0, 1])) = program.handle(.enter) else { return XCTFail("written: done") }
    }
}
