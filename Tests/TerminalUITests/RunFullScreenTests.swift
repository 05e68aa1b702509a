import TerminalImage
import TerminalUI
import XCTest

/// The loop between a terminal and a program: keys, the Esc wait, bells, suspends, resizes,
/// signals, and leaving full screen on every way out.
final class RunFullScreenTests: XCTestCase {
    private func picker(count: Int = 6, capacity: Int = 9) -> PickerProgram {
        PickerProgram(
            model: PickerModel(names: (0..<count).map { "p\($0).jpg" }, capacity: capacity),
            slotWidth: 10, slotHeight: 5)
    }

    private func bytes(_ text: String) -> TerminalInput { .bytes(Array(text.utf8)) }

    func testKeysReachTheProgramAndEnterFinishesItInsideFullScreen() throws {
        let terminal = FakeTerminal([bytes(" l "), bytes("\r")])
        var program = picker()
        let end = try runFullScreen(&program, on: terminal)
        guard case .finished(.commit(let order)) = end else { return XCTFail("\(end)") }
        XCTAssertEqual(order, [0, 1])
        XCTAssertEqual(terminal.events, ["enter", "leave"])
    }

    func testALoneEscWaitsBrieflyThenCancels() throws {
        let terminal = FakeTerminal([bytes("\u{1B}"), .timeout])
        var program = picker()
        let end = try runFullScreen(&program, on: terminal)
        guard case .finished(.cancel) = end else { return XCTFail("\(end)") }
        XCTAssertEqual(terminal.timeouts.count, 2)
        XCTAssertEqual(terminal.timeouts.first, -1)
        XCTAssertTrue((1...escapeWaitMilliseconds).contains(terminal.timeouts.last ?? 0), "\(terminal.timeouts)")
    }

    func testWakeUpsDoNotPostponeALoneEscPastItsWait() throws {
        let terminal = FakeTerminal([bytes("\u{1B}")] + Array(repeating: .wake, count: 1000))
        terminal.delayMilliseconds = 1
        var program = picker()
        let end = try runFullScreen(&program, on: terminal)
        guard case .finished(.cancel) = end else { return XCTFail("\(end)") }
        XCTAssertLessThan(terminal.timeouts.count, 200)
    }

    func testAnArrowSplitOverTwoReadsIsOneArrow() throws {
        let terminal = FakeTerminal([bytes("\u{1B}["), bytes("C"), bytes(" \r")])
        var program = picker()
        guard case .finished(.commit(let order)) = try runFullScreen(&program, on: terminal) else { return XCTFail() }
        XCTAssertEqual(order, [1])
    }

    func testARefusedToggleRingsTheBellAndSaysWhyOnTheStatusRow() throws {
        let terminal = FakeTerminal([bytes(" l "), bytes("q")])
        var program = picker(capacity: 1)
        _ = try runFullScreen(&program, on: terminal)
        XCTAssertTrue(terminal.written.contains([0x07]))
        XCTAssertTrue(terminal.showed("p1.jpg not pick…"), terminal.output)
    }

    func testCtrlZSuspendsAndTheNextFrameIsDrawnWhole() throws {
        let terminal = FakeTerminal([bytes("\u{1A}"), bytes("q")])
        var program = picker()
        _ = try runFullScreen(&program, on: terminal)
        XCTAssertEqual(terminal.events, ["enter", "suspend", "leave"])
        XCTAssertEqual(terminal.written.filter { String(decoding: $0, as: UTF8.self).contains("\u{1B}[2J") }.count, 2)
    }

    func testAResumeDrawsEverythingAgain() throws {
        let terminal = FakeTerminal([.resumed, bytes("q")])
        var program = picker()
        _ = try runFullScreen(&program, on: terminal)
        XCTAssertEqual(terminal.written.filter { String(decoding: $0, as: UTF8.self).contains("\u{1B}[2J") }.count, 2)
    }

    func testAResizeLaysTheProgramOutAgain() throws {
        let terminal = FakeTerminal([.resized, bytes("q")])
        var program = picker()
        _ = try runFullScreen(&program, on: terminal)
        XCTAssertEqual(program.layout.window, WindowSize(columns: 60, rows: 20))
        XCTAssertEqual(program.layout.columns, 6)
    }

    func testASignalEndsTheRunAfterLeavingFullScreen() throws {
        let terminal = FakeTerminal([bytes(" "), .signal(15)])
        var program = picker()
        let end = try runFullScreen(&program, on: terminal)
        guard case .signalled(15) = end else { return XCTFail("\(end)") }
        XCTAssertEqual(terminal.events, ["enter", "leave"])
    }

    func testAWakeCallsTheProgram() throws {
        let terminal = FakeTerminal([.wake, .wake, bytes("q")])
        var program = picker()
        var wakes = 0
        program.onWake = { wakes += 1 }
        _ = try runFullScreen(&program, on: terminal)
        XCTAssertEqual(wakes, 2)
    }

    func testKeysAfterTheFinishingKeyAreNotActedOn() throws {
        let terminal = FakeTerminal([bytes(" \r ")])
        var program = picker()
        guard case .finished(.commit(let order)) = try runFullScreen(&program, on: terminal) else { return XCTFail() }
        XCTAssertEqual(order, [0])
    }

    func testASetupFailureIsThrown() {
        var program = picker()
        XCTAssertThrowsError(try runFullScreen(&program, on: BrokenTerminal())) {
            XCTAssertEqual($0 as? TerminalError, .setupFailed(reason: "no"))
        }
    }

    func testTheBrowserSavesDeletesAndQuitsThroughItsCallbacks() throws {
        var names = ["a.jpg", "b.jpg", "c.jpg"]
        var saved: [String] = []
        let terminal = FakeTerminal([bytes("ls"), bytes("d"), bytes("y"), bytes("q")])
        var program = BrowserProgram(
            model: BrowserModel(total: names.count, index: 0),
            caption: { names[$0] },
            save: {
                saved.append(names[$0]); return "saved \(names[$0])"
            },
            delete: {
                let gone = names.remove(at: $0)
                return .deleted(remaining: names.count, message: "deleted \(gone)")
            })
        let end = try runFullScreen(&program, on: terminal)
        guard case .finished(.quit(let entry)) = end else { return XCTFail("\(end)") }
        XCTAssertEqual(saved, ["b.jpg"])
        XCTAssertEqual(names, ["a.jpg", "c.jpg"])
        XCTAssertEqual(entry, 1)
        XCTAssertTrue(terminal.showed(" saved b.jpg "), terminal.output)
        XCTAssertTrue(terminal.showed(" delete 2 / 3? (y/n) "), terminal.output)
        XCTAssertTrue(terminal.showed(" deleted b.jpg "), terminal.output)
        XCTAssertEqual(terminal.shown.text(row: 10), " 2 / 2  c.jpg" + String(repeating: " ", count: 27))
    }
}
