import Foundation
import XCTest

/// A name DIR already holds is refused before any picture is decoded or encoded (SPEC, "Export"):
/// the issue waited 30 s for nine photos to be encoded, and then was refused.
final class ExportNameClashTests: ImgselTestCase {
    private func fixture(_ path: String) throws -> Data {
        try Data(contentsOf: TruncatedPictureTests.fixtures.appendingPathComponent(path))
    }

    /// A JPEG cut in its scan is exit 3 once decoded: refused for its name first, it was never decoded.
    func testAClashIsRefusedBeforeAnyPictureIsDecoded() throws {
        let whole = try fixture("jpeg/pil-150x103-prog.jpg")
        _ = write(whole.prefix(whole.count * 6 / 10), to: "cut.jpg")
        assertSuccess(run(["add", "cut.jpg"]))
        _ = write(Data("mine".utf8), to: "out/01-cut.jpg")
        let r = run(["export", "out", "--max-side", "50"])
        assertExit(r, 1)
        XCTAssertEqual(
            r.stderrLines,
            ["imgsel: out/01-cut.jpg: already exists; nothing was written (--force replaces the names export writes)"])
        XCTAssertEqual(listing("out"), ["01-cut.jpg"])
        let forced = run(["export", "out", "--max-side", "50", "--force"])
        assertExit(forced, 3)
        XCTAssertTrue(forced.stderr.hasPrefix("imgsel: cut.jpg: truncated "), forced.transcript)
        XCTAssertEqual(bytes("out/01-cut.jpg"), Data("mine".utf8))
    }

    /// Whether a photograph's type is written as JPEG or PNG depends on its transparency, known only
    /// from its pixels: a clash is judged on the name it will really have.
    func testATransparentPictureClashesOnlyWithTheNameItIsWrittenUnder() throws {
        _ = write(try fixture("webp/lossy-alpha-29x17.webp"), to: "a.webp")
        assertSuccess(run(["add", "a.webp"]))
        _ = write(Data("other".utf8), to: "out/01-a.jpg")
        let r = run(["export", "out", "--max-side", "20"])
        assertSuccess(r)
        XCTAssertEqual(listing("out"), ["01-a.jpg", "01-a.png"], r.transcript)
        XCTAssertEqual(bytes("out/01-a.jpg"), Data("other".utf8))
        _ = write(Data("other".utf8), to: "taken/01-a.png")
        let taken = run(["export", "taken", "--max-side", "20"])
        assertExit(taken, 1)
        XCTAssertTrue(taken.stderr.hasPrefix("imgsel: taken/01-a.png: already exists"), taken.transcript)
    }
}
