@testable import AV1Codec

/// A symbol (range) encoder, as libaom's od_ec encoder works, for the tests only: it writes what
/// AV1SymbolDecoder must read back, symbol for symbol, CDFs adapted on both sides alike.
struct AV1SymbolEncoder {
    private var precarry: [UInt32] = []
    private var low: UInt64 = 0
    private var range: UInt32 = 0x8000
    private var count = -9
    var cdfs: AV1CDFs

    init(cdfs: AV1CDFs) { self.cdfs = cdfs }

    /// Encodes `symbol` with the `n`-symbol CDF at `offset`, then adapts it as the decoder does.
    mutating func symbol(_ symbol: Int, _ offset: Int, count n: Int) {
        let values = cdfs.values
        func icdf(_ i: Int) -> UInt32 { 32768 - UInt32(values[offset + i]) }
        let fl: UInt32 = symbol > 0 ? icdf(symbol - 1) : 32768
        let fh = icdf(symbol)
        encode(fl: fl, fh: fh, symbol: symbol, n: n)
        cdfs.adapt(offset, n, symbol)
    }

    mutating func bool(_ bit: Bool) {
        // The CDF {1 << 14, 1 << 15}: symbol 1 is the bit set.
        let s = bit ? 1 : 0
        encode(fl: s > 0 ? 16384 : 32768, fh: s > 0 ? 0 : 16384, symbol: s, n: 2)
    }

    /// od_ec_encode_q15 (C's precedence made explicit: the product, then the shift).
    private mutating func encode(fl: UInt32, fh: UInt32, symbol s: Int, n: Int) {
        var l = low
        var r = range
        let last = UInt32(n - 1)
        if fl < 32768 {
            let u = (((r >> 8) * (fl >> 6)) >> 1) + 4 * (last - UInt32(s - 1))
            let v = (((r >> 8) * (fh >> 6)) >> 1) + 4 * (last - UInt32(s))
            l += UInt64(r - u)
            r = u - v
        } else {
            r -= (((r >> 8) * (fh >> 6)) >> 1) + 4 * (last - UInt32(s))
        }
        normalize(l, r)
    }

    private mutating func normalize(_ l: UInt64, _ r: UInt32) {
        var low = l
        let d = 15 - (31 - r.leadingZeroBitCount)
        var c = count
        var s = c + d
        if s >= 0 {
            c += 16
            var m: UInt64 = (1 << UInt64(c)) - 1
            if s >= 8 {
                precarry.append(UInt32(low >> UInt64(c)))
                low &= m
                c -= 8
                m >>= 8
            }
            precarry.append(UInt32(low >> UInt64(c)))
            s = c + d - 24
            low &= m
        }
        self.low = low << UInt64(d)
        range = r << UInt32(d)
        count = s
    }

    /// The bytes, with the final flush and carries propagated (od_ec_enc_done).
    mutating func finish() -> [UInt8] {
        let m: UInt64 = 0x3FFF
        var e = ((low + m) & ~m) | (m + 1)
        var c = count
        var s = c + 10
        if s > 0 {
            var n: UInt64 = (1 << UInt64(c + 16)) - 1
            repeat {
                precarry.append(UInt32(e >> UInt64(c + 16)))
                e &= n
                s -= 8
                c -= 8
                n >>= 8
            } while s > 0
        }
        var out = [UInt8](repeating: 0, count: precarry.count)
        var carry: UInt32 = 0
        for i in stride(from: precarry.count - 1, through: 0, by: -1) {
            let v = precarry[i] + carry
            out[i] = UInt8(v & 0xFF)
            carry = v >> 8
        }
        return out
    }
}
