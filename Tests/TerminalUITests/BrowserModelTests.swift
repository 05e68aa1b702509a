import TerminalUI
import XCTest

/// The `browse` table of SPEC "Interactive", key by key, on the model alone.
final class BrowserModelTests: XCTestCase {
    func testNextKeysGoForwardAndStopAtTheEndWithTheBell() {
        for key in [Key.right, .character(" "), .character("l"), .character("n")] {
            var m = BrowserModel(total: 3, index: 1)
            XCTAssertEqual(m.handle(key), [], "\(key)")
            XCTAssertEqual(m.index, 2)
            XCTAssertEqual(m.handle(key), [.bell])
            XCTAssertEqual(m.index, 2)
        }
    }

    func testPreviousKeysGoBackAndStopAtTheStartWithTheBell() {
        for key in [Key.left, .backspace, .character("h"), .character("p")] {
            var m = BrowserModel(total: 3, index: 1)
            XCTAssertEqual(m.handle(key), [], "\(key)")
            XCTAssertEqual(m.index, 0)
            XCTAssertEqual(m.handle(key), [.bell])
            XCTAssertEqual(m.index, 0)
        }
    }

    func testHomeAndEndGoToTheFirstAndLast() {
        var m = BrowserModel(total: 5, index: 2)
        XCTAssertEqual(m.handle(.end), [])
        XCTAssertEqual(m.index, 4)
        XCTAssertEqual(m.handle(.home), [])
        XCTAssertEqual(m.index, 0)
    }

    func testDigitsGoToThatEntryAndPastTheEndRingTheBell() {
        var m = BrowserModel(total: 5, index: 0)
        XCTAssertEqual(m.handle(.character("4")), [])
        XCTAssertEqual(m.index, 3)
        XCTAssertEqual(m.positionText, "4 / 5")
        XCTAssertEqual(m.handle(.character("1")), [])
        XCTAssertEqual(m.index, 0)
        XCTAssertEqual(m.handle(.character("6")), [.bell])
        XCTAssertEqual(m.handle(.character("9")), [.bell])
        XCTAssertEqual(m.index, 0)
        XCTAssertEqual(m.handle(.character("0")), [])
        XCTAssertEqual(m.index, 0)
    }

    func testSSavesAndTheStatusLineSaysWhereUntilTheNextKey() {
        var m = BrowserModel(total: 3, index: 1)
        XCTAssertEqual(m.handle(.character("s")), [.save(1)])
        m.saved(message: "saved to album/b.jpg")
        XCTAssertEqual(m.message, "saved to album/b.jpg")
        _ = m.handle(.right)
        XCTAssertNil(m.message)
    }

    func testDAsksAndYDeletes() {
        var m = BrowserModel(total: 9, index: 2)
        XCTAssertEqual(m.handle(.character("d")), [])
        XCTAssertTrue(m.isConfirmingDelete)
        XCTAssertEqual(m.deleteQuestion, "delete 3 / 9? (y/n)")
        XCTAssertEqual(m.handle(.character("y")), [.delete(2)])
        XCTAssertFalse(m.isConfirmingDelete)
        m.deleted(remaining: 8, message: "deleted c.jpg")
        XCTAssertEqual(m.index, 2)
        XCTAssertEqual(m.positionText, "3 / 8")
        XCTAssertEqual(m.message, "deleted c.jpg")
    }

    func testAnyOtherKeyCancelsTheQuestionAndDoesNothingElse() {
        for key in [Key.character("n"), .escape, .enter, .right, .character("q"), .character("d")] {
            var m = BrowserModel(total: 9, index: 2)
            _ = m.handle(.character("d"))
            XCTAssertEqual(m.handle(key), [], "\(key)")
            XCTAssertFalse(m.isConfirmingDelete)
            XCTAssertEqual(m.index, 2)
        }
    }

    func testDeletingTheLastEntryShowsTheNewLastOne() {
        var m = BrowserModel(total: 3, index: 2)
        _ = m.handle(.character("d"))
        XCTAssertEqual(m.handle(.character("y")), [.delete(2)])
        m.deleted(remaining: 2, message: "deleted")
        XCTAssertEqual(m.index, 1)
    }

    func testDeletingTheOnlyEntryLeavesAnEmptyBrowserThatAnyKeyQuits() {
        var m = BrowserModel(total: 1, index: 0)
        _ = m.handle(.character("d"))
        _ = m.handle(.character("y"))
        m.deleted(remaining: 0, message: "deleted a.jpg")
        XCTAssertEqual(m.total, 0)
        XCTAssertEqual(m.positionText, "0 / 0")
        XCTAssertEqual(m.handle(.right), [.quit(nil)])
    }

    func testAFailedDeleteChangesNothingButTheMessage() {
        var m = BrowserModel(total: 3, index: 1)
        _ = m.handle(.character("d"))
        _ = m.handle(.character("y"))
        m.deleteFailed(message: "b.jpg changed on disk")
        XCTAssertEqual(m.total, 3)
        XCTAssertEqual(m.index, 1)
        XCTAssertEqual(m.message, "b.jpg changed on disk")
    }

    func testQEscAndEnterQuitOnTheEntryShown() {
        for key in [Key.character("q"), .escape, .enter] {
            var m = BrowserModel(total: 5, index: 0)
            _ = m.handle(.end)
            XCTAssertEqual(m.handle(key), [.quit(4)], "\(key)")
        }
    }

    func testCtrlCCancelsEvenDuringTheQuestion() {
        var m = BrowserModel(total: 5, index: 3)
        XCTAssertEqual(m.handle(.ctrlC), [.cancel])
        _ = m.handle(.character("d"))
        XCTAssertEqual(m.handle(.ctrlC), [.cancel])
    }

    func testTheStartIndexIsKeptInRange() {
        XCTAssertEqual(BrowserModel(total: 3, index: 7).index, 2)
        XCTAssertEqual(BrowserModel(total: 3, index: -2).index, 0)
        XCTAssertEqual(BrowserModel(total: 0, index: 4).index, 0)
    }

    func testAnEmptySelectionQuitsOnAnyKeyAndCancelsOnCtrlC() {
        var m = BrowserModel(total: 0, index: 0)
        XCTAssertEqual(m.handle(.character("s")), [.quit(nil)])
        XCTAssertEqual(m.handle(.ctrlC), [.cancel])
    }

    // MARK: - following the selection (issue 20, item 7)

    func testFollowMovesTheShownEntryAndTheQuestionAsksWhereItIsNow() {
        var m = BrowserModel(total: 5, index: 2)
        m.follow(total: 4, index: 1)
        XCTAssertEqual(m.positionText, "2 / 4")
        _ = m.handle(.character("d"))
        XCTAssertEqual(m.deleteQuestion, "delete 2 / 4? (y/n)")
        XCTAssertEqual(m.handle(.character("y")), [.delete(1)])
        m.follow(total: 2, index: 9)
        XCTAssertEqual(m.positionText, "2 / 2", "kept in range")
    }

    func testAKeyMeantForAnEntryThatLeftSaysSoInsteadOfActingOnAnother() {
        let left = "p3.jpg: no longer in the selection (another imgsel removed it)"
        var m = BrowserModel(total: 5, index: 2)
        m.follow(total: 4, index: 2, left: left)
        XCTAssertEqual(m.handle(.character("s")), [.bell])
        XCTAssertEqual(m.message, left)
        XCTAssertEqual(m.handle(.character("s")), [.save(2)], "once said, the next key acts on the entry shown")
        m.follow(total: 3, index: 2, left: left)
        XCTAssertEqual(m.handle(.character("d")), [.bell])
        XCTAssertFalse(m.isConfirmingDelete)
        _ = m.handle(.character("d"))
        m.follow(total: 2, index: 1, left: left)
        XCTAssertEqual(m.handle(.character("y")), [.bell], "never a yes for one entry spent on another")
        XCTAssertEqual(m.message, "not deleted: " + left)
        m.follow(total: 2, index: 1, left: left)
        XCTAssertEqual(m.handle(.right), [.bell], "paging goes on from the entry now shown")
        XCTAssertEqual(m.handle(.left), [])
        XCTAssertEqual(m.index, 0)
    }

    func testASelectionEmptiedMeanwhileIsSaidBeforeAnyKeyQuits() {
        var m = BrowserModel(total: 2, index: 1)
        m.follow(total: 0, index: 0, left: "b.jpg: gone")
        XCTAssertEqual(m.handle(.right), [.bell])
        XCTAssertEqual(m.message, "b.jpg: gone · the selection is empty: any key quits")
        XCTAssertEqual(m.handle(.right), [.quit(nil)])
    }
}
