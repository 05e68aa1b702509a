import Foundation
import TestImages

/// The pictures the alike tests add: one photo-like scene at any size (alike itself), and another.
extension ImgselTestCase {
    /// TestImages' muted landscape at `width`×`height` (`orientation` 6: stored turned).
    func landscape(_ name: String, _ width: Int, _ height: Int, orientation: Int? = nil) {
        _ = write(
            Data(
                ImageBytes.paintedPNG(width: width, height: height, orientation: orientation) { x, y in
                    ImageBytes.mutedPhotoPixel(x: x * 320 / width, y: y * 240 / height, width: 320, height: 240)
                }), to: name)
    }

    /// Another scene: vertical bands of colour.
    func bands(_ name: String) {
        _ = write(
            Data(
                ImageBytes.paintedPNG(width: 200, height: 150) { x, _ in
                    let band = x / 25
                    return (UInt8(band * 30), UInt8(255 - band * 30), UInt8(band % 2 * 200), 255)
                }), to: name)
    }
}
