import ImageDecoding
import JPEGCodec
import XCTest

/// Progressive files that ask for unbounded work, parameters out of range, and files cut
/// or damaged anywhere: all end in a DecodeError or a raster, quickly.
final class JPEGProgressiveSafetyTests: XCTestCase {
    /// A progressive greyscale file with its DC scan done: every block's DC difference 0 (code 0000).
    private func progressiveGrey(width: Int, height: Int) -> JPEGTestFile {
        var file = JPEGTestFile()
        file.quantization()
        file.frame(0xC2, width: width, height: height, components: [(1, 1, 1, 0)])
        file.standardTestTables()
        file.scan([(1, 0, 0)], ss: 0, se: 0)
        let blocks = ((width + 7) / 8) * ((height + 7) / 8)
        file.append([UInt8](repeating: 0, count: (blocks * 4 + 7) / 8))
        return file
    }

    /// Scan data of end-of-band runs of 32767 blocks (EOB14 with all 14 extra bits set).
    private func endOfBandRuns(_ count: Int) -> [UInt8] {
        var writer = JPEGBitWriter()
        for _ in 0..<count {
            writer.symbol(0xE0, in: .ac)
            writer.write(0x3FFF, bits: 14)
        }
        return writer.finish()
    }

    func testThousandsOfScansAreRefused() {
        var file = progressiveGrey(width: 8, height: 8)
        for _ in 0..<1001 {
            file.scan([(1, 0, 0)], ss: 1, se: 63)
            file.append(endOfBandRuns(1))
        }
        file.end()
        XCTAssertThrowsError(try JPEGDecoder.decode(file.bytes)) { error in
            XCTAssertEqual(
                (error as? DecodeError)?.message,
                "cannot decode JPEG of more scans than imgsel decodes (1000): a limit against hostile files")
        }
    }

    /// Each scan below covers 65536 blocks with three symbols. The scans may together visit at most
    /// 256 blocks per byte of the file (plus a floor), so the work follows the data: the refusal's
    /// message is that bound speaking. (Not a clock: a debug build under load passed 5 s.)
    func testEndlessEndOfBandRunsAreBoundedByTheData() {
        var file = progressiveGrey(width: 2048, height: 2048)
        for _ in 0..<600 {
            file.scan([(1, 0, 0)], ss: 1, se: 63)
            file.append(endOfBandRuns(3))
        }
        file.end()
        XCTAssertThrowsError(try JPEGDecoder.decode(file.bytes, scale: 8)) { error in
            guard case .unsupported(let message)? = error as? DecodeError else { return XCTFail("\(error)") }
            XCTAssertTrue(
                message.hasSuffix(
                    "scans ask for more work than its \(file.bytes.count) bytes describe: a limit against hostile files"
                ),
                message)
        }
    }

    /// An end-of-band run longer than the scan's blocks simply ends the scan.
    func testOverlongEndOfBandRunEndsTheScan() throws {
        var file = progressiveGrey(width: 16, height: 16)
        file.scan([(1, 0, 0)], ss: 1, se: 63)
        file.append(endOfBandRuns(1))
        file.scan([(1, 0, 0)], ss: 1, se: 63, ah: 1, al: 0)
        file.append(endOfBandRuns(1))
        file.end()
        let raster = try JPEGDecoder.decode(file.bytes)
        XCTAssertTrue(raster.pixel(x: 15, y: 15) == (128, 128, 128, 255))
    }

    func testSuccessiveApproximationParametersOutOfRange() {
        for (ss, se, ah, al) in [
            (0, 1, 0, 0), (5, 2, 0, 0), (1, 64, 0, 0), (1, 63, 14, 13), (0, 0, 0, 14),
            (1, 63, 2, 0),
        ] {
            var file = progressiveGrey(width: 8, height: 8)
            file.scan([(1, 0, 0)], ss: ss, se: se, ah: ah, al: al)
            file.append([0])
            file.end()
            XCTAssertThrowsError(try JPEGDecoder.decode(file.bytes)) { error in
                XCTAssertEqual(
                    error as? DecodeError,
                    .corrupt("progressive scan parameters Ss=\(ss) Se=\(se) Ah=\(ah) Al=\(al)"))
            }
        }
    }

    /// AC scans of progressive JPEG code one component each.
    func testProgressiveACScanOfTwoComponents() {
        var file = JPEGTestFile()
        file.quantization()
        file.frame(0xC2, width: 8, height: 8, components: [(1, 1, 1, 0), (2, 1, 1, 0), (3, 1, 1, 0)])
        file.standardTestTables()
        file.scan([(1, 0, 0), (2, 0, 0)], ss: 1, se: 63)
        file.append([0])
        file.end()
        XCTAssertThrowsError(try JPEGDecoder.decode(file.bytes)) { error in
            XCTAssertEqual(error as? DecodeError, .corrupt("progressive scan parameters Ss=1 Se=63 Ah=0 Al=0"))
        }
    }

    func testLaterScanComponentMissingFromTheFrame() {
        var file = progressiveGrey(width: 8, height: 8)
        file.scan([(9, 0, 0)], ss: 1, se: 63)
        file.append([0])
        file.end()
        XCTAssertThrowsError(try JPEGDecoder.decode(file.bytes)) { error in
            XCTAssertEqual(error as? DecodeError, .corrupt("scan refers to component 9, which the frame does not have"))
        }
    }

    /// Every prefix of real files (baseline; progressive with restarts; progressive greyscale) decodes
    /// or throws; none traps or hangs.
    func testTruncatedAtEveryByte() throws {
        // Scale 8 keeps the loop quick in debug builds, where the vector IDCT is slow.
        for (name, scale) in [("pil-61x43-420", 8), ("prog-restart1-61x43", 8), ("gray-61x43-prog", 1)] {
            let bytes = try JPEGTestFixtures.bytes(name + ".jpg")
            for length in 0..<bytes.count {
                if let raster = try? JPEGDecoder.decode(Array(bytes[0..<length]), scale: scale) {
                    XCTAssertEqual(raster.pixels.count, raster.width * raster.height * 4)
                }
            }
        }
    }

    /// Damaged scan data (bytes overwritten at many places) decodes to something or throws.
    func testCorruptedScanDataNeverTraps() throws {
        var seed: UInt64 = 0x5EED
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        for name in ["pil-61x43-420", "prog-restart1-61x43", "nonint-prog-61x43-4x4_1x1_1x1", "ycck-61x43-420"] {
            let original = try JPEGTestFixtures.bytes(name + ".jpg")
            for _ in 0..<150 {
                var bytes = original
                for _ in 0..<(1 + next() % 4) { bytes[next() % bytes.count] = UInt8(truncatingIfNeeded: next()) }
                if let raster = try? JPEGDecoder.decode(bytes, scale: [1, 2, 4, 8][next() % 4]) {
                    XCTAssertEqual(raster.pixels.count, raster.width * raster.height * 4)
                }
            }
        }
    }
}
