import ImageDecoding
import ImageHeaders
import TerminalImage
import TerminalUI
import XCTest

/// browse's crop mode without a terminal: the frame's rules (CropFrame), the keys of the model,
/// what the program asks of its caller and says on the status line, and the frame drawn into
/// the picture's pixels (what every way of drawing then shows).
final class CropModeTests: XCTestCase {
    func testCCyclesTheAspectsThenTheWholePicture() {
        var frame = CropFrame(width: 4000, height: 3000, crop: nil)
        XCTAssertEqual(frame.statusText, "crop whole  4000×3000 px")
        XCTAssertNil(frame.result)
        var seen: [String] = []
        for _ in 0..<7 {
            frame.nextAspect()
            seen.append(frame.statusText)
            XCTAssertTrue(frame.crop.fits(width: 4000, height: 3000))
        }
        XCTAssertEqual(
            seen,
            [
                "crop 1:1  3000×3000 px", "crop 4:5  2400×3000 px", "crop 3:4  2250×3000 px",
                "crop 16:9  4000×2250 px", "crop 9:16  1688×3000 px", "crop 1.91:1  4000×2095 px",
                "crop whole  4000×3000 px",
            ])
        XCTAssertEqual(frame.crop, Crop(x: 0, y: 0, width: 4000, height: 3000))
        frame.nextAspect()
        XCTAssertEqual(frame.crop, Crop(x: 500, y: 0, width: 3000, height: 3000), "centred, round again")
    }

    func testItStartsAtTheKeptCrop() {
        var frame = CropFrame(width: 80, height: 40, crop: Crop(x: 10, y: 5, width: 30, height: 20))
        XCTAssertEqual(frame.statusText, "crop as kept  30×20 px")
        XCTAssertEqual(frame.result, Crop(x: 10, y: 5, width: 30, height: 20))
        frame.nextAspect()
        XCTAssertEqual(frame.statusText, "crop 1:1  40×40 px")
        XCTAssertEqual(CropFrame(width: 80, height: 40, crop: Crop(x: 70, y: 0, width: 30, height: 20)).crop.width, 80)
    }

    func testArrowsMoveByATwentiethAndStopAtTheEdges() {
        var frame = CropFrame(width: 200, height: 100, crop: nil)
        frame.nextAspect()  // 1:1, 100×100 at +50+0
        XCTAssertEqual(frame.step.x, 10)
        XCTAssertEqual(frame.step.y, 5)
        frame.move(dx: 1, dy: 0)
        XCTAssertEqual(frame.crop.x, 60)
        for _ in 0..<10 { frame.move(dx: 1, dy: 0) }
        XCTAssertEqual(frame.crop.x, 100, "stops at the right edge")
        frame.move(dx: 0, dy: 1)
        XCTAssertEqual(frame.crop.y, 0, "a full-height frame cannot move down")
        for _ in 0..<20 { frame.move(dx: -1, dy: 0) }
        XCTAssertEqual(frame.crop, Crop(x: 0, y: 0, width: 100, height: 100))
    }

    func testPlusAndMinusGrowAndShrinkAboutTheCentreKeepingTheAspect() {
        var frame = CropFrame(width: 200, height: 100, crop: nil)
        frame.nextAspect()
        frame.grow(-1)
        XCTAssertEqual(frame.crop, Crop(x: 55, y: 5, width: 90, height: 90))
        frame.grow(-1)
        XCTAssertEqual(frame.crop.width, 80)
        frame.grow(1)
        frame.grow(1)
        XCTAssertEqual(frame.crop, Crop(x: 50, y: 0, width: 100, height: 100), "- then + gives it back")
        frame.grow(1)
        XCTAssertEqual(frame.crop.width, 100, "never past the picture")
        for _ in 0..<40 { frame.grow(-1) }
        XCTAssertEqual([frame.crop.width, frame.crop.height], [10, 10], "never below a step")
        frame.nextAspect()  // 4:5
        for _ in 0..<40 { frame.grow(-1) }
        XCTAssertLessThanOrEqual(abs(frame.crop.width * 5 - frame.crop.height * 4), 5, "4:5 to the pixel")
        XCTAssertGreaterThanOrEqual(frame.crop.width, 10)
    }

    func testTheModelsKeysInCropMode() {
        var m = BrowserModel(total: 3, index: 1)
        XCTAssertEqual(m.handle(.character("c")), [.startCrop(1)])
        m.beginCrop(CropFrame(width: 200, height: 100, crop: nil))
        XCTAssertEqual(m.handle(.character("c")), [])
        XCTAssertEqual(m.cropping?.statusText, "crop 1:1  100×100 px")
        XCTAssertEqual(m.handle(.right), [], "arrows move the frame, not the page")
        XCTAssertEqual(m.index, 1)
        XCTAssertEqual(m.cropping?.crop.x, 60)
        XCTAssertEqual(m.handle(.character("-")), [])
        XCTAssertEqual(m.cropping?.crop.width, 90)
        XCTAssertEqual(m.handle(.character("x")), [.bell])
        XCTAssertEqual(m.handle(.enter), [.keepCrop(1, Crop(x: 65, y: 5, width: 90, height: 90))])
        m.cropRefused(message: "not cropped: a rule")
        XCTAssertNotNil(m.cropping, "a refusal stays in crop mode")
        XCTAssertEqual(m.message, "not cropped: a rule")
        _ = m.handle(.character("+"))
        XCTAssertNil(m.message)
        m.cropKept(message: "cropped")
        XCTAssertNil(m.cropping)
        XCTAssertEqual(m.handle(.character("c")), [.startCrop(1)])
        m.beginCrop(CropFrame(width: 200, height: 100, crop: nil))
        _ = m.handle(.character("c"))
        XCTAssertEqual(m.handle(.escape), [])
        XCTAssertNil(m.cropping)
        XCTAssertEqual(m.message, "crop left as it was")
        m.beginCrop(CropFrame(width: 200, height: 100, crop: nil))
        XCTAssertEqual(m.handle(.ctrlC), [.cancel], "Ctrl-C still cancels the browser")
        m.beginCrop(nil, why: "not decoded")
        XCTAssertNil(m.cropping)
        XCTAssertEqual(m.message, "not decoded")
    }

    func testTheProgramAsksItsCallerAndTheStatusLineSaysAspectAndSize() {
        var kept: [(Int, Crop?)] = []
        var refuse: String? = "not cropped: 100×100 (aspect 1) is under this selection's 1.5 (--min-aspect)"
        var framed: CropFrame?
        var program = BrowserProgram(
            model: BrowserModel(total: 2, index: 0), caption: { "e\($0).png" }, save: { _ in "" },
            delete: { _ in .failed(message: "") })
        program.cropSource = { _ in (200, 100, nil) }
        program.keepCrop = { entry, crop in
            kept.append((entry, crop))
            return refuse
        }
        program.drawCropping = { _, frame, _, _ in framed = frame }
        program.resize(to: WindowSize(columns: 100, rows: 12))
        _ = program.handle(.character("c"))
        _ = program.handle(.character("c"))
        var screen = Screen(columns: 100, rows: 12)
        program.draw(into: &screen)
        XCTAssertTrue(
            screen.text(row: 11).hasPrefix(" crop 1:1  100×100 px · ←↑↓→ move · +/- size"), screen.text(row: 11))
        XCTAssertEqual(framed?.crop, Crop(x: 50, y: 0, width: 100, height: 100))
        XCTAssertTrue(program.handle(.enter).isBell, "refused: the bell")
        screen = Screen(columns: 100, rows: 12)
        program.draw(into: &screen)
        XCTAssertTrue(screen.text(row: 11).hasPrefix(" not cropped: 100×100 (aspect 1) is under"), screen.text(row: 11))
        refuse = nil
        _ = program.handle(.enter)
        XCTAssertEqual(kept.count, 2)
        XCTAssertEqual(kept.last?.1, Crop(x: 50, y: 0, width: 100, height: 100))
        XCTAssertNil(program.model.cropping)
        XCTAssertEqual(program.model.message, "cropped to 100×100")
    }

    func testTheFrameIsDrawnIntoThePixelsTheRestDimmed() {
        let grey = Raster(width: 20, height: 10, pixels: [UInt8](repeating: 150, count: 20 * 10 * 4), hasAlpha: false)
        // The picture is 200×100; the crop its middle 100×50, which is 10×5 here, at +5+2 (rounded out).
        let framed = grey.framing(Crop(x: 50, y: 25, width: 100, height: 50), pictureWidth: 200, pictureHeight: 100)
        XCTAssertEqual(framed.width, 20)
        XCTAssertEqual(framed.pixel(x: 0, y: 0).r, 50, "outside: a third")
        XCTAssertEqual(framed.pixel(x: 19, y: 9).r, 50)
        XCTAssertEqual(framed.pixel(x: 4, y: 5).r, 50, "just left of the frame")
        XCTAssertEqual(framed.pixel(x: 5, y: 5).r, 255, "the frame's left edge")
        XCTAssertEqual(framed.pixel(x: 14, y: 5).r, 255, "its right edge")
        XCTAssertEqual(framed.pixel(x: 10, y: 2).b, 160, "its top edge")
        XCTAssertEqual(framed.pixel(x: 10, y: 5).r, 150, "inside: untouched")
        XCTAssertEqual(framed.pixel(x: 15, y: 5).r, 50, "just right of it")
    }
}
