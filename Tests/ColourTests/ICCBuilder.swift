/// ICC profiles written byte by byte for the tests, as tools/colour/profiles.py writes them: a
/// header, a tag table, tags (equal bytes written once and shared, as rTRC, gTRC, bTRC often are).
enum ICCBuilder {
    static func u32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }
    static func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    static func s15(_ v: Double) -> [UInt8] { u32(UInt32(bitPattern: Int32((v * 65536).rounded()))) }
    static func text(_ s: String) -> [UInt8] { Array(s.utf8) }

    static func xyz(_ x: Double, _ y: Double, _ z: Double) -> [UInt8] {
        text("XYZ ") + [0, 0, 0, 0] + s15(x) + s15(y) + s15(z)
    }

    static func xyzRaw(_ x: UInt32, _ y: UInt32, _ z: UInt32) -> [UInt8] {
        text("XYZ ") + [0, 0, 0, 0] + u32(x) + u32(y) + u32(z)
    }

    static func gamma(_ g: Double) -> [UInt8] { text("curv") + [0, 0, 0, 0] + u32(1) + u16(Int(g * 256)) + [0, 0] }

    static func para(_ function: Int, _ parameters: [Double]) -> [UInt8] {
        text("para") + [0, 0, 0, 0] + u16(function) + [0, 0] + parameters.flatMap { s15($0) }
    }

    /// A tag table entry whose offset and size are given as they are, not laid out.
    struct RawEntry {
        let signature: String
        let offset: UInt32
        let size: UInt32
    }

    static func profile(
        _ tags: [(String, [UInt8])], space: String = "RGB ", pcs: String = "XYZ ", version: UInt8 = 4,
        raw: [RawEntry] = []
    ) -> [UInt8] {
        let count = tags.count + raw.count
        let start = 128 + 4 + 12 * count
        var table = [UInt8]()
        var data = [UInt8]()
        var placed = [[UInt8]: Int]()
        for (signature, body) in tags {
            if placed[body] == nil {
                placed[body] = start + data.count
                data += body + [UInt8](repeating: 0, count: (4 - body.count % 4) % 4)
            }
            table += text(signature) + u32(UInt32(placed[body]!)) + u32(UInt32(body.count))
        }
        for entry in raw { table += text(entry.signature) + u32(entry.offset) + u32(entry.size) }
        var header = u32(UInt32(start + data.count)) + text("lcms") + [version, 0x20, 0, 0] + text("mntr")
        header += text(space) + text(pcs) + [UInt8](repeating: 0, count: 12) + text("acsp")
        header += [UInt8](repeating: 0, count: 28) + s15(0.9642) + s15(1) + s15(0.8249)
        header += [UInt8](repeating: 0, count: 128 - header.count)
        return header + u32(UInt32(count)) + table + data
    }

    /// A matrix/TRC RGB profile of the sRGB colorants and the given curve.
    static func matrixProfile(curve: [UInt8], red: [UInt8]? = nil, version: UInt8 = 4) -> [UInt8] {
        profile(
            [
                ("rXYZ", red ?? xyz(0.4361, 0.2225, 0.0139)), ("gXYZ", xyz(0.3851, 0.7169, 0.0971)),
                ("bXYZ", xyz(0.1431, 0.0606, 0.7141)), ("rTRC", curve), ("gTRC", curve), ("bTRC", curve),
            ], version: version)
    }

    /// An mft2 A2B0 of `inputs` channels and a grid of `points`, its tables and grid as the bytes
    /// hold them (`nodes` bytes of grid: fewer than the header claims makes it short).
    static func mft2(inputs: Int, points: Int, entries: Int, nodes: Int) -> [UInt8] {
        var body = text("mft2") + [0, 0, 0, 0] + [UInt8(inputs), 3, UInt8(points), 0]
        body += [1, 0, 0, 0, 1, 0, 0, 0, 1].flatMap { s15(Double($0)) }
        body += u16(entries) + u16(entries)
        body += [UInt8](repeating: 0x80, count: 2 * entries * inputs + nodes + 2 * entries * 3)
        return body
    }
}
