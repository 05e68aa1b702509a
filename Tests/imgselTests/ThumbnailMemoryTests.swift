import Foundation
import TestImages
import XCTest

/// `thumbnail` holds the file it read with the raster it decodes, and the budget of 8 bytes a
/// pixel plus 32 MiB counts both (issue 20, item 1c): an uncompressed 16-bit RGBA TIFF needs 12
/// bytes a pixel, so a large one is refused rather than let past the budget.
final class ThumbnailMemoryTests: ImgselTestCase {
    typealias B = ImageBytes

    /// Uncompressed 16-bit RGBA (unassociated alpha) in strips of 16 rows, all zeros.
    static func rgba16TIFF(width: Int, height: Int) -> Data {
        let strips = (height + 15) / 16
        let stripBytes = width * 16 * 8
        let tables = 8 + 2 + 11 * 12 + 4 + 8
        let data = tables + 8 * strips
        let entries: [(tag: Int, type: Int, count: Int, value: Int)] = [
            (256, 4, 1, width), (257, 4, 1, height), (258, 3, 4, tables - 8), (259, 3, 1, 1), (262, 3, 1, 2),
            (273, 4, strips, tables), (277, 3, 1, 4), (278, 4, 1, 16), (279, 4, strips, tables + 4 * strips),
            (284, 3, 1, 1), (338, 3, 1, 2),
        ]
        var head = B.ascii("II") + B.le16(42) + B.le32(8) + B.le16(entries.count)
        for e in entries {
            head += B.le16(e.tag) + B.le16(e.type) + B.le32(e.count)
            head += e.type == 3 && e.count == 1 ? B.le16(e.value) + [0, 0] : B.le32(e.value)
        }
        head += B.le32(0) + B.le16(16) + B.le16(16) + B.le16(16) + B.le16(16)
        for i in 0..<strips { head += B.le32(data + i * stripBytes) }
        for i in 0..<strips { head += B.le32(min(stripBytes, (height - 16 * i) * width * 8)) }
        var file = Data(head)
        file.append(Data(count: width * height * 8))
        return file
    }

    /// 3000² of 16-bit RGBA: 72 MB read whole beside a 36 MB raster passes the 105.5 MB allowed.
    func testAFileAndItsRasterPastTheBudgetAreRefused() {
        _ = write(Self.rgba16TIFF(width: 3000, height: 3000), to: "big.tif")
        let result = run(["thumbnail", "big.tif", "t.png", "--size", "64"], timeout: 120)
        XCTAssertEqual(result.status, 3, result.transcript)
        XCTAssertEqual(result.stderr, "imgsel: big.tif: too large to decode: 3000×3000\n")
        XCTAssertFalse(exists("t.png"))
    }

    /// 2048² of 16-bit RGBA (33.5 MB file, 16.8 MB raster, 67 MB allowed) decodes, and the process's
    /// peak resident size (GNU time's %M) stays within the budget plus what the binary takes idle.
    func testAPictureWithinTheBudgetPeaksWithinIt() throws {
        let time = URL(fileURLWithPath: "/usr/bin/time")
        guard FileManager.default.isExecutableFile(atPath: time.path) else {
            throw SetupFailure("no /usr/bin/time (Debian's time) to read the peak resident size")
        }
        _ = write(Self.rgba16TIFF(width: 2048, height: 2048), to: "fits.tif")
        let imgsel = try XCTUnwrap(Binary.url).path
        let idle = run(["-f", "%M", imgsel, "--version"], program: time)
        let result = run(
            ["-f", "%M", imgsel, "thumbnail", "fits.tif", "t.png", "--size", "64"], program: time, timeout: 120)
        XCTAssertEqual(result.status, 0, result.transcript)
        let idleKB = try XCTUnwrap(Int(idle.stderrLines.last ?? ""), idle.transcript)
        let peakKB = try XCTUnwrap(Int(result.stderrLines.last ?? ""), result.transcript)
        let budgetKB = (2048 * 2048 * 8 + (32 << 20)) / 1024
        XCTAssertLessThanOrEqual(peakKB - idleKB, budgetKB, "peak \(peakKB) KB, idle \(idleKB) KB")
    }
}
