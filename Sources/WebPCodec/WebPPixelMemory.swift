import ImageCore

/// Pixel memory for the WebP decoders.
enum WebPPixelMemory {
    /// `count` bytes whose contents are unspecified until written. Large
    /// blocks come straight from the kernel and take physical memory only as
    /// rows are written, so a file claiming a huge size but ending early
    /// fails having touched little. Every caller writes every byte before the
    /// array is read.
    static func unwrittenBytes(count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }

    /// Runs `body` on `bytes` seen as ARGB words (native byte order), in place
    /// when the storage is 4-byte aligned (it is, on every platform Swift
    /// allocates from malloc), else through a copy.
    static func withWords(
        _ bytes: inout [UInt8], _ body: (UnsafeMutableBufferPointer<UInt32>) throws(DecodeError) -> Void
    ) throws(DecodeError) {
        let wordCount = bytes.count / 4
        let aligned = bytes.withUnsafeBytes { Int(bitPattern: $0.baseAddress) & 3 == 0 }
        var failure: DecodeError?
        if aligned {
            bytes.withUnsafeMutableBytes { raw in
                let whole = UnsafeMutableRawBufferPointer(rebasing: raw[0..<(wordCount * 4)])
                whole.withMemoryRebound(to: UInt32.self) { words in
                    do throws(DecodeError) { try body(words) } catch { failure = error }
                }
            }
        } else {
            var words = [UInt32](repeating: 0, count: wordCount)
            words.withUnsafeMutableBufferPointer { w in
                do throws(DecodeError) { try body(w) } catch { failure = error }
            }
            words.withUnsafeBytes { source in
                bytes.withUnsafeMutableBytes { $0.copyMemory(from: source) }
            }
        }
        if let failure { throw failure }
    }

    /// Rewrites ARGB words (as stored on little-endian machines) as R, G, B, A
    /// bytes in place; with `opaque`, alpha becomes 255.
    static func argbToRGBA(_ bytes: inout [UInt8], opaque: Bool) {
        let count = bytes.count & ~3
        bytes.withUnsafeMutableBytes { raw in
            var i = 0
            while i < count {
                let word =
                    UInt32(raw[i]) | UInt32(raw[i + 1]) << 8 | UInt32(raw[i + 2]) << 16
                    | UInt32(raw[i + 3]) << 24
                raw[i] = UInt8(truncatingIfNeeded: word >> 16)
                raw[i + 1] = UInt8(truncatingIfNeeded: word >> 8)
                raw[i + 2] = UInt8(truncatingIfNeeded: word)
                raw[i + 3] = opaque ? 255 : UInt8(truncatingIfNeeded: word >> 24)
                i += 4
            }
        }
    }
}
