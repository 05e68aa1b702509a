/// The profile's name for `info`: a v2 `desc` (textDescriptionType, its ASCII part) or a v4 `mluc`
/// (the first record, UTF-16). Kept to printable ASCII, trimmed, at most 64 characters; a name that
/// cannot be read is no name, never a refusal of the profile.
enum ProfileDescription {
    static let maximumLength = 64

    static func read(_ data: ICCBytes, _ tags: TagTable) throws(ProfileError) -> String? {
        guard let entry = try? tags.entry(signature("desc")) else { return nil }
        var reader = data
        reader.tag = signature("desc")
        let units: [Int]
        do {
            units = try codeUnits(reader, entry)
        } catch {
            return nil
        }
        var text = String(
            decoding: units.prefix { $0 != 0 }.compactMap { (0x20...0x7E).contains($0) ? UInt8($0) : nil },
            as: UTF8.self)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        text = String(text.prefix(maximumLength))
        return text.isEmpty ? nil : text
    }

    /// The characters of the text, at most 256 read, as numbers (ASCII bytes or UTF-16 units).
    private static func codeUnits(_ data: ICCBytes, _ entry: TagTable.Entry) throws(ProfileError) -> [Int] {
        let type = try data.u32(entry.offset)
        let end = entry.offset + entry.size
        if type == signature("desc") {
            let count = min(Int(try data.u32(entry.offset + 8)), 256)
            let start = entry.offset + 12
            guard count <= end - start else { throw .malformed(tag: data.tag) }
            return try (0..<count).map { (i) throws(ProfileError) in try data.u8(start + i) }
        }
        if type == signature("mluc") {
            guard try data.u32(entry.offset + 8) >= 1 else { throw .malformed(tag: data.tag) }
            let length = Int(try data.u32(entry.offset + 20))
            let start = entry.offset + Int(try data.u32(entry.offset + 24))
            let count = min(length / 2, 256)
            guard start >= entry.offset, count * 2 <= end - start else { throw .malformed(tag: data.tag) }
            return try (0..<count).map { (i) throws(ProfileError) in try data.u16(start + 2 * i) }
        }
        throw .tagType(tag: data.tag, type: type)
    }
}
