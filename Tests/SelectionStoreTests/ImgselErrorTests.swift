import XCTest
@testable import SelectionStore

final class ImgselErrorTests: XCTestCase {
    func testCombiningKeepsASingleFailureAsItIs() {
        XCTAssertNil(ImgselError.combining([]))
        XCTAssertEqual(ImgselError.combining([.inputMissing(path: "a")]), .inputMissing(path: "a"))
    }

    func testSeveralFailuresTakeTheFirstOnesExitCodeAndCode() {
        let several = ImgselError.combining([.writeFailed(path: "x", reason: "full"), .inputMissing(path: "a")])!
        XCTAssertEqual(several.exitCode, 5)
        XCTAssertEqual(several.code, "write-failed")
        XCTAssertEqual(several.parts.count, 2)
    }

    func testReplacingPathRenamesOnlyThatPathEvenInsideSeveral() {
        let error = ImgselError.several([.duplicate(path: "sub/a.png", entry: 2), .inputMissing(path: "other.png")])
        XCTAssertEqual(error.replacingPath("sub/a.png", with: "a.png"),
                       .several([.duplicate(path: "a.png", entry: 2), .inputMissing(path: "other.png")]))
    }
}
