import ImageCore

/// Undoes a row's filter in place (PNG specification, section 9). `row` and
/// `previous` point at the first byte of the row; the `stride` bytes before
/// each are readable zeros, so the left edge needs no special case.
enum PNGUnfilter {
    static func apply(
        _ filter: UInt8, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>,
        count: Int, stride: Int
    ) throws(DecodeError) {
        assert(stride > 0 && count >= 0)
        assert(
            (1...stride).allSatisfy { row[-$0] == 0 && previous[-$0] == 0 },
            "the stride bytes before the row and the previous row are readable zeros")
        switch filter {
        case 0:
            break
        case 1 where stride == 3 || stride == 4:
            leftPixels(row: row, previous: previous, count: count, channels: stride, average: false)
        case 1:
            for i in 0..<count { row[i] &+= row[i &- stride] }
        case 2:
            for i in 0..<count { row[i] &+= previous[i] }
        case 3 where stride == 3 || stride == 4:
            leftPixels(row: row, previous: previous, count: count, channels: stride, average: true)
        case 3:
            for i in 0..<count {
                row[i] &+= UInt8(truncatingIfNeeded: (UInt16(row[i &- stride]) &+ UInt16(previous[i])) &>> 1)
            }
        case 4:
            paeth(row: row, previous: previous, count: count, stride: stride)
        default:
            throw .corrupt("PNG filter type \(filter)")
        }
    }

    /// The Paeth predictor: of left (a), above (b) and upper-left (c), the one
    /// nearest a + b − c, ties going to a, then b.
    /// Written with masks, not comparisons: on photographs the choice is random,
    /// and the branches the compiler makes of comparisons mispredict.
    @inline(__always)
    private static func predict(_ a: Int32, _ b: Int32, _ c: Int32) -> Int32 {
        let pa = magnitude(b &- c)
        let pb = magnitude(a &- c)
        let pc = magnitude(a &+ b &- c &- c)
        let notA = ((pb &- pa) | (pc &- pa)) &>> 31  // all ones when pb < pa or pc < pa
        let notB = (pc &- pb) &>> 31  // all ones when pc < pb
        let bOrC = (b & ~notB) | (c & notB)
        return (a & ~notA) | (bOrC & notA)
    }

    @inline(__always)
    private static func magnitude(_ v: Int32) -> Int32 {
        let sign = v &>> 31
        return (v ^ sign) &- sign
    }

    private static func paeth(
        row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>,
        count: Int, stride: Int
    ) {
        switch stride {
        case 3: paethPixels(row: row, previous: previous, count: count, channels: 3)
        case 4: paethPixels(row: row, previous: previous, count: count, channels: 4)
        default:
            for i in 0..<count {
                let predicted = predict(Int32(row[i &- stride]), Int32(previous[i]), Int32(previous[i &- stride]))
                row[i] &+= UInt8(truncatingIfNeeded: predicted)
            }
        }
    }

    /// Paeth for 3- and 4-byte pixels with the left and upper-left pixels held in
    /// registers: reading back the byte just written would put a store-to-load
    /// forward on every step of the chain.
    @inline(__always)
    private static func paethPixels(
        row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>,
        count: Int, channels: Int
    ) {
        var a0: Int32 = 0, a1: Int32 = 0, a2: Int32 = 0, a3: Int32 = 0
        var c0: Int32 = 0, c1: Int32 = 0, c2: Int32 = 0, c3: Int32 = 0
        var i = 0
        while i < count {
            let b0 = Int32(previous[i]), b1 = Int32(previous[i &+ 1]), b2 = Int32(previous[i &+ 2])
            a0 = (Int32(row[i]) &+ predict(a0, b0, c0)) & 0xFF
            a1 = (Int32(row[i &+ 1]) &+ predict(a1, b1, c1)) & 0xFF
            a2 = (Int32(row[i &+ 2]) &+ predict(a2, b2, c2)) & 0xFF
            row[i] = UInt8(truncatingIfNeeded: a0)
            row[i &+ 1] = UInt8(truncatingIfNeeded: a1)
            row[i &+ 2] = UInt8(truncatingIfNeeded: a2)
            c0 = b0; c1 = b1; c2 = b2
            if channels == 4 {
                let b3 = Int32(previous[i &+ 3])
                a3 = (Int32(row[i &+ 3]) &+ predict(a3, b3, c3)) & 0xFF
                row[i &+ 3] = UInt8(truncatingIfNeeded: a3)
                c3 = b3
            }
            i &+= channels
        }
    }

    /// Sub (`average` false) or Average for 3- and 4-byte pixels, the left pixel
    /// held in registers as in `paethPixels`.
    @inline(__always)
    private static func leftPixels(
        row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>,
        count: Int, channels: Int, average: Bool
    ) {
        var a0: UInt32 = 0, a1: UInt32 = 0, a2: UInt32 = 0, a3: UInt32 = 0
        var i = 0
        while i < count {
            if average {
                a0 = (UInt32(row[i]) &+ ((a0 &+ UInt32(previous[i])) &>> 1)) & 0xFF
                a1 = (UInt32(row[i &+ 1]) &+ ((a1 &+ UInt32(previous[i &+ 1])) &>> 1)) & 0xFF
                a2 = (UInt32(row[i &+ 2]) &+ ((a2 &+ UInt32(previous[i &+ 2])) &>> 1)) & 0xFF
            } else {
                a0 = (UInt32(row[i]) &+ a0) & 0xFF
                a1 = (UInt32(row[i &+ 1]) &+ a1) & 0xFF
                a2 = (UInt32(row[i &+ 2]) &+ a2) & 0xFF
            }
            row[i] = UInt8(truncatingIfNeeded: a0)
            row[i &+ 1] = UInt8(truncatingIfNeeded: a1)
            row[i &+ 2] = UInt8(truncatingIfNeeded: a2)
            if channels == 4 {
                a3 = (UInt32(row[i &+ 3]) &+ (average ? (a3 &+ UInt32(previous[i &+ 3])) &>> 1 : a3)) & 0xFF
                row[i &+ 3] = UInt8(truncatingIfNeeded: a3)
            }
            i &+= channels
        }
    }
}
