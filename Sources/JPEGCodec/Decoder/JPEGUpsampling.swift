/// Chroma upsampling of one output row, as libjpeg-turbo's jdsample.c: the "fancy"
/// triangle filter (3/4 nearer sample, 1/4 further) for 2:1 horizontal, 2:1
/// vertical and both, and plain replication otherwise. Edge samples repeat, which
/// is what libjpeg's special first/last columns and duplicated edge rows amount to.
enum JPEGUpsampling {
    /// 2:1 across: output 2i is (3·s[i] + s[i−1] + 1) / 4, output 2i+1 is (3·s[i] + s[i+1] + 2) / 4.
    static func h2v1Fancy(_ source: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        var i = 1
        // Eight samples at a time where both neighbours are inside the row; the edges below.
        while i &+ 8 < count {
            let previous = widen(source + (i &- 1)), current = widen(source + i), next = widen(source + (i &+ 1))
            let weighted = current &* 3
            storeInterleaved((weighted &+ previous &+ 1) &>> 2, (weighted &+ next &+ 2) &>> 2, out + (2 &* i))
            i &+= 8
        }
        h2v1Scalar(source, count: count, range: 0..<1, into: out)
        h2v1Scalar(source, count: count, range: i..<count, into: out)
    }

    private static func h2v1Scalar(
        _ source: UnsafePointer<UInt8>, count: Int, range: Range<Int>,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        for i in range {
            let previous = Int(source[max(i &- 1, 0)]), next = Int(source[min(i &+ 1, count &- 1)])
            let weighted = Int(source[i]) &* 3
            out[2 &* i] = UInt8(truncatingIfNeeded: (weighted &+ previous &+ 1) &>> 2)
            out[2 &* i &+ 1] = UInt8(truncatingIfNeeded: (weighted &+ next &+ 2) &>> 2)
        }
    }

    /// 2:1 down: 3·nearer row + further row, rounded with `bias` (1 above, 2 below, as libjpeg-turbo 2.1+).
    static func h1v2Fancy(
        _ near: UnsafePointer<UInt8>, _ far: UnsafePointer<UInt8>, count: Int, bias: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        for i in 0..<count {
            out[i] = UInt8(truncatingIfNeeded: (Int(near[i]) &* 3 &+ Int(far[i]) &+ bias) &>> 2)
        }
    }

    /// 2:1 both ways: column sums 3·nearer row + further row, then the horizontal triangle on them
    /// (weights 9/16, 3/16, 3/16, 1/16), rounded with 8 and 7 as libjpeg does.
    static func h2v2Fancy(
        _ near: UnsafePointer<UInt8>, _ far: UnsafePointer<UInt8>, count: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        @inline(__always) func columnSums(_ at: Int) -> Lane16 { widen(near + at) &* 3 &+ widen(far + at) }
        var i = 1
        while i &+ 8 < count {
            let previous = columnSums(i &- 1), current = columnSums(i), next = columnSums(i &+ 1)
            let weighted = current &* 3
            storeInterleaved((weighted &+ previous &+ 8) &>> 4, (weighted &+ next &+ 7) &>> 4, out + (2 &* i))
            i &+= 8
        }
        h2v2Scalar(near, far, count: count, range: 0..<1, into: out)
        h2v2Scalar(near, far, count: count, range: i..<count, into: out)
    }

    private static func h2v2Scalar(
        _ near: UnsafePointer<UInt8>, _ far: UnsafePointer<UInt8>, count: Int,
        range: Range<Int>, into out: UnsafeMutablePointer<UInt8>
    ) {
        @inline(__always) func columnSum(_ at: Int) -> Int { Int(near[at]) &* 3 &+ Int(far[at]) }
        for i in range {
            let previous = columnSum(max(i &- 1, 0)), next = columnSum(min(i &+ 1, count &- 1))
            let weighted = columnSum(i) &* 3
            out[2 &* i] = UInt8(truncatingIfNeeded: (weighted &+ previous &+ 8) &>> 4)
            out[2 &* i &+ 1] = UInt8(truncatingIfNeeded: (weighted &+ next &+ 7) &>> 4)
        }
    }

    typealias Lane16 = SIMD8<Int16>

    @inline(__always) private static func widen(_ p: UnsafePointer<UInt8>) -> Lane16 { JPEGLanes.widen(p) }

    /// Sixteen bytes: even[0], odd[0], even[1], odd[1], … The values are 0…255, so each pair is one
    /// little-endian 16-bit lane.
    @inline(__always)
    private static func storeInterleaved(_ even: Lane16, _ odd: Lane16, _ out: UnsafeMutablePointer<UInt8>) {
        #if _endian(little)
        let pairs = even | (odd &<< 8)
        #else
        let pairs = (even &<< 8) | odd
        #endif
        UnsafeMutableRawPointer(out).storeBytes(of: pairs, as: Lane16.self)
    }

    /// Each sample `factor` times.
    static func replicate(
        _ source: UnsafePointer<UInt8>, count: Int, factor: Int,
        into out: UnsafeMutablePointer<UInt8>
    ) {
        if factor == 2 {
            for i in 0..<count {
                let v = source[i]
                out[2 &* i] = v
                out[2 &* i &+ 1] = v
            }
            return
        }
        var o = 0
        for i in 0..<count {
            let v = source[i]
            for _ in 0..<factor {
                out[o] = v
                o &+= 1
            }
        }
    }
}
