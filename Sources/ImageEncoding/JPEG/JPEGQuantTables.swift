extension JPEGEncoder {
    /// The two quantisation tables, in zigzag order, on libjpeg's `jpeg_set_quality` scale (quality
    /// below 50: 5000/q %, else 200 - 2q %; each entry (base × scale + 50) / 100 within 1...255, as
    /// Pillow and `cjpeg -baseline` have it), so `--quality 85` gives cjpeg's and Pillow's luma table.
    ///
    /// Chroma is the one departure: Annex K's chroma table (99 past the first few frequencies) starves
    /// colour detail that SSIMULACRA2, and eyes at 4:2:0, notice. The luma table for chroma too
    /// measured 2.6 % fewer bytes at equal SSIMULACRA2 over five of the bench's photos (0.944 against
    /// 0.970 of `cjpeg -optimize`); at 80 % of luma's steps it was no better (0.945).
    struct QuantTables: Equatable {
        /// Luma and chroma, 64 each, zigzag order (as DQT writes them).
        var luma: [UInt16]
        var chroma: [UInt16]

        /// Chroma steps as a share of luma's, in percent (measured above).
        static let chromaShare = 100

        init(quality: Int) {
            let q = min(max(quality, 1), 100)
            let scale = q < 50 ? 5000 / q : 200 - 2 * q
            func scaled(_ base: [UInt16], _ percent: Int) -> [UInt16] {
                (0..<64).map { z in
                    let value = (Int(base[Zigzag.natural[z]]) * scale * percent / 100 + 50) / 100
                    return UInt16(min(max(value, 1), 255))
                }
            }
            luma = scaled(Self.annexKLuma, 100)
            chroma = scaled(Self.annexKLuma, Self.chromaShare)
        }

        /// ITU-T T.81 Table K.1, natural (row by row) order.
        static let annexKLuma: [UInt16] = [
            16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
            14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
            18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
            49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
        ]
        /// ITU-T T.81 Table K.2, natural order.
        static let annexKChroma: [UInt16] = [
            17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99,
            24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99,
            99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
            99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
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
