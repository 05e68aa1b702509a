import Foundation
import ImageDecoding

@testable import ImageEncoding

/// Pictures and measures the JPEG encoder's tests share: a photo-like raster (smooth shading, hard
/// edges, a little sensor noise), PSNR, and the segments of a file.
enum JPEGEncoderSamples {
    /// Deterministic photo-like pixels: gradients and waves, two hard-edged shapes of strong colour
    /// (the worst of 4:2:0; `smooth` leaves them out), ±3 of noise.
    static func photo(_ width: Int, _ height: Int, grey: Bool = false, smooth: Bool = false) -> Raster {
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var seed: UInt32 = 12345
        for y in 0..<height {
            for x in 0..<width {
                seed = seed &* 1_103_515_245 &+ 12345
                let noise = Double(Int(seed >> 16 & 7) - 3)
                let fx = Double(x), fy = Double(y)
                var r = 110 + 70 * sin(fx / 11) * cos(fy / 17) + fy * 0.3
                var g = 120 + 60 * cos((fx + fy) / 23) + fx * 0.2
                var b = 140 + 50 * sin(fy / 7) - fx * 0.1
                let (dx, dy) = (x - width / 3, y - height / 3)
                if !smooth && dx * dx + dy * dy < width * height / 25 { r = 230; g = 40; b = 40 }  // hard edges
                if !smooth && x > width / 2 && y > height / 2 { r *= 0.4; g *= 0.5; b = 220 }
                let i = (y * width + x) * 4
                let luma = 0.3 * r + 0.6 * g + 0.1 * b
                let values = grey ? [luma, luma, luma] : [r, g, b]
                for c in 0..<3 { pixels[i + c] = UInt8(max(0, min(255, values[c] + noise))) }
            }
        }
        return Raster(width: width, height: height, pixels: pixels, hasAlpha: false)
    }

    /// Peak signal-to-noise ratio over R, G, B (alpha ignored), in dB; 99 when equal.
    static func psnr(_ a: Raster, _ b: Raster) -> Double {
        precondition(a.width == b.width && a.height == b.height)
        return psnr(rgb: rgb(a), rgb(b))
    }

    static func psnr(rgb a: [UInt8], _ b: [UInt8]) -> Double {
        precondition(a.count == b.count && !a.isEmpty)
        var sum = 0.0
        for i in a.indices {
            let d = Double(a[i]) - Double(b[i])
            sum += d * d
        }
        return sum == 0 ? 99 : 10 * log10(255 * 255 / (sum / Double(a.count)))
    }

    static func rgb(_ raster: Raster) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(raster.width * raster.height * 3)
        for i in stride(from: 0, to: raster.pixels.count, by: 4) { out += raster.pixels[i..<i + 3] }
        return out
    }

    /// The marker segments before the first scan: (marker, payload).
    static func segments(_ file: [UInt8]) -> [(marker: UInt8, payload: [UInt8])] {
        var result: [(UInt8, [UInt8])] = []
        var i = 2
        while i + 4 <= file.count, file[i] == 0xFF {
            let marker = file[i + 1]
            let length = Int(file[i + 2]) << 8 | Int(file[i + 3])
            result.append((marker, Array(file[(i + 4)..<(i + 2 + length)])))
            if marker == 0xDA { break }
            i += 2 + length
        }
        return result
    }

    /// Each component's (h, v) sampling from the SOF.
    static func sampling(_ file: [UInt8]) -> [String] {
        guard let sof = segments(file).first(where: { $0.marker == 0xC0 || $0.marker == 0xC2 }) else { return [] }
        let count = Int(sof.payload[5])
        return (0..<count).map { "\(sof.payload[7 + 3 * $0] >> 4)x\(sof.payload[7 + 3 * $0] & 15)" }
    }
}
