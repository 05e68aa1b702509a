import XCTest

@testable import TerminalImage

/// Which way the environment names, tmux, the colours of half blocks, and the one reader of
/// the window's size.
final class TerminalHintsTests: XCTestCase {
    private func hints(_ variables: [String: String]) -> TerminalHints {
        TerminalHints.read { variables[$0] }
    }

    func testEachTerminalFamilyByItsOwnVariables() {
        let families: [(GraphicsWay, [[String: String]])] = [
            (
                .kitty,
                [
                    ["TERM": "xterm-kitty"], ["KITTY_WINDOW_ID": "1"], ["TERM": "xterm-ghostty"],
                    ["TERM_PROGRAM": "ghostty"], ["GHOSTTY_RESOURCES_DIR": "/usr/share/ghostty"],
                ]
            ),
            (
                .iterm,
                [
                    ["TERM_PROGRAM": "iTerm.app"], ["LC_TERMINAL": "iTerm2"], ["ITERM_SESSION_ID": "w0t0p0:1"],
                    ["TERM_PROGRAM": "WezTerm"], ["WEZTERM_EXECUTABLE": "/usr/bin/wezterm-gui"],
                    ["WEZTERM_PANE": "3"], ["TERM": "mintty"], ["TERM_PROGRAM": "mintty"],
                    ["KONSOLE_VERSION": "230804"],
                ]
            ),
            (
                .sixel,
                [
                    ["TERM": "foot"], ["TERM": "foot-extra"], ["TERM": "mlterm"], ["TERM": "contour"],
                    ["TERM_PROGRAM": "contour"], ["WT_SESSION": "8d2d4a4e-0000"],
                ]
            ),
            (.none, [["TERM": "dumb"], ["TERM": "dumb", "KITTY_WINDOW_ID": "1"]]),
            (.blocks, [["TERM": "linux"]]),
        ]
        for (way, environments) in families {
            for environment in environments {
                XCTAssertEqual(hints(environment).way, way, "\(environment)")
            }
        }
        XCTAssertEqual(hints(["TERM_PROGRAM": "WezTerm"]).evidence, "TERM_PROGRAM=WezTerm")
        for undecided in [
            ["TERM": "xterm-256color"], ["TERM": "xterm-256color", "VTE_VERSION": "7600"], [:],
            ["TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "TMUX": "/tmp/x,1,0"], ["TERM": "alacritty"],
        ] {
            XCTAssertNil(hints(undecided).way, "\(undecided): the query decides")
        }
    }

    func testKittysOwnVariableSurvivesTmux() {
        let inside = hints(["TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "KITTY_WINDOW_ID": "2", "TMUX": "/t,1,0"])
        XCTAssertEqual(inside.way, .kitty)
        XCTAssertTrue(inside.insideTmux)
        XCTAssertFalse(hints(["TERM": "xterm-kitty"]).insideTmux)
    }

    func testTruecolorOnlyWhereColortermSaysSo() {
        XCTAssertEqual(hints(["COLORTERM": "truecolor"]).colours, .truecolor)
        XCTAssertEqual(hints(["COLORTERM": "24bit"]).colours, .truecolor)
        for other in [[:], ["COLORTERM": "yes"], ["COLORTERM": ""], ["TERM": "xterm-256color"]] {
            XCTAssertEqual(hints(other).colours, .palette256, "\(other)")
        }
    }

    func testWithoutATerminalTheSizeComesFromTheEnvironmentElse80By24() {
        let environment = ["COLUMNS": "132", "LINES": "50"]
        XCTAssertEqual(WindowSize.current(fd: -1) { environment[$0] }, WindowSize(columns: 132, rows: 50))
        XCTAssertEqual(WindowSize.current(fd: -1) { _ in "x" }, WindowSize(columns: 80, rows: 24))
        XCTAssertEqual(WindowSize.current(fd: -1) { _ in "0" }, WindowSize(columns: 80, rows: 24))
        XCTAssertEqual(WindowSize.current(fd: -1) { _ in nil }.knowsPixels, false)
        XCTAssertNil(WindowSize.reported(fd: -1), "no terminal: TIOCGWINSZ says nothing")
    }
}
