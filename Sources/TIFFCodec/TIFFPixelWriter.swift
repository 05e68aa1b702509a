/// Puts decoded block rows into the raster: samples widened or narrowed to 8 bits as Pillow's unpackers do
/// (n-bit grey ×255/(2ⁿ−1), 16-bit → high byte, WhiteIsZero inverted), then placed by colour model. Planar
/// blocks carry one sample each and fill one channel; CMYK and associated alpha are finished at the end.
struct TIFFPixelWriter {
    let layout: TIFFLayout
    let bigEndian: Bool
    private let palette: [UInt32]

    init(layout: TIFFLayout, bigEndian: Bool) {
        self.layout = layout
        self.bigEndian = bigEndian
        var colours = [UInt32](repeating: 0xFF00_0000, count: 256)
        for i in 0..<layout.palette.count / 3 {
            colours[i] =
                UInt32(layout.palette[i * 3]) | UInt32(layout.palette[i * 3 + 1]) << 8
                | UInt32(layout.palette[i * 3 + 2]) << 16 | 0xFF00_0000
        }
        palette = colours
    }

    /// Row `row` of a decoded block whose first column is `x`, placed in `line` (one image row); `samples`
    /// is room for a block row's samples.
    func write(
        _ data: [UInt8], row: Int, x: Int, plane: Int, samples: inout [UInt8], into line: UnsafeMutablePointer<UInt8>
    ) {
        let visible = Swift.min(layout.blockWidth, layout.width - x)
        let perPixel = layout.samplesPerBlockPixel
        guard visible > 0 else { return }
        narrow(data, from: row * layout.blockRowBytes, count: visible * perPixel, into: &samples)
        samples.withUnsafeBufferPointer { samples in
            place(samples.baseAddress!, count: visible, plane: plane, into: line + x * 4)
        }
    }

    /// Samples of one row, each as 8 bits (palette indices left as they are).
    private func narrow(_ data: [UInt8], from start: Int, count: Int, into samples: inout [UInt8]) {
        let bits = layout.bits
        let grey = layout.colour == .whiteIsZero || layout.colour == .blackIsZero
        data.withUnsafeBufferPointer { data in
            samples.withUnsafeMutableBufferPointer { out in
                let source = data.baseAddress! + start
                switch bits {
                case 8:
                    for i in 0..<count { out[i] = source[i] }
                case 16:
                    let high = bigEndian ? 0 : 1
                    for i in 0..<count { out[i] = source[2 * i + high] }
                default:
                    let mask = UInt8((1 << bits) - 1)
                    let scale: UInt8 = grey ? 255 / mask : 1
                    for i in 0..<count {
                        let bit = i * bits
                        let value = (source[bit >> 3] >> UInt8(8 - bits - (bit & 7))) & mask
                        out[i] = value * scale
                    }
                }
            }
        }
    }

    private func place(_ s: UnsafePointer<UInt8>, count: Int, plane: Int, into target: UnsafeMutablePointer<UInt8>) {
        let n = layout.samplesPerBlockPixel
        let hasAlpha = layout.alpha != .none
        let invert: UInt8 = layout.colour == .whiteIsZero ? 0xFF : 0
        switch (layout.colour, layout.planar) {
        case (.palette, _):
            guard plane == 0 else { return }
            palette.withUnsafeBufferPointer { palette in
                let words = UnsafeMutableRawPointer(target)
                for i in 0..<count {
                    words.storeBytes(of: palette[Int(s[i * n])], toByteOffset: i * 4, as: UInt32.self)
                }
            }
        case (.whiteIsZero, false), (.blackIsZero, false):
            for i in 0..<count {
                let v = s[i * n] ^ invert
                target[i * 4] = v
                target[i * 4 + 1] = v
                target[i * 4 + 2] = v
                if hasAlpha { target[i * 4 + 3] = s[i * n + 1] }
            }
        case (.rgb, false), (.cmyk, false):
            let fourth = layout.colour == .cmyk || hasAlpha
            for i in 0..<count {
                target[i * 4] = s[i * n]
                target[i * 4 + 1] = s[i * n + 1]
                target[i * 4 + 2] = s[i * n + 2]
                if fourth { target[i * 4 + 3] = s[i * n + 3] }
            }
        default:
            // Planar: this plane is one channel (grey fills three), or an extra sample that is not alpha.
            let isGrey = layout.colour == .whiteIsZero || layout.colour == .blackIsZero
            let colourPlanes = isGrey ? 1 : layout.colour == .cmyk ? 4 : 3
            if plane < colourPlanes {
                for i in 0..<count {
                    if isGrey {
                        let v = s[i] ^ invert
                        target[i * 4] = v
                        target[i * 4 + 1] = v
                        target[i * 4 + 2] = v
                    } else {
                        target[i * 4 + plane] = s[i]
                    }
                }
            } else if plane == colourPlanes, hasAlpha {
                for i in 0..<count { target[i * 4 + 3] = s[i] }
            }
        }
    }

    /// CMYK to RGB as Pillow's cmyk2rgb, and associated alpha divided out as Pillow's RGBa unpacker, over
    /// `count` pixels once every block placed its samples.
    func finish(_ p: UnsafeMutablePointer<UInt8>, count: Int) {
        if layout.colour == .cmyk {
            for i in stride(from: 0, to: count * 4, by: 4) {
                let nk = 255 - Int(p[i + 3])
                for c in 0..<3 {
                    let t = Int(p[i + c]) * nk + 128
                    p[i + c] = UInt8(Swift.max(0, nk - (((t >> 8) + t) >> 8)))
                }
                p[i + 3] = 255
            }
        } else if layout.alpha == .associated {
            for i in stride(from: 0, to: count * 4, by: 4) {
                let a = Int(p[i + 3])
                if a == 0 {
                    p[i] = 0; p[i + 1] = 0; p[i + 2] = 0
                } else if a != 255 {
                    for c in 0..<3 { p[i + c] = UInt8(Swift.min(255, Int(p[i + c]) * 255 / a)) }
                }
            }
        }
    }
}
