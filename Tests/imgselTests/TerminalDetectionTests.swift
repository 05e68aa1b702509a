import Foundation
import TerminalTestSupport
import TestImages
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Auto-detection on a pseudo-terminal that is imgsel's controlling terminal, this test
/// playing the terminal: what it answers to the one query decides the way; no answer makes
/// imgsel go on within 300 ms with half blocks; keys typed meanwhile are not echoed and the
/// terminal's modes come back; nothing is asked where the environment decides or on a pipe.
final class TerminalDetectionTests: ImgselTestCase {
    private let sixelStart = "\u{1B}P0;1;0q"
    private let kittyStart = "\u{1B}_Ga=T,"
    private let halfBlock = "▀"

    override func setUpWithError() throws {
        try super.setUpWithError()
        // Red and blue rows, drawn at its own size in 80×22 cells: every half block shows both.
        let gradient = ImageBytes.paintedPNG(width: 80, height: 40) { _, y in
            y % 2 == 0 ? (255, 0, 0, 255) : (0, 0, 255, 255)
        }
        _ = write(Data(gradient), to: "a.png")
        assertSuccess(run(["add", "a.png"]))
    }

    private func view(
        _ answer: AnsweringTerminal.Answer, env: [String: String] = [:], typed: String = "",
        args: [String] = ["view"]
    ) throws -> AnsweringTerminal.Result {
        try AnsweringTerminal.run(
            args, in: dir, size: TerminalSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480), env: env,
            answer: answer, typed: typed)
    }

    func testDA1ListingFourDrawsSixel() throws {
        let r = try view(.deviceAttributes("62;4;22"))
        XCTAssertEqual(r.status, 0, r.transcript)
        XCTAssertTrue(r.asked, r.transcript)
        XCTAssertTrue(r.text.contains(sixelStart), r.transcript)
        XCTAssertFalse(r.text.contains(halfBlock))
        XCTAssertLessThan((r.nextAt ?? 9) - (r.queryAt ?? 0), 0.24, "DA1 ends the wait, before the 250 ms")
    }

    func testDA1WithoutFourDrawsHalfBlocks() throws {
        let r = try view(.deviceAttributes("62;22"))
        XCTAssertTrue(r.text.contains(halfBlock), r.transcript)
        XCTAssertTrue(r.text.contains("\u{1B}[38;5;196;48;5;21m▀"), "256 colours: red over blue")
        XCTAssertFalse(r.text.contains(sixelStart))
        let truecolor = try view(.deviceAttributes("62;22"), env: ["COLORTERM": "truecolor"])
        XCTAssertTrue(
            truecolor.text.contains("\u{1B}[38;2;255;0;0;48;2;0;0;255m▀"),
            "24-bit where COLORTERM says so\n\(truecolor.transcript.prefix(400))")
    }

    func testKittysAnswerDrawsKitty() throws {
        let r = try view(.kitty)
        XCTAssertTrue(r.text.contains(kittyStart), r.transcript)
        XCTAssertFalse(r.text.contains(halfBlock))
    }

    func testNoAnswerGoesOnAfterItsWaitWithHalfBlocks() throws {
        let r = try view(.nothing)
        XCTAssertEqual(r.status, 0, r.transcript)
        XCTAssertTrue(r.asked)
        let waited = (r.nextAt ?? 9) - (r.queryAt ?? 0)
        XCTAssertGreaterThanOrEqual(waited, 0.24, "it did wait for an answer")
        // The wait is 250 ms; the bound leaves room for a busy CI machine and still fails a wait
        // for an answer that never comes.
        XCTAssertLessThan(waited, 1.0, "and went on, not waiting on")
        XCTAssertTrue(r.text.contains(halfBlock), r.transcript)
        XCTAssertEqual(r.modesAfter, r.modesBefore, "the terminal's modes are as they were")
    }

    func testKeysTypedDuringTheQueryAreNotEchoedAndTheModesComeBack() throws {
        let r = try view(.deviceAttributes("62;22"), typed: "ls -l\r")
        XCTAssertEqual(r.status, 0, r.transcript)
        XCTAssertFalse(r.text.contains("ls -l"), "never echoed\n\(r.transcript)")
        XCTAssertEqual(r.modesAfter, r.modesBefore)
        XCTAssertNotEqual(r.modesBefore & tcflag_t(ECHO), 0, "the terminal echoes, so an echo would have shown")
        let silent = try view(.nothing, typed: "q")
        XCTAssertFalse(silent.text.contains("q\u{1B}") || silent.text.hasSuffix("q"), silent.transcript)
        XCTAssertEqual(silent.modesAfter, silent.modesBefore)
    }

    func testTheQueryIsOneWriteOfKittysQueryThenDA1() throws {
        let r = try view(.deviceAttributes("62;22"))
        let kittyQuery = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}]11;?\u{1B}\\"
        // The window reports pixels, so no CSI 16 t or 14 t; the query comes before anything else.
        XCTAssertTrue(r.text.hasPrefix(kittyQuery + "\u{1B}[c"), r.transcript)
        let noPixels = try AnsweringTerminal.run(
            ["view"], in: dir, size: TerminalSize(columns: 80, rows: 24), answer: .deviceAttributes("62;22"))
        XCTAssertTrue(noPixels.text.hasPrefix(kittyQuery + "\u{1B}[16t\u{1B}[14t\u{1B}[c"), noPixels.transcript)
    }

    func testNothingIsAskedWhereTheEnvironmentOrTheOptionDecides() throws {
        for (env, args, expected) in [
            (["TERM_PROGRAM": "iTerm.app"], ["view"], "\u{1B}]1337;File="),
            (["TERM": "xterm-kitty"], ["view"], kittyStart),
            (["TERM": "foot"], ["view"], sixelStart),
            ([:], ["view", "--graphics", "blocks"], halfBlock),
            (["IMGSEL_GRAPHICS": "sixel"], ["view"], sixelStart),
        ] {
            let r = try view(.deviceAttributes("62;4;22"), env: env, args: args)
            XCTAssertFalse(r.asked, "\(env) \(args)\n\(r.transcript)")
            XCTAssertTrue(r.text.contains(expected), "\(env) \(args)\n\(r.transcript)")
        }
        // --no-image, --index, -q, --json and TERM=dumb draw nothing and ask nothing.
        for (env, args) in [
            ([:], ["view", "--no-image"]), ([:], ["view", "--index"]), ([:], ["-q", "view"]),
            ([:], ["--json", "view"]), (["TERM": "dumb"], ["view"]),
        ] {
            let r = try view(.deviceAttributes("62;4;22"), env: env, args: args)
            XCTAssertFalse(r.asked, "\(env) \(args)\n\(r.transcript)")
            XCTAssertFalse(r.text.contains("\u{1B}"), "\(env) \(args)\n\(r.transcript)")
        }
    }

    func testNothingIsAskedOnAPipe() {
        let r = run(["view", "--image"], env: ["TERM": "xterm-256color"])
        assertSuccess(r)
        XCTAssertFalse(r.stdout.contains("\u{1B}[c"), "no query on a pipe")
        XCTAssertTrue(r.stdout.contains(halfBlock), "--image draws half blocks where nothing is known\n\(r.transcript)")
    }

    func testListGridAsksOnceAndDrawsEveryCell() throws {
        png("b.png", width: 20, height: 40)
        assertSuccess(run(["add", "b.png"]))
        let r = try view(.deviceAttributes("62;4;22"), args: ["list", "--grid"])
        XCTAssertEqual(r.status, 0, r.transcript)
        XCTAssertEqual(r.text.components(separatedBy: "\u{1B}[c").count, 2, "one query\n\(r.transcript)")
        XCTAssertEqual(r.text.components(separatedBy: sixelStart).count, 3, "a sixel picture a cell")
    }

    /// No colour (NO_COLOR, --no-color) found automatically is the text line alone, whatever a
    /// terminal answers: nothing is asked (it used to send kitty's query and DA1, then draw nothing).
    func testNoColourAsksNothingAndDrawsNothing() throws {
        let kittyQuery = "\u{1B}_Gi=31"
        for (env, args, marker) in [
            (["NO_COLOR": "1"], ["view"], "1 / 1  a.png"), ([:], ["--no-color", "view"], "1 / 1  a.png"),
            (["NO_COLOR": "1"], ["list", "--grid"], "a.png"), (["NO_COLOR": "1"], ["browse"], "a.png"),
        ] {
            let steps = args == ["browse"] ? [(after: marker, type: "q")] : []
            let r = try AnsweringTerminal.run(
                args, in: dir, size: TerminalSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480), env: env,
                answer: .deviceAttributes("62;4;22"), then: steps)
            XCTAssertEqual(r.status, 0, "\(env) \(args)\n\(r.transcript)")
            XCTAssertEqual(r.count(of: kittyQuery), 0, "\(env) \(args)\n\(r.transcript)")
            XCTAssertEqual(r.count(of: "\u{1B}[c"), 0, "\(env) \(args)\n\(r.transcript)")
            XCTAssertFalse(r.asked)
            XCTAssertTrue(r.text.contains(marker), r.transcript)
            XCTAssertFalse(r.text.contains(sixelStart) || r.text.contains(halfBlock), r.transcript)
        }
        // With colour the same terminal is asked once.
        XCTAssertEqual(try view(.deviceAttributes("62;4;22")).count(of: kittyQuery), 1)
    }
}
