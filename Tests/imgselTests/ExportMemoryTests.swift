import Foundation
import TestImages
import XCTest

/// `export` of 12-MP JPEGs peaks within one such photo's decode budget (8 bytes a pixel plus 32 MiB,
/// 124 MiB) for the whole process, however many workers (issue 44): each JPEG is shrunk as its rows
/// decode, and the pictures made at once are as many as that budget holds (`ExportMemory`).
final class ExportMemoryTests: ImgselTestCase {
    typealias B = ImageBytes

    /// A 4000×3000 baseline 4:2:0 JPEG, mid-grey (every block's coefficients zero), under the standard
    /// Huffman tables (no DHT: decoders take the standard ones); `note` (a COM) makes each file its own.
    static func greyTwelveMegapixels(note: String) -> Data {
        let (width, height) = (4000, 3000)
        var file: [UInt8] = [0xFF, 0xD8] + B.segment(0xFE, B.ascii(note))
        file += B.segment(0xDB, [0] + [UInt8](repeating: 1, count: 64) + [1] + [UInt8](repeating: 1, count: 64))
        file += B.sof(0xC0, width: width, height: height)
        file += B.segment(0xDA, [3, 1, 0x00, 2, 0x11, 3, 0x11, 0, 63, 0])
        // An MCU: four luma blocks of DC category 0 (00) and EOB (1010), two chroma of 00 and EOB (00).
        let mcu: [UInt8] = [0x28, 0xA2, 0x8A, 0x00]
        let mcus = ((width + 15) / 16) * ((height + 15) / 16)
        for _ in 0..<mcus { file += mcu }
        return Data(file + [0xFF, 0xD9])
    }

    func testTwelveMegapixelJPEGsExportWithinOnePhotosBudget() throws {
        let time = URL(fileURLWithPath: "/usr/bin/time")
        guard FileManager.default.isExecutableFile(atPath: time.path) else {
            throw SetupFailure("no /usr/bin/time (Debian's time) to read the peak resident size")
        }
        let names = (1...2).map { "grey-\($0).jpg" }
        for name in names { _ = write(Self.greyTwelveMegapixels(note: name), to: name) }
        XCTAssertEqual(run(["add"] + names).status, 0)
        let imgsel = try XCTUnwrap(Binary.url).path
        let result = run(
            ["-f", "%M", imgsel, "export", "out", "--max-side", "2048"], program: time, timeout: 120)
        XCTAssertEqual(result.status, 0, result.transcript)
        XCTAssertTrue(result.stdout.contains("4000×3000 → 2048×1536"), result.transcript)
        let peakKB = try XCTUnwrap(Int(result.stderrLines.last ?? ""), result.transcript)
        let budgetKB = (4000 * 3000 * 8 + (32 << 20)) / 1024
        XCTAssertLessThanOrEqual(peakKB, budgetKB, "peak \(peakKB) KB for the whole process")
    }
}
