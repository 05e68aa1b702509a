import ImageDecoding
import ImageHeaders
import XCTest

/// Whether an image may be decoded before it is read, and the one set of words of a picture's problems.
final class PictureSourceTests: XCTestCase {
    private let png = ImageFacts(type: .png, width: 10, height: 10)

    func testAFileOverItsBudgetIsRefused() {
        let avif = ImageFacts(type: .avif, width: 10, height: 10)
        XCTAssertNil(PictureSource.refusal(avif, bytes: 100), "AVIF is decoded")
        XCTAssertEqual(PictureSource.byteLimit(avif), DecodeLimits.budget(width: 10, height: 10))
        let limit = PictureSource.byteLimit(png)
        XCTAssertEqual(limit, DecodeLimits.budget(width: 10, height: 10))
        XCTAssertEqual(PictureSource.refusal(png, bytes: limit + 1), .tooLarge(width: 10, height: 10))
        XCTAssertNil(PictureSource.refusal(png, bytes: limit))
    }

    func testEveryProblemHasOneWordAndOneReason() {
        let words: [(PictureProblem, String, String)] = [
            (.tooLarge(width: 3, height: 2), "too large", "too large to decode: 3×2"),
            (.missing, "missing", "file is missing"),
            (.changed("size changed: 1 bytes recorded, 2 now"), "changed", "size changed: 1 bytes recorded, 2 now"),
            (.unreadable("Permission denied"), "unreadable", "Permission denied"),
            (.damaged(.corrupt("no scan")), "damaged", DecodeError.corrupt("no scan").message),
        ]
        for (problem, word, reason) in words {
            XCTAssertEqual(problem.word, word)
            XCTAssertEqual(problem.reason, reason)
        }
    }
}
