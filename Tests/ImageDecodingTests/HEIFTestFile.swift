import Foundation

@testable import HEIFPictures
@testable import ImageDecoding

/// HEIF files built box by box for the container tests, and the fake HEVC decoder they are
/// decoded with: an item's "coded" bytes are the picture itself (size, depths, chroma, then
/// the planes), so a test says exactly which samples each tile holds and the container code is
/// checked apart from the HEVC decoder.
struct HEIFTestFile {
    struct Item {
        var id: Int
        var type: String
        var data: [UInt8]
        var properties: [[UInt8]]
        var inIdat = false
    }

    var items: [Item] = []
    var primary = 1
    var references: [(type: String, from: Int, to: [Int])] = []
    var brand = "heic"

    static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(payload.count + 8) + Array(type.utf8) + payload
    }

    static func fullBox(_ type: String, version: UInt8 = 0, flags: Int = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version, UInt8(flags >> 16 & 255), UInt8(flags >> 8 & 255), UInt8(flags & 255)] + payload)
    }

    static func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 255), UInt8(v & 255)] }
    static func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }

    // Properties.
    static func ispe(_ w: Int, _ h: Int) -> [UInt8] { fullBox("ispe", be32(w) + be32(h)) }
    static func irot(_ turns: Int) -> [UInt8] { box("irot", [UInt8(turns)]) }
    static func imir(_ axis: Int) -> [UInt8] { box("imir", [UInt8(axis)]) }
    static func lsel(_ layer: Int) -> [UInt8] { box("lsel", be16(layer)) }
    static func auxC(_ urn: String) -> [UInt8] { fullBox("auxC", Array(urn.utf8) + [0]) }
    static func nclx(matrix: Int, fullRange: Bool, primaries: Int = 1) -> [UInt8] {
        box("colr", Array("nclx".utf8) + be16(primaries) + be16(13) + be16(matrix) + [fullRange ? 0x80 : 0])
    }
    /// clap with whole-number fractions over `d`.
    static func clap(width: Int, height: Int, horizontal: Int = 0, vertical: Int = 0, d: Int = 1) -> [UInt8] {
        box("clap", [width, d, height, d, horizontal, d, vertical, d].flatMap { be32($0) })
    }
    static func hvcC(
        chroma: Int = 1, bitDepth: Int = 8, lengthSize: Int = 4, nal: [UInt8] = [0x42, 0x01, 7]
    ) -> [UInt8] {
        var p = [UInt8](repeating: 0, count: 23)
        p[0] = 1
        p[16] = 0xFC | UInt8(chroma)
        p[17] = 0xF8 | UInt8(bitDepth - 8)
        p[18] = 0xF8 | UInt8(bitDepth - 8)
        p[21] = 0x0C | UInt8(lengthSize - 1)
        p[22] = 1  // one array
        return box("hvcC", p + [0x21] + be16(1) + be16(nal.count) + nal)
    }

    /// The grid item's data: rows × columns tiles making a width × height picture.
    static func gridData(rows: Int, columns: Int, width: Int, height: Int) -> [UInt8] {
        let wide = width > 65535 || height > 65535
        return [0, wide ? 1 : 0, UInt8(rows - 1), UInt8(columns - 1)]
            + (wide ? be32(width) + be32(height) : be16(width) + be16(height))
    }

    func bytes() -> [UInt8] {
        let ftyp = Self.box("ftyp", Array(brand.utf8) + Self.be32(0) + Array("mif1".utf8) + Array(brand.utf8))
        let fileData = items.filter { !$0.inIdat }
        // The meta box's size does not depend on the offsets it holds: build it twice.
        var meta = self.meta(mdatStart: 0)
        meta = self.meta(mdatStart: ftyp.count + meta.count + 8)
        return ftyp + meta + Self.box("mdat", fileData.flatMap(\.data))
    }

    private func meta(mdatStart: Int) -> [UInt8] {
        let hdlr = Self.fullBox("hdlr", Self.be32(0) + Array("pict".utf8) + [UInt8](repeating: 0, count: 13))
        let pitm = Self.fullBox("pitm", Self.be16(primary))
        let infes = items.map {
            Self.fullBox("infe", version: 2, Self.be16($0.id) + Self.be16(0) + Array($0.type.utf8) + [0])
        }
        let iinf = Self.fullBox("iinf", Self.be16(items.count) + infes.flatMap { $0 })
        var fileOffset = mdatStart, idatOffset = 0
        var entries: [UInt8] = []
        for item in items {
            let offset = item.inIdat ? idatOffset : fileOffset
            entries += Self.be16(item.id) + Self.be16(item.inIdat ? 1 : 0) + Self.be16(0) + Self.be16(1)
            entries += Self.be32(offset) + Self.be32(item.data.count)
            if item.inIdat { idatOffset += item.data.count } else { fileOffset += item.data.count }
        }
        let iloc = Self.fullBox("iloc", version: 1, [0x44, 0x00] + Self.be16(items.count) + entries)
        let idat = Self.box("idat", items.filter(\.inIdat).flatMap(\.data))
        let refs = references.map {
            Self.box($0.type, Self.be16($0.from) + Self.be16($0.to.count) + $0.to.flatMap { Self.be16($0) })
        }
        let iref = Self.fullBox("iref", refs.flatMap { $0 })
        var ipco: [UInt8] = []
        var ipma: [UInt8] = Self.be32(items.count)
        var index = 0
        for item in items {
            ipma += Self.be16(item.id) + [UInt8(item.properties.count)]
            for property in item.properties {
                ipco += property
                index += 1
                ipma.append(UInt8(index))
            }
        }
        let iprp = Self.box("iprp", Self.box("ipco", ipco) + Self.fullBox("ipma", ipma))
        return Self.fullBox("meta", hdlr + pitm + iinf + iloc + idat + iref + iprp)
    }
}

/// The fake HEVC decoder's side: a picture as "coded" bytes, and back.
enum FakeHEVC {
    /// The sampling's byte in the "coded" picture: its index here.
    static let samplings: [YCbCrPlanes.Chroma] = [.monochrome, .yuv420, .yuv422, .yuv444]

    static func coded(_ p: HEVCPicture) -> [UInt8] {
        var bytes = HEIFTestFile.be16(p.width) + HEIFTestFile.be16(p.height)
        bytes += [UInt8(p.bitDepthLuma), UInt8(p.bitDepthChroma), UInt8(samplings.firstIndex(of: p.chroma)!)]
        for v in p.luma + p.cb + p.cr { bytes += HEIFTestFile.be16(Int(v)) }
        return bytes
    }

    static let decode: HEVCTileDecoder = { _, data, _, _ throws(DecodeError) in
        guard data.count >= 7 else { throw .corrupt("fake stream") }
        let w = Int(data[0]) << 8 | Int(data[1]), h = Int(data[2]) << 8 | Int(data[3])
        guard data[6] < samplings.count else { throw .corrupt("fake stream sampling") }
        let chroma = samplings[Int(data[6])], size = chroma.chromaSize(width: w, height: h)
        let c = size.width * size.height
        guard data.count == 7 + 2 * (w * h + 2 * c) else { throw .corrupt("fake stream size") }
        let samples = stride(from: 7, to: data.count, by: 2).map { UInt16(data[$0]) << 8 | UInt16(data[$0 + 1]) }
        return HEVCPicture(
            width: w, height: h, bitDepthLuma: Int(data[4]), bitDepthChroma: Int(data[5]), chroma: chroma,
            luma: Array(samples[0..<w * h]), cb: Array(samples[w * h..<w * h + c]), cr: Array(samples[(w * h + c)...]))
    }

    /// A 4:2:0 picture whose luma is `luma(x, y)` and whose chroma planes are constant.
    static func picture(
        _ w: Int, _ h: Int, bitDepth: Int = 8, cb: UInt16 = 128, cr: UInt16 = 128, luma: (Int, Int) -> UInt16
    ) -> HEVCPicture {
        let c = (w + 1) / 2 * ((h + 1) / 2)
        return HEVCPicture(
            width: w, height: h, bitDepthLuma: bitDepth, bitDepthChroma: bitDepth, chroma: .yuv420,
            luma: (0..<w * h).map { luma($0 % w, $0 / w) }, cb: Array(repeating: cb, count: c),
            cr: Array(repeating: cr, count: c))
    }

    /// What a decoder was asked: the parameter sets, length size and layer of each call.
    final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [(parameterSets: [[UInt8]], lengthSize: Int, layer: Int)] = []

        var all: [(parameterSets: [[UInt8]], lengthSize: Int, layer: Int)] { lock.withLock { list } }

        func recording(_ decode: @escaping HEVCTileDecoder) -> HEVCTileDecoder {
            { sets, data, lengthSize, layer throws(DecodeError) in
                self.lock.withLock { self.list.append((sets, lengthSize, layer)) }
                return try decode(sets, data, lengthSize, layer)
            }
        }
    }
}
