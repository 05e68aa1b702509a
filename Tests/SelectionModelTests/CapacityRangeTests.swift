import XCTest

@testable import SelectionModel

final class CapacityRangeTests: XCTestCase {
    func testTheCapacityRangeIsSpeltFromTheRange() {
        XCTAssertEqual(Selection.capacityRangeText, "1–99")
        XCTAssertThrowsError(try Selection(capacity: 100, current: nil, items: [])) {
            XCTAssertEqual($0 as? Selection.ConsistencyError, .fields("capacity 100 is outside 1–99"))
        }
    }
}
