import XCTest

@testable import SelectionModel

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
        XCTAssertEqual(
            error.replacingPath("sub/a.png", with: "a.png"),
            .several([.duplicate(path: "a.png", entry: 2), .inputMissing(path: "other.png")]))
    }

    /// One example of every failure kind: each maps to a status that help explains.
    func testEveryStatusAFailureCanHaveIsOneHelpExplains() {
        let examples: [ImgselError] = [
            .selectionFull(capacity: 9, count: 9, adding: 1), .usage("x"), .inputMissing(path: "a"),
            .noSelection(path: "s"), .writeFailed(path: "w", reason: "r"), .outputFailed(reason: "r"),
            .lockTimeout(path: "l", seconds: 1), .cancelled(command: "pick", what: "nothing written"),
        ]
        XCTAssertEqual(Set(examples.map(\.exitStatus)), Set(ExitStatus.allCases).subtracting([.done]))
        XCTAssertEqual(examples.map(\.exitCode), [1, 2, 3, 4, 5, 5, 6, 130])
        XCTAssertTrue(ExitStatus.allCases.allSatisfy { !$0.meanings.isEmpty })
    }

    func testTheCapacityRangeIsSpeltFromTheRange() {
        XCTAssertEqual(Selection.capacityRangeText, "1–99")
        XCTAssertThrowsError(try Selection(capacity: 100, current: nil, items: [])) {
            XCTAssertEqual(($0 as? Selection.ConsistencyError)?.reason, "capacity 100 is outside 1–99")
        }
    }
}
