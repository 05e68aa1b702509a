/// HEIF family (HEIC, AVIF, generic HEIF) in the ISO base media file format: the primary item
/// (pitm) has properties (ipco, associated via ipma) giving its size (ispe), an optional crop
/// (clap) and rotation/mirroring (irot/imir), which map onto an EXIF orientation. The
/// transformative properties (clap, irot, imir) apply in the order ipma lists them, as HEIF says
/// and libheif does: mirror-then-rotate is another picture than rotate-then-mirror. An EXIF
/// orientation inside HEIF is informative only (HEIF and MIAF say irot/imir rule; libheif and
/// browsers ignore it), so it is not read. Frames: an image sequence (animated AVIF, HEIF
/// sequence) is a track in `moov`; its sample count is the frame count, chosen as libavif does.
enum ISOBMFFProbe {
    static let maxTopLevelBoxes = 1000

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

    /// Major brands that ask for the image sequence rather than the primary item.
    static let sequenceBrands: Set<UInt32> = [
        fourCC("avis"), fourCC("msf1"), fourCC("hevc"), fourCC("hevx"), fourCC("hevs"),
    ]
    /// Major brands that ask for the primary item even when a sequence is present.
    static let stillBrands: Set<UInt32> = [
        fourCC("avif"), fourCC("heic"), fourCC("heix"), fourCC("mif1"), fourCC("heim"),
    ]

    static func probe(_ source: any ByteSource, type: ImageType) throws -> ImageFacts {
        do throws(ISOBMFFError) {
            return try facts(source, type: type)
        } catch {
            throw probeError(error, format: type.displayName)
        }
    }

    /// The lexer's errors in the probe's words ("truncated HEIC header").
    static func probeError(_ error: ISOBMFFError, format: String) -> ProbeError {
        switch error {
        case .truncated: return ProbeError("truncated \(format) header")
        case .boxSize: return ProbeError("corrupt \(format) header (bad box size)")
        case .corrupt(let why), .unsupported(let why): return ProbeError("corrupt \(format) header (\(why))")
        case .exhausted(let budget):
            return ProbeError("corrupt \(format) header (headers run past \(budget >> 20) MiB)")
        }
    }

    private static func facts(_ source: any ByteSource, type: ImageType) throws(ISOBMFFError) -> ImageFacts {
        var r = ISOBMFFReader(source)
        var ftyp: ISOBMFFBox?, meta: ISOBMFFBox?, moov: ISOBMFFBox?
        var at = 0
        for _ in 0..<maxTopLevelBoxes where r.size - at >= 8 {
            try r.seek(to: at)
            let b = try r.box(limit: r.size)
            switch b.type {
            case fourCC("ftyp") where ftyp == nil: ftyp = b
            case fourCC("meta") where meta == nil: meta = b
            case fourCC("moov") where moov == nil: moov = b
            default: break
            }
            if meta != nil && moov != nil { break }
            at = b.end
        }
        var major: UInt32 = 0
        if let ftyp, ftyp.end - ftyp.payload >= 4 {
            try r.enter(ftyp)
            major = UInt32(try r.u32())
        }
        // A damaged sequence track must not spoil a good primary item: it then counts as one frame.
        let track = moov.flatMap { try? sequenceTrack(&r, moov: $0) }
        let useTrack = track != nil && (sequenceBrands.contains(major) || !stillBrands.contains(major))
        guard let meta else {
            // A sequence without a primary item: its track header gives the size.
            guard let track, track.width > 0, track.height > 0 else { throw .truncated("moov box") }
            return ImageFacts(type: type, width: track.width, height: track.height, frames: max(1, track.samples))
        }
        var facts = try primaryItem(&r, meta: meta, type: type)
        if useTrack, let track { facts.frames = max(1, track.samples) }
        return facts
    }

    /// The first picture track of a movie box that is not an auxiliary (alpha, depth) track.
    private struct Track { var width = 0, height = 0, samples = 0 }

    private static func sequenceTrack(_ r: inout ISOBMFFReader, moov: ISOBMFFBox) throws(ISOBMFFError) -> Track? {
        func child(_ parts: [ISOBMFFBox], _ code: StaticString) -> ISOBMFFBox? {
            parts.first { $0.type == fourCC(code) }
        }
        for trak in try r.children(of: moov) where trak.type == fourCC("trak") {
            let parts = try r.children(of: trak)
            if let tref = child(parts, "tref"), try r.children(of: tref).contains(where: { $0.type == fourCC("auxl") })
            {
                continue
            }
            guard let mdia = child(parts, "mdia") else { continue }
            let media = try r.children(of: mdia)
            guard let hdlr = child(media, "hdlr") else { continue }
            try r.enter(hdlr, skipping: 8)  // version, flags, pre_defined
            guard try r.u32() == fourCC("pict") else { continue }
            var track = Track()
            if let tkhd = child(parts, "tkhd") {
                try r.enter(tkhd)
                let version = try r.u8()
                // Times, track id and duration; reserved, layer, group, volume; the matrix.
                try r.skip(3 + (version == 1 ? 32 : 20) + 16 + 36)
                track.width = try r.u32() >> 16  // 16.16 fixed point
                track.height = try r.u32() >> 16
            }
            guard let minf = child(media, "minf"), let stbl = child(try r.children(of: minf), "stbl"),
                let sizes = try r.children(of: stbl).first(where: {
                    $0.type == fourCC("stsz") || $0.type == fourCC("stz2")
                })
            else { return track }
            // stsz: version/flags, sample_size, sample_count; stz2: version/flags, reserved+field_size, sample_count.
            try r.enter(sizes, skipping: 8)
            track.samples = try r.u32()
            return track
        }
        return nil
    }

    private static func primaryItem(
        _ r: inout ISOBMFFReader, meta: ISOBMFFBox, type: ImageType
    ) throws(ISOBMFFError) -> ImageFacts {
        // meta is a FullBox: 4 bytes of version and flags before its children.
        let items = try r.children(of: meta, skipping: 4)
        guard let pitm = items.first(where: { $0.type == fourCC("pitm") }) else { throw .corrupt("no primary item") }
        let primary = try HEIFItems.primary(&r, pitm)
        guard let iprp = items.first(where: { $0.type == fourCC("iprp") }),
            try r.children(of: iprp).contains(where: { $0.type == fourCC("ipco") })
        else { throw .corrupt("no item properties") }
        // Properties associated with the primary item, in order; an ipma past its budget is read
        // as far as the budget goes.
        let properties = try HEIFItemProperties(&r, iprp: iprp)

        var width = 0, height = 0
        var transform = Transform()  // what irot and imir did so far, in association order
        for p in properties.boxes(of: primary) {
            try r.enter(p)
            switch p.type {
            case fourCC("ispe"):
                try r.skip(4)
                width = try r.u32()
                height = try r.u32()
            case fourCC("clap"):
                let wn = try r.u32(), wd = try r.u32(), hn = try r.u32(), hd = try r.u32()
                if wd > 0, hd > 0 {
                    let cw = (wn + wd / 2) / wd
                    let ch = (hn + hd / 2) / hd
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
        guard width > 0, height > 0 else { throw .corrupt("no image size") }
        var facts = ImageFacts(type: type, width: width, height: height, orientation: transform.orientation)
        // A damaged iref or auxC leaves the alpha unknown, as none: the size is what the probe must find.
        if let iref = items.first(where: { $0.type == fourCC("iref") }) {
            facts.alpha = (try? hasAlphaItem(&r, iref: iref, properties: properties, primary: primary)) ?? false
        }
        return facts
    }

    /// The auxC types that make an auxiliary image the alpha plane (HEIF's and MPEG-B's).
    static let alphaURNs: [[UInt8]] = [
        Array("urn:mpeg:hevc:2015:auxid:1".utf8), Array("urn:mpeg:mpegB:cicp:systems:auxiliary:alpha".utf8),
    ]

    /// Whether an auxiliary image (auxl) of the primary item is its alpha plane, by its auxC type.
    private static func hasAlphaItem(
        _ r: inout ISOBMFFReader, iref: ISOBMFFBox, properties: HEIFItemProperties, primary: Int
    ) throws(ISOBMFFError) -> Bool {
        let auxiliaries = try HEIFItems.references(&r, iref).filter {
            $0.type == fourCC("auxl") && $0.to.contains(primary)
        }
        for auxiliary in auxiliaries {
            for p in properties.boxes(of: auxiliary.from) where p.type == fourCC("auxC") {
                try r.enter(p, skipping: 4)  // version and flags
                let urn = try r.bytes(max(0, min(64, p.end - r.offset))).prefix { $0 != 0 }
                if alphaURNs.contains(where: { $0.elementsEqual(urn) }) { return true }
            }
        }
        return false
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
