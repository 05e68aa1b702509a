import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// add's other ways in: paths on stdin, `--`, global options after the command, files that are not images.
extension AddTests {
    func testAddReadsNewlineSeparatedPathsFromStdin() {
        png("b.png"); png("a.png"); png("dir with space/c.png")
        let r = run(["add", "-"], stdin: Data("b.png\na.png\n\ndir with space/c.png\n".utf8))
        assertSuccess(r)
        assertSelection(["b.png", "a.png", "dir with space/c.png"], current: 1)
    }

    func testAddReadsNulSeparatedPathsFromStdin() {
        png("line\nbreak.png"); png("plain.png")
        let r = run(["add", "-0", "-"], stdin: Data("line\nbreak.png\u{0}plain.png\u{0}".utf8))
        assertSuccess(r)
        assertSelection(["line\nbreak.png", "plain.png"], current: 1)
    }

    func testStdinPathsMixWithArgumentsInOrder() {
        png("first.png"); png("middle.png"); png("last.png")
        let r = run(["add", "first.png", "-", "last.png"], stdin: Data("middle.png\n".utf8))
        assertSuccess(r)
        assertSelection(["first.png", "middle.png", "last.png"], current: 1)
    }

    func testStdinGivenTwiceOrEmptyIsAUsageError() {
        assertUsage(run(["add", "-", "-"], stdin: Data("a.png\n".utf8)), usageLine: "usage: imgsel add [-0] FILE...")
        assertUsage(run(["add", "-"], stdin: Data()), usageLine: "usage: imgsel add [-0] FILE...")
        XCTAssertFalse(exists(".imgsel.json"))
    }

    func testDoubleDashAllowsAFileNamedWithALeadingDash() {
        png("-x.png")
        let r = run(["add", "--", "-x.png"])
        assertSuccess(r)
        assertSelection(["-x.png"], current: 1)
        XCTAssertEqual(r.stdoutLines, ["added 1 / 1  ./-x.png"], "a printed path never looks like an option")
    }

    func testWithoutDoubleDashALeadingDashIsAnUnknownOption() {
        png("-x.png")
        assertUsage(run(["add", "-x.png"]), stderrContains: ["-x"])
        XCTAssertFalse(exists(".imgsel.json"))
    }

    func testGlobalOptionsAfterTheCommand() {
        png("a.png"); png("b.png")
        assertSuccess(run(["add", "a.png", "-f", "other.json"]))
        XCTAssertFalse(exists(".imgsel.json"))
        assertSelection(["a.png"], current: 1, url("other.json"))
        assertSuccess(run(["add", "b.png", "--file=other.json"]))
        assertSelection(["a.png", "b.png"], current: 1, url("other.json"))
        XCTAssertFalse(exists(".imgsel.json"))
    }

    func testAddHonoursImgselFile() {
        png("a.png")
        assertSuccess(run(["add", "a.png"], env: ["IMGSEL_FILE": "env.json"]))
        assertSelection(["a.png"], current: 1, url("env.json"))
        XCTAssertFalse(exists(".imgsel.json"))
    }

    func testNonImagesAreRefusedWithExit3NamingThem() {
        _ = write(Fixtures.pdf, to: "doc.pdf")
        _ = write(Data(), to: "empty.png")
        _ = write(Fixtures.text, to: "words.png")
        for name in ["doc.pdf", "empty.png", "words.png"] {
            let r = run(["add", name])
            assertFailure(r, 3, stderrContains: [name])
            XCTAssertEqual(r.stderrLines.count, 1, r.transcript)
        }
        XCTAssertFalse(exists(".imgsel.json"))
    }

    func testAFolderIsRefusedAsNotARegularFile() throws {
        try FileManager.default.createDirectory(at: url("folder.png"), withIntermediateDirectories: true)
        let r = run(["add", "folder.png"])
        assertFailure(r, 3, stderrContains: ["folder.png", "regular file"])
        XCTAssertFalse(exists(".imgsel.json"))
    }

    func testAFIFOIsRefusedWithoutHanging() {
        XCTAssertEqual(mkfifo(url("pipe.png").path, 0o644), 0)
        // A hang would meet the run's watchdog (HangBound) and fail there.
        let r = run(["add", "pipe.png"])
        assertFailure(r, 3, stderrContains: ["pipe.png"])
        XCTAssertFalse(exists(".imgsel.json"))
    }

    func testASymbolicLinkIsFollowed() throws {
        png("real.png")
        try FileManager.default.createSymbolicLink(atPath: url("link.png").path, withDestinationPath: "real.png")
        assertSuccess(run(["add", "link.png"]))
        assertSelection(["link.png"], current: 1)
        XCTAssertEqual(items().first?["sha256"] as? String, sha256sum(url("real.png")))
    }

    func testADanglingLinkIsAnInputError() throws {
        try FileManager.default.createSymbolicLink(atPath: url("dangling.png").path, withDestinationPath: "nowhere.png")
        assertFailure(run(["add", "dangling.png"]), 3, stderrContains: ["dangling.png"])
        XCTAssertFalse(exists(".imgsel.json"))
    }

    func testAddWithoutFilesIsAUsageError() {
        let r = run(["add"])
        assertUsage(r, usageLine: "usage: imgsel add [-0] FILE...", stderrContains: ["missing"])
        XCTAssertFalse(exists(".imgsel.json"))
    }

    func testNoTemporaryFilesAreLeftBehind() {
        seed(3)
        XCTAssertEqual(listing("."), [".imgsel.json", ".imgsel.json.lock", "img1.png", "img2.png", "img3.png"])
    }
}
