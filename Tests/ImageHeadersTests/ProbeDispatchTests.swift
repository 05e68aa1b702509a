import Foundation
import TestImages
import XCTest

@testable import ImageHeaders

#if canImport(Glibc)
import Glibc
#endif

final class ProbeDispatchTests: XCTestCase {
    typealias B = ImageBytes

    func testNonImages() {
        XCTAssertEqual(probeError([]), "empty file")
        XCTAssertEqual(probeError(B.ascii("%PDF-1.7\n%\u{e2}\u{e3}\n1 0 obj")), "PDF document")
        XCTAssertEqual(probeError([0x50, 0x4B, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0]), "ZIP archive")
        XCTAssertEqual(
            probeError([0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + [UInt8](repeating: 0, count: 56)), "ELF executable")
        XCTAssertEqual(probeError(B.ascii("hello, world\nthis is a plain file\n")), "text")
        XCTAssertEqual(probeError(B.ascii("Grüße, ça va? 日本語のテキスト\n")), "text")
        XCTAssertEqual(
            probeError(B.ascii("<?xml version=\"1.0\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>")),
            "SVG image (not supported)")
        XCTAssertEqual(probeError([0x00, 0x01, 0x02, 0x03, 0x80, 0x81, 0xFE]), "unrecognized data")
        XCTAssertEqual(probeError([0xC3]), "unrecognized data")
        XCTAssertEqual(probeError(B.ascii("G")), "text")
        // A UTF-8 sequence cut by the end of the sniffed sample is fine; cut by the end of the file it is not.
        XCTAssertEqual(probeError([UInt8](repeating: 0x61, count: 1023) + B.ascii("é and more")), "text")
        // One oddity in 101 bytes is tolerated.
        XCTAssertEqual(probeError([UInt8](repeating: 0x61, count: 100) + [0xC3]), "text")
        XCTAssertEqual(probeError(B.ascii("abc") + [0xC3]), "unrecognized data")
        XCTAssertEqual(probeError([0, 0, 1, 0, 1, 0, 16, 16, 0, 0, 1, 0, 32, 0]), "Windows icon (not supported)")
        XCTAssertEqual(probeError([0, 0, 2, 0, 1, 0]), "Windows cursor (not supported)")
    }

    func testNameDisagreement() {
        XCTAssertEqual(ImageType.heic.nameDisagreement("shots/IMG_0001.png"), "named .png but the content is HEIC")
        XCTAssertEqual(ImageType.png.nameDisagreement("a.JPG"), "named .JPG but the content is PNG")
        XCTAssertEqual(ImageType.jpeg.nameDisagreement("icon.ico"), "named .ico but the content is JPEG")
        // Agreeing names, or names that say nothing about an image format, get no remark.
        for (type, name) in [
            (ImageType.jpeg, "a.jpeg"), (.jpeg, "b.JPG"), (.jpeg, "stereo.mpo"), (.png, "x.apng"),
            (.tiff, "scan.tif"), (.heif, "p.heic"), (.heic, "p.HEIF"), (.avif, "a.avif"), (.bmp, "old.dib"),
            (.png, "download"), (.png, "photo.bin"), (.gif, ".gif"), (.gif, "dir.png/file"), (.webp, "a.b.c."),
        ] {
            XCTAssertNil(type.nameDisagreement(name), "\(type) \(name)")
        }
        XCTAssertEqual(ImageType.gif.nameDisagreement("dir.png/clip.webp"), "named .webp but the content is GIF")
        XCTAssertEqual(ImageType.avif.nameDisagreement("x.heic"), "named .heic but the content is AVIF")
    }

    func testTypeIsByContentNotName() throws {
        // No names are involved at all: the same bytes give the same answer.
        XCTAssertEqual(try probe(B.png(width: 2, height: 3)).type, .png)
        XCTAssertEqual(try probe(B.jpeg(width: 2, height: 3)).type, .jpeg)
    }

    func testDisplayNames() {
        XCTAssertEqual(
            ImageType.allCases.map(\.displayName),
            ["JPEG", "PNG", "GIF", "WebP", "BMP", "TIFF", "HEIC", "HEIF", "AVIF"])
        XCTAssertEqual(
            ImageType.allCases.map(\.rawValue), ["jpeg", "png", "gif", "webp", "bmp", "tiff", "heic", "heif", "avif"])
        XCTAssertEqual(
            ImageFacts(type: .gif, width: 1, height: 2),
            ImageFacts(type: .gif, width: 1, height: 2, orientation: 1, frames: 1))
    }

    func testForeignErrorsBecomeProbeErrors() {
        struct Failing: ByteSource {
            struct Boom: Error {}
            var size: Int { 100 }
            func read(at offset: Int, count: Int) throws -> [UInt8] { throw Boom() }
        }
        XCTAssertThrowsError(try ImageProbe.probe(Failing())) { error in
            XCTAssertTrue(error is ProbeError)
            XCTAssertTrue((error as? ProbeError)?.description.hasPrefix("read error:") ?? false)
        }
    }

    func testMemorySourceBounds() throws {
        let s = MemoryByteSource([1, 2, 3])
        XCTAssertEqual(try s.read(at: 1, count: 10), [2, 3])
        XCTAssertEqual(try s.read(at: -1, count: 2), [])
        XCTAssertEqual(try s.read(at: 5, count: 2), [])
        XCTAssertEqual(try s.read(at: 0, count: Int.max), [1, 2, 3])
    }
}
