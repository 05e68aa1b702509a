import Foundation
import TerminalTestSupport
import XCTest

/// `imgsel terminal`: what imgsel sees and why. In process where no terminal is needed (a pipe
/// is asked nothing: the option, the variable, the hints and the pipe itself decide), on an
/// answering pseudo-terminal where the query's answers decide.
final class TerminalCommandTests: ImgselTestCase {
    /// The terminal variables emptied (the test process's own must not leak in), then `env`.
    private func variables(_ env: [String: String]) -> [String: String] {
        var all = Dictionary(uniqueKeysWithValues: terminalVariables.map { ($0, "") })
        all["TERM"] = "xterm-256color"
        for (key, value) in env { all[key] = value }
        return all
    }

    private func report(_ args: [String] = [], env: [String: String] = [:]) throws -> [String: Any] {
        let r = run(["--json", "terminal"] + args, env: variables(env))
        assertSuccess(r)
        return try XCTUnwrap(parseJSON(r.stdout) as? [String: Any], r.transcript)
    }

    func testOnAPipeNothingIsAskedAndTheReportSaysWhy() throws {
        let r = run(["terminal"], env: variables(["COLUMNS": "100", "LINES": "30"]))
        assertSuccess(r)
        XCTAssertEqual(
            r.stdoutLines,
            [
                "graphics    blocks",
                "reason      no terminal to ask (stdout is none, or not in its foreground)",
                "answers     not asked",
                "window      100×30 cells, pixels unknown (cells taken as 1:2)",
                "cell        unknown",
                "colours     256 (COLORTERM is not set)",
                "background  not answered (black assumed)",
                "tmux        no",
                "stdout      not a terminal, nor is there a controlling one: view draws no picture without --image",
            ], r.transcript)
        let json = try report(env: ["COLUMNS": "100", "LINES": "30"])
        XCTAssertEqual(json["graphics"] as? String, "blocks")
        XCTAssertEqual(json["terminal"] as? Bool, false)
        XCTAssertEqual(json["looked_at"] as? String, "stdout", "a run in process has no controlling terminal")
        XCTAssertEqual(json["asked"] as? Bool, false)
        XCTAssertTrue(json["answers"] is NSNull)
        XCTAssertTrue(json["background"] is NSNull)
        let window = try XCTUnwrap(json["window"] as? [String: Any])
        XCTAssertEqual(window["columns"] as? Int, 100)
        XCTAssertEqual(window["rows"] as? Int, 30)
        XCTAssertEqual(window["pixels"] as? String, "unknown")
    }

    func testTheOptionTheVariableTheHintsAndNoColourAreNamed() throws {
        for (args, env, way, reason) in [
            (["--graphics", "sixel"], ["IMGSEL_GRAPHICS": "kitty"], "sixel", "--graphics sixel"),
            ([], ["IMGSEL_GRAPHICS": "kitty"], "kitty", "IMGSEL_GRAPHICS=kitty"),
            ([], ["TERM": "foot"], "sixel", "TERM=foot"),
            ([], ["KONSOLE_VERSION": "221203"], "iterm", "KONSOLE_VERSION=221203"),
            ([], ["KITTY_WINDOW_ID": "1"], "kitty", "KITTY_WINDOW_ID=1"),
            ([], ["NO_COLOR": "1"], "none", "NO_COLOR is set"),
            (["--no-color"], [:], "none", "--no-color"),
            ([], ["TERM": "dumb"], "none", "TERM=dumb"),
        ] {
            let json = try report(args, env: env)
            XCTAssertEqual(json["graphics"] as? String, way, "\(args) \(env)")
            XCTAssertEqual(json["reason"] as? String, reason, "\(args) \(env)")
            XCTAssertEqual(json["asked"] as? Bool, false, "\(args) \(env)")
        }
    }

    func testColoursAndTmuxPassthrough() throws {
        let truecolor = try report(env: ["COLORTERM": "truecolor"])
        XCTAssertEqual(truecolor["colours"] as? String, "24-bit")
        XCTAssertEqual(truecolor["colours_reason"] as? String, "COLORTERM=truecolor")
        XCTAssertEqual(
            try report(env: ["COLORTERM": "yes"])["colours_reason"] as? String,
            "COLORTERM=yes is not truecolor or 24bit")
        let tmux = try report(["--graphics", "kitty"], env: ["TMUX": "/tmp/tmux-0/default,1,0"])
        XCTAssertEqual(tmux["tmux"] as? Bool, true)
        XCTAssertEqual(tmux["passthrough"] as? Bool, true)
        let blocks = try report(["--graphics", "blocks"], env: ["TMUX": "/tmp/tmux-0/default,1,0"])
        XCTAssertEqual(blocks["passthrough"] as? Bool, false, "text needs no passthrough")
        let text = run(["terminal", "--graphics", "sixel"], env: variables(["TMUX": "/tmp/t,1,0"]))
        XCTAssertTrue(text.stdoutLines.contains("tmux        yes: pictures wrapped for passthrough"), text.transcript)
    }

    func testArgumentsAndBadValuesAreUsageErrors() {
        assertExit(run(["terminal", "extra"], env: variables([:])), 2)
        let bad = run(["terminal"], env: variables(["IMGSEL_GRAPHICS": "sixels"]))
        assertExit(bad, 2)
        XCTAssertTrue(bad.stderr.contains("IMGSEL_GRAPHICS must be one of"), bad.transcript)
    }

    // MARK: - On a terminal that answers

    private func onTerminal(
        _ answer: AnsweringTerminal.Answer, size: TerminalSize = TerminalSize(columns: 80, rows: 24),
        env: [String: String] = [:]
    ) throws -> (AnsweringTerminal.Result, [String: Any]) {
        let r = try AnsweringTerminal.run(["--json", "terminal"], in: dir, size: size, env: env, answer: answer)
        XCTAssertEqual(r.status, 0, r.transcript)
        // The query's bytes come first on the terminal, then the report's line.
        let line = r.text.components(separatedBy: "\r\n").first { $0.contains("\"graphics\"") } ?? ""
        let start = line.firstIndex(of: "{") ?? line.startIndex
        let object = parseJSON(String(line[start...])) as? [String: Any]
        return (r, try XCTUnwrap(object, r.transcript))
    }

    /// kitty with KITTY_WINDOW_ID unset (`env -u`, or over ssh): the query decides, and kitty's
    /// own DA1 (`ESC [ ? 62 ; c`) ends the wait, where it was taken for no answer (item 4).
    func testKittysAnswersDecideAndItsDA1EndsTheWait() throws {
        let (r, json) = try onTerminal(.kitty)
        XCTAssertTrue(r.asked)
        XCTAssertEqual(json["graphics"] as? String, "kitty")
        XCTAssertEqual(json["reason"] as? String, "query: kitty graphics answered OK, then DA1 [?62;c")
        let answers = try XCTUnwrap(json["answers"] as? [String: Any])
        XCTAssertEqual(answers["kitty"] as? String, "OK")
        XCTAssertEqual(answers["da1"] as? String, "[?62;c")
        XCTAssertEqual(answers["da1_attributes"] as? [Int], [62])
        XCTAssertEqual(r.modesAfter, r.modesBefore)
    }

    func testSixelTheBackgroundAndTheCellSizeAnswered() throws {
        let (_, json) = try onTerminal(.background("ffff/ffff/ffff", deviceAttributes: "64;4;22"))
        XCTAssertEqual(json["graphics"] as? String, "sixel")
        XCTAssertEqual(json["reason"] as? String, "query: DA1 [?64;4;22c lists 4 (sixel)")
        XCTAssertEqual(json["background"] as? String, "#ffffff")
        XCTAssertEqual(json["terminal"] as? Bool, true)
        let window = try XCTUnwrap(json["window"] as? [String: Any])
        XCTAssertEqual(window["pixels"] as? String, "unknown", "this terminal did not answer CSI 16 t")
        let sized = try onTerminal(
            .deviceAttributes("62;22"), size: TerminalSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)
        ).1
        XCTAssertEqual(sized["graphics"] as? String, "blocks")
        XCTAssertEqual(sized["reason"] as? String, "query: DA1 [?62;22c lists no 4 (sixel), no kitty graphics answer")
        XCTAssertEqual((sized["cell"] as? [String: Any])?["width"] as? Int, 10)
        XCTAssertEqual((sized["cell"] as? [String: Any])?["height"] as? Int, 20)
        XCTAssertEqual((sized["window"] as? [String: Any])?["pixels"] as? String, "TIOCGWINSZ")
    }

    /// GNOME Terminal reports no pixels in TIOCGWINSZ and answers `CSI 14 t` (its text area), not
    /// `CSI 16 t`: the cell is the area over the cells, so half blocks keep their aspect in a font
    /// whose cells are 9×21 (the terminal suite's picture came out 1.29 for 1.5 with cells taken as 1:2).
    func testTheTextAreaAnswerGivesTheCellWhereNothingElseDoes() throws {
        let (r, json) = try onTerminal(
            .textArea(width: 1080, height: 840, deviceAttributes: "65;1;9"), size: TerminalSize(columns: 120, rows: 40))
        XCTAssertTrue(r.text.contains("\u{1B}[16t\u{1B}[14t\u{1B}[c"), r.transcript)
        let window = try XCTUnwrap(json["window"] as? [String: Any])
        XCTAssertEqual(window["pixels"] as? String, "CSI 14 t")
        XCTAssertEqual(window["pixel_width"] as? Int, 1080)
        XCTAssertEqual(window["pixel_height"] as? Int, 840)
        XCTAssertEqual((json["cell"] as? [String: Any])?["width"] as? Int, 9)
        XCTAssertEqual((json["cell"] as? [String: Any])?["height"] as? Int, 21)
        let answers = try XCTUnwrap(json["answers"] as? [String: Any])
        XCTAssertEqual((answers["text_area"] as? [String: Any])?["width"] as? Int, 1080)
        XCTAssertTrue(answers["cell"] is NSNull, "no CSI 16 t answer")
        // An answer no text area of these cells can be (under a pixel a cell) is not taken.
        let absurd = try onTerminal(
            .textArea(width: 100, height: 30, deviceAttributes: "65;1;9"), size: TerminalSize(columns: 120, rows: 40)
        ).1
        XCTAssertEqual((absurd["window"] as? [String: Any])?["pixels"] as? String, "unknown")
    }

    /// `imgsel --json terminal > report.json`, as a bug report is made: stdout is a file, so the
    /// controlling terminal is looked at and asked, and the report says so.
    func testWithStdoutInAFileTheControllingTerminalIsAsked() throws {
        let path = dir.deletingLastPathComponent().appendingPathComponent("report.json").path
        let r = try AnsweringTerminal.run(
            ["--json", "terminal"], in: dir, size: TerminalSize(columns: 80, rows: 24), answer: .kitty,
            stdoutFile: path)
        XCTAssertEqual(r.status, 0, r.transcript)
        XCTAssertTrue(r.asked, "the query went to the controlling terminal")
        XCTAssertFalse(r.text.contains("graphics\""), "the report went to the file, not the terminal")
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(json["graphics"] as? String, "kitty")
        XCTAssertEqual(json["looked_at"] as? String, "/dev/tty")
        XCTAssertEqual(json["stdout_terminal"] as? Bool, false)
        XCTAssertEqual(json["terminal"] as? Bool, true)
        XCTAssertEqual(r.modesAfter, r.modesBefore)
    }

    func testNoAnswerIsSaidAndAHintAsksNothing() throws {
        let (silent, json) = try onTerminal(.nothing)
        XCTAssertTrue(silent.asked)
        XCTAssertEqual(json["reason"] as? String, "query: no answer within 250 ms")
        XCTAssertEqual((json["answers"] as? [String: Any])?["da1"] is NSNull, true)
        let (foot, hinted) = try onTerminal(.deviceAttributes("62;4"), env: ["TERM": "foot"])
        XCTAssertFalse(foot.asked, foot.transcript)
        XCTAssertEqual(hinted["reason"] as? String, "TERM=foot")
    }
}
