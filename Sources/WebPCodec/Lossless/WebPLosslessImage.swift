import ImageCore

/// A VP8L chunk's payload decoded to RGBA.
enum WebPLosslessImage {
    /// Returns the header and `width * height * 4` bytes of straight RGBA; `inputBytes` is the
    /// file held while it decodes (the budget counts it).
    static func decode(
        _ payload: UnsafeBufferPointer<UInt8>, inputBytes: Int = 0
    ) throws(DecodeError) -> (VP8LDecoder.Header, [UInt8]) {
        var reader = VP8LBitReader(payload)
        let header = try VP8LDecoder.readHeader(&reader)
        // No minimum-size check is possible here: VP8L codes may spend zero bits
        // a pixel (a one-symbol code for every channel), so a valid 16384×16384
        // image can be a few dozen bytes. The output's pages are only touched as
        // rows are decoded, and the decode stops at the first row the data cannot
        // reach, so a short file claiming a huge size costs no more than it holds.
        // Working memory besides the output: a packed copy (at most half the
        // output), sub-images and the tables (budgeted in VP8LDecoder).
        let pixelCount = header.width * header.height
        try DecodeLimits.check(
            width: header.width, height: header.height, workingBytes: 3 * pixelCount, inputBytes: inputBytes)
        var bytes = WebPPixelMemory.unwrittenBytes(count: pixelCount * 4)
        try WebPPixelMemory.withWords(&bytes) { words throws(DecodeError) in
            try VP8LDecoder.decodeImageStream(width: header.width, height: header.height, from: &reader, into: words)
        }
        WebPPixelMemory.argbToRGBA(&bytes, opaque: false)
        return (header, bytes)
    }
}
