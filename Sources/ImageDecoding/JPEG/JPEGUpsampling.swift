/// Chroma upsampling of one output row, as libjpeg-turbo's jdsample.c: the "fancy"
/// triangle filter (3/4 nearer sample, 1/4 further) for 2:1 horizontal, 2:1
/// vertical and both, and plain replication otherwise. Edge samples repeat, which
/// is what libjpeg's special first/last columns and duplicated edge rows amount to.
enum JPEGUpsampling {
    /// 2:1 across: output 2i is (3·s[i] + s[i−1] + 1) / 4, output 2i+1 is (3·s[i] + s[i+1] + 2) / 4.
    static func h2v1Fancy(_ source: UnsafePointer<UInt8>, count: Int, into out: UnsafeMutablePointer<UInt8>) {
        var previous = Int(source[0])
        var current = previous
        for i in 0..<count {
            let next = Int(source[min(i &+ 1, count &- 1)])
            let weighted = current &* 3
            out[2 &* i] = UInt8(truncatingIfNeeded: (weighted &+ previous &+ 1) &>> 2)
            out[2 &* i &+ 1] = UInt8(truncatingIfNeeded: (weighted &+ next &+ 2) &>> 2)
            previous = current
            current = next
        }
    }

    /// 2:1 down: 3·nearer row + further row, rounded with `bias` (1 above, 2 below, as libjpeg-turbo 2.1+).
    static func h1v2Fancy(_ near: UnsafePointer<UInt8>, _ far: UnsafePointer<UInt8>, count: Int, bias: Int,
                          into out: UnsafeMutablePointer<UInt8>) {
        for i in 0..<count {
            out[i] = UInt8(truncatingIfNeeded: (Int(near[i]) &* 3 &+ Int(far[i]) &+ bias) &>> 2)
        }
    }

    /// 2:1 both ways: column sums 3·nearer row + further row, then the horizontal triangle on them
    /// (weights 9/16, 3/16, 3/16, 1/16), rounded with 8 and 7 as libjpeg does.
    static func h2v2Fancy(_ near: UnsafePointer<UInt8>, _ far: UnsafePointer<UInt8>, count: Int,
                          into out: UnsafeMutablePointer<UInt8>) {
        var current = Int(near[0]) &* 3 &+ Int(far[0])
        var previous = current
        for i in 0..<count {
            let j = min(i &+ 1, count &- 1)
            let next = Int(near[j]) &* 3 &+ Int(far[j])
            let weighted = current &* 3
            out[2 &* i] = UInt8(truncatingIfNeeded: (weighted &+ previous &+ 8) &>> 4)
            out[2 &* i &+ 1] = UInt8(truncatingIfNeeded: (weighted &+ next &+ 7) &>> 4)
            previous = current
            current = next
        }
    }

    /// Each sample `factor` times.
    static func replicate(_ source: UnsafePointer<UInt8>, count: Int, factor: Int, into out: UnsafeMutablePointer<UInt8>) {
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
