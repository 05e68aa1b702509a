import Foundation
import ImageHeaders
import XCTest

@testable import ImageDecoding

/// The alpha the probe reads from a header (what `--no-alpha` judges without decoding) agrees
/// with the decoders' own on every fixture and fuzz seed they decode whole (PNG, GIF, WebP, BMP,
/// TIFF, HEIC: a header that says alpha is a picture decoded with an alpha channel, and back).
final class ProbeAlphaAgreementTests: XCTestCase {
    func testTheProbesAlphaIsTheDecodersOnEveryFixture() throws {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = here.deletingLastPathComponent().deletingLastPathComponent()
        var folders = [here.appendingPathComponent("Fixtures")]
        let fuzz = root.appendingPathComponent("Fuzz")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: fuzz.path)) ?? []
        where name.hasPrefix("seeds") {
            folders.append(fuzz.appendingPathComponent(name))
        }
        var compared = 0
        var disagreements: [String] = []
        for folder in folders {
            guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walk {
                guard let data = try? Data(contentsOf: url), !data.isEmpty else { continue }
                let bytes = [UInt8](data)
                guard let facts = try? ImageProbe.probe(MemoryByteSource(bytes)),
                    let decode = PixelDecoders[facts.type]?.decode, let decoded = try? decode(bytes, 1),
                    decoded.damage == nil
                else { continue }
                compared += 1
                // The decoders show an animation's first frame; a later frame's transparency is the file's too.
                if facts.alpha != decoded.raster.hasAlpha, !(facts.alpha && facts.frames > 1) {
                    disagreements.append(
                        "\(url.lastPathComponent): probe \(facts.alpha), decoder \(decoded.raster.hasAlpha)")
                }
            }
        }
        XCTAssertGreaterThan(compared, 100)
        XCTAssertEqual(disagreements, [])
    }
}
