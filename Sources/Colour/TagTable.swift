/// The header's facts and the tag table: where each tag's bytes are. Every entry is checked to
/// lie inside the profile (one that does not is set apart, as LittleCMS skips it, and refused only
/// when the conversion needs it); two entries either share their bytes (a profile may point rTRC, gTRC
/// and bTRC at one curve) or are apart, else the profile is refused.
struct TagTable {
    struct Entry {
        let signature: UInt32
        let offset: Int
        let size: Int
    }

    let entries: [Entry]
    /// Tags whose offset or size fall outside the profile.
    let broken: [UInt32]

    /// At most this many tags: 12 bytes each, and no real profile has more than a few dozen.
    static let maximumTags = 1024

    init(_ data: ICCBytes) throws(ProfileError) {
        let count = Int(try data.u32(128))
        guard count <= TagTable.maximumTags, 132 + count * 12 <= data.count else { throw .tagCount(count) }
        var entries = [Entry]()
        var broken = [UInt32]()
        entries.reserveCapacity(count)
        for i in 0..<count {
            let base = 132 + i * 12
            let signature = try data.u32(base)
            let offset = Int(try data.u32(base + 4))
            let size = Int(try data.u32(base + 8))
            if offset >= 128, size >= 8, offset <= data.count, size <= data.count - offset {
                entries.append(Entry(signature: signature, offset: offset, size: size))
            } else {
                broken.append(signature)
            }
        }
        self.entries = entries
        self.broken = broken
    }

    func has(_ signature: UInt32) -> Bool {
        entries.contains { $0.signature == signature } || broken.contains(signature)
    }

    /// The tag's place, nil when the profile has no such tag; throws when its entry is out of range.
    func entry(_ signature: UInt32) throws(ProfileError) -> Entry? {
        if let found = entries.first(where: { $0.signature == signature }) { return found }
        if broken.contains(signature) { throw .tagOutOfRange(tag: signature) }
        return nil
    }

    /// Refuses a pair of the given tags whose bytes overlap without being the same bytes.
    func checkApart(_ signatures: [UInt32]) throws(ProfileError) {
        let used = entries.filter { signatures.contains($0.signature) }
        for (i, a) in used.enumerated() {
            for b in used[(i + 1)...] {
                let same = a.offset == b.offset && a.size == b.size
                let apart = a.offset + a.size <= b.offset || b.offset + b.size <= a.offset
                if !same && !apart { throw .overlappingTags(tag: a.signature, other: b.signature) }
            }
        }
    }
}
