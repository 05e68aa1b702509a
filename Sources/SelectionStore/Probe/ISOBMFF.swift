/// HEIF family (HEIC, AVIF, generic HEIF) in the ISO base media file format: the primary item
/// (pitm) has properties (ipco, associated via ipma) giving its size (ispe), an optional crop
/// (clap) and rotation/mirroring (irot/imir), which map onto an EXIF orientation.
enum ISOBMFFProbe {
    static let maxBoxes = 10_000
    static let maxAssociations = 100_000

    /// The image type named by an ftyp box's brands, or nil for other ISO media (MP4, MOV...).
    static func imageType(major: UInt32, compatible: [UInt32]) -> ImageType? {
        func classify(_ b: UInt32) -> ImageType? {
            switch b {
            case fourCC("avif"), fourCC("avis"): return .avif
            case fourCC("heic"), fourCC("heix"), fourCC("hevc"), fourCC("hevx"): return .heic
            case fourCC("mif1"), fourCC("msf1"), fourCC("heim"), fourCC("heis"), fourCC("hevm"), fourCC("hevs"): return .heif
            default: return nil
            }
        }
        if let t = classify(major), t != .heif { return t }
        let found = compatible.compactMap(classify)
        if found.contains(.avif) { return .avif }
        if found.contains(.heic) { return .heic }
        if classify(major) != nil || !found.isEmpty { return .heif }
        return nil
    }

    private struct Box {
        var type: UInt32
        var payload: Int  // offset of the payload
        var end: Int
    }

    private static func box(_ r: inout ByteReader, limit: Int) throws -> Box {
        let start = r.offset
        guard limit - start >= 8 else { throw r.truncated }
        var size = Int(try r.u32be())
        let type = try r.u32be()
        if size == 1 {
            size = clampedInt(try r.u64be())
        } else if size == 0 {
            size = limit - start  // extends to the end of the enclosing space
        }
        guard size >= r.offset - start else { throw r.corrupt("bad box size") }
        guard size <= limit - start else { throw r.truncated }
        return Box(type: type, payload: r.offset, end: start + size)
    }

    /// Child boxes of [from, end), at most maxBoxes of them.
    private static func children(_ r: inout ByteReader, from: Int, end: Int) throws -> [Box] {
        var result: [Box] = []
        try r.seek(to: from)
        while end - r.offset >= 8, result.count < maxBoxes {
            let b = try box(&r, limit: end)
            result.append(b)
            try r.seek(to: b.end)
        }
        return result
    }

    static func probe(_ source: any ByteSource, type: ImageType) throws -> ImageFacts {
        var r = ByteReader(source, format: type.displayName, readAhead: 1024)
        var meta: Box?
        for _ in 0..<maxBoxes where r.size - r.offset >= 8 {
            let b = try box(&r, limit: r.size)
            if b.type == fourCC("meta") { meta = b; break }
            try r.seek(to: b.end)
        }
        guard let meta else { throw r.truncated }
        // meta is a FullBox: 4 bytes of version and flags before its children.
        let items = try children(&r, from: meta.payload + 4, end: meta.end)
        guard let pitm = items.first(where: { $0.type == fourCC("pitm") }) else { throw r.corrupt("no primary item") }
        try r.seek(to: pitm.payload)
        let pitmVersion = try r.u8()
        try r.skip(3)
        let primary = pitmVersion == 0 ? Int(try r.u16be()) : Int(try r.u32be())
        guard let iprp = items.first(where: { $0.type == fourCC("iprp") }) else { throw r.corrupt("no item properties") }
        let iprpChildren = try children(&r, from: iprp.payload, end: iprp.end)
        guard let ipco = iprpChildren.first(where: { $0.type == fourCC("ipco") }) else { throw r.corrupt("no item properties") }
        let properties = try children(&r, from: ipco.payload, end: ipco.end)

        // Property indices (1-based into ipco) associated with the primary item, in order.
        var associated: [Int] = []
        var budget = maxAssociations
        for ipma in iprpChildren where ipma.type == fourCC("ipma") {
            try r.seek(to: ipma.payload)
            let version = try r.u8()
            let flags = try r.bytes(3)  // big-endian; only the lowest bit matters
            let wideIndex = flags[2] & 1 != 0
            let entries = Int(try r.u32be())
            for _ in 0..<min(entries, budget) {
                let item = version < 1 ? Int(try r.u16be()) : Int(try r.u32be())
                let count = Int(try r.u8())
                budget -= 1 + count
                guard budget > 0 else { break }
                for _ in 0..<count {
                    let index = wideIndex ? Int(try r.u16be() & 0x7FFF) : Int(try r.u8() & 0x7F)
                    if item == primary && index > 0 { associated.append(index) }
                }
            }
        }

        var width = 0, height = 0
        var rotation = 0  // anticlockwise quarter turns
        var mirror: UInt8?  // imir axis: 0 = top/bottom exchanged, 1 = left/right exchanged
        for index in associated where index <= properties.count {
            let p = properties[index - 1]
            try r.seek(to: p.payload)
            switch p.type {
            case fourCC("ispe"):
                try r.skip(4)
                width = Int(try r.u32be())
                height = Int(try r.u32be())
            case fourCC("clap"):
                let wn = try r.u32be(), wd = try r.u32be(), hn = try r.u32be(), hd = try r.u32be()
                if wd > 0, hd > 0 {
                    let cw = Int((UInt64(wn) + UInt64(wd / 2)) / UInt64(wd))
                    let ch = Int((UInt64(hn) + UInt64(hd / 2)) / UInt64(hd))
                    if cw > 0, ch > 0, cw <= width, ch <= height { (width, height) = (cw, ch) }
                }
            case fourCC("irot"):
                rotation = Int(try r.u8() & 3)
            case fourCC("imir"):
                mirror = try r.u8() & 1
            default:
                break
            }
        }
        guard width > 0, height > 0 else { throw r.corrupt("no image size") }
        return ImageFacts(type: type, width: width, height: height,
                          orientation: orientation(rotation: rotation, mirror: mirror))
    }

    /// The EXIF orientation equal to "rotate anticlockwise by `rotation` quarter turns, then mirror".
    static func orientation(rotation: Int, mirror: UInt8?) -> Int {
        switch mirror {
        case nil: return [1, 8, 3, 6][rotation & 3]
        case 0?: return [4, 5, 2, 7][rotation & 3]
        default: return [2, 7, 4, 5][rotation & 3]
        }
    }
}
