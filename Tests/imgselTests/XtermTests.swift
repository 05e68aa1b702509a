import Foundation
import TerminalTestSupport
import TestImages
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// Detection and drawing in a real xterm on a virtual X display (Xvfb): `xterm -ti vt340`
/// lists sixel in its device attributes, plain xterm does not. `script` inside xterm keeps
/// what imgsel wrote; a screenshot of the display (ImageMagick's `import`) shows where the
/// picture landed. Needs xterm, Xvfb and ImageMagick (`.ci/run` installs them); fails without.
final class XtermTests: ImgselTestCase {
    private var server: pid_t = 0
    private var display = ""

    override func setUpWithError() throws {
        try super.setUpWithError()
        for tool in ["/usr/bin/xterm", "/usr/bin/Xvfb", "/usr/bin/import", "/usr/bin/script"] {
            guard FileManager.default.isExecutableFile(atPath: tool) else {
                XCTFail("\(tool) is needed for the xterm tests: apt-get install xterm xvfb imagemagick")
                throw SetupFailure("no \(tool)")
            }
        }
        try FileManager.default.createSymbolicLink(at: url("i"), withDestinationURL: Binary.url!)
        // -displayfd: Xvfb picks a free display and writes its number once it takes clients.
        let number = url("display.txt").path
        server = try spawn(
            ["/usr/bin/Xvfb", "-displayfd", "3", "-screen", "0", "640x480x24", "-nolisten", "tcp"],
            fd3: number)
        let end = Date().addingTimeInterval(HangBound.seconds)
        while (try? String(contentsOfFile: number, encoding: .utf8))?.hasSuffix("\n") != true {
            guard Date() < end else { throw SetupFailure("Xvfb did not start") }
            usleep(20_000)
        }
        display =
            ":" + (try String(contentsOfFile: number, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    override func tearDownWithError() throws {
        if server > 0 {
            kill(server, SIGTERM)
            var status: Int32 = 0
            waitpid(server, &status, 0)
        }
        try super.tearDownWithError()
    }

    /// Starts a program with a clean terminal environment on `display`; its output to /dev/null.
    private func spawn(_ argv: [String], fd3: String? = nil) throws -> pid_t {
        var environment = cleanTerminalEnvironment()
        environment["TERM"] = nil  // xterm sets its own for what it runs
        environment["DISPLAY"] = display
        var descriptors: [(Int32, Spawn.Descriptor)] = [
            (0, .file("/dev/null", O_RDONLY)), (1, .file("/dev/null", O_WRONLY)), (2, .file("/dev/null", O_WRONLY)),
        ]
        if let fd3 { descriptors.append((3, .file(fd3, O_WRONLY | O_CREAT | O_TRUNC))) }
        let pid: pid_t
        do {
            pid = try Spawn.start(argv, environment: environment, descriptors: descriptors, directory: dir.path)
        } catch {
            throw SetupFailure(error.description)
        }
        return pid
    }

    /// Runs `command` in an 80×24 xterm (with `options`), recording what it writes; returns
    /// the recording and a screenshot of the display once it shows red (the tests' pictures).
    private func xterm(_ options: [String], _ command: String) throws -> (output: [UInt8], shot: MagickPicture) {
        // The xterm stays open for the screenshots until the test ends it (a busy machine may take long).
        let script = "script -q -c '\(command)' out.txt; touch done; sleep \(Int(HangBound.seconds))"
        let terminal = try spawn(
            ["/usr/bin/xterm"] + options + [
                "-geometry", "80x24+0+0", "-fg", "black", "-bg", "white", "-e", "sh", "-c",
                script,
            ])
        defer {
            kill(terminal, SIGTERM)
            var status: Int32 = 0
            waitpid(terminal, &status, 0)
        }
        let end = Date().addingTimeInterval(HangBound.seconds)
        while !exists("done") {
            guard Date() < end else { throw SetupFailure("xterm did not run the command") }
            usleep(20_000)
        }
        // xterm paints what it read a moment later: look again until the picture is there.
        var shot: MagickPicture? = nil
        while true {
            let taken = run(
                ["-display", display, "-window", "root", "png:" + url("shot.png").path],
                program: URL(fileURLWithPath: "/usr/bin/import"))
            XCTAssertEqual(taken.status, 0, taken.transcript)
            shot = magickPicture("shot.png")
            if let shot, !redRows(shot, x: 100).isEmpty { break }
            if Date() > end { break }
            usleep(50_000)
        }
        try? FileManager.default.removeItem(at: url("done"))
        return ([UInt8](bytes("out.txt") ?? Data()), try XCTUnwrap(shot))
    }

    /// Screen rows (of pixels) in which column `x` of the screenshot is pure red.
    private func redRows(_ shot: MagickPicture, x: Int) -> [Int] {
        (0..<shot.height).filter { shot.pixel(x, $0) == [255, 0, 0, 255] }
    }

    func testXtermAsAVT340DrawsSixelBetweenTheTextLineAndThePrompt() throws {
        _ = write(Data(ImageBytes.solidPNG(width: 600, height: 400, (255, 0, 0))), to: "red.png")
        assertSuccess(run(["add", "red.png"]))
        let (output, shot) = try xterm(["-ti", "vt340"], "./i view")
        let text = String(decoding: output, as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "\u{1B}[c").count, 2, "one query")
        XCTAssertTrue(text.contains("\u{1B}P0;1;0q"), "sixel: DA1 listed 4")
        // The red picture lies below the first text row and ends above the last row (the
        // prompt's): 22 rows of 13 pixels at most; it did not scroll the text line away.
        let red = redRows(shot, x: 100)
        XCTAssertFalse(red.isEmpty, "the picture is on the screen")
        let first = red.first ?? 0, last = red.last ?? 0
        XCTAssertGreaterThanOrEqual(first, 13, "the text line stays above it")
        XCTAssertEqual(last - first + 1, red.count, "one picture, not cut")
        XCTAssertLessThanOrEqual(last, 2 + 23 * 13, "above the last row")
        let textRow = (0..<first).filter { y in (0..<300).contains { shot.pixel($0, y) == [0, 0, 0, 255] } }
        XCTAssertFalse(textRow.isEmpty, "the text line is still there, in black")
    }

    func testPlainXtermDrawsHalfBlocks() throws {
        _ = write(Data(ImageBytes.solidPNG(width: 60, height: 40, (255, 0, 0))), to: "red.png")
        assertSuccess(run(["add", "red.png"]))
        let (output, shot) = try xterm(["-ti", "vt100"], "./i view")
        let text = String(decoding: output, as: UTF8.self)
        XCTAssertEqual(text.components(separatedBy: "\u{1B}[c").count, 2, "one query")
        XCTAssertFalse(text.contains("\u{1B}P"), "no sixel without 4 in DA1")
        XCTAssertTrue(text.contains("\u{1B}[48;5;196m"), "half blocks in 256 colours")
        XCTAssertFalse(redRows(shot, x: 100).isEmpty, "drawn red")
    }
}
