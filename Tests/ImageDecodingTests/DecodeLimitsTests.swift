import XCTest

@testable import ImageDecoding

final class DecodeLimitsTests: XCTestCase {
    func testASideOverTheLimitIsRefusedBeforeAllocating() {
        XCTAssertThrowsError(try Raster(width: 16385, height: 1, hasAlpha: false)) { error in
            XCTAssertEqual(error as? DecodeError, .tooLarge(width: 16385, height: 1))
        }
        XCTAssertNoThrow(try DecodeLimits.check(width: 16384, height: 1))
    }

    func testWorkingMemoryPastTheBudgetIsRefused() {
        let budget = DecodeLimits.budget(width: 100, height: 100)
        XCTAssertNoThrow(try DecodeLimits.check(width: 100, height: 100, workingBytes: budget - 100 * 100 * 4))
        XCTAssertThrowsError(try DecodeLimits.check(width: 100, height: 100, workingBytes: budget - 100 * 100 * 4 + 1))
    }

    func testAnEmptySizeIsCorruptNotTooLarge() {
        XCTAssertEqual(Self.error { try DecodeLimits.check(width: 0, height: 5) }, .corrupt("image size 0×5"))
    }

    func testAnOpaqueRasterStartsOpaqueBlack() throws {
        let raster = try Raster(width: 2, height: 1, hasAlpha: false)
        XCTAssertEqual(raster.pixels, [0, 0, 0, 255, 0, 0, 0, 255])
        XCTAssertEqual(try Raster(width: 1, height: 1, hasAlpha: true).pixels, [0, 0, 0, 0])
    }

    static func error(_ body: () throws -> Void) -> DecodeError? {
        do { try body(); return nil } catch { return error as? DecodeError }
    }
}
