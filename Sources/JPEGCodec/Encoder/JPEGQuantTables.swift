extension JPEGEncoder {
    /// The two quantisation tables, in zigzag order, on libjpeg's `jpeg_set_quality` scale (quality
    /// below 50: 5000/q %, else 200 - 2q %; each entry (base × scale + 50) / 100 within 1...255, as
    /// Pillow and `cjpeg -baseline` have it), so a quality is libjpeg's in form; luma's base itself
    /// steepens from q75 to q85 (lumaTilt), as libjpeg's one table cannot.
    ///
    /// The base is not Annex K's but the table mozjpeg ships tuned for PSNR-HVS (`-quant-table 4`):
    /// finer steps at the lowest frequencies (9 for the DC against 16), coarser in the middle, which
    /// of the tables tried took the fewest bytes at equal SSIMULACRA2, so q85 writes fewer bytes than
    /// cjpeg's q85 at a slightly lower score (the bench's report gives both). Chroma uses the same
    /// base: Annex K's chroma table (99 past the first few frequencies) starves colour detail that
    /// SSIMULACRA2, and eyes at 4:2:0, notice. The runs: bench/notes/jpeg-tuning.md.
    struct QuantTables: Equatable {
        /// Luma and chroma, 64 each, zigzag order (as DQT writes them).
        var luma: [UInt16]
        var chroma: [UInt16]

        /// `grey`: a one-component frame, whose luma table is `greyBase`'s (chroma's is then unused).
        init(quality: Int, grey: Bool = false) {
            let q = min(max(quality, 1), 100)
            let scale = q < 50 ? 5000 / q : 200 - 2 * q
            func scaled(_ b: [Int]) -> [UInt16] {
                (0..<64).map { z in
                    let value = (b[Zigzag.natural[z]] * scale + 50) / 100
                    return UInt16(min(max(value, 1), 255))
                }
            }
            luma = scaled(grey ? Self.greyBase(quality: q) : Self.lumaBase(quality: q))
            chroma = scaled(Self.base.map(Int.init))
        }

        /// Luma's base: `base` tilted by lumaTilt (shaped(by:curve:)), coarser at the lowest AC frequencies
        /// and finer at the highest (98 → 64 up to q75, → 29 from q85); but the DC keeps `base`'s 9. On
        /// real photos the PSNR-HVS table spends too much on low frequencies for SSIMULACRA2; chroma's
        /// table gained nothing from a tilt (bench/notes/jpeg-tuning.md, "Luma's tilt").
        static func lumaBase(quality: Int) -> [Int] { shaped(by: lumaTilt(quality: quality)) }

        /// `base` tilted (tilted(_:by:curve:)) with its DC kept at 9: the tilt's own DC (12 at -0.35) took more bytes.
        static func shaped(by tilt: Double, curve: Double = 0) -> [Int] {
            var table = tilted(base, by: tilt, curve: curve)
            table[0] = Int(base[0])
            return table
        }

        /// `low` up to q75, `high` from q85, a line between.
        static func steepening(quality: Int, from low: Double, to high: Double) -> Double {
            low + (high - low) * Double(min(max(quality - 75, 0), 10)) / 10
        }

        /// -0.35 up to q75, steepening to -0.7 at q85 and past it: the finer the steps, the more the
        /// highest frequencies are worth against the lowest (bench/notes/jpeg-tuning.md, "Steepening").
        static func lumaTilt(quality: Int) -> Double { steepening(quality: quality, from: -0.35, to: -0.7) }

        /// A one-component frame's base: a grey photo's bytes are all luma, with no chroma beside them
        /// and no colour terms of SSIMULACRA2 to dilute luma's trade-off, and it wants a steeper tilt:
        /// `base` tilted by -0.6 (to -0.9 from q85) with a curve of +0.15, the DC again `base`'s 9.
        /// It pays at q75 and q85, where the bench's grey photos were worst, and costs a little at q60
        /// (bench/notes/jpeg-tuning.md, "Grey").
        static func greyBase(quality: Int) -> [Int] {
            shaped(by: steepening(quality: quality, from: -0.6, to: -0.9), curve: 0.15)
        }

        /// Each entry of a natural-order table times 1 + tilt · f + curve · (f² - 1/3), f = (u + v) / 7 - 1,
        /// rounded, at least 1: with no curve unchanged on the anti-diagonal u + v = 7, (1 - tilt)× at
        /// the DC, (1 + tilt)× at the top; the curve adds at both ends and takes from the middle.
        static func tilted(_ table: [UInt16], by tilt: Double, curve: Double = 0) -> [Int] {
            (0..<64).map { n in
                let f = Double(n % 8 + n / 8) / 7 - 1
                return max(1, Int((Double(table[n]) * (1 + tilt * f + curve * (f * f - 1.0 / 3))).rounded()))
            }
        }

        /// mozjpeg's jcparam.c table tuned for PSNR-HVS, natural (row by row) order.
        static let base: [UInt16] = [
            9, 10, 12, 14, 27, 32, 51, 62, 11, 12, 14, 19, 27, 44, 59, 73, 12, 14, 18, 25, 42, 59, 79,
            78, 17, 18, 25, 42, 61, 92, 87, 92, 23, 28, 42, 75, 79, 112, 112, 99, 40, 42, 59, 84, 88,
            124, 132, 111, 42, 64, 78, 95, 105, 126, 125, 99, 70, 75, 100, 102, 116, 100, 107, 98,
        ]
    }

    enum Zigzag {
        /// `natural[z]`: the natural (row-major) index of the z-th coefficient in zigzag order.
        static let natural: [Int] = [
            0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5,
            12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
            35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51,
            58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
        ]
        /// `zigzag[n]`: the zigzag position of natural index n.
        static let zigzag: [Int] = {
            var z = [Int](repeating: 0, count: 64)
            for (position, n) in natural.enumerated() { z[n] = position }
            return z
        }()
    }
}
