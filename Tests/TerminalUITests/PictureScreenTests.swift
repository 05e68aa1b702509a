import Foundation
import ImageDecoding
import TerminalImage
import TerminalUI
import XCTest

/// PickScreen and BrowseScreen: what they ask the maker for, and what they draw once it made it.
final class PictureScreenTests: XCTestCase {
    private let window = TerminalImage.WindowSize(columns: 40, rows: 12)

    /// A board whose maker makes a 4×4 grey raster (half blocks: 4×2 cells) for every request.
    private func board(made: Locked<[Int]> = Locked([]), wakes: Locked<Int> = Locked(0)) -> PictureBoard {
        let maker = PictureMaker(
            threads: 1, finished: { wakes.update { $0 += 1 } },
            make: { request in
                made.update { $0.append(request.item) }
                if request.item == 99 { return .placeholder(["HEIC", "4032×3024"]) }
                return .raster(Raster(width: 4, height: 4, pixels: [UInt8](repeating: 128, count: 64), hasAlpha: false))
            })
        return PictureBoard(renderer: PictureRenderer(choice: GraphicsChoice(way: .blocks)), maker: maker)
    }

    private func rows(_ screen: Screen) -> [String] { (0..<screen.rows).map { screen.text(row: $0) } }

    func testThePickerAsksForTheVisibleThumbnailsNearestTheFocusFirst() {
        var pick = PickScreen(
            model: PickerModel(names: (0..<20).map { "\($0).png" }, capacity: 9), board: board(), slotWidth: 10,
            slotHeight: 5)
        pick.resize(to: window)
        _ = pick.handle(.right)
        let wanted = pick.wantedPictures
        XCTAssertEqual(Array(wanted.prefix(8).map(\.item)), [1, 0, 2, 3, 5, 4, 6, 7])
        XCTAssertEqual(wanted.first.map { [$0.columns, $0.rows] }, [7, 2], "the picture rectangle of a slot")
        _ = pick.handle(.character("v"))
        XCTAssertEqual(
            pick.wantedPictures.first.map { [$0.item, $0.columns, $0.rows] }, [1, 40, 11], "the viewer first")
    }

    func testThePickerDrawsFramesAtOnceAndEachPictureOnceMade() throws {
        let made = Locked([Int]()), wakes = Locked(0)
        let board = board(made: made, wakes: wakes)
        var pick = PickScreen(
            model: PickerModel(names: ["a.png", "b.png"], capacity: 9), board: board, slotWidth: 10, slotHeight: 5)
        pick.resize(to: window)
        var screen = Screen(columns: 40, rows: 12)
        pick.draw(into: &screen)
        let first = String(decoding: screen.render(), as: UTF8.self)
        XCTAssertTrue(
            first.contains("a.png") && first.contains("0 / 9 selected"), "names and frames in the first frame")
        XCTAssertFalse(first.contains("▀"), "no picture made yet")
        XCTAssertEqual(made.update { $0 }, [], "nothing decoded before the first frame is written")
        XCTAssertEqual(wakes.update { $0 }, 1, "the loop is woken to ask again after the first frame")
        screen.clear()
        pick.draw(into: &screen)
        try waitUntil { board.maker.kept.count >= 2 }
        screen.clear()
        pick.draw(into: &screen)
        let second = String(decoding: screen.render(), as: UTF8.self)
        XCTAssertTrue(second.contains("\u{1B}[2;3H"), "a's picture centred in its frame: \(second)")
        screen.clear()
        pick.draw(into: &screen)
        XCTAssertFalse(String(decoding: screen.render(), as: UTF8.self).contains("\u{1B}[2;3H"), "not sent again")
        board.maker.stop()
    }

    func testAPlaceholderIsText() throws {
        let board = board()
        var screen = Screen(columns: 20, rows: 6)
        board.maker.want([board.request(99, in: CellRect(top: 0, left: 0, width: 20, height: 6))])
        try waitUntil { board.maker.kept.count == 1 }
        board.draw(99, in: CellRect(top: 0, left: 0, width: 20, height: 6), into: &screen, text: TextFit())
        XCTAssertEqual(rows(screen)[2], "        HEIC        ")
        XCTAssertEqual(rows(screen)[3], "     4032×3024      ")
        board.maker.stop()
    }

    func testTheBrowserAsksByPictureIDTheEntryShownFirst() {
        var browse = BrowseScreen(
            model: BrowserModel(total: 5, index: 2), board: board(), pictureID: { 100 + $0 },
            caption: { "entry \($0)" }, save: { _ in "" }, delete: { _ in .failed(message: "") })
        browse.resize(to: window)
        XCTAssertEqual(browse.wantedPictures.map(\.item), [102, 103, 101, 104, 100])
        XCTAssertEqual(browse.wantedPictures.first.map { [$0.columns, $0.rows] }, [40, 10])
        _ = browse.handle(.right)
        XCTAssertEqual(browse.wantedPictures.first?.item, 103)
    }

    func testWithoutABoardNothingIsAskedAndTheTextStays() {
        var pick = PickScreen(model: PickerModel(names: ["a.png"], capacity: 9), board: nil)
        pick.resize(to: window)
        XCTAssertEqual(pick.wantedPictures, [])
        var screen = Screen(columns: 40, rows: 12)
        pick.draw(into: &screen)
        XCTAssertTrue(rows(screen).joined().contains("a.png"))
    }
}
