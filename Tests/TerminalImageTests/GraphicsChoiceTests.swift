import XCTest

@testable import TerminalImage

/// The order of the choice: option, variable, hints, one query; and what each answer means.
final class GraphicsChoiceTests: XCTestCase {
    /// A reply fed these bytes, as if the terminal had sent them.
    private func reply(_ text: String) -> TerminalReply {
        var reply = TerminalReply()
        _ = reply.feed(Array(text.utf8))
        return reply
    }

    private let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"
    private let da1Sixel = "\u{1B}[?62;4;22c"
    private let da1Plain = "\u{1B}[?62;22c"

    /// Chooses with these variables; counts the queries.
    private func choose(
        _ option: GraphicsRequest? = nil, _ variables: [String: String] = ["TERM": "xterm-256color"],
        colourOff: Bool = false, answer: TerminalReply? = nil, asked: inout Int
    ) throws -> GraphicsChoice {
        var count = asked
        defer { asked = count }
        return try GraphicsChoice.resolve(
            option: option, environment: { variables[$0] }, colourOff: colourOff,
            query: {
                count += 1
                return answer
            })
    }

    func testTheOptionBeatsTheVariableWhichBeatsTheTerminal() throws {
        var asked = 0
        let kitty = ["TERM": "xterm-kitty", "IMGSEL_GRAPHICS": "sixel"]
        XCTAssertEqual(try choose(.way(.blocks), kitty, asked: &asked).way, .blocks)
        XCTAssertEqual(try choose(.way(.blocks), kitty, asked: &asked).reason, "--graphics blocks")
        XCTAssertEqual(try choose(nil, kitty, asked: &asked).way, .sixel)
        XCTAssertEqual(try choose(nil, kitty, asked: &asked).reason, "IMGSEL_GRAPHICS=sixel")
        XCTAssertEqual(try choose(.auto, kitty, asked: &asked).way, .kitty, "--graphics auto ignores the variable")
        XCTAssertEqual(try choose(.auto, kitty, asked: &asked).reason, "TERM=xterm-kitty", "the hint that decided")
        XCTAssertEqual(try choose(nil, ["TERM": "xterm-kitty", "IMGSEL_GRAPHICS": "auto"], asked: &asked).way, .kitty)
        XCTAssertEqual(try choose(nil, ["TERM": "xterm-kitty", "IMGSEL_GRAPHICS": ""], asked: &asked).way, .kitty)
        XCTAssertEqual(asked, 0, "no query when the option, the variable or the hints decide")
    }

    func testAVariableThatIsNoWayIsRefusedByName() {
        var asked = 0
        XCTAssertThrowsError(try choose(nil, ["IMGSEL_GRAPHICS": "sixels"], asked: &asked)) { error in
            XCTAssertEqual(
                (error as? GraphicsChoice.BadVariable)?.message,
                "IMGSEL_GRAPHICS must be one of auto, kitty, iterm, sixel, blocks, none, not 'sixels'")
        }
        XCTAssertEqual(try choose(.way(.none), ["IMGSEL_GRAPHICS": "sixels"], asked: &asked).way, .none)
        XCTAssertEqual(GraphicsRequest("Kitty"), nil, "exact names only")
        XCTAssertEqual(GraphicsRequest("iterm"), .way(.iterm))
    }

    func testTheQueryDecidesWhereTheHintsDoNot() throws {
        var asked = 0
        XCTAssertEqual(try choose(answer: reply(kittyOK + da1Sixel), asked: &asked).way, .kitty, "kitty first")
        XCTAssertEqual(try choose(answer: reply(da1Sixel), asked: &asked).way, .sixel)
        XCTAssertEqual(try choose(answer: reply(da1Plain), asked: &asked).way, .blocks)
        let refused = reply("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\" + da1Plain)
        XCTAssertEqual(try choose(answer: refused, asked: &asked).way, .blocks)
        XCTAssertEqual(try choose(answer: TerminalReply(), asked: &asked).way, .blocks, "nothing answered")
        XCTAssertEqual(try choose(answer: TerminalReply(), asked: &asked).reason, "query: no answer within 250 ms")
        XCTAssertEqual(try choose(answer: nil, asked: &asked).way, .blocks, "nothing to ask: a pipe")
        XCTAssertEqual(asked, 7, "one query a choice")
    }

    /// The reason names the answer that decided, DA1 as it came: what `imgsel terminal` shows.
    func testTheReasonNamesTheAnswerThatDecided() throws {
        var asked = 0
        func reason(_ text: String, _ variables: [String: String] = ["TERM": "xterm-256color"]) throws -> String {
            try choose(nil, variables, answer: reply(text), asked: &asked).reason
        }
        XCTAssertEqual(
            try reason(kittyOK + "\u{1B}[?62;c"), "query: kitty graphics answered OK, then DA1 [?62;c")
        XCTAssertEqual(try reason(kittyOK), "query: kitty graphics answered OK, then no DA1 within 250 ms")
        XCTAssertEqual(try reason(da1Sixel), "query: DA1 [?62;4;22c lists 4 (sixel)")
        XCTAssertEqual(try reason(da1Plain), "query: DA1 [?62;22c lists no 4 (sixel), no kitty graphics answer")
        XCTAssertEqual(
            try reason("\u{1B}_Gi=31;ENOTSUPPORTED:no\u{1B}\\" + da1Plain),
            "query: DA1 [?62;22c lists no 4 (sixel), kitty graphics refused (ENOTSUPPORTED:no)")
        XCTAssertEqual(
            try reason(da1Sixel, ["TERM": "tmux-256color", "TMUX": "/tmp/t,1,0"]),
            "query (answered by tmux): DA1 [?62;4;22c lists 4 (sixel)")
        XCTAssertEqual(try choose(nil, ["TERM": "foot"], asked: &asked).reason, "TERM=foot")
        XCTAssertEqual(
            try choose(answer: nil, asked: &asked).reason,
            "no terminal to ask (stdout is none, or not in its foreground)")
    }

    func testNoColourFoundAutomaticallyIsTheTextLineAloneAndAsksNothing() throws {
        var asked = 0
        let noColour = ["TERM": "xterm-256color", "NO_COLOR": "1"]
        XCTAssertEqual(try choose(nil, noColour, answer: reply(da1Plain), asked: &asked).way, .none)
        XCTAssertEqual(try choose(colourOff: true, answer: reply(da1Plain), asked: &asked).way, .none)
        XCTAssertEqual(try choose(nil, ["TERM": "linux", "NO_COLOR": "1"], asked: &asked).way, .none)
        XCTAssertEqual(try choose(nil, noColour, answer: reply(da1Sixel), asked: &asked).way, .none)
        XCTAssertEqual(try choose(nil, noColour, answer: reply(da1Sixel), asked: &asked).reason, "NO_COLOR is set")
        XCTAssertEqual(try choose(colourOff: true, asked: &asked).reason, "--no-color")
        XCTAssertEqual(try choose(nil, ["TERM": "xterm-kitty", "NO_COLOR": "1"], asked: &asked).way, .none)
        XCTAssertEqual(asked, 0, "no answer could change the way: nothing is asked")
        XCTAssertEqual(try choose(.way(.blocks), noColour, asked: &asked).way, .blocks, "asked for by name")
        XCTAssertEqual(try choose(.way(.sixel), noColour, asked: &asked).way, .sixel, "asked for by name")
        XCTAssertEqual(
            try choose(nil, ["TERM": "xterm", "NO_COLOR": ""], answer: reply(da1Plain), asked: &asked).way, .blocks)
        XCTAssertEqual(asked, 1, "an empty NO_COLOR does not count")
        XCTAssertEqual(try choose(nil, ["TERM": "dumb"], asked: &asked).way, .none)
    }

    func testTheAnsweredBackgroundIsWhatTransparencyIsComposedOver() throws {
        var asked = 0
        let white = try choose(answer: reply("\u{1B}]11;rgb:ffff/ffff/ffff\u{1B}\\" + da1Sixel), asked: &asked)
        XCTAssertEqual(white.way, .sixel)
        XCTAssertEqual(white.background, RGB(255, 255, 255))
        XCTAssertEqual(white.answeredBackground, RGB(255, 255, 255))
        XCTAssertEqual(try choose(answer: reply(da1Sixel), asked: &asked).background, .black, "not answered: black")
        XCTAssertNil(try choose(answer: reply(da1Sixel), asked: &asked).answeredBackground, "and known as not answered")
        XCTAssertEqual(try choose(nil, ["TERM": "foot"], asked: &asked).background, .black, "not asked: black")
    }

    func testInsideTmuxGraphicsAreWrappedButNotWhatTmuxItselfAnswered() throws {
        var asked = 0
        let tmux = ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]
        let kitty = try choose(nil, tmux.merging(["KITTY_WINDOW_ID": "1"]) { $1 }, asked: &asked)
        XCTAssertEqual(kitty.passthrough, .tmux)
        XCTAssertEqual(try choose(.way(.sixel), tmux, asked: &asked).passthrough, .tmux)
        XCTAssertEqual(try choose(.way(.iterm), tmux, asked: &asked).passthrough, .tmux)
        XCTAssertEqual(try choose(.way(.blocks), tmux, asked: &asked).passthrough, .none, "text needs none")
        let tmuxSixel = try choose(nil, tmux, answer: reply(da1Sixel), asked: &asked)
        XCTAssertEqual(tmuxSixel.way, .sixel)
        XCTAssertEqual(tmuxSixel.passthrough, .none, "tmux answered: tmux draws the sixel itself")
        XCTAssertEqual(try choose(.way(.kitty), ["TERM": "xterm-kitty"], asked: &asked).passthrough, .none)
    }

    func testTheCellSizeAnsweredSizesAWindowWithoutPixels() throws {
        var asked = 0
        let answered = try choose(answer: reply("\u{1B}[6;18;9t" + da1Sixel), asked: &asked)
        XCTAssertEqual(answered.cellPixels, CellPixels(width: 9, height: 18))
        XCTAssertEqual(
            answered.window(WindowSize(columns: 80, rows: 24)),
            WindowSize(columns: 80, rows: 24, pixelWidth: 720, pixelHeight: 432))
        let known = WindowSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)
        XCTAssertEqual(answered.window(known), known, "TIOCGWINSZ's pixels win")
        XCTAssertEqual(
            try choose(.way(.blocks), asked: &asked).window(WindowSize(columns: 5, rows: 5)).knowsPixels, false)
    }
}
