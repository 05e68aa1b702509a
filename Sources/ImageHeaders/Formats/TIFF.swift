/// TIFF (classic and BigTIFF, either byte order): size and orientation from the first full-size
/// IFD; frames = pages, i.e. IFDs in the chain that are not reduced-resolution thumbnails.
/// TIFFLexer cuts the directories out; the chain is followed with loop detection and hard caps, since
/// offsets are attacker-chosen.
enum TIFFProbe {
    static let maxIFDs = 10_000
    static let maxEntries = 10_000

    private struct IFD {
        var width = 0, height = 0, orientation = 1
        var reduced = false
        var isDNG = false
        var samples = 1, photometric = -1
        /// The first ExtraSamples value; nil without the tag.
        var extra: Int?

        /// Alpha as the decoder reads it: an extra sample marked associated (1) or unassociated (2),
        /// Corel's 999, or four RGB samples with no ExtraSamples tag.
        var alpha: Bool {
            guard let extra else { return photometric == 2 && samples == 4 }
            let colourSamples = photometric == 0 || photometric == 1 ? 1 : 3
            guard samples > colourSamples, photometric != 3, photometric != 5 else { return false }
            return extra == 1 || extra == 2 || extra == 999
        }
    }

    static func probe(_ source: any ByteSource) throws -> ImageFacts {
        var r = ByteReader(source, format: "TIFF", readAhead: 256)
        guard let tiff = try TIFFLexer.header(in: &r) else { throw r.truncated }
        if tiff.big {
            guard let offsetSize = try tiff.offsetSize(in: &r) else { throw r.truncated }
            guard offsetSize == 8 else { throw r.corrupt("bad BigTIFF offset size") }
        }
        guard var next = try tiff.firstDirectory(in: &r).map(saturated) else { throw r.truncated }
        // Canon CR2 raw files are TIFF with "CR" at offset 8.
        if !tiff.big, r.size >= 10 {
            try r.seek(to: 8)
            if try r.bytes(2) == [0x43, 0x52] { throw ProbeError("Canon CR2 raw image (not supported)") }
        }
        var visited = Set<Int>()
        var main: IFD?
        var firstIFD: IFD?
        var pages = 0
        // The reader's byte budget also ends a long chain: the page count is then a lower bound.
        while next != 0, visited.count < maxIFDs, visited.insert(next).inserted {
            let ifd: IFD
            do {
                (ifd, next) = try readIFD(&r, tiff, at: next)
            } catch let error as ProbeError {
                if firstIFD == nil { throw error }
                break  // a damaged later page does not spoil the first
            }
            if firstIFD == nil {
                if ifd.isDNG { throw ProbeError("DNG raw image (not supported)") }
                firstIFD = ifd
            }
            if !ifd.reduced {
                pages += 1
                if main == nil, ifd.width > 0, ifd.height > 0 { main = ifd }
            }
        }
        guard let chosen = main ?? firstIFD else { throw r.corrupt("no image directory") }
        guard chosen.width > 0, chosen.height > 0 else { throw r.corrupt("missing width or height") }
        return ImageFacts(
            type: .tiff, width: chosen.width, height: chosen.height,
            orientation: chosen.orientation, frames: max(1, pages), alpha: chosen.alpha)
    }

    /// The lexer reads a BigTIFF field past Int.max as -1; here it saturates, so it fails range checks.
    private static func saturated(_ value: Int) -> Int { value < 0 ? Int.max : value }

    private static func readIFD(_ r: inout ByteReader, _ tiff: TIFFLexer, at offset: Int) throws -> (IFD, Int) {
        // Writers often put the directory after the image data: a file cut in its data ends before it.
        guard offset <= r.size else {
            throw ProbeError(
                "truncated before the TIFF directory: it starts at byte \(offset), the file has \(r.size) bytes")
        }
        guard let count = try tiff.entryCount(in: &r, directory: offset).map(saturated) else { throw r.truncated }
        guard count <= maxEntries else { throw r.corrupt("too many directory entries") }
        let little = tiff.littleEndian
        var ifd = IFD()
        for i in 0..<count {
            guard let entry = try tiff.entry(in: &r, directory: offset, index: i) else { throw r.truncated }
            let tag = entry.tag
            guard entry.count == 1 || tag == 0xC612 else { continue }
            try r.seek(to: entry.valueField)
            // Values fit in the value field and are left-justified there. Any integer type is
            // read (Orientation is sometimes an SLONG or a BYTE), as Pillow and ExifTool do.
            let value: Int
            switch entry.type {
            case 1: value = tag == 0xC612 ? 1 : Int(try r.u8())  // BYTE (DNGVersion is four of them)
            case 3: value = Int(try r.u16(littleEndian: little))
            case 4: value = Int(try r.u32(littleEndian: little))
            case 6: value = Int(Int8(bitPattern: try r.u8()))  // SBYTE
            case 8: value = Int(Int16(bitPattern: try r.u16(littleEndian: little)))  // SSHORT
            case 9: value = Int(Int32(bitPattern: try r.u32(littleEndian: little)))  // SLONG
            case 16: value = clampedInt(try r.u64(littleEndian: little))
            case 17: value = Int(Int64(bitPattern: try r.u64(littleEndian: little)))  // SLONG8 (BigTIFF)
            default: continue
            }
            switch tag {
            case 0x00FE: ifd.reduced = value & 1 != 0  // NewSubfileType
            case 0x0100: ifd.width = value
            case 0x0101: ifd.height = value
            case 0x0112: ifd.orientation = (1...8).contains(value) ? value : 1
            case 0x0106: ifd.photometric = value
            case 0x0115: ifd.samples = value
            case 0x0152: ifd.extra = value  // ExtraSamples (one; the first of several is not read)
            case 0xC612: ifd.isDNG = true  // DNGVersion
            default: break
            }
        }
        // A missing next-IFD pointer just ends the chain.
        let next = (try? tiff.nextDirectory(in: &r, directory: offset, count: count)).flatMap { $0 }.map(saturated)
        return (ifd, next ?? 0)
    }
}

extension ImageFormat {
    /// TIFF and BigTIFF, either byte order.
    static let tiff: ImageFormat = ImageFormat(
        name: "tiff", displayName: "TIFF", extensions: ["tif", "tiff"], mimeType: "image/tiff",
        sniff: { sniff in
            for magic: [UInt8] in [
                [0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A], [0x49, 0x49, 0x2B, 0x00],
                [0x4D, 0x4D, 0x00, 0x2B],
            ]
            where try sniff.signature(magic, cutShortFrom: 3, format: "TIFF") {
                return true
            }
            return false
        },
        probe: TIFFProbe.probe)
}

extension ImageType {
    public static let tiff: ImageType = ImageFormat.tiff.type
}
