/// Walks the marker structure of a JPEG: finds the next marker (skipping stray bytes
/// and fill bytes as libjpeg's next_marker does) and hands out a segment's payload.
/// Every read is checked against the end of the data.
struct JPEGSegmentReader {
    let data: UnsafeBufferPointer<UInt8>
    /// The next byte to look at.
    var position: Int

    init(_ data: UnsafeBufferPointer<UInt8>) {
        self.data = data
        position = 0
    }

    /// The file must open with SOI (FF D8).
    mutating func readStartOfImage() throws(DecodeError) {
        guard data.count >= 2 else { throw .truncated(section: "before the start-of-image marker") }
        guard data[0] == 0xFF, data[1] == 0xD8 else { throw .corrupt("not a JPEG: no start-of-image marker") }
        position = 2
    }

    /// The code of the next marker (the byte after FF), leaving `position` after it; nil at
    /// the end of the data. Bytes that are not a marker are skipped, as are FF fill bytes
    /// and FF 00 pairs, since libjpeg accepts them (with a warning) too.
    mutating func nextMarker() -> UInt8? {
        var i = position
        let end = data.count
        while i < end {
            guard data[i] == 0xFF else {
                i += 1
                continue
            }
            var j = i + 1
            while j < end && data[j] == 0xFF { j += 1 }
            guard j < end else { break }
            if data[j] != 0 {
                position = j + 1
                return data[j]
            }
            i = j + 1
        }
        position = end
        return nil
    }

    /// The payload of the segment that starts at `position` (after its marker): its two
    /// length bytes count themselves, so the payload is length - 2 bytes. With `lenient` (segments
    /// libjpeg skips: APPn, COM) a length under 2 is an empty payload, as libjpeg's skip_variable has it.
    mutating func readSegment(
        named name: String, lenient: Bool = false
    ) throws(DecodeError)
        -> UnsafeBufferPointer<UInt8>
    {
        guard position + 2 <= data.count else { throw .truncated(section: "in the \(name) segment") }
        let length = Int(data[position]) << 8 | Int(data[position + 1])
        guard length >= 2 else {
            guard lenient else { throw .corrupt("\(name) segment length \(length)") }
            position += 2
            return UnsafeBufferPointer(rebasing: data[position..<position])
        }
        guard position + length <= data.count else { throw .truncated(section: "in the \(name) segment") }
        let payload = UnsafeBufferPointer(rebasing: data[(position + 2)..<(position + length)])
        position += length
        return payload
    }
}

/// Reads a segment's payload front to back; running past its end is an error naming the segment.
struct JPEGPayload {
    let bytes: UnsafeBufferPointer<UInt8>
    let name: String
    var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, name: String) {
        self.bytes = bytes
        self.name = name
    }

    var remaining: Int { bytes.count - offset }

    mutating func byte() throws(DecodeError) -> Int {
        guard offset < bytes.count else { throw .corrupt("\(name) segment is too short") }
        offset += 1
        return Int(bytes[offset - 1])
    }

    mutating func uint16() throws(DecodeError) -> Int {
        let high = try byte()
        return high << 8 | (try byte())
    }

    /// The payload must be used up exactly, as libjpeg insists.
    func expectEnd() throws(DecodeError) {
        guard offset == bytes.count else { throw .corrupt("\(name) segment length does not match its contents") }
    }
}
