import Foundation
import TerminalTestSupport
import TestImages
import XCTest

/// `view` drawing the picture on a pseudo-terminal (not its controlling one, so nothing is
/// asked: the environment or `--graphics` decides): what each way sends, read back.
final class TerminalPictureTests: ImgselTestCase {
    static let iterm = ["TERM_PROGRAM": "iTerm.app"]
    static let kitty = ["TERM": "xterm-kitty"]
    /// 80×24 cells of 10×20 pixels.
    static let pixels = TerminalSize(columns: 80, rows: 24, pixelWidth: 800, pixelHeight: 480)

    /// A PNG whose pixel (x, y) is `paint(x, y)`, written to `name`.
    func painted(
        _ name: String, width: Int, height: Int, orientation: Int? = nil,
        _ paint: @escaping (Int, Int) -> (UInt8, UInt8, UInt8)
    ) {
        let bytes = ImageBytes.paintedPNG(width: width, height: height, orientation: orientation) { x, y in
            let (r, g, b) = paint(x, y)
            return (r, g, b, 255)
        }
        _ = write(Data(bytes), to: name)
    }

    /// The parameters and payload of the one iTerm2 sequence in `text`.
    func itermSequence(
        _ text: String, file: StaticString = #filePath, line: UInt = #line
    ) -> (params: String, payload: Data?)? {
        let regex = try! NSRegularExpression(pattern: "\u{1B}]1337;File=([^:\u{07}]*):([A-Za-z0-9+/=]*)\u{07}")
        let matches = regex.matches(in: text, range: NSRange(text.startIndex..., in: text))
        guard matches.count == 1, let params = Range(matches[0].range(at: 1), in: text),
            let payload = Range(matches[0].range(at: 2), in: text)
        else {
            XCTFail("expected one iTerm2 image sequence, found \(matches.count)", file: file, line: line)
            return nil
        }
        return (String(text[params]), Data(base64Encoded: String(text[payload])))
    }

    /// kitty's escape strings in `text`: each one's keys and payload.
    func kittyChunks(_ text: String) -> [(keys: String, payload: String)] {
        let regex = try! NSRegularExpression(pattern: "\u{1B}_G([^;\u{1B}]*)(?:;([A-Za-z0-9+/=]*))?\u{1B}\\\\")
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { m in
            let keys = String(text[Range(m.range(at: 1), in: text)!])
            let payload = Range(m.range(at: 2), in: text).map { String(text[$0]) } ?? ""
            return (keys, payload)
        }
    }

    func testITerm2GetsAnUprightFileAsItIsFittedInPixels() {
        png("wide.png", width: 1000, height: 500)
        png("small.png", width: 40, height: 20)
        assertSuccess(run(["add", "wide.png", "small.png"]))
        let data = bytes("wide.png")!
        let r = runOnTerminal(["view", "1"], size: Self.pixels, env: Self.iterm)
        XCTAssertEqual(r.status, 0, r.transcript)
        XCTAssertTrue(r.text.hasPrefix("1 / 2  wide.png  1000×500 PNG "), "the text line first\n\(r.transcript)")
        guard let (params, payload) = itermSequence(r.text) else { return }
        // 800×440 pixels are free (two rows kept): 1000×500 shrinks to 800×400.
        let name = Data("wide.png".utf8).base64EncodedString()
        XCTAssertEqual(
            params, "name=\(name);size=\(data.count);width=800px;height=400px;preserveAspectRatio=1;inline=1")
        XCTAssertEqual(payload, data, "the payload is the file's bytes")
        // 400 pixels are 20 rows of 20: made room for, drawn from the saved cursor, then passed.
        XCTAssertTrue(
            r.text.contains(String(repeating: "\n", count: 20) + "\u{1B}[20A\u{1B}7\u{1B}]1337;File="), r.transcript)
        XCTAssertTrue(r.text.hasSuffix("\u{07}\u{1B}8\u{1B}[20B"), r.transcript)
        // Never enlarged past 1:1.
        let small = runOnTerminal(["view", "2"], size: Self.pixels, env: Self.iterm)
        XCTAssertEqual(itermSequence(small.text)?.params.contains(";width=40px;height=20px;"), true, small.transcript)
    }

    func testITerm2GetsAPNGOfTheUprightPixelsForATurnedFile() throws {
        // Orientation 6 turns it a quarter clockwise: the left half (red) ends on top.
        painted("turned.png", width: 4, height: 2, orientation: 6) { x, _ in x < 2 ? (255, 0, 0) : (0, 0, 255) }
        assertSuccess(run(["add", "turned.png"]))
        let r = runOnTerminal(["view"], size: Self.pixels, env: Self.iterm)
        XCTAssertTrue(r.text.hasPrefix("1 / 1  turned.png  2×4 PNG "), r.transcript)
        let payload = try XCTUnwrap(itermSequence(r.text)?.payload)
        XCTAssertNotEqual(payload, bytes("turned.png"), "not the file: iTerm2 might not turn it")
        _ = write(payload, to: "sent.png")
        let sent = try XCTUnwrap(magickPicture("sent.png"))
        XCTAssertEqual([sent.width, sent.height], [2, 4])
        XCTAssertEqual(sent.pixel(0, 0), [255, 0, 0, 255])
        XCTAssertEqual(sent.pixel(1, 3), [0, 0, 255, 255])
    }

    func testKittyGetsTheDecodedUprightPixelsInChunksUnderOneID() throws {
        func colour(_ x: Int, _ y: Int) -> (UInt8, UInt8, UInt8) { (UInt8(x * 4), UInt8(y * 6), UInt8((x + y) % 256)) }
        painted("turned.png", width: 60, height: 40, orientation: 6, colour)
        assertSuccess(run(["add", "turned.png"]))
        let r = runOnTerminal(["view"], size: Self.pixels, env: Self.kitty)
        XCTAssertEqual(r.status, 0, r.transcript)
        let chunks = kittyChunks(r.text)
        XCTAssertGreaterThan(chunks.count, 3, r.transcript)
        // First the delete of this id, then a=T with the size upright (40×60: never enlarged).
        let id = try XCTUnwrap(chunks.first?.keys.split(separator: ",").first { $0.hasPrefix("i=") })
        XCTAssertEqual(chunks[0].keys, "a=d,d=I,\(id),q=2")
        XCTAssertEqual(chunks[1].keys, "a=T,f=24,s=40,v=60,\(id),p=1,q=2,m=1")
        XCTAssertEqual(chunks.dropFirst(2).dropLast().map(\.keys), Array(repeating: "q=2,m=1", count: chunks.count - 3))
        XCTAssertEqual(chunks.last?.keys, "q=2,m=0")
        for chunk in chunks { XCTAssertLessThanOrEqual(chunk.payload.utf8.count, 4096) }
        let rgb = try XCTUnwrap(Data(base64Encoded: chunks.map(\.payload).joined()))
        var expected: [UInt8] = []
        // Upright (x, y) of a quarter turn clockwise is stored (y, 39 - x).
        for y in 0..<60 {
            for x in 0..<40 {
                let (red, green, blue) = colour(y, 39 - x)
                expected += [red, green, blue]
            }
        }
        XCTAssertEqual([UInt8](rgb), expected, "the upright pixels, RGB")
        // Any decoded type, not only PNG.
        gif("anim.gif", width: 30, height: 20, frames: 2)
        assertSuccess(run(["add", "anim.gif"]))
        let gif = runOnTerminal(["view", "2"], size: Self.pixels, env: Self.kitty)
        XCTAssertTrue(gif.text.contains("\u{1B}_Ga=T,f=24,s=30,v=20,"), gif.transcript)
    }

    func testHalfBlocksWhereNothingIsKnownFillingTheWindow() {
        // Red and blue rows: every cell is ▀, red over blue.
        painted("rows.png", width: 80, height: 40) { _, y in y % 2 == 0 ? (255, 0, 0) : (0, 0, 255) }
        assertSuccess(run(["add", "rows.png"]))
        let r = runOnTerminal(["view"], size: TerminalSize(columns: 80, rows: 24))
        XCTAssertEqual(r.status, 0, r.transcript)
        let lines = RunResult.lines(r.text)
        XCTAssertTrue(lines.first?.hasPrefix("1 / 1  rows.png  80×40 PNG ") == true, r.transcript)
        // 80×40 fills 80 columns, 40 half rows, at its own size: 20 rows of cells, each reset at its end.
        XCTAssertEqual(lines.count, 21, r.transcript)
        for line in lines.dropFirst() { XCTAssertTrue(line.hasSuffix("\u{1B}[0m"), line) }
        XCTAssertTrue(lines[1].hasPrefix("\u{1B}[38;5;196;48;5;21m▀▀"), "256 colours: red over blue\n\(lines[1])")
        let truecolor = runOnTerminal(["view"], size: TerminalSize(columns: 80, rows: 24), env: ["COLORTERM": "24bit"])
        XCTAssertTrue(RunResult.lines(truecolor.text)[1].hasPrefix("\u{1B}[38;2;255;0;0;48;2;0;0;255m▀"))
    }

    func testInsideTmuxGraphicsAreWrappedForPassthroughAndHalfBlocksAreNot() {
        png("big.png", width: 80, height: 40)
        assertSuccess(run(["add", "big.png"]))
        let tmux = ["TMUX": "/tmp/tmux-0/default,1234,0", "TERM": "tmux-256color"]
        let esc = "\u{1B}"
        for (env, args) in [
            (Self.iterm, ["view"]), (["KITTY_WINDOW_ID": "1"], ["view"]), ([:], ["view", "--graphics", "sixel"]),
        ] {
            let plain = runOnTerminal(args, size: Self.pixels, env: env).output
            let wrapped = runOnTerminal(args, size: Self.pixels, env: env.merging(tmux) { $1 })
            XCTAssertTrue(wrapped.text.contains(esc + "Ptmux;" + esc + esc), "\(env)\n\(wrapped.transcript)")
            // kitty's image id is the process's: the one thing that differs between two runs.
            func sameID(_ bytes: [UInt8]) -> String {
                String(decoding: bytes, as: UTF8.self).replacingOccurrences(
                    of: "i=[0-9]+", with: "i=ID", options: .regularExpression)
            }
            XCTAssertEqual(sameID(unwrap(wrapped.output)), sameID(plain), "\(env): unwrapped, the same as outside tmux")
        }
        let kitty = runOnTerminal(["view"], size: Self.pixels, env: ["KITTY_WINDOW_ID": "1"].merging(tmux) { $1 }).text
        XCTAssertEqual(
            kitty.components(separatedBy: esc + "Ptmux;").count, kitty.components(separatedBy: esc + esc + "_G").count,
            "one passthrough a kitty chunk, under tmux's buffer")
        let blocks = runOnTerminal(["view", "--graphics", "blocks"], size: Self.pixels, env: tmux)
        XCTAssertFalse(blocks.text.contains("Ptmux;"), blocks.transcript)
        XCTAssertTrue(blocks.text.contains("\u{1B}[0m"))
    }

    /// Undoes tmux passthrough: `ESC P tmux;` … `ESC \` with inner ESCs doubled.
    func unwrap(_ bytes: [UInt8]) -> [UInt8] {
        let opening = Array("\u{1B}Ptmux;".utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            guard Array(bytes[i..<min(i + opening.count, bytes.count)]) == opening else {
                out.append(bytes[i])
                i += 1
                continue
            }
            i += opening.count
            while i < bytes.count {
                if bytes[i] == 0x1B && i + 1 < bytes.count && bytes[i + 1] == 0x1B {
                    out.append(0x1B)
                    i += 2
                    continue
                }
                if bytes[i] == 0x1B && i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "\\") {
                    i += 2
                    break
                }
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    func testNoPictureOnAPipeWithoutColourOrWhenAskedNot() {
        png("a.png", width: 40, height: 20)
        assertSuccess(run(["add", "a.png"]))
        let line = "1 / 1  a.png  40×20 PNG \(bytes("a.png")!.count < 1024 ? "" : "")"
        let pipe = run(["view"], env: Self.iterm)
        assertSuccess(pipe)
        XCTAssertTrue(pipe.stdout.hasPrefix(line))
        XCTAssertEqual(pipe.stdoutLines.count, 1, "a pipe gets the text line alone")
        for (args, env) in [
            (["view", "--no-image"], Self.iterm), (["view"], ["TERM": "dumb", "TERM_PROGRAM": "iTerm.app"]),
            (["view", "--index"], Self.iterm), (["view"], ["NO_COLOR": "1"]), (["--no-color", "view"], [:]),
            (["view", "--graphics", "none"], Self.iterm), (["--json", "view"], Self.iterm),
        ] {
            let r = runOnTerminal(args, size: Self.pixels, env: env)
            XCTAssertEqual(r.status, 0, r.transcript)
            XCTAssertFalse(r.text.contains("\u{1B}"), "\(args) \(env)\n\(r.transcript)")
        }
        // Asked for by name, half blocks come even without colour; and to a pipe with --image.
        XCTAssertTrue(
            runOnTerminal(["view", "--graphics", "blocks"], env: ["NO_COLOR": "1"]).text.contains("\u{1B}[0m"))
        XCTAssertNotNil(itermSequence(run(["view", "--image"], env: Self.iterm).stdout))
        // -q leaves out the text line and the picture; --image brings the picture back.
        XCTAssertEqual(runOnTerminal(["-q", "view"], size: Self.pixels, env: Self.iterm).text, "")
        XCTAssertNotNil(
            itermSequence(runOnTerminal(["-q", "view", "--image"], size: Self.pixels, env: Self.iterm).text))
        assertUsage(run(["view", "--image", "--no-image"]), stderrContains: ["--image and --no-image"])
    }

    func testTheWayIsTheOptionElseTheVariable() {
        png("a.png", width: 40, height: 20)
        assertSuccess(run(["add", "a.png"]))
        XCTAssertTrue(
            runOnTerminal(["view", "--graphics", "sixel"], size: Self.pixels, env: Self.kitty).text.contains("\u{1B}P"))
        XCTAssertTrue(
            runOnTerminal(["--graphics=kitty", "view"], size: Self.pixels).text.contains("\u{1B}_Ga=T"))
        XCTAssertTrue(
            runOnTerminal(["view"], size: Self.pixels, env: ["IMGSEL_GRAPHICS": "iterm"]).text.contains("\u{1B}]1337"))
        XCTAssertTrue(
            runOnTerminal(["view", "--graphics", "auto"], size: Self.pixels, env: ["IMGSEL_GRAPHICS": "iterm"]).text
                .contains("\u{1B}[0m"), "auto: half blocks here, whatever the variable says")
        assertUsage(
            run(["view", "--graphics", "sixels"]),
            stderrContains: [
                "--graphics must be one of auto, kitty, iterm, sixel, blocks, none, not 'sixels' "
                    + "(did you mean 'sixel'?)"
            ])
        assertUsage(run(["--graphics", "x", "list"]), stderrContains: ["--graphics must be one of"])
        let badVariable = runOnTerminal(["view"], size: Self.pixels, env: ["IMGSEL_GRAPHICS": "kity"])
        XCTAssertEqual(badVariable.status, 2, badVariable.transcript)
        XCTAssertTrue(
            badVariable.stderr.contains(
                "IMGSEL_GRAPHICS must be one of auto, kitty, iterm, sixel, blocks, none, not 'kity'"),
            badVariable.stderr)
        // No picture on a pipe: the variable is not read.
        assertSuccess(run(["view"], env: ["IMGSEL_GRAPHICS": "kity"]))
    }

    func testAChangedMissingOrUndecodableFileShowsTheTextLineAlone() {
        png("a.png", width: 40, height: 20, seed: 1)
        png("b.png", width: 40, height: 20)
        _ = write(Data(ImageBytes.heif(primary: [ImageBytes.ispe(64, 32)])), to: "phone.heic")
        // A PNG whose pixel data is cut short: the header probes, the pixels do not decode.
        var damaged = [UInt8](Fixtures.png(width: 40, height: 20, seed: 3))
        damaged.removeSubrange(60..<(damaged.count - 12))
        _ = write(Data(damaged), to: "damaged.png")
        // a.png and b.png are one ramp of two tints: `-q` leaves out the warning that they look alike.
        assertSuccess(run(["-q", "add", "a.png", "b.png", "phone.heic", "damaged.png"]))
        _ = write(Fixtures.png(width: 40, height: 20, seed: 2), to: "a.png")
        try? FileManager.default.removeItem(at: url("b.png"))
        for (index, graphics) in [("1", "kitty"), ("2", "iterm"), ("3", "kitty"), ("3", "iterm"), ("4", "blocks")] {
            let r = runOnTerminal(["view", index, "--graphics", graphics], size: Self.pixels)
            XCTAssertEqual(r.status, 0, r.transcript)
            XCTAssertEqual(
                RunResult.lines(r.text).count, 1, "entry \(index), \(graphics): the text line\n\(r.transcript)")
            XCTAssertTrue(r.text.hasPrefix("\(index) / 4  "), r.transcript)
            XCTAssertFalse(r.text.contains("\u{1B}"), r.transcript)
        }
    }
}
