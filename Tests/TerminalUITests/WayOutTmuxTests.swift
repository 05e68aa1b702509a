import Foundation
import TerminalTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Every way out that is not a key: signals, stops, a crash, exit(), no terminal at all.
final class WayOutTmuxTests: TmuxTestCase {
    // MARK: - signals

    func testSigtermRestoresTheTerminalAndDiesOfSigterm() throws {
        try start("pick", showing: "0 / 9 selected")
        XCTAssertEqual(kill(try demoPID(), SIGTERM), 0)
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "143")
        try assertRestored()
    }

    func testSighupRestoresTheTerminalAndDiesOfSighup() throws {
        try start("pick", showing: "0 / 9 selected")
        XCTAssertEqual(kill(try demoPID(), SIGHUP), 0)
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "129")
        try assertRestored()
    }

    func testSigintFromOutsideRestoresTheTerminalAndDiesOfSigint() throws {
        try start("browse", showing: "1 / 9")
        XCTAssertEqual(kill(try demoPID(), SIGINT), 0)
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "130")
        XCTAssertFalse(FileManager.default.fileExists(atPath: outPath))
        try assertRestored()
    }

    func testCtrlZSuspendsWithTheTerminalRestoredAndFgRedraws() throws {
        try start("pick", showing: "0 / 9 selected")
        pane.keys("Space")
        try pane.waitForText("1 / 9 selected")
        pane.keys("C-z")
        try pane.waitForText("Stopped")
        try assertRestored()
        pane.run("fg")
        try pane.waitForText("1 / 9 selected")
        try pane.waitForFormat("#{alternate_on}", "1")
        XCTAssertEqual(pane.format("#{cursor_flag}"), "0")
        // Raw mode is back: a key acts at once, without Enter and without echo.
        pane.keys("Right", "Space")
        try pane.waitForText("2 / 9 selected")
        pane.keys("Enter")
        XCTAssertEqual(try outcome(), "commit photo-01.jpg photo-02.jpg")
        try assertRestored()
    }

    func testSigtstpFromOutsideSuspendsLikeCtrlZ() throws {
        try start("browse", ["--index", "2"], showing: "2 / 9")
        XCTAssertEqual(kill(try demoPID(), SIGTSTP), 0)
        try pane.waitForText("Stopped")
        try assertRestored()
        pane.run("fg")
        try pane.waitForText("2 / 9")
        try pane.waitForFormat("#{alternate_on}", "1")
        pane.keys("l")
        try pane.waitForText("3 / 9")
        pane.keys("q")
        XCTAssertEqual(try outcome(), "quit 3")
        try assertRestored()
    }

    // MARK: - crashes

    func testATrapWhileFullScreenStillPutsTheTerminalBack() throws {
        // The runtime's backtrace must not wait for an answer on the terminal.
        try start("crash", ["trap"], environment: "SWIFT_BACKTRACE=interactive=no ", showing: "trap on any key")
        pane.keys("x")
        try pane.waitForFormat("#{alternate_on}", "0")
        // The backtrace is printed after the restore, on the normal screen; the shell's prompt
        // comes once the process is gone.
        try pane.waitFor("the prompt after the backtrace") { rows in
            rows.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } == "$"
        }
        let status = try exitStatus()
        // A Swift runtime error is SIGILL (132) on x86-64 and SIGTRAP (133) on arm64.
        XCTAssertTrue(status == "132" || status == "133", status)
        try assertRestored()
    }

    func testExitWhileFullScreenStillPutsTheTerminalBack() throws {
        try start("crash", ["exit"], showing: "exit on any key")
        pane.keys("x")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "3")
        try assertRestored()
    }

    // MARK: - no terminal

    func testWithoutATerminalItExits2AtOnce() throws {
        // setsid: a new session has no controlling terminal, so /dev/tty cannot be opened.
        let errors = pane.folder.appendingPathComponent("stderr").path
        let status = Spawn.run(["setsid", "-w", DemoBinary.path!, "pick"], outputPath: errors, timeout: pane.deadline)
        XCTAssertEqual(status, 2)
        XCTAssertEqual(try String(contentsOfFile: errors, encoding: .utf8), "tui-demo: pick needs a terminal\n")
    }
}
