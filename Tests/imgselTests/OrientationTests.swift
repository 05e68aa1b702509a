import Foundation
import XCTest

/// EXIF orientation in a PNG (eXIf chunk): stored size before rotation, shown size after.
final class OrientationTests: ImgselTestCase {
    func testAQuarterTurnIsRecordedAndShownSwapped() {
        png("turned.png", width: 40, height: 30, orientation: 6)
        assertSuccess(run(["add", "turned.png"]))
        let item = items().first ?? [:]
        XCTAssertEqual(item["width"] as? Int, 40, "the size before rotation")
        XCTAssertEqual(item["height"] as? Int, 30)
        XCTAssertEqual(item["orientation"] as? Int, 6)
        let view = run(["view"])
        XCTAssertTrue(view.stdout.hasPrefix("1 / 1  turned.png  30×40 PNG "), view.transcript)
        XCTAssertTrue(run(["list"]).stdoutLines.last?.contains("30×40") ?? false)
        XCTAssertTrue(run(["list", "--grid"]).stdout.contains("30×40"))
        let info = run(["info", "turned.png"])
        assertSuccess(info)
        XCTAssertTrue(
            info.stdout.hasPrefix("turned.png: png 40×30, orientation 6 (shown 30×40), 1 frame,"), info.transcript)
    }

    func testAHalfTurnKeepsTheSize() {
        png("upside.png", width: 40, height: 30, orientation: 3)
        assertSuccess(run(["add", "upside.png"]))
        XCTAssertEqual(items().first?["orientation"] as? Int, 3)
        XCTAssertTrue(run(["view"]).stdout.contains("  40×30 PNG"))
    }

    func testAnOrientationOutOfRangeIsOne() {
        png("odd.png", width: 8, height: 2, orientation: 9)
        png("zero.png", width: 8, height: 2, orientation: 0)
        assertSuccess(run(["add", "odd.png", "zero.png"]))
        XCTAssertEqual(items().map { $0["orientation"] as? Int ?? -1 }, [1, 1])
    }

    func testEveryOrientationFromOneToEight() {
        var names: [String] = []
        for value in 1...8 { names.append(png("o\(value).png", width: 10, height: 20, orientation: value)) }
        let r = run(["--json", "info"] + names)
        assertSuccess(r)
        let array = parseJSON(r.stdout) as? [[String: Any]] ?? []
        XCTAssertEqual(array.map { $0["orientation"] as? Int ?? -1 }, Array(1...8))
        XCTAssertTrue(array.allSatisfy { $0["width"] as? Int == 10 && $0["height"] as? Int == 20 })
    }
}
