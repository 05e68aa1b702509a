import Foundation
import TerminalTestSupport
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The terminal code for real: `tui-demo` in a tmux pane, driven with send-keys, read with
/// capture-pane. After every way out the pane must be back on the normal screen with its
/// cursor shown, and `stty -a` must print what it printed before the demo started.
///
/// The base of PickTmuxTests, BrowseTmuxTests and WayOutTmuxTests: a fresh pane per test and
/// the helpers to start the demo and check the terminal afterwards.
class TmuxTestCase: XCTestCase {
    private(set) var pane: TmuxPane!
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

    var outPath: String { pane.folder.appendingPathComponent("out").path }
    var pidPath: String { pane.folder.appendingPathComponent("pid").path }

    /// Starts the demo in the pane (`environment`: assignments put before the command) and
    /// waits for its first screen.
    func start(
        _ mode: String, _ options: [String] = [], environment: String = "",
        showing text: String
    ) throws {
        let command =
            environment
            + ([DemoBinary.path!, mode] + options + ["--out", "out", "--pid", "pid"]).joined(separator: " ")
        pane.run(command)
        try pane.waitForText(text)
        try pane.waitForFormat("#{alternate_on}", "1")
        XCTAssertEqual(pane.format("#{cursor_flag}"), "0", "the cursor is hidden while full screen")
    }

    func demoPID() throws -> pid_t {
        let text = try pane.waitForFile(pidPath).trimmingCharacters(in: .whitespacesAndNewlines)
        guard let pid = pid_t(text) else { throw TmuxPane.Failure(description: "bad pid file: \(text)") }
        return pid
    }

    /// The terminal is as it was: normal screen, cursor shown, the same stty modes.
    func assertRestored(file: StaticString = #filePath, line: UInt = #line) throws {
        try pane.waitForFormat("#{alternate_on}", "0")
        XCTAssertEqual(pane.format("#{cursor_flag}"), "1", "the cursor is shown again", file: file, line: line)
        let modesAfter = try pane.output(of: "stty -a", into: "stty-after-\(UUID().uuidString.prefix(6))")
        XCTAssertEqual(modesAfter, modesBefore, "stty -a differs after the demo", file: file, line: line)
    }

    /// The demo's exit status as the shell saw it (run right after the demo ended).
    func exitStatus() throws -> String {
        try pane.output(of: "echo $?", into: "status-\(UUID().uuidString.prefix(6))")
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func outcome() throws -> String {
        try pane.waitForFile(outPath).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func statusRow() -> String {
        pane.screen().last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
    }
}
