import ImageCore

/// Turns rows of component samples into RGBA, with libjpeg's fixed-point YCbCr
/// tables (jdcolor.c: 16 fractional bits) and, for CMYK, Pillow's conversion of
/// the inverted ("CMYK;I") samples it reads from every four-component JPEG, or through the file's
/// profile when the caller hands its conversion (`CMYKToRGB`).
final class JPEGColorConverter {
    let transform: JPEGColorTransform
    private let profile: CMYKToRGB?
    /// One row of true ink amounts (C, M, Y, K interleaved) for `profile`, grown as rows need.
    private var inks: [UInt8] = []
    /// Cr→R, Cb→B (rounded), Cr→G and Cb→G (scaled by 2^16, the rounding half in Cb→G).
    private let crToR: UnsafeMutablePointer<Int32>
    private let cbToB: UnsafeMutablePointer<Int32>
    private let crToG: UnsafeMutablePointer<Int32>
    private let cbToG: UnsafeMutablePointer<Int32>

    init(_ transform: JPEGColorTransform, cmyk: CMYKToRGB? = nil) {
        self.transform = transform
        profile = cmyk
        crToR = .allocate(capacity: 256)
        cbToB = .allocate(capacity: 256)
        crToG = .allocate(capacity: 256)
        cbToG = .allocate(capacity: 256)
        for i in 0..<256 {
            let x = i - 128
            // FIX(1.40200), FIX(1.77200), FIX(0.71414), FIX(0.34414) with 16 fractional bits.
            crToR[i] = Int32((91881 * x + 32768) >> 16)
            cbToB[i] = Int32((116130 * x + 32768) >> 16)
            crToG[i] = Int32(-46802 * x)
            cbToG[i] = Int32(-22554 * x + 32768)
        }
    }

    deinit {
        crToR.deallocate()
        cbToB.deallocate()
        crToG.deallocate()
        cbToG.deallocate()
    }

    @inline(__always) private static func clamp(_ x: Int32) -> UInt32 {
        UInt32(truncatingIfNeeded: min(max(x, 0), 255))
    }

    @inline(__always) private static func store(
        _ out: UnsafeMutableRawPointer, _ x: Int, _ r: UInt32, _ g: UInt32,
        _ b: UInt32
    ) {
        out.storeBytes(of: (r | g &<< 8 | b &<< 16 | 0xFF00_0000).littleEndian, toByteOffset: x &* 4, as: UInt32.self)
    }

    /// Writes `width` RGBA pixels from up to four component rows.
    func convert(_ rows: UnsafePointer<UnsafePointer<UInt8>>, width: Int, into output: UnsafeMutablePointer<UInt8>) {
        let out = UnsafeMutableRawPointer(output)
        #if _endian(little)
        let vectorEnd = width & ~7  // the vector paths store little-endian pixels
        #else
        let vectorEnd = 0
        #endif
        switch transform {
        case .grey:
            let g = rows[0]
            for x in stride(from: 0, to: vectorEnd, by: 8) {
                JPEGVectorColor.rgb8(g + x, g + x, g + x, into: out + x &* 4)
            }
            for x in vectorEnd..<width {
                let v = UInt32(g[x])
                Self.store(out, x, v, v, v)
            }
        case .rgb:
            let r = rows[0], g = rows[1], b = rows[2]
            for x in stride(from: 0, to: vectorEnd, by: 8) {
                JPEGVectorColor.rgb8(r + x, g + x, b + x, into: out + x &* 4)
            }
            for x in vectorEnd..<width { Self.store(out, x, UInt32(r[x]), UInt32(g[x]), UInt32(b[x])) }
        case .yCbCr:
            let yRow = rows[0], cbRow = rows[1], crRow = rows[2]
            for x in stride(from: 0, to: vectorEnd, by: 8) {
                JPEGVectorColor.ycc8(yRow + x, cbRow + x, crRow + x, into: out + x &* 4)
            }
            for x in vectorEnd..<width {
                let (r, g, b) = ycc(yRow[x], cbRow[x], crRow[x])
                Self.store(out, x, Self.clamp(r), Self.clamp(g), Self.clamp(b))
            }
        case .cmyk where profile != nil, .ycck where profile != nil:
            convertThroughProfile(rows, width: width, into: output)
        case .cmyk:
            let c = rows[0], m = rows[1], y = rows[2], k = rows[3]
            for x in 0..<width {
                let key = UInt32(k[x])
                Self.store(
                    out, x, Self.pillowCMYK(UInt32(c[x]), key), Self.pillowCMYK(UInt32(m[x]), key),
                    Self.pillowCMYK(UInt32(y[x]), key))
            }
        case .ycck:
            let yRow = rows[0], cbRow = rows[1], crRow = rows[2], k = rows[3]
            for x in 0..<width {
                // libjpeg's YCCK → CMYK is 255 minus the YCbCr → RGB result.
                let (r, g, b) = ycc(yRow[x], cbRow[x], crRow[x])
                let key = UInt32(k[x])
                Self.store(
                    out, x, Self.pillowCMYK(255 &- Self.clamp(r), key),
                    Self.pillowCMYK(255 &- Self.clamp(g), key), Self.pillowCMYK(255 &- Self.clamp(b), key))
            }
        }
    }

    /// The ink of each pixel, as Pillow reads it (every four-component JPEG taken as Adobe's
    /// inverted samples; YCCK first made CMYK as libjpeg does), handed to the profile's conversion.
    private func convertThroughProfile(
        _ rows: UnsafePointer<UnsafePointer<UInt8>>, width: Int, into output: UnsafeMutablePointer<UInt8>
    ) {
        guard let profile else { return }
        if inks.count < width * 4 { inks = [UInt8](repeating: 0, count: width * 4) }
        let ycck = transform == .ycck
        inks.withUnsafeMutableBufferPointer { ink in
            let r0 = rows[0], r1 = rows[1], r2 = rows[2], k = rows[3]
            for x in 0..<width {
                if ycck {
                    // libjpeg's YCCK → CMYK is 255 minus YCbCr → RGB; the ink is 255 minus that again.
                    let (r, g, b) = ycc(r0[x], r1[x], r2[x])
                    ink[x &* 4] = UInt8(Self.clamp(r))
                    ink[x &* 4 &+ 1] = UInt8(Self.clamp(g))
                    ink[x &* 4 &+ 2] = UInt8(Self.clamp(b))
                } else {
                    ink[x &* 4] = 255 &- r0[x]
                    ink[x &* 4 &+ 1] = 255 &- r1[x]
                    ink[x &* 4 &+ 2] = 255 &- r2[x]
                }
                ink[x &* 4 &+ 3] = 255 &- k[x]
            }
            if let base = ink.baseAddress { profile.convert(base, output, width) }
        }
    }

    @inline(__always) private func ycc(_ y: UInt8, _ cb: UInt8, _ cr: UInt8) -> (Int32, Int32, Int32) {
        let luma = Int32(y)
        return (luma &+ crToR[Int(cr)], luma &+ ((cbToG[Int(cb)] &+ crToG[Int(cr)]) &>> 16), luma &+ cbToB[Int(cb)])
    }

    /// Pillow's CMYK → RGB of an inverted sample `stored` and inverted key `key`:
    /// with C = 255 − stored and K = 255 − key, the channel is (255 − K) − (C·(255 − K))/255, rounded as its MULDIV255.
    @inline(__always) private static func pillowCMYK(_ stored: UInt32, _ key: UInt32) -> UInt32 {
        let t = (255 &- stored) &* key &+ 128
        return key &- (((t &>> 8) &+ t) &>> 8)
    }
}

/// YCbCr → RGBA eight pixels at a time, the same arithmetic as the tables: each constant
/// split into a multiple of 2^16 and a 16-bit rest (91881 = 2^16 + 26345, 116130 =
/// 2·2^16 − 14942, −46802 = −2^16 + 18734), so the products are 16 × 16 bits and the
/// result is exactly libjpeg's.
enum JPEGVectorColor {
    typealias Lane16 = SIMD8<Int16>
    typealias Lane32 = SIMD8<Int32>

    /// Eight RGB pixels (the same row three times for grey) as RGBA.
    @inline(__always)
    static func rgb8(
        _ r: UnsafePointer<UInt8>, _ g: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>,
        into out: UnsafeMutableRawPointer
    ) {
        let red = JPEGLanes.widen(JPEGLanes.widen(r)), green = JPEGLanes.widen(JPEGLanes.widen(g))
        let blue = JPEGLanes.widen(JPEGLanes.widen(b))
        out.storeBytes(of: red | green &<< 8 | blue &<< 16 | Lane32(repeating: -16_777_216), as: Lane32.self)
    }

    @inline(__always)
    static func ycc8(
        _ yRow: UnsafePointer<UInt8>, _ cbRow: UnsafePointer<UInt8>, _ crRow: UnsafePointer<UInt8>,
        into out: UnsafeMutableRawPointer
    ) {
        let center = Lane16(repeating: 128)
        let y = JPEGLanes.widen(yRow)
        let cb = JPEGLanes.widen(cbRow) &- center
        let cr = JPEGLanes.widen(crRow) &- center
        let cb32 = JPEGLanes.widen(cb), cr32 = JPEGLanes.widen(cr)
        let half = Lane32(repeating: 32768), sixteen = Lane32(repeating: 16)
        let rOffset = cr32 &+ ((cr32 &* Lane32(repeating: 26345) &+ half) &>> sixteen)
        let bOffset = (cb32 &<< 1) &+ ((cb32 &* Lane32(repeating: -14942) &+ half) &>> sixteen)
        let gOffset =
            ((cb32 &* Lane32(repeating: -22554) &+ cr32 &* Lane32(repeating: 18734) &+ half) &>> sixteen)
            &- cr32
        let y32 = JPEGLanes.widen(y)
        let r = JPEGLanes.clampToByte(y32 &+ rOffset)
        let g = JPEGLanes.clampToByte(y32 &+ gOffset)
        let b = JPEGLanes.clampToByte(y32 &+ bOffset)
        let pixels = r | g &<< 8 | b &<< 16 | Lane32(repeating: -16_777_216)
        out.storeBytes(of: pixels, as: Lane32.self)
    }
}
