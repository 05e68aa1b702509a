import Foundation

/// The committed PNG fixtures (Tests/ImageDecodingTests/Fixtures/png), made once:
/// - pillow-rgba-37x23.png: Pillow 13, `Image.new('RGBA', (37, 23))`, pixel (x, y) =
///   (6x, 11y, 7x² + 13y, 255 − 5x) each mod 256, `im.save(path)` (zlib level 6,
///   Pillow's adaptive filters: Sub then Paeth rows).
/// - pypng-rgb-interlaced-13x11.png: pypng 0.20220715 `Writer(13, 11, greyscale=False,
///   bitdepth=8, interlace=True)`, pixel (x, y) = (19x, 23y, 7xy) each mod 256.
enum PNGFixtures {
    static func load(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/png/\(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    static func pillowRGBA(x: Int, y: Int) -> [UInt8] {
        [UInt8((x * 6) & 255), UInt8((y * 11) & 255), UInt8((x * x * 7 + y * 13) & 255), UInt8(255 - x * 5)]
    }

    static func pypngRGB(x: Int, y: Int) -> [UInt8] {
        [UInt8((x * 19) & 255), UInt8((y * 23) & 255), UInt8((x * y * 7) & 255), 255]
    }
}
