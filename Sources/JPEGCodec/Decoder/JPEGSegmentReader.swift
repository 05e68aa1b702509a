import ImageCore
import ImageHeaders

/// The decoder's reading of JPEGMarkerLexer's markers and segments, libjpeg's policy: stray bytes,
/// fill bytes and FF 00 pairs before a marker are skipped (next_marker), and every read is checked
/// against the end of the data.
struct JPEGSegmentReader {
    let data: UnsafeBufferPointer<UInt8>
    private var lexer = JPEGMarkerLexer(position: 0)

    /// The next byte to look at; the scan decoders move it past the entropy-coded data they read.
    var position: Int {
        get { lexer.position }
        set { lexer.position = newValue }
    }

    init(_ data: UnsafeBufferPointer<UInt8>) {
        self.data = data
    }

    /// The file must open with SOI (FF D8).
    mutating func readStartOfImage() throws(DecodeError) {
        guard data.count >= 2 else { throw .truncated(section: "before the start-of-image marker") }
        guard data[0] == 0xFF, data[1] == JPEGMarkerLexer.soi else {
            throw .corrupt("not a JPEG: no start-of-image marker")
        }
        position = 2
    }

    /// The code of the next marker (the byte after FF), leaving `position` after it; nil at
    /// the end of the data. Bytes that are not a marker are skipped, as are FF fill bytes
    /// and FF 00 pairs, since libjpeg accepts them (with a warning) too.
    mutating func nextMarker() -> UInt8? {
        var input = data
        while let marker = lexer.nextMarker(in: &input) {
            if marker.code != 0 { return marker.code }
        }
        position = data.count
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
        var input = data
        guard let segment = lexer.segment(in: &input) else { throw .truncated(section: "in the \(name) segment") }
        guard segment.length >= 2 else {
            guard lenient else { throw .corrupt("\(name) segment length \(segment.length)") }
            return UnsafeBufferPointer(rebasing: data[segment.payload])
        }
        guard segment.end <= data.count else { throw .truncated(section: "in the \(name) segment") }
        return UnsafeBufferPointer(rebasing: data[segment.payload])
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
