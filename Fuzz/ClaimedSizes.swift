// A libFuzzer custom mutator for the thumbnail fuzzer: after libFuzzer's own mutation, one time in
// three it writes a claimed size into the header of the format it recognises (PNG IHDR with its CRC,
// BMP, GIF, TIFF and BigTIFF width/length, WebP VP8X/VP8/VP8L, JPEG SOF, ISOBMFF ispe). Random bytes
// rarely land a valid 0xFFFFFFFF in a checksummed field; this makes sizes up to 2^32-1 (and the
// edges 16384/16385) common inputs, as the issue asks.

import ByteCoding

@_silgen_name("LLVMFuzzerMutate")
func libFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

@_cdecl("LLVMFuzzerCustomMutator")
public func claimedSizeMutator(
    _ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32
) -> Int {
    let count = libFuzzerMutate(data, size, maxSize)
    guard seed % 3 == 0 else { return count }
    var bytes = Array(UnsafeBufferPointer(start: data, count: count))
    ClaimedSizes.claim(&bytes, seed: seed)
    for i in 0..<count { data[i] = bytes[i] }
    return count
}

enum ClaimedSizes {
    static let edges: [UInt64] = [
        0, 1, 2, 16383, 16384, 16385, 65535, 65536, 1 << 24, 0x7FFF_FFFF, 0x8000_0000, 0xFFFF_FFFF,
        0xFFFF_FFFF_FFFF_FFFF, 1 << 62,
    ]

    /// Which size (an edge or a random one), and whether the width, the height or both.
    static func claim(_ bytes: inout [UInt8], seed: UInt32) {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 16
        }
        let value = next() % 4 == 0 ? next() & 0xFFFF_FFFF : edges[Int(next() % UInt64(edges.count))]
        let which = Int(next() % 3)  // 0 width, 1 height, 2 both
        var writer = FieldWriter(bytes: bytes)
        writer.write(value: value, width: which != 1, height: which != 0)
        bytes = writer.bytes
    }
}

/// Finds a format's size fields and writes a value into them, truncated to each field's width.
struct FieldWriter {
    var bytes: [UInt8]

    mutating func put(_ at: Int, _ value: UInt64, size: Int, bigEndian: Bool) {
        guard at >= 0, at + size <= bytes.count else { return }
        for i in 0..<size {
            let shift = UInt64(8 * (bigEndian ? size - 1 - i : i))
            bytes[at + i] = UInt8(truncatingIfNeeded: value >> shift)
        }
    }

    func has(_ text: String, at: Int) -> Bool {
        let t = Array(text.utf8)
        return at + t.count <= bytes.count && Array(bytes[at..<at + t.count]) == t
    }

    func find(_ pattern: [UInt8], from: Int = 0) -> Int? {
        guard bytes.count >= pattern.count, from <= bytes.count - pattern.count else { return nil }
        for i in from...(bytes.count - pattern.count) where Array(bytes[i..<i + pattern.count]) == pattern {
            return i
        }
        return nil
    }

    func u16(_ at: Int, bigEndian: Bool) -> Int {
        guard at + 2 <= bytes.count else { return -1 }
        return bigEndian ? Int(bytes[at]) << 8 | Int(bytes[at + 1]) : Int(bytes[at + 1]) << 8 | Int(bytes[at])
    }

    /// An unsigned field of `size` bytes, -1 past the end or past Int.max.
    func uint(_ at: Int, size: Int, bigEndian: Bool) -> Int {
        guard at >= 0, at + size <= bytes.count else { return -1 }
        var value: UInt64 = 0
        for i in 0..<size {
            let byte = UInt64(bytes[at + (bigEndian ? i : size - 1 - i)])
            value = value << 8 | byte
        }
        return value > UInt64(Int.max) ? -1 : Int(value)
    }

    mutating func write(value v: UInt64, width: Bool, height: Bool) {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            if width { put(16, v, size: 4, bigEndian: true) }
            if height { put(20, v, size: 4, bigEndian: true) }
            if bytes.count >= 33 {
                put(29, UInt64(CRC32.checksum(Array(bytes[12..<29]))), size: 4, bigEndian: true)
            }
        } else if has("BM", at: 0) {
            let core = bytes.count > 14 && bytes[14] == 12
            if width { put(18, v, size: core ? 2 : 4, bigEndian: false) }
            if height { put(core ? 20 : 22, v, size: core ? 2 : 4, bigEndian: false) }
        } else if has("GIF8", at: 0) {
            if width { put(6, v, size: 2, bigEndian: false) }
            if height { put(8, v, size: 2, bigEndian: false) }
        } else if has("II", at: 0) || has("MM", at: 0) {
            writeTIFF(v, width: width, height: height)
        } else if has("RIFF", at: 0), has("WEBP", at: 8) {
            if has("VP8X", at: 12) {
                if width { put(24, v &- 1, size: 3, bigEndian: false) }
                if height { put(27, v &- 1, size: 3, bigEndian: false) }
            } else if has("VP8 ", at: 12) {
                if width { put(26, v & 0x3FFF, size: 2, bigEndian: false) }
                if height { put(28, v & 0x3FFF, size: 2, bigEndian: false) }
            } else if has("VP8L", at: 12), bytes.count >= 25 {
                let w = width ? (v &- 1) & 0x3FFF : UInt64(u16(21, bigEndian: false) & 0x3FFF)
                var bits =
                    UInt64(bytes[21]) | UInt64(bytes[22]) << 8 | UInt64(bytes[23]) << 16 | UInt64(bytes[24]) << 24
                bits = bits & ~0x3FFF | w
                if height { bits = bits & ~(0x3FFF << 14) | ((v &- 1) & 0x3FFF) << 14 }
                put(21, bits, size: 4, bigEndian: false)
            }
        } else if bytes.starts(with: [0xFF, 0xD8]) {
            guard let sof = find([0xFF, 0xC0]) ?? find([0xFF, 0xC2]) ?? find([0xFF, 0xC1]) else { return }
            if height { put(sof + 5, v, size: 2, bigEndian: true) }
            if width { put(sof + 7, v, size: 2, bigEndian: true) }
        } else if let ispe = find(Array("ispe".utf8)) {
            if width { put(ispe + 8, v, size: 4, bigEndian: true) }
            if height { put(ispe + 12, v, size: 4, bigEndian: true) }
        }
    }

    /// The first IFD's ImageWidth (256) and ImageLength (257): SHORT or LONG as stored, LONG8 in BigTIFF.
    mutating func writeTIFF(_ v: UInt64, width: Bool, height: Bool) {
        let be = bytes[0] == 0x4D
        let big = u16(2, bigEndian: be) == 43
        guard bytes.count >= (big ? 16 : 8) else { return }
        let ifd = uint(big ? 8 : 4, size: big ? 8 : 4, bigEndian: be)
        guard ifd > 0, ifd < bytes.count else { return }
        let count = uint(ifd, size: big ? 8 : 2, bigEndian: be)
        let entrySize = big ? 20 : 12
        let first = ifd + (big ? 8 : 2)
        for e in 0..<max(0, min(count, 64)) {
            let entry = first + e * entrySize
            let tag = u16(entry, bigEndian: be)
            guard (tag == 256 && width) || (tag == 257 && height) else { continue }
            let type = u16(entry + 2, bigEndian: be)
            let field = entry + (big ? 12 : 8)
            switch type {
            case 3: put(field, v, size: 2, bigEndian: be)
            case 16: put(field, v, size: 8, bigEndian: be)
            default:
                put(entry + 2, 4, size: 2, bigEndian: be)
                put(field, v, size: 4, bigEndian: be)
            }
        }
    }
}
