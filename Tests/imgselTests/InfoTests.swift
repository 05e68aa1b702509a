import Foundation
import XCTest

final class InfoTests: ImgselTestCase {
    func testInfoDescribesEachFileTouchingNoSelection() {
        png("a.png", width: 12, height: 5)
        gif("b.gif", width: 7, height: 9)
        let r = run(["info", "a.png", "b.gif"])
        assertSuccess(r)
        let aBytes = bytes("a.png")?.count ?? 0
        let bBytes = bytes("b.gif")?.count ?? 0
        XCTAssertEqual(
            r.stdoutLines,
            [
                "a.png: png 12×5, orientation 1 (shown 12×5),"
                    + " 1 frame, colour sRGB (none), \(aBytes) bytes, sha256 \(sha256sum(url("a.png")))",
                "b.gif: gif 7×9, orientation 1 (shown 7×9),"
                    + " 1 frame, colour sRGB (none), \(bBytes) bytes, sha256 \(sha256sum(url("b.gif")))",
            ])
        XCTAssertEqual(listing("."), ["a.png", "b.gif"], "no selection file, no lock")
    }

    func testInfoDoesNotTouchAnExistingSelection() {
        seed(2)
        let before = selectionData()
        assertSuccess(run(["info", png("new.png"), "img1.png"]))
        assertUnchanged(before)
    }

    func testInfoCountsTheFramesOfAnAnimatedGIF() {
        gif("anim.gif", width: 3, height: 3, frames: 4)
        let r = run(["info", "anim.gif"])
        assertSuccess(r)
        XCTAssertTrue(r.stdout.contains(", 4 frames,"), r.transcript)
    }

    func testInfoJSONIsAnArrayOfOneObjectAFile() {
        png("a.png", width: 12, height: 5)
        gif("b.gif", width: 7, height: 9)
        let r = run(["--json", "info", "a.png", "b.gif"])
        assertSuccess(r)
        guard let array = parseJSON(r.stdout) as? [[String: Any]] else { return XCTFail("not an array of objects") }
        XCTAssertEqual(array.count, 2)
        guard array.count == 2 else { return }
        XCTAssertEqual(array[0]["path"] as? String, "a.png")
        XCTAssertEqual(array[0]["type"] as? String, "png")
        XCTAssertEqual(array[0]["width"] as? Int, 12)
        XCTAssertEqual(array[0]["height"] as? Int, 5)
        XCTAssertEqual(array[0]["orientation"] as? Int, 1)
        XCTAssertEqual(array[0]["frames"] as? Int, 1)
        XCTAssertEqual(array[0]["bytes"] as? Int, bytes("a.png")?.count)
        XCTAssertEqual(array[0]["sha256"] as? String, sha256sum(url("a.png")))
        XCTAssertEqual(array[1]["path"] as? String, "b.gif")
        XCTAssertEqual(array[1]["type"] as? String, "gif")
        XCTAssertEqual(array[1]["sha256"] as? String, sha256sum(url("b.gif")))
        XCTAssertEqual(listing("."), ["a.png", "b.gif"])
    }

    func testANonImageExits3NamingIt() {
        _ = write(Fixtures.pdf, to: "doc.pdf")
        png("a.png")
        let r = run(["info", "a.png", "doc.pdf"])
        assertFailure(r, 3, stderrContains: ["doc.pdf"], stdoutEmpty: false)
        XCTAssertEqual(r.stderrLines.count, 1, r.transcript)
        XCTAssertTrue(r.stdout.hasPrefix("a.png: png"), "the good file is still described\n\(r.transcript)")
    }

    func testEveryFailingFileIsReported() {
        _ = write(Data(), to: "empty.png")
        let r = run(["info", "missing.png", "empty.png"])
        assertFailure(r, 3, stderrContains: ["missing.png", "empty.png"])
        XCTAssertEqual(r.stderrLines.count, 2, r.transcript)
    }

    func testInfoJSONWithAFailure() {
        _ = write(Fixtures.text, to: "notes.txt")
        let r = run(["--json", "info", "notes.txt"])
        assertExit(r, 3)
        let error = parseJSON(r.stderrLines.first ?? "") as? [String: Any]
        let body = error?["error"] as? [String: Any]
        XCTAssertEqual(body?["exit"] as? Int, 3)
        XCTAssertEqual(body?["code"] as? String, "not-an-image")
        XCTAssertTrue((body?["message"] as? String ?? "").contains("notes.txt"))
    }

    func testInfoWithoutFilesIsAUsageError() {
        assertUsage(run(["info"]), usageLine: "usage: imgsel info FILE...")
    }
}
