/// Small vector helpers for the hot loops, written with the SIMD operators and lane
/// accessors only: the standard library's clamped(), pointwiseMin/Max and converting
/// initialisers are generic calls the optimiser does not always inline, while these
/// fold into a few SSE2 instructions.
enum JPEGLanes {
    typealias Lane16 = SIMD8<Int16>
    typealias Lane32 = SIMD8<Int32>

    /// Eight bytes as 16-bit lanes.
    @inline(__always) static func widen(_ p: UnsafePointer<UInt8>) -> Lane16 {
        let b = UnsafeRawPointer(p).loadUnaligned(as: SIMD8<UInt8>.self)
        return Lane16(
            Int16(b[0]), Int16(b[1]), Int16(b[2]), Int16(b[3]),
            Int16(b[4]), Int16(b[5]), Int16(b[6]), Int16(b[7]))
    }

    @inline(__always) static func widen(_ v: Lane16) -> Lane32 {
        Lane32(Int32(v[0]), Int32(v[1]), Int32(v[2]), Int32(v[3]), Int32(v[4]), Int32(v[5]), Int32(v[6]), Int32(v[7]))
    }

    /// The low 16 bits of each lane.
    @inline(__always) static func truncate(_ v: Lane32) -> Lane16 {
        Lane16(
            Int16(truncatingIfNeeded: v[0]), Int16(truncatingIfNeeded: v[1]), Int16(truncatingIfNeeded: v[2]),
            Int16(truncatingIfNeeded: v[3]), Int16(truncatingIfNeeded: v[4]), Int16(truncatingIfNeeded: v[5]),
            Int16(truncatingIfNeeded: v[6]), Int16(truncatingIfNeeded: v[7]))
    }

    /// The low byte of each lane.
    @inline(__always) static func bytes(_ v: Lane16) -> SIMD8<UInt8> {
        SIMD8<UInt8>(
            UInt8(truncatingIfNeeded: v[0]), UInt8(truncatingIfNeeded: v[1]), UInt8(truncatingIfNeeded: v[2]),
            UInt8(truncatingIfNeeded: v[3]), UInt8(truncatingIfNeeded: v[4]), UInt8(truncatingIfNeeded: v[5]),
            UInt8(truncatingIfNeeded: v[6]), UInt8(truncatingIfNeeded: v[7]))
    }

    /// Each lane clamped to 0...255: negatives cleared by their sign mask, values over 255 set to all ones
    /// by the sign of 255 − x, then the low byte kept.
    @inline(__always) static func clampToByte(_ x: Lane32) -> Lane32 {
        let nonNegative = x & ~(x &>> 31)
        return (nonNegative | ((Lane32(repeating: 255) &- nonNegative) &>> 31)) & 255
    }

    @inline(__always) static func clampToByte(_ x: Lane16) -> Lane16 {
        let nonNegative = x & ~(x &>> 15)
        return (nonNegative | ((Lane16(repeating: 255) &- nonNegative) &>> 15)) & 255
    }
}
