import XCTest

@testable import TerminalImage

/// Which protocol the environment names, and the one reader of the window's size.
final class CapabilitiesTests: XCTestCase {
    private func detect(_ variables: [String: String]) -> TerminalCapabilities {
        TerminalCapabilities.detect { variables[$0] }
    }

    func testEachTerminalFamilyByItsOwnVariables() {
        for kitty in [
            ["TERM": "xterm-kitty"], ["KITTY_WINDOW_ID": "1"], ["TERM": "xterm-ghostty"],
            ["TERM_PROGRAM": "ghostty"], ["GHOSTTY_RESOURCES_DIR": "/usr/share/ghostty"],
        ] {
            XCTAssertEqual(detect(kitty).graphicsProtocol, .kitty, "\(kitty)")
        }
        for iterm in [
            ["TERM_PROGRAM": "iTerm.app"], ["LC_TERMINAL": "iTerm2"], ["TERM_PROGRAM": "WezTerm"],
            ["WEZTERM_PANE": "3"], ["TERM": "mintty"], ["KONSOLE_VERSION": "230804"],
        ] {
            XCTAssertEqual(detect(iterm).graphicsProtocol, .iterm2, "\(iterm)")
        }
        XCTAssertNil(detect(["TERM": "xterm-256color"]).graphicsProtocol)
        XCTAssertNil(detect(["TERM": "dumb", "KITTY_WINDOW_ID": "1"]).graphicsProtocol, "dumb wins")
    }

    func testKittysOwnVariableSurvivesTmuxAndTmuxMeansPassthrough() {
        let inside = detect([
            "TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "KITTY_WINDOW_ID": "2", "TMUX": "/tmp/x,1,0",
        ])
        XCTAssertEqual(inside, TerminalCapabilities(graphicsProtocol: .kitty, insideTmux: true))
        XCTAssertEqual(inside.passthrough, .tmux)
        XCTAssertEqual(detect(["TERM": "xterm-kitty"]).passthrough, .none)
    }

    func testWithoutATerminalTheSizeComesFromTheEnvironmentElse80By24() {
        let environment = ["COLUMNS": "132", "LINES": "50"]
        XCTAssertEqual(WindowSize.current(fd: -1) { environment[$0] }, WindowSize(columns: 132, rows: 50))
        XCTAssertEqual(WindowSize.current(fd: -1) { _ in "x" }, WindowSize(columns: 80, rows: 24))
        XCTAssertEqual(WindowSize.current(fd: -1) { _ in "0" }, WindowSize(columns: 80, rows: 24))
        XCTAssertEqual(WindowSize.current(fd: -1) { _ in nil }.knowsPixels, false)
    }
}
