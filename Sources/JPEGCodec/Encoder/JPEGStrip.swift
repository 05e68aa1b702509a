import ImageCore

extension JPEGEncoder {
    /// One MCU row of samples as floats, level-shifted (−128…127), each component at its own
    /// resolution and padded to whole blocks by repeating the last column and row (as libjpeg pads,
    /// so the padding costs few bits). Chroma at 4:2:0 is filtered down (`halve`). A class owning
    /// raw buffers, so the block loop reads them without copies or checks. Unchecked Sendable: a
    /// strip is used by one band at a time, passed between bands through a lock (Coefficients.make).
    final class Strip: @unchecked Sendable {
        let frame: Frame
        let fullWidth: Int
        let rows: Int
        /// Rows converted above and below the MCU row: the 4:2:0 filter reaches one past each side.
        let halo: Int
        /// Full-resolution planes: Y, and Cb, Cr for a colour frame; row 0 at `full[c]`, the halo's
        /// rows before and after it.
        let full: [UnsafeMutablePointer<Float>]
        /// Chroma at half resolution, for a subsampled frame.
        let half: [UnsafeMutablePointer<Float>]
        /// Chroma halved down but not yet across: half the strip's rows at full width.
        private let down: UnsafeMutablePointer<Float>
        /// One row of RGBA pixels, where a caller's rows (`Pixels.rows`) are read into.
        private let line: UnsafeMutablePointer<UInt8>

        init(frame: Frame) {
            self.frame = frame
            let width = frame.mcusWide * 8 * frame.hMax, rows = 8 * frame.vMax, halo = frame.hMax == 2 ? 1 : 0
            fullWidth = width
            self.rows = rows
            self.halo = halo
            let size = width * (rows + 2 * halo)
            full = (0..<frame.components.count).map { _ in
                let p = UnsafeMutablePointer<Float>.allocate(capacity: size)
                p.initialize(repeating: 0, count: size)
                return p + width * halo
            }
            half = (frame.hMax == 2 ? 0..<2 : 0..<0).map { _ in
                let p = UnsafeMutablePointer<Float>.allocate(capacity: width * rows / 4)
                p.initialize(repeating: 0, count: width * rows / 4)
                return p
            }
            down = .allocate(capacity: width * rows / 2)
            down.initialize(repeating: 0, count: width * rows / 2)
            line = .allocate(capacity: frame.width * 4)
        }

        deinit {
            for p in full { (p - fullWidth * halo).deallocate() }
            for p in half { p.deallocate() }
            down.deallocate()
            line.deallocate()
        }

        /// Rows of a raster in memory (what the tests give).
        func convert(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, height: Int, mcuRow: Int) {
            let base = SendablePointer(mutating: pixels.baseAddress!)
            convert(.raster(base, width: width, height: height), mcuRow: mcuRow)
        }

        func convert(_ pixels: Pixels, mcuRow: Int) {
            let (width, height) = (pixels.width, pixels.height)
            let colour = frame.components.count == 3
            let fullWidth = fullWidth
            for r in -halo..<(rows + halo) {
                let sy = min(max(mcuRow * rows + r, 0), height - 1)
                let source = pixels.row(sy, line: line)
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
            for (plane, target) in half.enumerated() { halve(full[plane + 1], into: target) }
        }

        /// The 4:2:0 filter's taps a side, nearest first: (13, −3) / 20 across the 4 × 4 samples around
        /// each chroma sample (JFIF's centred siting), where the mean of the 2 × 2 (1, 0) was: decoders
        /// bring chroma back up smoothly (libjpeg's "fancy" upsampling: 3/4 and 1/4), which a
        /// slightly sharpened chroma makes up for (the taps tried: bench/notes/jpeg-tuning.md, "Chroma").
        static let taps: (near: Float, far: Float) = (0.65, -0.15)

        /// One chroma plane at half resolution each way: down into `down` (from the halo's rows too),
        /// then across; the first and last columns and rows repeat past the edges.
        private func halve(_ source: UnsafeMutablePointer<Float>, into target: UnsafeMutablePointer<Float>) {
            let halfWidth = fullWidth / 2, (near, far) = Self.taps
            for r in 0..<rows / 2 {
                let s = source + (2 * r - 1) * fullWidth, d = down + r * fullWidth
                // fullWidth is a multiple of 16.
                for x in stride(from: 0, to: fullWidth, by: 8) {
                    func load(_ k: Int) -> SIMD8<Float> {
                        UnsafeRawPointer(s + k * fullWidth + x).loadUnaligned(as: SIMD8<Float>.self)
                    }
                    let value = near * (load(1) + load(2)) + far * (load(0) + load(3))
                    UnsafeMutableRawPointer(d + x).storeBytes(of: value, as: SIMD8<Float>.self)
                }
                let row = target + r * halfWidth
                row[0] = near * (d[0] + d[1]) + far * (d[0] + d[2])
                var x = 1
                // Eight at a time while the last read (d[2x + 17]) stays in the row.
                while x + 8 <= halfWidth - 1 {
                    let middle = UnsafeRawPointer(d + 2 * x).loadUnaligned(as: SIMD16<Float>.self)
                    let before = UnsafeRawPointer(d + 2 * x - 2).loadUnaligned(as: SIMD16<Float>.self)
                    let after = UnsafeRawPointer(d + 2 * x + 2).loadUnaligned(as: SIMD16<Float>.self)
                    let value = near * (middle.evenHalf + middle.oddHalf) + far * (before.oddHalf + after.evenHalf)
                    UnsafeMutableRawPointer(row + x).storeBytes(of: value, as: SIMD8<Float>.self)
                    x += 8
                }
                while x < halfWidth {
                    row[x] = near * (d[2 * x] + d[2 * x + 1]) + far * (d[2 * x - 1] + d[min(2 * x + 2, fullWidth - 1)])
                    x += 1
                }
            }
        }

        /// The samples of one component for this MCU row: rows of `paddedBlocksWide × 8` floats.
        func samples(of component: Int) -> UnsafePointer<Float> {
            UnsafePointer(component > 0 && !half.isEmpty ? half[component - 1] : full[component])
        }
    }
}
