import ByteCoding

/// Compressing with deflate (RFC 1951) in a zlib wrapper (RFC 1950), as the
/// PNG writer needs: zlib level 6's matching, optimal length-limited Huffman
/// codes, and per block whichever of stored, fixed or dynamic is smallest.
/// The output depends only on the input.
public enum Deflate {
    /// `data` as a zlib stream.
    public static func zlib(_ data: [UInt8]) -> [UInt8] {
        var writer = DeflateBitWriter(reserving: data.count / 2 + 64)
        // CMF 0x78: deflate, 32 KiB window; FLG 0x9C: zlib's "default" level, check bits.
        writer.write(0x9C78, 16)
        data.withUnsafeBufferPointer { DeflateMatcher.compress($0, into: &writer) }
        writer.alignToByte()
        let adler = Adler32.checksum(data)
        // Appended to the writer's own bytes, not concatenated: a photo's stream is tens of MB, and
        // `bytes + checksum` held a second copy of it at the writer's peak.
        let checksum = [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
        checksum.withUnsafeBufferPointer { writer.append($0) }
        return writer.bytes
    }

    /// `data` as a raw deflate stream.
    public static func raw(_ data: [UInt8]) -> [UInt8] {
        var writer = DeflateBitWriter(reserving: data.count / 2 + 64)
        data.withUnsafeBufferPointer { DeflateMatcher.compress($0, into: &writer) }
        writer.alignToByte()
        return writer.bytes
    }
}
