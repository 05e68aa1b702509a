/// HEIF family (HEIC, AVIF, generic HEIF) in the ISO base media file format: the primary item
/// (pitm) has properties (ipco, associated via ipma) giving its size (ispe), an optional crop
/// (clap) and rotation/mirroring (irot/imir), which map onto an EXIF orientation. The
/// transformative properties (clap, irot, imir) apply in the order ipma lists them, as HEIF says
/// and libheif does: mirror-then-rotate is another picture than rotate-then-mirror. An EXIF
/// orientation inside HEIF is informative only (HEIF and MIAF say irot/imir rule; libheif and
/// browsers ignore it), so it is not read. Frames: an image sequence (animated AVIF, HEIF
/// sequence) is a track in `moov`; its sample count is the frame count, chosen as libavif does.
enum ISOBMFFProbe {
    static let maxBoxes = 10_000
    static let maxTopLevelBoxes = 1000
    static let maxAssociations = 100_000

    /// The image type named by an ftyp box's brands, or nil for other ISO media (MP4, MOV...).
    static func imageType(major: UInt32, compatible: [UInt32]) -> ImageType? {
        func classify(_ b: UInt32) -> ImageType? {
            switch b {
            case fourCC("avif"), fourCC("avis"): return .avif
            case fourCC("heic"), fourCC("heix"), fourCC("hevc"), fourCC("hevx"): return .heic
            case fourCC("mif1"), fourCC("msf1"), fourCC("heim"), fourCC("heis"), fourCC("hevm"), fourCC("hevs"):
                return .heif
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

    /// Major brands that ask for the image sequence rather than the primary item.
    static let sequenceBrands: Set<UInt32> = [
        fourCC("avis"), fourCC("msf1"), fourCC("hevc"), fourCC("hevx"), fourCC("hevs"),
    ]
    /// Major brands that ask for the primary item even when a sequence is present.
    static let stillBrands: Set<UInt32> = [
        fourCC("avif"), fourCC("heic"), fourCC("heix"), fourCC("mif1"), fourCC("heim"),
    ]

    static func probe(_ source: any ByteSource, type: ImageType) throws -> ImageFacts {
        var r = ByteReader(source, format: type.displayName, readAhead: 1024)
        var ftyp: Box?, meta: Box?, moov: Box?
        for _ in 0..<maxTopLevelBoxes where r.size - r.offset >= 8 {
            let b = try box(&r, limit: r.size)
            switch b.type {
            case fourCC("ftyp") where ftyp == nil: ftyp = b
            case fourCC("meta") where meta == nil: meta = b
            case fourCC("moov") where moov == nil: moov = b
            default: break
            }
            if meta != nil && moov != nil { break }
            try r.seek(to: b.end)
        }
        var major: UInt32 = 0
        if let ftyp, ftyp.end - ftyp.payload >= 4 {
            try r.seek(to: ftyp.payload)
            major = try r.u32be()
        }
        // A damaged sequence track must not spoil a good primary item: it then counts as one frame.
        let track = moov.flatMap { try? sequenceTrack(&r, moov: $0) }
        let useTrack = track != nil && (sequenceBrands.contains(major) || !stillBrands.contains(major))
        guard let meta else {
            // A sequence without a primary item: its track header gives the size.
            guard let track, track.width > 0, track.height > 0 else { throw r.truncated }
            return ImageFacts(type: type, width: track.width, height: track.height, frames: max(1, track.samples))
        }
        var facts = try primaryItem(&r, meta: meta, type: type)
        if useTrack, let track { facts.frames = max(1, track.samples) }
        return facts
    }

    /// The first picture track of a movie box that is not an auxiliary (alpha, depth) track.
    private struct Track { var width = 0, height = 0, samples = 0 }

    private static func sequenceTrack(_ r: inout ByteReader, moov: Box) throws -> Track? {
        for trak in try children(&r, from: moov.payload, end: moov.end) where trak.type == fourCC("trak") {
            let parts = try children(&r, from: trak.payload, end: trak.end)
            if let tref = parts.first(where: { $0.type == fourCC("tref") }),
                try children(&r, from: tref.payload, end: tref.end).contains(where: { $0.type == fourCC("auxl") })
            {
                continue
            }
            guard let mdia = parts.first(where: { $0.type == fourCC("mdia") }) else { continue }
            let media = try children(&r, from: mdia.payload, end: mdia.end)
            guard let hdlr = media.first(where: { $0.type == fourCC("hdlr") }) else { continue }
            try r.seek(to: hdlr.payload + 8)  // version, flags, pre_defined
            guard try r.u32be() == fourCC("pict") else { continue }
            var track = Track()
            if let tkhd = parts.first(where: { $0.type == fourCC("tkhd") }) {
                try r.seek(to: tkhd.payload)
                let version = try r.u8()
                // Times, track id and duration; reserved, layer, group, volume; the matrix.
                try r.skip(3 + (version == 1 ? 32 : 20) + 16 + 36)
                track.width = Int(try r.u32be() >> 16)  // 16.16 fixed point
                track.height = Int(try r.u32be() >> 16)
            }
            guard let minf = media.first(where: { $0.type == fourCC("minf") }),
                let stbl = try children(&r, from: minf.payload, end: minf.end).first(where: {
                    $0.type == fourCC("stbl")
                }),
                let sizes = try children(&r, from: stbl.payload, end: stbl.end)
                    .first(where: { $0.type == fourCC("stsz") || $0.type == fourCC("stz2") })
            else { return track }
            // stsz: version/flags, sample_size, sample_count; stz2: version/flags, reserved+field_size, sample_count.
            try r.seek(to: sizes.payload + 8)
            track.samples = Int(try r.u32be())
            return track
        }
        return nil
    }

    private static func primaryItem(_ r: inout ByteReader, meta: Box, type: ImageType) throws -> ImageFacts {
        // meta is a FullBox: 4 bytes of version and flags before its children.
        let items = try children(&r, from: meta.payload + 4, end: meta.end)
        guard let pitm = items.first(where: { $0.type == fourCC("pitm") }) else { throw r.corrupt("no primary item") }
        try r.seek(to: pitm.payload)
        let pitmVersion = try r.u8()
        try r.skip(3)
        let primary = pitmVersion == 0 ? Int(try r.u16be()) : Int(try r.u32be())
        guard let iprp = items.first(where: { $0.type == fourCC("iprp") }) else {
            throw r.corrupt("no item properties")
        }
        let iprpChildren = try children(&r, from: iprp.payload, end: iprp.end)
        guard let ipco = iprpChildren.first(where: { $0.type == fourCC("ipco") }) else {
            throw r.corrupt("no item properties")
        }
        let properties = try children(&r, from: ipco.payload, end: ipco.end)

        // Property indices (1-based into ipco) associated with the primary item, in order.
        var associated: [Int] = []
        var budget = maxAssociations
        for ipma in iprpChildren where ipma.type == fourCC("ipma") {
            // An earlier ipma box may have spent the whole budget (and taken it below zero).
            guard budget > 0 else { break }
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
        var transform = Transform()  // what irot and imir did so far, in association order
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
                    // A clap after a quarter turn crops the turned picture: its width is the stored height.
                    let (storedW, storedH) = transform.swapsAxes ? (ch, cw) : (cw, ch)
                    if storedW > 0, storedH > 0, storedW <= width, storedH <= height {
                        (width, height) = (storedW, storedH)
                    }
                }
            case fourCC("irot"):
                transform.rotate(quarterTurns: Int(try r.u8() & 3))
            case fourCC("imir"):
                transform.mirror(axis: try r.u8() & 1)
            default:
                break
            }
        }
        guard width > 0, height > 0 else { throw r.corrupt("no image size") }
        return ImageFacts(type: type, width: width, height: height, orientation: transform.orientation)
    }

    /// A composition of HEIF rotations and mirrorings, one of the eight the EXIF orientation names.
    /// Kept in a normal form, "exchange left and right if `mirrored`, then turn anticlockwise by
    /// `quarterTurns`", so any number of steps composes in constant space.
    struct Transform: Equatable {
        var mirrored = false
        var quarterTurns = 0  // 0...3, anticlockwise

        /// irot: turn the picture so far anticlockwise.
        mutating func rotate(quarterTurns turns: Int) {
            quarterTurns = (quarterTurns + turns) & 3
        }

        /// imir: axis 0 exchanges top and bottom, axis 1 left and right (as libheif reads it).
        /// Mirroring after a turn R equals turning back after mirroring: H·R = R⁻¹·H;
        /// and exchanging top and bottom is a left/right exchange followed by a half turn.
        mutating func mirror(axis: UInt8) {
            mirrored.toggle()
            quarterTurns = ((axis == 0 ? 2 : 0) - quarterTurns) & 3
        }

        /// Width and height trade places on the way to the screen.
        var swapsAxes: Bool { quarterTurns & 1 == 1 }

        /// The EXIF orientation a viewer applies to show the same picture.
        var orientation: Int { (mirrored ? [2, 5, 4, 7] : [1, 8, 3, 6])[quarterTurns] }
    }
}
