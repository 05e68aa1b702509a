import ImageDecoding
import ImageHeaders
import XCTest

/// The one loader from an image to its picture's bytes, and its one set of words.
final class PictureSourceTests: XCTestCase {
    private let png = ImageFacts(type: .png, width: 10, height: 10)

    func testATypeNotDecodedAndAFileOverItsBudgetAreRefusedBeforeAnyRead() {
        var reads = 0
        func read() throws(PictureProblem) -> [UInt8] {
            reads += 1
            return [1, 2]
        }
        let avif = ImageFacts(type: .avif, width: 10, height: 10)
        XCTAssertEqual(PictureSource.load(avif, bytes: 100, read: read), .failure(.notDecoded(.avif)))
        let over = PictureSource.byteLimit(png) + 1
        XCTAssertEqual(PictureSource.load(png, bytes: over, read: read), .failure(.tooLarge(width: 10, height: 10)))
        XCTAssertEqual(reads, 0)
        XCTAssertEqual(PictureSource.load(png, bytes: 100, read: read), .success([1, 2]))
        XCTAssertEqual(reads, 1)
        XCTAssertEqual(PictureSource.byteLimit(avif), .max, "refused by its name, whatever its size")
    }

    func testTheReadersProblemIsTheLoadersAnswer() {
        func gone() throws(PictureProblem) -> [UInt8] { throw .missing }
        XCTAssertEqual(PictureSource.load(png, bytes: 100, read: gone), .failure(.missing))
    }

    func testEveryProblemHasOneWordAndOneReason() {
        let words: [(PictureProblem, String, String)] = [
            (.notDecoded(.avif), "AVIF", "AVIF is not decoded"),
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
