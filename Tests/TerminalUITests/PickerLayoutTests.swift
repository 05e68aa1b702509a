import TerminalImage
import XCTest

@testable import TerminalUI

/// The picker's grid in windows of every size, the small ones most of all.
final class PickerLayoutTests: XCTestCase {
    func testAPictureStaysAboveTheStatusRowInAWindowSmallerThanASlot() {
        for rows in 2...12 {
            for columns in [4, 8, 12, 40] {
                let layout = PickerLayout(
                    window: WindowSize(columns: columns, rows: rows), slotWidth: 12, slotHeight: 10)
                let picture = layout.picture(in: layout.slot(row: 0, column: 0))
                XCTAssertLessThanOrEqual(picture.top + picture.height, layout.statusRow, "\(columns)×\(rows)")
                XCTAssertLessThanOrEqual(picture.left + picture.width, columns, "\(columns)×\(rows)")
            }
        }
        // A window tall enough keeps the whole picture rectangle of its slot.
        let roomy = PickerLayout(window: WindowSize(columns: 40, rows: 24), slotWidth: 12, slotHeight: 10)
        XCTAssertEqual(roomy.picture(in: roomy.slot(row: 0, column: 0)), CellRect(top: 1, left: 3, width: 9, height: 7))
    }
}
