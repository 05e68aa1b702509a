import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The terminal code for real: `tui-demo` in a tmux pane, driven with send-keys, read with
/// capture-pane. After every way out the pane must be back on the normal screen with its
/// cursor shown, and `stty -a` must print what it printed before the demo started.
final class TmuxTests: XCTestCase {
    private var pane: TmuxPane!
    private var modesBefore = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        // Failures, never skips: a suite that cannot run its terminal has tested nothing.
        guard DemoBinary.path != nil else {
            throw TmuxPane.Failure(description: "tui-demo not built (swift build --build-tests)")
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") || which("tmux") else {
            throw TmuxPane.Failure(description: "tmux is not installed (apt-get install tmux)")
        }
        pane = try TmuxPane()
        modesBefore = try pane.output(of: "stty -a", into: "stty-before")
        XCTAssertTrue(modesBefore.contains("icanon"), modesBefore)
    }

    override func tearDown() {
        pane?.close()
        pane = nil
        super.tearDown()
    }

    // MARK: - Helpers

    private func which(_ program: String) -> Bool {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(program)") }
    }

    private var outPath: String { pane.folder.appendingPathComponent("out").path }
    private var pidPath: String { pane.folder.appendingPathComponent("pid").path }

    /// Starts the demo in the pane (`environment`: assignments put before the command) and
    /// waits for its first screen.
    private func start(_ mode: String, _ options: [String] = [], environment: String = "",
                       showing text: String) throws {
        let command = environment
            + ([DemoBinary.path!, mode] + options + ["--out", "out", "--pid", "pid"]).joined(separator: " ")
        pane.run(command)
        try pane.waitForText(text)
        try pane.waitForFormat("#{alternate_on}", "1")
        XCTAssertEqual(pane.format("#{cursor_flag}"), "0", "the cursor is hidden while full screen")
    }

    private func demoPID() throws -> pid_t {
        let text = try pane.waitForFile(pidPath).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid_t(text) else { throw TmuxPane.Failure(description: "bad pid file: \(text)") }
        return pid
    }

    /// The terminal is as it was: normal screen, cursor shown, the same stty modes.
    private func assertRestored(file: StaticString = #filePath, line: UInt = #line) throws {
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(pane.format("#{cursor_flag}"), "1", "the cursor is shown again", file: file, line: line)
        let modesAfter = try pane.output(of: "stty -a", into: "stty-after-\(UUID().uuidString.prefix(6))")
        XCTAssertEqual(modesAfter, modesBefore, "stty -a differs after the demo", file: file, line: line)
    }

    /// The demo's exit status as the shell saw it (run right after the demo ended).
    private func exitStatus() throws -> String {
        try pane.output(of: "echo $?", into: "status-\(UUID().uuidString.prefix(6))")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func outcome() throws -> String {
        try pane.waitForFile(outPath).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private func statusRow() -> String {
        pane.screen().last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    }

    // MARK: - pick

    func testPickWritesTheOrderOfTheTogglesOnEnter() throws {
        try start("pick", showing: "0 / 9 selected")
        pane.keys("Right", "Space", "Left", "Space", "End", "Space")
        try pane.waitForText("3 / 9 selected")
        let rows = pane.screen()
        XCTAssertTrue(rows[0].contains("┌ 2 ─"), rows.joined(separator: "\n"))  // photo-01 picked second
        XCTAssertTrue(rows[0].contains("┌ 1 ─"), rows.joined(separator: "\n"))
        pane.keys("Enter")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "0")
        XCTAssertEqual(try outcome(), "commit photo-02.jpg photo-01.jpg photo-12.jpg")
        try assertRestored()
    }

    func testPickMovesTheFocusAndShowsTheViewer() throws {
        try start("pick", showing: "0 / 9 selected")
        pane.keys("j", "l")
        try pane.waitForText("7/12")
        pane.keys("v")
        try pane.waitForText("photo-07.jpg full size")
        XCTAssertTrue(statusRow().contains("any key returns"), statusRow())
        pane.keys("x")
        try pane.waitForText("7/12")
        // Tab picks photo-07 and moves on; Shift-Tab picks photo-08 and comes back; Shift-Tab
        // unpicks photo-07 and moves to photo-06.
        pane.keys("Tab", "BTab", "BTab")
        try pane.waitForText("6/12")
        try pane.waitForText("1 / 9 selected")
        pane.keys("Enter")
        XCTAssertEqual(try outcome(), "commit photo-08.jpg")
        try assertRestored()
    }

    func testAFullSelectionRefusesWithAMessage() throws {
        try start("pick", ["--capacity", "2", "--others", "1"], showing: "1 / 2 selected")
        pane.keys("Space", "Right", "Space")
        try pane.waitForText("photo-02.jpg not picked: the selection is full (2 / 2)")
        pane.keys("Enter")
        XCTAssertEqual(try outcome(), "commit photo-01.jpg")
        try assertRestored()
    }

    func testAnImageAgainstARuleIsRefusedWithItsReason() throws {
        try start("pick", ["--refuse", "2"], showing: "0 / 9 selected")
        pane.keys("Right", "Space")
        try pane.waitForText("photo-02.jpg: 7.2 MB is over this selection's 5 MB (--…")  // cut to the row
        pane.keys("Left", "Space")
        try pane.waitForText("1 / 9 selected")
        pane.keys("Enter")
        XCTAssertEqual(try outcome(), "commit photo-01.jpg")
        try assertRestored()
    }

    func testEntriesAlreadySelectedStartPicked() throws {
        try start("pick", ["--picked", "3,1"], showing: "2 / 9 selected")
        pane.keys("Enter")
        XCTAssertEqual(try outcome(), "commit photo-03.jpg photo-01.jpg")
        try assertRestored()
    }

    func testEscCancelsWith130() throws {
        try start("pick", showing: "0 / 9 selected")
        pane.keys("Space")
        try pane.waitForText("1 / 9 selected")
        pane.keys("Escape")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "130")
        XCTAssertEqual(try outcome(), "cancel")
        try assertRestored()
    }

    func testQAndCtrlCCancelWith130() throws {
        for key in ["q", "C-c"] {
            try start("pick", showing: "0 / 9 selected")
            pane.keys(key)
            try pane.waitForFormat("#{alternate_on}", "0")
            XCTAssertEqual(try exitStatus(), "130", key)
            XCTAssertEqual(try outcome(), "cancel", key)
            try assertRestored()
            try FileManager.default.removeItem(atPath: outPath)
        }
    }

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

    func testAResizedWindowIsLaidOutAgain() throws {
        try start("pick", showing: "0 / 9 selected")
        XCTAssertFalse(pane.screen()[5].contains("photo-06.jpg"))
        pane.tmux(["resize-window", "-t", "t", "-x", "120", "-y", "30"])
        // 120 columns hold seven 16-column slots: photo-06 and photo-07 move up to the first row.
        try pane.waitFor("a seven-column first row") { $0.count > 5 && $0[5].contains("photo-07.jpg") }
        try pane.waitFor("the status row at the new bottom") { $0.count >= 30 && $0[29].contains("0 / 9 selected") }
        pane.keys("q")
        try pane.waitForFormat("#{alternate_on}", "0")
        pane.tmux(["resize-window", "-t", "t", "-x", "80", "-y", "24"])
        try pane.waitForFormat("#{window_height}", "24")
        // The pane's tty learns its size a moment after tmux's window does.
        var size = ""
        for attempt in 0..<100 where size != "24 80" {
            size = try pane.output(of: "stty size", into: "size-\(attempt)")
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        XCTAssertEqual(size, "24 80")
        try assertRestored()
    }

    // MARK: - browse

    func testBrowsePagesSavesDeletesAndQuitsOnTheEntryShown() throws {
        try start("browse", ["--index", "3"], showing: "3 / 9  photo-03.jpg")
        pane.keys("Right")
        try pane.waitForText("4 / 9  photo-04.jpg")
        pane.keys("s")
        try pane.waitForText("saved photo-04.jpg to album/photo-04.jpg")
        pane.keys("d")
        try pane.waitForText("delete 4 / 9? (y/n)")
        pane.keys("n")
        try pane.waitFor("the question gone") { !$0.joined().contains("(y/n)") }
        pane.keys("d")
        try pane.waitForText("delete 4 / 9? (y/n)")
        pane.keys("y")
        try pane.waitForText("deleted photo-04.jpg")
        try pane.waitForText("4 / 8  photo-05.jpg")
        pane.keys("End")
        try pane.waitForText("8 / 8  photo-09.jpg")
        pane.keys("Right")  // the end: the bell, and nothing moves
        pane.keys("2")
        try pane.waitForText("2 / 8  photo-02.jpg")
        pane.keys("BSpace")
        try pane.waitForText("1 / 8  photo-01.jpg")
        pane.keys("q")
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(try exitStatus(), "0")
        XCTAssertEqual(try outcome(), "quit 1")
        try assertRestored()
    }

    func testBrowseQuitsWithEnterAndEscAndCancelsWithCtrlC() throws {
        for (key, expected, status) in [("Enter", "quit 5", "0"), ("Escape", "quit 5", "0"), ("C-c", "cancel", "130")] {
            try start("browse", ["--index", "5"], showing: "5 / 9")
            pane.keys(key)
            try pane.waitForFormat("#{alternate_on}", "0")
            XCTAssertEqual(try exitStatus(), status, key)
            XCTAssertEqual(try outcome(), expected, key)
            try assertRestored()
            try FileManager.default.removeItem(atPath: outPath)
        }
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
