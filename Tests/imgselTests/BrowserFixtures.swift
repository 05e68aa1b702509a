import Foundation

/// Images a browser can show and a person can tell apart in a screenshot: solid
/// colours and halves, so the grid's crop and the pager's fit and orientation show.
enum BrowserFixtures {
    typealias Pixel = (UInt8, UInt8, UInt8)

    /// An RGB PNG whose pixel at (x, y) is `colour(x, y)`; `orientation` adds an eXIf chunk.
    static func png(width: Int, height: Int, orientation: Int? = nil, _ colour: (Int, Int) -> Pixel) -> Data {
        var data = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var ihdr = Fixtures.be32(width)
        ihdr.append(Fixtures.be32(height))
        ihdr.append(contentsOf: [8, 2, 0, 0, 0])
        data.append(Fixtures.chunk("IHDR", ihdr))
        if let orientation { data.append(Fixtures.chunk("eXIf", Fixtures.exifOrientation(orientation))) }
        var raw = Data()
        for y in 0..<height {
            raw.append(0)
            for x in 0..<width {
                let p = colour(x, y)
                raw.append(contentsOf: [p.0, p.1, p.2])
            }
        }
        data.append(Fixtures.chunk("IDAT", Fixtures.zlibStored(raw)))
        data.append(Fixtures.chunk("IEND", Data()))
        return data
    }

    static func solid(_ width: Int, _ height: Int, _ p: Pixel) -> Data {
        png(width: width, height: height) { _, _ in p }
    }

    /// A small uncompressed RGB TIFF, which imgsel accepts and Chromium cannot show.
    static func tiff(width: Int, height: Int) -> Data {
        let pixels = width * height * 3
        let entries: [(tag: Int, type: Int, value: Int)] = [
            (256, 3, width), (257, 3, height), (258, 3, 8), (259, 3, 1), (262, 3, 2),
            (273, 4, 8 + 2 + 12 * 9 + 4), (277, 3, 3), (278, 3, height), (279, 4, pixels),
        ]
        var d = Data([0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00])
        func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
        func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16(v >> 16) }
        d.append(contentsOf: le16(entries.count))
        for e in entries {
            // SHORT values sit in the first two bytes of the four-byte value field.
            d.append(
                contentsOf: le16(e.tag) + le16(e.type) + le32(1)
                    + (e.type == 3 ? le16(e.value) + [0, 0] : le32(e.value)))
        }
        d.append(contentsOf: le32(0))
        d.append(Data((0..<pixels).map { UInt8(truncatingIfNeeded: $0 * 7) }))
        return d
    }
}
