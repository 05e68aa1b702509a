import Foundation
import ImageDecoding
import TerminalImage
import XCTest

@testable import TerminalUI

/// The board's kitty slots and its kept placements: a frame draws every visible picture, and
/// only a new one (or one moved or resized) is made, each with a slot of its own.
final class PictureBoardTests: XCTestCase {
    private func board(_ slots: Locked<[Int]>) -> PictureBoard {
        let maker = PictureMaker(
            threads: 1, finished: {},
            make: { _ in .raster(Raster(width: 4, height: 4, pixels: [UInt8](repeating: 1, count: 64), hasAlpha: false))
            })
        let board = PictureBoard(renderer: PictureRenderer(choice: GraphicsChoice(way: .kitty)), maker: maker)
        // Every placement made, by its slot.
        board.place = { _, key, slot, rect, _ in
            slots.update { $0.append(slot) }
            return Placement(key: key, rect: rect, kind: .image(draw: Array("slot \(slot)".utf8), erase: []))
        }
        return board
    }

    private func rect(_ item: Int, top: Int = 0) -> CellRect { CellRect(top: top, left: item * 4, width: 4, height: 2) }

    func testAFrameDrawnAgainMakesNoPlacementAndEachPictureHasItsOwnSlot() throws {
        let slots = Locked([Int]())
        let board = board(slots)
        board.want([])
        let items = Array(0..<20)
        board.want(items.map { board.request($0, in: rect($0)) })
        try waitUntil { items.allSatisfy { board.maker.picture(board.request($0, in: rect($0))) != nil } }
        var screen = Screen(columns: 80, rows: 4)
        for item in items { board.draw(item, in: rect(item), into: &screen, text: TextFit()) }
        XCTAssertEqual(Set(slots.update { $0 }).count, 20, "20 pictures, 20 slots: \(slots.update { $0 })")
        for item in items { board.draw(item, in: rect(item), into: &screen, text: TextFit()) }
        XCTAssertEqual(slots.update { $0 }.count, 20, "the second frame made nothing")
        board.draw(3, in: rect(3, top: 2), into: &screen, text: TextFit())
        XCTAssertEqual(slots.update { $0 }.count, 21, "moved: made again")
        XCTAssertEqual(slots.update { $0 }.last, slots.update { $0 }[3], "and it keeps its slot")
    }

    func testASlotIsTakenOnlyFromThePictureGivenOneLongestAgo() {
        var slots = PictureSlots()
        XCTAssertEqual(slots.slot(for: "a").slot, 0)
        XCTAssertEqual(slots.slot(for: "b").slot, 1)
        XCTAssertEqual(slots.slot(for: "a").slot, 0, "a picture keeps its slot")
        for n in 2..<256 { XCTAssertNil(slots.slot(for: "k\(n)").taken) }
        let next = slots.slot(for: "new")
        XCTAssertEqual(next.slot, 0)
        XCTAssertEqual(next.taken, "a", "the oldest gives its slot up, and is told")
        XCTAssertEqual(slots.slot(for: "a").slot, 1, "and takes the next when it comes back")
    }
}
