import Foundation
import TerminalTestSupport
import XCTest

/// A window can claim any size: `$COLUMNS` and `$LINES` anything, a pty up to 65535×65535
/// cells and pixels. Every way of drawing (half blocks, sixel, kitty, iTerm2) in `view`,
/// `list --grid`, `pick` and `browse` bounds what it holds by the picture and a window cut to
/// `WindowSize.largest`, so each runs under `ulimit -v` far below what the claimed window
/// would take (gigabytes before: `view --graphics blocks` died allocating 4.9 GB at 20000²).
final class HugeWindowTests: ImgselTestCase {
    private static let ways = ["blocks", "sixel", "kitty", "iterm"]
    /// The address space allowed: imgsel's own (about 25 MiB), the decode budget of a small
    /// picture (32 MiB), pick's two screens of cells at the largest window (32 MiB), with room
    /// for a thread stack (8 MiB) and a malloc arena (64 MiB) a core.
    private static let limitKB = (192 + 72 * ProcessInfo.processInfo.activeProcessorCount) << 10
    /// The most a pty can claim.
    private static let hugePty = TerminalSize(columns: 65535, rows: 65535, pixelWidth: 65535, pixelHeight: 65535)

    override func setUpWithError() throws {
        try super.setUpWithError()
        png("a.png", width: 64, height: 48, seed: 1)
        png("b.png", width: 30, height: 90, seed: 2)
        assertSuccess(run(["add", "a.png", "b.png"]))
    }

    /// imgsel `args` under the memory limit, through /bin/sh (which execs it).
    private func limited(_ args: [String], env: [String: String], limitKB: Int = limitKB) -> RunResult {
        run(
            ["-c", "ulimit -v \(limitKB) && exec \"$0\" \"$@\"", Binary.url!.path] + args, env: env,
            program: URL(fileURLWithPath: "/bin/sh"))
    }

    func testALargePictureInAHugeWindowIsDrawnWithinItsDecodeBudget() throws {
        let convert = try XCTUnwrap(MagickPicture.convert, "ImageMagick's convert is needed")
        // 4096², a few KB of PNG: the decode budget is 8 bytes a pixel + 32 MiB = 160 MiB.
        let made = run(["-size", "4096x4096", "xc:#3366cc", url("big.png").path], program: convert)
        XCTAssertEqual(made.status, 0, made.transcript)
        assertSuccess(run(["add", "big.png"]))
        // The budget plus 16 MiB for imgsel itself; drawn at 1:1 sixel took 190 MB, kitty 200 MB.
        let limit = (160 + 16) << 10
        for way in Self.ways {
            let r = limited(
                ["view", "3", "--image", "--graphics", way], env: ["COLUMNS": "100000", "LINES": "100000"],
                limitKB: limit)
            XCTAssertEqual(r.status, 0, "\(way)\n\(r.stderr.prefix(300))")
        }
    }

    func testViewAndTheGridOnAPipeBoundAWindowOfAnySizeTheVariablesClaim() {
        for size in ["20000", "100000", "9223372036854775807"] {
            let env = ["COLUMNS": size, "LINES": size]
            for way in Self.ways {
                let view = limited(["view", "1", "--image", "--graphics", way], env: env)
                XCTAssertEqual(view.status, 0, "\(size) \(way)\n\(view.stderr)")
                XCTAssertGreaterThan(view.stdoutData.count, 100, "\(size) \(way): a picture was drawn")
                let grid = limited(["list", "--grid", "--image", "--graphics", way], env: env)
                XCTAssertEqual(grid.status, 0, "\(size) \(way)\n\(grid.stderr)")
            }
        }
    }

    func testHalfBlocksInAHugeWindowStopAtTheLargestWindow() {
        let r = limited(
            ["view", "1", "--image", "--graphics", "blocks"], env: ["COLUMNS": "100000", "LINES": "100000"])
        assertSuccess(r)
        let rows = r.stdoutLines.filter { $0.contains("\u{1B}[0m") }
        // 64×48 enlarged to fill the largest window, 1024 columns: 1024×768 pixels, 384 rows.
        XCTAssertEqual(rows.count, 384, r.stdout.prefix(200).description)
    }

    func testEveryWayOnAPtyClaimingTheLargestWindowStaysBounded() throws {
        for way in Self.ways {
            for args in [["view", "1"], ["list", "--grid"]] {
                let r = try AnsweringTerminal.run(
                    args + ["--graphics", way], in: dir, size: Self.hugePty, answer: .nothing,
                    memoryLimitKB: Self.limitKB)
                XCTAssertEqual(r.status, 0, "\(args) \(way)\n\(r.stderr)")
                XCTAssertTrue(r.text.contains("a.png"), "\(args) \(way)")
            }
        }
    }

    func testPickAndBrowseOnAPtyClaimingTheLargestWindowStayBounded() throws {
        for way in Self.ways {
            let pick = try AnsweringTerminal.run(
                ["pick", "--graphics", way, "."], in: dir, size: Self.hugePty, answer: .nothing,
                then: [(after: "selected", type: "q")], memoryLimitKB: Self.limitKB)
            XCTAssertEqual(pick.status, 130, "pick \(way): cancelled by q, not killed\n\(pick.stderr)")
            let browse = try AnsweringTerminal.run(
                ["browse", "--graphics", way], in: dir, size: Self.hugePty, answer: .nothing,
                then: [(after: "a.png", type: "q")], memoryLimitKB: Self.limitKB)
            XCTAssertEqual(browse.status, 0, "browse \(way)\n\(browse.stderr)")
        }
    }
}
