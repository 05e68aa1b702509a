import Foundation
import TestImages
import XCTest

/// What `thumbnail` says of a file cut short (issue 20, item 12): where it was cut (in the image
/// data, or before or in a header) and, where it counts bytes, in bytes.
final class TruncationMessageTests: ImgselTestCase {
    private typealias B = ImageBytes

    /// `thumbnail FILE t.png` fails with exit 3 and exactly `message` after the file's name.
    private func assertRefused(
        _ name: String, _ bytes: [UInt8], _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        _ = write(Data(bytes), to: name)
        let r = run(["thumbnail", name, "t.png"])
        assertFailure(r, 3, file: file, line: line)
        XCTAssertEqual(r.stderr, "imgsel: \(name): \(message)\n", r.transcript, file: file, line: line)
        XCTAssertFalse(FileManager.default.fileExists(atPath: url("t.png").path), file: file, line: line)
    }

    /// The issue's `claim_16000.png`: 12 bytes of image data for 16000×16000 RGB rows.
    func testAPNGTooShortForItsRowsSaysBothCountsInBytes() {
        let header = B.be32(16000) + B.be32(16000) + [8, 2, 0, 0, 0]
        let png =
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + B.pngChunk("IHDR", header)
            + B.pngChunk("IDAT", [0x78, 0x9C] + B.zeros(10)) + B.pngChunk("IEND", [])
        assertRefused(
            "claim_16000.png", png,
            "truncated in the image data (12 bytes cannot inflate to the 768016000 bytes its 16000×16000 rows need)")
    }

    /// An uncompressed 8×8 RGB TIFF: its directory after the pixels (as libtiff and ImageMagick
    /// write it) or before them.
    private func tiff(directoryFirst: Bool) -> [UInt8] {
        let pixels = (0..<(8 * 8 * 3)).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let entries = 9
        let directoryBytes = 2 + 12 * entries + 4
        let directoryAt = directoryFirst ? 8 : 8 + pixels.count
        let pixelsAt = directoryFirst ? 8 + directoryBytes : 8
        func entry(_ tag: Int, _ type: Int, _ value: Int) -> [UInt8] {
            B.le16(tag) + B.le16(type) + B.le32(1) + (type == 3 ? B.le16(value) + [0, 0] : B.le32(value))
        }
        var directory = B.le16(entries)
        directory += entry(256, 3, 8) + entry(257, 3, 8) + entry(258, 3, 8) + entry(259, 3, 1) + entry(262, 3, 2)
        directory += entry(273, 4, pixelsAt) + entry(277, 3, 3) + entry(278, 3, 8) + entry(279, 4, pixels.count)
        directory += B.le32(0)
        let head = [0x49, 0x49, 0x2A, 0x00] + B.le32(directoryAt)
        return head + (directoryFirst ? directory + pixels : pixels + directory)
    }

    func testATIFFCutInItsDataSaysSoWhereverItsDirectoryIs() {
        let after = tiff(directoryFirst: false)
        _ = write(Data(after), to: "whole.tif")
        assertSuccess(run(["thumbnail", "whole.tif", "w.png"]))
        assertRefused(
            "cut-before-directory.tif", Array(after.prefix(100)),
            "not a supported image (truncated before the TIFF directory: it starts at byte 200, the file has 100 bytes)"
        )
        let first = tiff(directoryFirst: true)
        assertRefused(
            "cut-in-data.tif", Array(first.prefix(first.count - 50)),
            "truncated in the TIFF image data (the file's 264 bytes cannot hold 8×8 pixels)")
    }

    func testAGIFCutInItsFirstImageSaysImageDataAndOneCutInItsHeaderSaysHeader() {
        let gif = B.smallGIF(width: 1, height: 1)
        // The last sub-block (2 bytes: 0x44 0x01), its terminator and the trailer: cut inside the block.
        assertRefused(
            "cut-in-data.gif", Array(gif.dropLast(3)), "not a supported image (truncated in the GIF image data)")
        // Inside the global colour table.
        assertRefused("cut-in-header.gif", Array(gif.prefix(15)), "not a supported image (truncated GIF header)")
    }
}
