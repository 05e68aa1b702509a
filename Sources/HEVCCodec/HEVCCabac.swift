import ImageCore

/// The CABAC arithmetic decoder of H.265 9.3.4.3. The standard's 9-bit offset is kept scaled
/// in `value` with `buffered` stream bits below it, so renormalising only counts bits down and a
/// byte is fetched at most once per bin (bit by bit, the engine cost a sixth of the decode).
/// Past the end of its substream it reads zeros; `isPastEnd` tells the slice decoder, which
/// refuses the slice when it has gone more than a few bytes past, so no read is out of bounds.
///
/// It is a plain value of pointers and integers, so that a hot loop can take it into a local
/// and back without a copy of any buffer or an exclusivity check a bin: the slice decoder owns
/// the memory behind `data` and `states` (see HEVCCabacStorage).
struct HEVCCabac {
    private let data: UnsafePointer<UInt8>
    private let count: Int
    private let tables: UnsafePointer<UInt8>
    /// Context variables: `pStateIdx << 1 | valMps` each.
    let states: UnsafeMutablePointer<UInt8>
    private var nextByte = 0
    /// The standard's ivlOffset times 2^buffered, plus the `buffered` bits read after it.
    private var value: UInt32 = 0
    private var buffered = 0
    private var range: UInt32 = 510

    init(storage: HEVCCabacStorage, byteOffset: Int) {
        data = UnsafePointer(storage.data.baseAddress!)
        count = storage.data.count
        states = storage.states
        tables = UnsafePointer(HEVCCabacTables.packed.base)
        start(atByte: byteOffset)
    }

    /// The next bit the standard's engine would read, counted from the start of `data`.
    var bitPosition: Int { nextByte * 8 - buffered }
    /// More than 4 bytes read past the end: the stream is truncated or damaged.
    var isPastEnd: Bool { bitPosition > (count + 4) * 8 }
    /// The byte after the last one the engine has started reading (after a terminating bin of 1).
    var alignedByte: Int { (bitPosition + 7) >> 3 }

    /// The context variables, copied out or in (at slice, tile and wavefront row starts).
    var contexts: [UInt8] {
        get { Array(UnsafeBufferPointer(start: states, count: HEVCContext.count)) }
        nonmutating set {
            precondition(newValue.count == HEVCContext.count)
            states.update(from: newValue, count: HEVCContext.count)
        }
    }

    /// Initialises the engine at a byte (9.3.2.5): at a slice, substream or after PCM samples.
    mutating func start(atByte byte: Int) {
        nextByte = byte
        value = 0
        buffered = 0
        range = 510
        fetch()
        fetch()
        buffered -= 9
    }

    @inline(__always)
    private mutating func fetch() {
        let byte: UInt32 = nextByte >= 0 && nextByte < count ? UInt32(data[nextByte]) : 0
        value = value &<< 8 | byte
        nextByte &+= 1
        buffered &+= 8
    }

    // The engine's arithmetic wraps and its shifts mask (`&-`, `&<<`): none can overflow (the
    // range stays 256 to 510, `buffered` 0 to 15, the offset below the range shifted by it), and
    // the checks were a branch each on the bins' critical path.

    @inline(__always)
    mutating func decode(_ context: Int) -> Int {
        if buffered < 8 { fetch() }
        let state = Int(states[context])
        let lps = UInt32(tables[(state &>> 1) &<< 2 | Int((range &>> 6) & 3)])
        range &-= lps
        let scaled = range &<< UInt32(truncatingIfNeeded: buffered)
        if value >= scaled {
            value &-= scaled
            // LPS: renormalise until the range is 9 bits again (at most 7 steps; 8 are buffered).
            let shift = lps.leadingZeroBitCount &- 23
            range = lps &<< UInt32(truncatingIfNeeded: shift)
            buffered &-= shift
            states[context] = tables[384 &+ state]
            return 1 &- (state & 1)
        }
        states[context] = tables[256 &+ state]
        if range < 256 {
            range &<<= 1
            buffered &-= 1
        }
        return state & 1
    }

    @inline(__always)
    mutating func bypass() -> Int {
        if buffered == 0 { fetch() }
        buffered &-= 1
        let scaled = range &<< UInt32(truncatingIfNeeded: buffered)
        if value >= scaled {
            value &-= scaled
            return 1
        }
        return 0
    }

    /// `count` bypass bins, most significant first (count at most 32), up to 8 at a time: bypass
    /// bins leave the range alone, so k of them are the k-bit quotient of the offset by the range
    /// (long division, one bin a step), taken in one division (bin by bin, each a branch the
    /// processor could not foretell, they were a sixth of the decode).
    @inline(__always)
    mutating func bypassBits(_ count: Int) -> Int {
        var result = 0
        var left = count
        while left > 0 {
            if buffered < 8 { fetch() }
            let k = min(left, 8)
            result = result << k | Int(takeBypass(k))
            left -= k
        }
        return result
    }

    /// k (1 to 8) bypass bins as one quotient; `buffered` must be at least k. An offset not below
    /// the range (a damaged stream's first 9 bits) gives every bin 1, as bin by bin it would.
    @inline(__always)
    private mutating func takeBypass(_ k: Int) -> UInt32 {
        buffered &-= k
        let scaled = range &<< UInt32(truncatingIfNeeded: buffered)
        let q = min(value / scaled, (1 &<< UInt32(truncatingIfNeeded: k)) &- 1)
        value = value &- q &* scaled
        return q
    }

    /// The next 8 bypass bins, not taken (`skipBypass` takes some of them).
    @inline(__always)
    mutating func peekBypass8() -> UInt32 {
        if buffered < 8 { fetch() }
        let scaled = range &<< UInt32(truncatingIfNeeded: buffered &- 8)
        return min(value / scaled, 255)
    }

    /// Takes the first `count` (at most 8) of the bins `peekBypass8` gave.
    @inline(__always)
    mutating func skipBypass(_ count: Int, of bins: UInt32) {
        buffered &-= count
        let taken = bins &>> UInt32(truncatingIfNeeded: 8 &- count)
        value = value &- taken &* (range &<< UInt32(truncatingIfNeeded: buffered))
    }

    /// The count of bypass bins of 1 before the first 0 (which is read too), at most `limit`
    /// ones (then the 0 is not read): a unary prefix, several bins to a division.
    @inline(__always)
    mutating func bypassOnes(limit: Int) -> Int {
        var ones = 0
        while ones < limit {
            if buffered < 8 { fetch() }
            let k = min(limit - ones, 8)
            // The next k bins, then back to those after the first 0 (a quotient's leading
            // bits are the quotient of as many bins).
            let (start, offset) = (buffered, value)
            let q = takeBypass(k)
            let run = (~(q << UInt32(32 - k))).leadingZeroBitCount
            guard run < k else {
                ones += k
                continue
            }
            buffered = start - run - 1
            value = offset &- (q >> UInt32(k - run - 1)) &* (range << UInt32(buffered))
            return ones + run
        }
        return ones
    }

    mutating func terminate() -> Int {
        if buffered < 8 { fetch() }
        range -= 2
        if value >= range << UInt32(buffered) { return 1 }
        if range < 256 {
            range <<= 1
            buffered -= 1
        }
        return 0
    }

    /// Raw bits after a terminating bin (PCM samples), from the current bit position.
    mutating func rawBits(_ count: Int) -> Int {
        var result = 0
        for _ in 0..<count {
            if buffered == 0 { fetch() }
            buffered -= 1
            result = result << 1 | Int((value >> UInt32(buffered)) & 1)
        }
        return result
    }

    mutating func skipToByte(_ byte: Int) {
        nextByte = byte
        value = 0
        buffered = 0
    }
}

/// The memory an engine reads and updates: a copy of the slice data and the context variables,
/// owned by the slice decoder for as long as its engine is used.
final class HEVCCabacStorage {
    let data: UnsafeMutableBufferPointer<UInt8>
    let states: UnsafeMutablePointer<UInt8>

    init(_ bytes: [UInt8]) {
        data = .allocate(capacity: max(bytes.count, 1))
        _ = data.initialize(from: bytes)
        if bytes.isEmpty { data[0] = 0 }
        states = .allocate(capacity: HEVCContext.count)
        states.initialize(repeating: 0, count: HEVCContext.count)
    }

    deinit {
        data.deallocate()
        states.deallocate()
    }
}

/// Tables 9-52 and 9-53: the LPS range by state and quantised range, and the state transitions.
enum HEVCCabacTables {
    static let rangeLPS: [UInt8] = [
        128, 176, 208, 240, 128, 167, 197, 227, 128, 158, 187, 216, 123, 150, 178, 205, 116, 142, 169, 195,
        111, 135, 160, 185, 105, 128, 152, 175, 100, 122, 144, 166, 95, 116, 137, 158, 90, 110, 130, 150,
        85, 104, 123, 142, 81, 99, 117, 135, 77, 94, 111, 128, 73, 89, 105, 122, 69, 85, 100, 116,
        66, 80, 95, 110, 62, 76, 90, 104, 59, 72, 86, 99, 56, 69, 81, 94, 53, 65, 77, 89,
        51, 62, 73, 85, 48, 59, 69, 80, 46, 56, 66, 76, 43, 53, 63, 72, 41, 50, 59, 69,
        39, 48, 56, 65, 37, 45, 54, 62, 35, 43, 51, 59, 33, 41, 48, 56, 32, 39, 46, 53,
        30, 37, 43, 50, 29, 35, 41, 48, 27, 33, 39, 45, 26, 31, 37, 43, 24, 30, 35, 41,
        23, 28, 33, 39, 22, 27, 32, 37, 21, 26, 30, 35, 20, 24, 29, 33, 19, 23, 27, 31,
        18, 22, 26, 30, 17, 21, 25, 28, 16, 20, 23, 27, 15, 19, 22, 25, 14, 18, 21, 24,
        14, 17, 20, 23, 13, 16, 19, 22, 12, 15, 18, 21, 12, 14, 17, 20, 11, 14, 16, 19,
        11, 13, 15, 18, 10, 12, 15, 17, 10, 12, 14, 16, 9, 11, 13, 15, 9, 11, 12, 14,
        8, 10, 12, 14, 8, 9, 11, 13, 7, 9, 11, 12, 7, 9, 10, 12, 7, 8, 10, 11,
        6, 8, 9, 11, 6, 7, 9, 10, 6, 7, 8, 9, 2, 2, 2, 2,
    ]
    static let nextLPS: [UInt8] = [
        0, 0, 1, 2, 2, 4, 4, 5, 6, 7, 8, 9, 9, 11, 11, 12, 13, 13, 15, 15, 16, 16, 18, 18, 19, 19, 21, 21,
        22, 22, 23, 24, 24, 25, 26, 26, 27, 27, 28, 29, 29, 30, 30, 30, 31, 32, 32, 33, 33, 33, 34, 34, 35,
        35, 35, 36, 36, 36, 37, 37, 37, 38, 38, 63,
    ]
    static let nextMPS: [UInt8] = (0..<64).map { UInt8($0 < 62 ? $0 + 1 : $0) }

    /// The engine's one table: rangeLPS at 0, then by whole context state (`pStateIdx << 1 |
    /// valMps`) the state after an MPS at 256 and after an LPS at 384. Made once, never freed.
    static let packed = SendablePointer<UInt8>.table(count: 512) { table in
        table.initialize(repeating: 0, count: 512)
        for i in 0..<256 { table[i] = rangeLPS[i] }
        for state in 0..<128 {
            let p = state >> 1, mps = state & 1
            table[256 + state] = nextMPS[p] << 1 | UInt8(mps)
            table[384 + state] = nextLPS[p] << 1 | UInt8(p == 0 ? 1 - mps : mps)
        }
    }
}
