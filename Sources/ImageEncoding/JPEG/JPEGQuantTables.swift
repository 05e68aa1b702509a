extension JPEGEncoder {
    /// The two quantisation tables, in zigzag order, on libjpeg's `jpeg_set_quality` scale (quality
    /// below 50: 5000/q %, else 200 - 2q %; each entry (base × scale + 50) / 100 within 1...255, as
    /// Pillow and `cjpeg -baseline` have it), so a quality is libjpeg's in form; luma's base itself
    /// steepens from q75 to q85 (lumaTilt), as libjpeg's one table cannot.
    ///
    /// The base is not Annex K's but the table mozjpeg ships tuned for PSNR-HVS (`-quant-table 4`):
    /// finer steps at the lowest frequencies (9 for the DC against 16), coarser in the middle. Over
    /// the tuning set (scikit-image photos the bench does not use, and crops of other photos; see
    /// bench/jpeg_tune.py) it cut bytes at equal SSIMULACRA2 from 0.975 to 0.853 of `cjpeg -optimize`,
    /// against 0.893 for mozjpeg's default (Robidoux's) and 0.872 for its MS-SSIM table. So q85 writes
    /// fewer bytes than cjpeg's q85 at a slightly lower score (the bench's report gives both).
    /// Chroma uses the same base: Annex K's chroma table (99 past the first few frequencies) starves
    /// colour detail that SSIMULACRA2, and eyes at 4:2:0, notice (2.6 % more bytes at equal score).
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
        /// and finer at the highest (98 → 64 up to q75, → 29 from q85); but the DC keeps `base`'s 9. Tuned on real photos (OpenCV's
        /// samples, see bench/jpeg_tune.py), where the PSNR-HVS table spends too much on low
        /// frequencies for SSIMULACRA2: 0.8496 → 0.8448 of `cjpeg -optimize` at -0.45 (-0.3 the same,
        /// -0.6 0.8450), where the opposite tilt (+0.2, finer low frequencies) lost 2.7 %; with the dead
        /// zones retuned (Quantiser) -0.35 did best (0.8364; -0.45 0.8379). The DC back at 9 from the
        /// tilt's 12 took 0.8 % more (0.8293; 7 or 8 0.8302–0.8306, 10 0.8330, 14 0.8418). A curve in
        /// place of the line (± 0.15 · ((u + v) / 7 - 1)², 0.8379–0.8436), the band u + v ≤ 2 scaled
        /// 0.9 or 1.1 (0.8330 with the DC at 10, 0.8385), the top u + v ≥ 12 0.85× (0.8365), or rows
        /// against columns ± 0.1 · (u - v) / 7 (0.8371–0.8377) did not pay. Chroma kept `base`: scaled
        /// 0.85–1.3 of it, or tilted either way (-0.2, +0.2, +0.3, +0.5), was no better (0.8428–0.8639).
        static func lumaBase(quality: Int) -> [Int] { shaped(by: lumaTilt(quality: quality)) }

        /// `base` tilted (tilted(_:by:curve:)) with its DC kept at 9: the tilt's own DC (12 at -0.35) lost 0.8 %.
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
        /// highest frequencies are worth against the lowest. One tilt for all qualities read 0.8293 of
        /// `cjpeg -optimize` on the tuning set; this 0.8258, all of it at cjpeg's q85 (0.8388 → 0.8287;
        /// q60 and q75 the same). Steepening from q70, to -0.6, -0.7 or -0.8 at q85, 0.8262–0.8269;
        /// tilt growing with quality from q60 on lost at q60 (0.8299); lessening with it lost at q85
        /// (0.8334); chroma's steps scaled ± 20 % across 25 qualities lost (0.8318, 0.8331).
        static func lumaTilt(quality: Int) -> Double { steepening(quality: quality, from: -0.35, to: -0.7) }

        /// A one-component frame's base: a grey photo's bytes are all luma, with no chroma beside them
        /// and no colour terms of SSIMULACRA2 to dilute luma's trade-off, and it wants a steeper tilt:
        /// `base` tilted by -0.6 (to -0.9 from q85) with a curve of +0.15, the DC again `base`'s 9.
        /// On the tuning set in grey (bench/make_jpeg_tune_set.py --grey; cjpeg given a PGM) luma's
        /// table gave 0.8735 of `cjpeg -optimize` at equal SSIMULACRA2; tilts of -0.15, -0.55, -0.75,
        /// -0.9 0.8847, 0.8719, 0.8702, 0.8799; with the dead zone at 0.55 → 0.65 (DeadZone.grey) -0.75
        /// 0.8682 (-0.65 0.8683), with the curve +0.15 0.8677 (+0.3 0.8679, -0.15 0.8750; tilt -0.85
        /// 0.8679, -0.65 with +0.3 0.8683). The DC at 8 the same (0.8677), 7 or 11 no better (0.8703
        /// against 0.8702 before the curve, 0.8695), 12 worse (0.8765 at -0.35); Annex K's table
        /// untilted 0.9349; the trellis (luma's weights) 0.8886. It pays at q75 and q85 (where the
        /// bench's grey photos were worst) and costs a little at q60. Steepening as luma's does, to -0.9
        /// at q85 (steepening(quality:from:to:)), took 0.8677 to 0.8653, all at cjpeg's q85 (0.8493 →
        /// 0.8449) and a little at q75 (0.8871 → 0.8844); to -1.0 lost (0.8710); -0.55 up to q75, to
        /// -0.85 by q82, won at q60 and q85 and lost at q75 (0.8656). With the tables shared between
        /// scans (SharedTables, 0.8650), -0.6 up to q75 took 0.1 % more (0.8639; -0.65 0.8641), where
        /// steepening earlier (q65 or q70 on) or later (q78 to q88) lost (0.8670, 0.8671, 0.8652), and
        /// so did a curve of 0.25 (0.8643 at -0.65) or one growing from 0.15 at q60 to 0.25 at q75 (0.8635
        /// at -0.6: less than the noise between neighbouring tries, so not taken).
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
