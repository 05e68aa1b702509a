/// A marker as the lexer finds it: its code (the byte after 0xFF), where that code is, and what was
/// passed over to reach it: stray bytes (not 0xFF) and fill bytes (0xFF before the marker's own).
public struct JPEGMarker: Sendable, Equatable {
    public let code: UInt8
    /// The offset of the code byte; the marker's own 0xFF is the byte before.
    public let offset: Int
    public let stray: Int
    public let fill: Int
}

/// A marker segment's length field and the payload it claims: the two length bytes count themselves.
public struct JPEGSegment: Sendable, Equatable {
    /// Where the length field starts (just after the marker's code).
    public let start: Int
    public let length: Int

    /// The payload, as claimed; empty for a length under 2.
    public var payload: Range<Int> { (start + 2)..<(start + Swift.max(2, length)) }
    /// Where the segment ends, as claimed.
    public var end: Int { start + Swift.max(2, length) }
}

/// The one place JPEG markers are found and segments cut out, for the probe, the decoder and the
/// metadata surgery alike: a marker is 0xFF and a code, possibly after fill bytes (more 0xFF) and,
/// in damaged files, stray bytes; most markers open a segment whose 16-bit length counts itself;
/// SOS's entropy-coded data runs to the next marker that is neither a stuffed 0xFF00 nor a restart.
/// What to forgive (stray bytes, FF00 pairs, short lengths, a cut segment) is each reader's policy.
public struct JPEGMarkerLexer: Sendable {
    public static let soi: UInt8 = 0xD8
    public static let eoi: UInt8 = 0xD9
    public static let sos: UInt8 = 0xDA
    public static let com: UInt8 = 0xFE

    /// Where to look next; a reader that consumed entropy-coded data itself sets it past that data.
    public var position: Int
    /// Whether the last `nextMarker` gave up at its skip limit, not at the end of the data.
    public private(set) var gaveUp = false

    public init(position: Int = 2) {
        self.position = position
    }

    /// A restart marker (RST0–RST7), which sits inside entropy-coded data.
    public static func isRestart(_ code: UInt8) -> Bool { (0xD0...0xD7).contains(code) }

    /// The next marker from `position`, leaving `position` after its code; nil when the data ends
    /// first, or when more than `skipLimit` stray and fill bytes would be passed over (then
    /// `position` is where the search gave up). A code of 0 (a stuffed 0xFF00) is returned too.
    public mutating func nextMarker<Bytes: ContainerBytes>(
        in bytes: inout Bytes, skipLimit: Int = .max
    ) throws(Bytes.Failure) -> JPEGMarker? {
        var stray = 0
        var fill = 0
        gaveUp = false
        while position < bytes.count {
            guard try bytes.byte(at: position) == 0xFF else {
                stray += 1
                position += 1
                guard stray + fill <= skipLimit else { return giveUp() }
                continue
            }
            position += 1
            while position < bytes.count, try bytes.byte(at: position) == 0xFF {
                fill += 1
                position += 1
                guard stray + fill <= skipLimit else { return giveUp() }
            }
            guard position < bytes.count else { return nil }
            let code = try bytes.byte(at: position)
            position += 1
            return JPEGMarker(code: code, offset: position - 1, stray: stray, fill: fill)
        }
        return nil
    }

    private mutating func giveUp() -> JPEGMarker? {
        gaveUp = true
        return nil
    }

    /// The segment whose length field is at `position`, moving past it (past the length field alone
    /// when the length is under 2, as libjpeg reads on); nil when the two length bytes are not there.
    public mutating func segment<Bytes: ContainerBytes>(in bytes: inout Bytes) throws(Bytes.Failure) -> JPEGSegment? {
        guard position >= 0, position <= bytes.count - 2 else { return nil }
        let segment = JPEGSegment(start: position, length: Int(try bytes.u16be(at: position)))
        position = segment.end
        return segment
    }

    /// Where the entropy-coded data starting at `start` ends: the offset of the 0xFF of the next
    /// marker that is neither a stuffed 0xFF00 nor a restart; nil when the data ends first.
    public static func endOfEntropyCodedData<Bytes: ContainerBytes>(
        in bytes: inout Bytes, from start: Int
    ) throws(Bytes.Failure) -> Int? {
        var at = start
        while at + 1 < bytes.count {
            if try bytes.byte(at: at) == 0xFF {
                let next = try bytes.byte(at: at + 1)
                if next != 0x00, !isRestart(next) { return at }
            }
            at += 1
        }
        return nil
    }
}
