/// The CABAC arithmetic decoder of H.265 9.3.4.3, as the standard states it: a 9-bit range and
/// offset, one bit read per renormalisation step. Past the end of its substream it reads zeros
/// and sets `isPastEnd`; the slice decoder refuses the slice when it has gone more than a few
/// bytes past (a valid stream never reads past its end), so no read is ever out of bounds.
struct HEVCCabac {
    private let data: [UInt8]
    /// The next bit to read, counted from the start of `data`.
    private(set) var bitPosition = 0
    private var range: UInt32 = 510
    private var offset: UInt32 = 0
    /// Context variables: `pStateIdx << 1 | valMps` each.
    var contexts = [UInt8](repeating: 0, count: HEVCContext.count)

    init(data: [UInt8], byteOffset: Int) {
        self.data = data
        start(atByte: byteOffset)
    }

    /// More than 4 bytes read past the end: the stream is truncated or damaged.
    var isPastEnd: Bool { bitPosition > (data.count + 4) * 8 }
    /// The byte after the last one the engine has started reading (after a terminating bin of 1).
    var alignedByte: Int { (bitPosition + 7) >> 3 }

    /// Initialises the engine at a byte (9.3.2.5): at a slice, substream or after PCM samples.
    mutating func start(atByte byte: Int) {
        bitPosition = byte * 8
        range = 510
        offset = 0
        for _ in 0..<9 { offset = offset << 1 | readBit() }
    }

    @inline(__always)
    private mutating func readBit() -> UInt32 {
        let byte = bitPosition >> 3
        let bit: UInt32 = byte < data.count ? UInt32(data[byte] >> (7 - UInt8(bitPosition & 7))) & 1 : 0
        bitPosition += 1
        return bit
    }

    mutating func decode(_ context: Int) -> Int {
        let state = Int(contexts[context])
        let pState = state >> 1
        var mps = state & 1
        let lps = UInt32(HEVCCabacTables.rangeLPS[pState << 2 | Int((range >> 6) & 3)])
        range -= lps
        let bin: Int
        if offset >= range {
            bin = 1 - mps
            offset -= range
            range = lps
            if pState == 0 { mps = 1 - mps }
            contexts[context] = HEVCCabacTables.nextLPS[pState] << 1 | UInt8(mps)
        } else {
            bin = mps
            contexts[context] = HEVCCabacTables.nextMPS[pState] << 1 | UInt8(mps)
        }
        while range < 256 {
            range <<= 1
            offset = offset << 1 | readBit()
        }
        return bin
    }

    mutating func bypass() -> Int {
        offset = offset << 1 | readBit()
        if offset >= range {
            offset -= range
            return 1
        }
        return 0
    }

    /// `count` bypass bins, most significant first (count at most 32).
    mutating func bypassBits(_ count: Int) -> Int {
        var value = 0
        for _ in 0..<count { value = value << 1 | bypass() }
        return value
    }

    mutating func terminate() -> Int {
        range -= 2
        if offset >= range { return 1 }
        while range < 256 {
            range <<= 1
            offset = offset << 1 | readBit()
        }
        return 0
    }

    /// Raw bits after a terminating bin (PCM samples), from the current bit position.
    mutating func rawBits(_ count: Int) -> Int {
        var value = 0
        for _ in 0..<count { value = value << 1 | Int(readBit()) }
        return value
    }

    mutating func skipToByte(_ byte: Int) { bitPosition = byte * 8 }
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
}
