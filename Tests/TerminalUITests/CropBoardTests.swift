import Foundation
import ImageDecoding
import ImageHeaders
import TerminalImage
import XCTest

@testable import TerminalUI

/// Crop mode on the board, every way of drawing: the picture each renderer is handed is the
/// framed one (outside dimmed, the frame in its pixels), and a moved frame is placed again.
final class CropBoardTests: XCTestCase {
    func testEveryWayIsHandedTheFramedPictureAndAMovedFrameIsPlacedAgain() throws {
        for way in [GraphicsWay.blocks, .sixel, .kitty, .iterm] {
            let maker = PictureMaker(
                threads: 1, finished: {},
                make: { _ in
                    .raster(
                        Raster(width: 40, height: 20, pixels: [UInt8](repeating: 150, count: 3200), hasAlpha: false))
                })
            let renderer = PictureRenderer(choice: GraphicsChoice(way: way))
            let board = PictureBoard(renderer: renderer, maker: maker)
            let handed = Locked([Raster]())
            board.place = { raster, key, slot, rect, cells in
                handed.update { $0.append(raster) }
                return renderer.placement(of: raster, key: key, slot: slot, in: rect, cellPixels: cells)
            }
            board.cellPixels = CellPixels(width: 10, height: 20)
            let rect = CellRect(top: 0, left: 0, width: 40, height: 10)
            board.want([])
            board.want([board.request(7, in: rect)])
            try waitUntil { board.maker.picture(board.request(7, in: rect)) != nil }
            var frame = CropFrame(width: 400, height: 200, crop: nil)
            frame.nextAspect()  // 1:1: 200×200 at +100+0, the middle half
            var screen = Screen(columns: 40, rows: 12)
            board.draw(7, in: rect, into: &screen, text: TextFit(), framing: frame)
            let first = try XCTUnwrap(handed.update { $0 }.last, "\(way)")
            XCTAssertEqual(first.pixel(x: 2, y: 10).r, 50, "\(way): outside the frame, dimmed")
            XCTAssertEqual(first.pixel(x: 20, y: 10).r, 150, "\(way): inside, as it was")
            XCTAssertEqual(first.pixel(x: 10, y: 10).r, 255, "\(way): the frame's left edge")
            board.draw(7, in: rect, into: &screen, text: TextFit(), framing: frame)
            XCTAssertEqual(handed.update { $0 }.count, 1, "\(way): the same frame is not made again")
            frame.move(dx: -1, dy: 0)
            board.draw(7, in: rect, into: &screen, text: TextFit(), framing: frame)
            XCTAssertEqual(handed.update { $0 }.count, 2, "\(way): a moved frame is placed again")
            XCTAssertEqual(handed.update { $0 }.last?.pixel(x: 10, y: 10).r, 150, "\(way): moved left by 1/20")
        }
    }
}
