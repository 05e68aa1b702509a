/// Magic-byte checks over the first bytes of a file.
struct Sniff {
    let head: [UInt8]
    /// `head` is the whole file, not its first bytes.
    let wholeFile: Bool

    init(_ head: [UInt8], wholeFile: Bool = false) {
        self.head = head
        self.wholeFile = wholeFile
    }

    func has(_ magic: [UInt8]) -> Bool { head.starts(with: magic) }

    /// The file is shorter than `magic` but what there is matches it (at least `atLeast` bytes).
    func cutShort(_ magic: [UInt8], atLeast: Int) -> Bool {
        head.count < magic.count && head.count >= atLeast && magic.starts(with: head)
    }

    func u32be(at o: Int) -> UInt32 {
        guard o >= 0, o + 4 <= head.count else { return 0 }
        return UInt32(head[o]) << 24 | UInt32(head[o + 1]) << 16 | UInt32(head[o + 2]) << 8 | UInt32(head[o + 3])
    }

    func u32le(at o: Int) -> UInt32 { u32be(at: o).byteSwapped }

    func fourCC(at o: Int) -> UInt32 { u32be(at: o) }
}

extension Sniff {
    /// True when the file starts with `magic`; throws "truncated <format> header" when the file
    /// is shorter than `magic` but what there is, at least `atLeast` bytes, matches it.
    func signature(_ magic: [UInt8], cutShortFrom atLeast: Int, format: String) throws -> Bool {
        if has(magic) { return true }
        if cutShort(magic, atLeast: atLeast) { throw ProbeError("truncated \(format) header") }
        return false
    }
}
