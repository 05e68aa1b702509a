extension JPEGEncoder {
    /// One MCU row of samples as floats, level-shifted (−128…127), each component at its own
    /// resolution and padded to whole blocks by repeating the last column and row (as libjpeg pads,
    /// so the padding costs few bits). Chroma at 4:2:0 is the mean of each 2 × 2 (JFIF's centred
    /// siting). A class owning raw buffers, so the block loop reads them without copies or checks.
    final class Strip {
        let frame: Frame
        let fullWidth: Int
        let rows: Int
        /// Full-resolution planes: Y, and Cb, Cr for a colour frame.
        let full: [UnsafeMutablePointer<Float>]
        /// Chroma at half resolution, for a subsampled frame.
        let half: [UnsafeMutablePointer<Float>]

        init(frame: Frame) {
            self.frame = frame
            fullWidth = frame.mcusWide * 8 * frame.hMax
            rows = 8 * frame.vMax
            let size = fullWidth * rows
            full = (0..<frame.components.count).map { _ in
                let p = UnsafeMutablePointer<Float>.allocate(capacity: size)
                p.initialize(repeating: 0, count: size)
                return p
            }
            half = (frame.hMax == 2 ? 0..<2 : 0..<0).map { _ in
                let p = UnsafeMutablePointer<Float>.allocate(capacity: size / 4)
                p.initialize(repeating: 0, count: size / 4)
                return p
            }
        }

        deinit {
            for p in full + half { p.deallocate() }
        }

        func convert(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, mcuRow: Int) {
            let colour = frame.components.count == 3
            let fullWidth = fullWidth
            for r in 0..<rows {
                let sy = min(mcuRow * rows + r, height - 1)
                let source = pixels.baseAddress! + sy * width * 4
                let luma = full[0] + r * fullWidth
                if !colour {
                    for x in 0..<fullWidth { luma[x] = Float(source[min(x, width - 1) * 4]) - 128 }
                    continue
                }
                let cb = full[1] + r * fullWidth, cr = full[2] + r * fullWidth
                // Eight pixels at a time, each RGBA read as one little-endian 32-bit lane.
                let wide = width & ~7
                var x = 0
                while x < wide {
                    let v = SIMD8<Int32>(
                        truncatingIfNeeded: UnsafeRawPointer(source + x * 4).loadUnaligned(as: SIMD8<UInt32>.self))
                    let mask = SIMD8<Int32>(repeating: 0xFF)
                    let red = SIMD8<Float>(v & mask), green = SIMD8<Float>(v &>> 8 & mask)
                    let blue = SIMD8<Float>(v &>> 16 & mask)
                    let y = 0.299 * red + 0.587 * green + 0.114 * blue - 128
                    let b = -0.168_735_89 * red - 0.331_264_1 * green + 0.5 * blue
                    let r = 0.5 * red - 0.418_687_6 * green - 0.081_312_41 * blue
                    UnsafeMutableRawPointer(luma + x).storeBytes(of: y, as: SIMD8<Float>.self)
                    UnsafeMutableRawPointer(cb + x).storeBytes(of: b, as: SIMD8<Float>.self)
                    UnsafeMutableRawPointer(cr + x).storeBytes(of: r, as: SIMD8<Float>.self)
                    x += 8
                }
                var p = source + wide * 4
                for x in wide..<width {
                    let red = Float(p[0]), green = Float(p[1]), blue = Float(p[2])
                    luma[x] = 0.299 * red + 0.587 * green + 0.114 * blue - 128
                    cb[x] = -0.168_735_89 * red - 0.331_264_1 * green + 0.5 * blue
                    cr[x] = 0.5 * red - 0.418_687_6 * green - 0.081_312_41 * blue
                    p += 4
                }
                for x in width..<fullWidth {
                    luma[x] = luma[width - 1]
                    cb[x] = cb[width - 1]
                    cr[x] = cr[width - 1]
                }
            }
            let halfWidth = fullWidth / 2
            for (plane, target) in half.enumerated() {
                let source = full[plane + 1]
                for r in 0..<rows / 2 {
                    let top = source + 2 * r * fullWidth, bottom = top + fullWidth
                    let row = target + r * halfWidth
                    for x in 0..<halfWidth {
                        row[x] = 0.25 * (top[2 * x] + top[2 * x + 1] + bottom[2 * x] + bottom[2 * x + 1])
                    }
                }
            }
        }

        /// The samples of one component for this MCU row: rows of `paddedBlocksWide × 8` floats.
        func samples(of component: Int) -> UnsafePointer<Float> {
            UnsafePointer(component > 0 && !half.isEmpty ? half[component - 1] : full[component])
        }
    }
}
