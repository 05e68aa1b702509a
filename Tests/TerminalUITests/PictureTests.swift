import Foundation
import ImageDecoding
import ImageHeaders
import Synchronization
import TerminalImage
import TerminalTestSupport
import TerminalUI
import TestImages
import XCTest

/// The pictures of pick and browse: their order, their size, how they are made and kept, and
/// how the renderer places them in half blocks.
final class PictureTests: XCTestCase {
    let renderer = PictureRenderer(choice: GraphicsChoice(way: .blocks, colours: .truecolor))

    // MARK: - order

    func testTheGridMakesTheVisibleNearestTheFocusFirstThenTheRowsAround() {
        // 4 columns, rows 2–3 visible (items 8–15), the focus on 13 (row 3, column 1).
        let order = PictureOrder.grid(count: 30, columns: 4, topRow: 2, visibleRows: 2, focus: 13, pagesAround: 1)
        XCTAssertEqual(Array(order.prefix(8)), [13, 12, 14, 15, 9, 8, 10, 11])
        XCTAssertEqual(Array(order.dropFirst(8)), [16, 17, 18, 19, 4, 5, 6, 7, 20, 21, 22, 23, 0, 1, 2, 3])
        XCTAssertEqual(PictureOrder.grid(count: 3, columns: 4, topRow: 0, visibleRows: 2, focus: 0), [0, 1, 2])
        XCTAssertEqual(PictureOrder.grid(count: 0, columns: 4, topRow: 0, visibleRows: 2, focus: 0), [])
    }

    func testThePagerMakesTheEntryShownThenItsNeighbours() {
        XCTAssertEqual(PictureOrder.pager(count: 9, current: 4), [4, 5, 3, 6, 2])
        XCTAssertEqual(PictureOrder.pager(count: 3, current: 0), [0, 1, 2])
        XCTAssertEqual(PictureOrder.pager(count: 1, current: 0), [0])
    }

    // MARK: - half blocks

    func testHalfBlocksFillTheCellsKeepingTheAspect() {
        // A cell is 1:2 unless the window says otherwise, so a half block is square.
        XCTAssertEqual(
            tuple(renderer.pixelSize(width: 4000, height: 3000, columns: 17, rows: 7, cellPixels: .unknown)), [17, 12])
        XCTAssertEqual(
            tuple(renderer.pixelSize(width: 3000, height: 4000, columns: 17, rows: 7, cellPixels: .unknown)), [10, 14])
        XCTAssertEqual(
            tuple(renderer.pixelSize(width: 10, height: 10, columns: 80, rows: 20, cellPixels: .unknown)), [40, 40])
        // Cells of 10×30 pixels: a half block is 10×15, so a square picture is wider in blocks.
        let tall = CellPixels(width: 10, height: 30)
        XCTAssertEqual(
            tuple(renderer.pixelSize(width: 100, height: 100, columns: 40, rows: 10, cellPixels: tall)), [30, 20])
    }

    func testHalfBlocksArePlacedCentredAtTheirRectangle() throws {
        let raster = Raster(width: 10, height: 4, pixels: [UInt8](repeating: 200, count: 160), hasAlpha: false)
        let placement = renderer.placement(
            of: raster, key: "k", slot: 0, in: CellRect(top: 3, left: 5, width: 16, height: 6), cellPixels: .unknown)
        XCTAssertEqual(placement.rect, CellRect(top: 5, left: 8, width: 10, height: 2))
        guard case .image(let draw, let erase) = placement.kind else { return XCTFail("not an image") }
        XCTAssertTrue(String(decoding: draw, as: UTF8.self).hasPrefix("\u{1B}[6;9H"))
        XCTAssertEqual(erase, [], "half blocks go when the cells under them are written")
        XCTAssertEqual(renderer.leaveBytes, [])
    }

    // MARK: - making

    func testAPictureIsMadeAtExactlyTheRenderersSize() throws {
        let bytes = ImageBytes.truecolourPNG(width: 120, height: 90)
        let facts = ImageFacts(type: .png, width: 120, height: 90)
        let picture = PictureMaking.picture(
            bytes: .success(bytes), facts: facts, columns: 17, rows: 7, cellPixels: .unknown, renderer: renderer)
        guard case .raster(let raster) = picture else { return XCTFail("\(picture)") }
        XCTAssertEqual([raster.width, raster.height], [17, 12])
        // Small pictures are enlarged to fill half blocks.
        let small = PictureMaking.picture(
            bytes: .success(ImageBytes.truecolourPNG(width: 4, height: 3)),
            facts: ImageFacts(type: .png, width: 4, height: 3),
            columns: 17, rows: 7, cellPixels: .unknown, renderer: renderer)
        guard case .raster(let enlarged) = small else { return XCTFail("\(small)") }
        XCTAssertEqual([enlarged.width, enlarged.height], [17, 12])
    }

    func testDamagedFilesArePlaceholders() {
        let damaged = PictureMaking.picture(
            bytes: .success(Array(ImageBytes.truecolourPNG(width: 20, height: 20).prefix(60))),
            facts: ImageFacts(type: .png, width: 20, height: 20), columns: 17, rows: 7, cellPixels: .unknown,
            renderer: renderer)
        guard case .placeholder(let lines) = damaged else { return XCTFail("\(damaged)") }
        XCTAssertEqual(lines.first, "damaged", "the grid's word")
        let changed = PictureMaking.picture(
            bytes: .failure(.changed("size changed: 20 bytes recorded, 21 now")),
            facts: ImageFacts(type: .png, width: 20, height: 20), columns: 17, rows: 7, cellPixels: .unknown,
            renderer: renderer)
        XCTAssertEqual(changed, .placeholder(["changed", "size changed: 20 bytes recorded, 21 now"]))
        let large = PictureMaking.picture(
            bytes: .failure(.tooLarge(width: 20, height: 20)), facts: ImageFacts(type: .png, width: 20, height: 20),
            columns: 17, rows: 7, cellPixels: .unknown, renderer: renderer)
        XCTAssertEqual(large, .placeholder(["too large", "too large to decode: 20×20"]))
    }

    // MARK: - the maker

    func testTheMakerMakesWhatIsWantedInOrderAndKeepsIt() throws {
        let made = Locked([Int]())
        let maker = PictureMaker(
            threads: 1, finished: {},
            make: { request in
                made.update { $0.append(request.item) }
                return .placeholder(["\(request.item)"])
            })
        let requests = [3, 1, 2].map { PictureRequest(item: $0, columns: 4, rows: 2, cellPixels: .unknown) }
        maker.want(requests)
        try waitUntil { maker.kept.count == 3 }
        XCTAssertEqual(made.update { $0 }, [3, 1, 2])
        XCTAssertEqual(maker.picture(requests[1]), .placeholder(["1"]))
        maker.want(requests)
        usleep(20_000)
        XCTAssertEqual(made.update { $0 }.count, 3, "kept for the session: never made twice")
        XCTAssertNil(maker.picture(PictureRequest(item: 1, columns: 5, rows: 2, cellPixels: .unknown)), "another size")
        maker.stop()
    }

    func testTheMakerLetsTheLeastRecentlyWantedGoPastItsBudget() throws {
        let maker = PictureMaker(
            threads: 2, budget: 3 * 400, finished: {},
            make: { _ in
                .raster(Raster(width: 10, height: 10, pixels: [UInt8](repeating: 0, count: 400), hasAlpha: false))
            })
        let requests = (0..<6).map { PictureRequest(item: $0, columns: 10, rows: 5, cellPixels: .unknown) }
        maker.want(Array(requests[0..<3]))
        try waitUntil { maker.kept.count == 3 }
        maker.want(Array(requests[3..<6]))
        try waitUntil {
            maker.picture(requests[5]) != nil && maker.picture(requests[4]) != nil && maker.picture(requests[3]) != nil
        }
        XCTAssertLessThanOrEqual(maker.kept.bytes, 3 * 400)
        XCTAssertTrue(requests[0..<3].allSatisfy { maker.picture($0) == nil }, "the old ones went")
        maker.stop()
    }

    func testTheMakerWakesTheLoopForEachPictureAndStops() throws {
        let wakes = Locked(0)
        let maker = PictureMaker(threads: 2, finished: { wakes.update { $0 += 1 } }, make: { _ in .placeholder([]) })
        maker.want((0..<5).map { PictureRequest(item: $0, columns: 1, rows: 1, cellPixels: .unknown) })
        try waitUntil { wakes.update { $0 } == 5 }
        maker.stop()
        maker.want([PictureRequest(item: 9, columns: 1, rows: 1, cellPixels: .unknown)])
        usleep(20_000)
        XCTAssertEqual(maker.kept.count, 5, "nothing made after stop")
    }

    // MARK: - helpers

    private func tuple(_ size: (width: Int, height: Int)) -> [Int] { [size.width, size.height] }

}

struct NeverHappened: Error {}

/// Polls `condition` until it holds; a failure only for a hang (`HangBound`).
func waitUntil(_ condition: () -> Bool) throws {
    let end = Date().addingTimeInterval(HangBound.seconds)
    while !condition() {
        if Date() > end { throw NeverHappened() }
        usleep(1_000)
    }
}

/// A value shared with the maker's threads in a test: a reference to one Mutex, so closures
/// on several threads can hold it.
final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>
    init(_ value: Value) { mutex = Mutex(value) }
    func update<T: Sendable>(_ body: (inout Value) -> T) -> T {
        mutex.withLock { body(&$0) }
    }
}
