import Foundation
import XCTest

/// `view` drawing the image on a pseudo-terminal: the protocol chosen from the
/// environment, the fitted size from the window (TIOCGWINSZ), the payload
/// being the file's own bytes, tmux passthrough, and nothing on a pipe.
final class TerminalImageTests: ImgselTestCase {
    static let iterm = ["TERM_PROGRAM": "iTerm.app"]
    static let kitty = ["TERM": "xterm-kitty"]
    /// 80×24 cells of 10×20 pixels.
    static let pixels = TerminalSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)

    /// The parameters and payload of the one iTerm2 sequence in `text`.
    func itermSequence(
        _ text: String, file: StaticString = #filePath, line: UInt = #line
    ) -> (params: String, payload: Data?)? {
        let pattern = "\u{1B}]1337;File=([^:\u{07}]*):([A-Za-z0-9+/=]*)\u{07}"
        let regex = try! NSRegularExpression(pattern: pattern)
        let matches = regex.matches(in: text, range: NSRange(text.startIndex..., in: text))
        guard matches.count == 1, let params = Range(matches[0].range(at: 1), in: text),
            let payload = Range(matches[0].range(at: 2), in: text)
        else {
            XCTFail("expected one iTerm2 image sequence, found \(matches.count)", file: file, line: line)
            return nil
        }
        return (String(text[params]), Data(base64Encoded: String(text[payload])))
    }

    func viewLine(_ name: String, _ size: String, bytes: Int) -> String {
        let shown = bytes < 1024 ? "\(bytes) B" : String(format: "%.1f KB", Double(bytes) / 1024)
        return "1 / 1  \(name)  \(size) PNG \(shown)\n"
    }

    func testITerm2GetsTheFilesOwnBytesFittedInPixels() {
        png("wide.png", width: 40, height: 20)
        assertSuccess(run(["add", "wide.png"]))
        let r = runOnTerminal(["view"], size: Self.pixels, env: Self.iterm)
        XCTAssertEqual(r.status, 0, r.transcript)
        let data = bytes("wide.png")!
        XCTAssertTrue(
            r.text.hasPrefix(viewLine("wide.png", "40×20", bytes: data.count)), "the text line first\n\(r.transcript)")
        guard let (params, payload) = itermSequence(r.text) else { return }
        // 800×440 pixels are free (two rows kept); 40×20 scales by 20 to 800×400.
        let name = Data("wide.png".utf8).base64EncodedString()
        XCTAssertEqual(
            params, "name=\(name);size=\(data.count);width=800px;height=400px;preserveAspectRatio=1;inline=1")
        XCTAssertEqual(payload, data, "the payload is the file's bytes")
        XCTAssertTrue(r.text.hasSuffix("\u{07}\n"), r.transcript)
    }

    func testTheFitKeepsTheAspectRatioAndTheOrientation() {
        png("tall.png", width: 20, height: 40)
        png("turned.png", width: 20, height: 40, orientation: 6)
        assertSuccess(run(["add", "tall.png", "turned.png"]))
        // Tall: the height limits: 440 / 40 = 11, so 220×440.
        let tall = runOnTerminal(["view", "1"], size: Self.pixels, env: Self.iterm)
        XCTAssertEqual(itermSequence(tall.text)?.params.contains("width=220px;height=440px;"), true, tall.transcript)
        // Orientation 6 turns it on its side: shown 40×20, so 800×400 like a wide one.
        let turned = runOnTerminal(["view", "2"], size: Self.pixels, env: Self.iterm)
        XCTAssertTrue(turned.text.contains("40×20"), turned.transcript)
        XCTAssertEqual(
            itermSequence(turned.text)?.params.contains("width=800px;height=400px;"), true, turned.transcript)
    }

    func testWithoutPixelSizesTheFitIsInCells() {
        png("wide.png", width: 40, height: 20)
        assertSuccess(run(["add", "wide.png"]))
        // 80 columns × 22 rows, a cell twice as tall as wide: 80×40 half-rows, so 80 columns, 20 rows.
        let r = runOnTerminal(["view"], size: TerminalSize(columns: 80, rows: 24), env: Self.iterm)
        XCTAssertEqual(itermSequence(r.text)?.params.contains(";width=80;height=20;"), true, r.transcript)
        let small = runOnTerminal(["view"], size: TerminalSize(columns: 40, rows: 12), env: Self.iterm)
        // 40 columns × 10 rows: 40×20 half-rows; 40×20 fits exactly: 40 columns, 10 rows.
        XCTAssertEqual(itermSequence(small.text)?.params.contains(";width=40;height=10;"), true, small.transcript)
    }

    func testEveryTerminalOfTheITerm2Family() {
        png("a.png", width: 40, height: 20)
        assertSuccess(run(["add", "a.png"]))
        for env in [
            ["LC_TERMINAL": "iTerm2"], ["TERM_PROGRAM": "WezTerm"], ["WEZTERM_EXECUTABLE": "/usr/bin/wezterm-gui"],
            ["TERM_PROGRAM": "mintty"], ["KONSOLE_VERSION": "230804"],
        ] {
            let r = runOnTerminal(["view"], size: Self.pixels, env: env)
            XCTAssertTrue(r.text.contains("\u{1B}]1337;File="), "\(env)\n\(r.transcript)")
            XCTAssertFalse(r.text.contains("\u{1B}_G"), "\(env)")
        }
    }

    func testKittyGetsPNGInChunksOfAtMost4096() {
        png("big.png", width: 80, height: 40)
        assertSuccess(run(["add", "big.png"]))
        let data = bytes("big.png")!
        for env in [
            Self.kitty, ["KITTY_WINDOW_ID": "1"], ["TERM_PROGRAM": "ghostty"],
            ["GHOSTTY_RESOURCES_DIR": "/usr/share/ghostty"],
        ] {
            let r = runOnTerminal(["view"], size: Self.pixels, env: env)
            XCTAssertEqual(r.status, 0, r.transcript)
            let regex = try! NSRegularExpression(pattern: "\u{1B}_G([^;]*);([A-Za-z0-9+/=]*)\u{1B}\\\\")
            let matches = regex.matches(in: r.text, range: NSRange(r.text.startIndex..., in: r.text))
            let chunks = matches.map { m in
                (String(r.text[Range(m.range(at: 1), in: r.text)!]), String(r.text[Range(m.range(at: 2), in: r.text)!]))
            }
            XCTAssertGreaterThan(chunks.count, 1, "\(data.count) bytes need several chunks\n\(r.transcript)")
            // 80×40 in 800×440 pixels scales by 10: 800×400, 80 columns by 20 rows.
            XCTAssertEqual(chunks.first?.0, "a=T,f=100,t=d,q=2,c=80,r=20,m=1", "\(env)")
            XCTAssertEqual(
                chunks.dropFirst().dropLast().map(\.0), Array(repeating: "m=1", count: max(0, chunks.count - 2)))
            XCTAssertEqual(chunks.last?.0, "m=0")
            for chunk in chunks { XCTAssertLessThanOrEqual(chunk.1.utf8.count, 4096) }
            XCTAssertEqual(Data(base64Encoded: chunks.map(\.1).joined()), data, "the PNG as it is")
            XCTAssertFalse(r.text.contains("\u{1B}]1337"))
        }
    }

    func testKittyShowsOnlyTheTextLineForOtherFormats() {
        gif("anim.gif", width: 30, height: 20, frames: 2)
        assertSuccess(run(["add", "anim.gif"]))
        let r = runOnTerminal(["view"], size: Self.pixels, env: Self.kitty)
        XCTAssertEqual(r.status, 0, r.transcript)
        XCTAssertFalse(r.text.contains("\u{1B}"), r.transcript)
        XCTAssertTrue(r.text.hasPrefix("1 / 1  anim.gif  30×20 GIF "), r.transcript)
        // The iTerm2 family takes any format: the bytes go as they are.
        let iterm = runOnTerminal(["view"], size: Self.pixels, env: Self.iterm)
        XCTAssertEqual(itermSequence(iterm.text)?.payload, bytes("anim.gif"))
    }

    /// kitty draws a PNG's pixels as stored and imgsel does not turn them, so a
    /// PNG whose EXIF orientation asks for turning or mirroring gets the text line alone.
    func testKittyShowsOnlyTheTextLineForAnOrientedPNG() {
        png("upright.png", width: 20, height: 40, orientation: 1)
        png("turned.png", width: 20, height: 40, orientation: 6)
        png("mirrored.png", width: 20, height: 40, orientation: 2)
        assertSuccess(run(["add", "upright.png", "turned.png", "mirrored.png"]))
        // 20×40 in 800×440 pixels: 440 / 40 = 11, so 220×440, 22 columns by 22 rows.
        let upright = runOnTerminal(["view", "1"], size: Self.pixels, env: Self.kitty)
        XCTAssertTrue(upright.text.contains("\u{1B}_Ga=T,f=100,t=d,q=2,c=22,r=22,"), upright.transcript)
        for (index, name, shown) in [("2", "turned.png", "40×20"), ("3", "mirrored.png", "20×40")] {
            let r = runOnTerminal(["view", index], size: Self.pixels, env: Self.kitty)
            XCTAssertEqual(r.status, 0, r.transcript)
            XCTAssertFalse(r.text.contains("\u{1B}"), "\(name): the text line alone\n\(r.transcript)")
            XCTAssertTrue(r.text.hasPrefix("\(index) / 3  \(name)  \(shown) PNG "), r.transcript)
            // The iTerm2 family is unchanged: the file goes as it is.
            XCTAssertEqual(
                itermSequence(runOnTerminal(["view", index], size: Self.pixels, env: Self.iterm).text)?.payload,
                bytes(name), name)
        }
    }

    func testInsideTmuxEverySequenceIsWrappedForPassthrough() {
        png("big.png", width: 80, height: 40)
        assertSuccess(run(["add", "big.png"]))
        let tmux = ["TMUX": "/tmp/tmux-0/default,1234,0", "TERM": "tmux-256color", "TERM_PROGRAM": "tmux"]
        let plainITerm = runOnTerminal(["view"], size: Self.pixels, env: Self.iterm).output
        let wrapped = runOnTerminal(["view"], size: Self.pixels, env: tmux.merging(["LC_TERMINAL": "iTerm2"]) { $1 })
        let esc = "\u{1B}"
        XCTAssertTrue(wrapped.text.contains(esc + "Ptmux;" + esc + esc + "]1337;File="), wrapped.transcript)
        XCTAssertEqual(unwrap(wrapped.output), plainITerm, "unwrapped, the same sequence as outside tmux")

        let kittyPlain = runOnTerminal(["view"], size: Self.pixels, env: Self.kitty).output
        let kittyWrapped = runOnTerminal(
            ["view"], size: Self.pixels, env: tmux.merging(["KITTY_WINDOW_ID": "3"]) { $1 })
        XCTAssertEqual(
            kittyWrapped.text.components(separatedBy: esc + "Ptmux;").count - 1,
            String(decoding: kittyPlain, as: UTF8.self).components(separatedBy: esc + "_G").count - 1,
            "one passthrough a chunk")
        XCTAssertEqual(unwrap(kittyWrapped.output), kittyPlain)
    }

    /// Undoes tmux passthrough: `ESC P tmux;` … `ESC \` with inner ESCs doubled.
    func unwrap(_ bytes: [UInt8]) -> [UInt8] {
        let opening = Array("\u{1B}Ptmux;".utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            if Array(bytes[i..<min(i + opening.count, bytes.count)]) == opening {
                i += opening.count
                while i < bytes.count {
                    if bytes[i] == 0x1B && i + 1 < bytes.count && bytes[i + 1] == 0x1B {
                        out.append(0x1B); i += 2; continue
                    }
                    if bytes[i] == 0x1B && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\\") { i += 2; break }
                    out.append(bytes[i])
                    i += 1
                }
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    func testNoImageOnAPipeAnUnknownTerminalOrWhenAskedNot() {
        png("a.png", width: 40, height: 20)
        assertSuccess(run(["add", "a.png"]))
        let line = viewLine("a.png", "40×20", bytes: bytes("a.png")!.count)
        let pipe = run(["view"], env: Self.iterm)
        assertSuccess(pipe)
        XCTAssertEqual(pipe.stdout, line, "a pipe gets the text line alone")
        for (args, env) in [
            (["view"], ["TERM": "xterm-256color"]), (["view", "--no-image"], Self.iterm),
            (["view"], Self.iterm.merging(["TERM": "dumb"]) { $1 }), (["view", "--index"], Self.iterm),
        ] {
            let r = runOnTerminal(args, size: Self.pixels, env: env)
            XCTAssertEqual(r.status, 0, r.transcript)
            XCTAssertFalse(r.text.contains("\u{1B}"), "\(args) \(env)\n\(r.transcript)")
        }
        XCTAssertEqual(runOnTerminal(["view", "--index"], env: Self.iterm).text, "1 / 1\n")
        // -q leaves out the text line and the image; --image brings the image back.
        XCTAssertEqual(runOnTerminal(["-q", "view"], size: Self.pixels, env: Self.iterm).text, "")
        XCTAssertNotNil(
            itermSequence(runOnTerminal(["-q", "view", "--image"], size: Self.pixels, env: Self.iterm).text))
        // --json is for scripts: no image.
        XCTAssertFalse(runOnTerminal(["--json", "view"], size: Self.pixels, env: Self.iterm).text.contains("\u{1B}"))
    }

    func testImageForcesTheSequenceOntoAPipe() {
        png("a.png", width: 40, height: 20)
        assertSuccess(run(["add", "a.png"]))
        // Unknown terminal: the iTerm2 sequence, sized in cells from COLUMNS and LINES (40×12: 40 columns, 10 rows).
        let r = run(["view", "--image"], env: ["COLUMNS": "40", "LINES": "12"])
        assertSuccess(r)
        guard let (params, payload) = itermSequence(r.stdout) else { return XCTFail(r.transcript) }
        XCTAssertTrue(params.hasSuffix(";width=40;height=10;preserveAspectRatio=1;inline=1"), params)
        XCTAssertEqual(payload, bytes("a.png"))
        let kitty = run(["view", "--image"], env: Self.kitty)
        XCTAssertTrue(kitty.stdout.contains("\u{1B}_Ga=T,f=100"), kitty.transcript)
        assertUsage(run(["view", "--image", "--no-image"]), stderrContains: ["--image and --no-image"])
    }

    func testAChangedMissingOrHugeFileIsNotDrawn() {
        png("a.png", width: 40, height: 20)
        png("b.png", width: 40, height: 20)
        // A valid PNG of more than 16 MiB: a large ancillary chunk after the header.
        var huge = Fixtures.png(width: 40, height: 20, seed: 99)
        let end = huge.count - 12
        huge.insert(contentsOf: Fixtures.chunk("zzZz", Data(count: (16 << 20) + 1)), at: end)
        _ = write(huge, to: "huge.png")
        assertSuccess(run(["add", "a.png", "b.png", "huge.png"]))
        _ = write(Data("changed".utf8), to: "a.png")
        try? FileManager.default.removeItem(at: url("b.png"))
        for index in ["1", "2", "3"] {
            let r = runOnTerminal(["view", index], size: Self.pixels, env: Self.iterm)
            XCTAssertEqual(r.status, 0, r.transcript)
            XCTAssertFalse(r.text.contains("\u{1B}"), "entry \(index): the text line alone")
            XCTAssertTrue(r.text.hasPrefix("\(index) / 3  "), r.transcript)
        }
        // Below the cap the same PNG is drawn.
        assertSuccess(run(["delete", "1", "2"]))
        png("c.png", width: 40, height: 20)
        assertSuccess(run(["add", "c.png"]))
        XCTAssertNotNil(itermSequence(runOnTerminal(["view", "2"], size: Self.pixels, env: Self.iterm).text))
    }

    func testAFileChangedInPlaceToTheSameSizeIsNotDrawn() {
        png("a.png", width: 40, height: 20, seed: 1)
        assertSuccess(run(["add", "a.png"]))
        let other = Fixtures.png(width: 40, height: 20, seed: 2)
        XCTAssertEqual(other.count, bytes("a.png")?.count, "the same size, so only a hash tells them apart")
        _ = write(other, to: "a.png")
        let r = runOnTerminal(["view"], size: Self.pixels, env: Self.iterm)
        XCTAssertEqual(r.status, 0, r.transcript)
        XCTAssertTrue(r.text.hasPrefix("1 / 1  a.png  "), r.transcript)
        XCTAssertFalse(r.text.contains("\u{1B}"), "not the picture of another file\n\(r.transcript)")
    }
}
