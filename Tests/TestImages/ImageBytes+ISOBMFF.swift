extension ImageBytes {
    // MARK: ISOBMFF (HEIF / AVIF)

    public static func box(_ type: String, _ payload: [UInt8]) -> [UInt8] {
        be32(8 + payload.count) + ascii(type) + payload
    }
    public static func fullBox(_ type: String, version: UInt8 = 0, flags: Int = 0, _ payload: [UInt8]) -> [UInt8] {
        box(type, [version] + Array(be32(flags).dropFirst()) + payload)
    }

    /// A HEIF file: item 1 is primary with properties `primary` (listed in association order),
    /// item 2 is a thumbnail with its own ispe. `wide` uses ipma version 1 with 16-bit indices.
    public static func heif(
        major: String = "heic", compatible: [String] = ["mif1", "heic"], primary: [[UInt8]],
        thumbnailSize: (Int, Int) = (320, 240), wide: Bool = false, mdatFirst: Bool = true,
        moov: [UInt8] = []
    ) -> [UInt8] {
        let ftyp = box("ftyp", ascii(major) + be32(0) + compatible.flatMap(ascii))
        let hdlr = fullBox("hdlr", be32(0) + ascii("pict") + [UInt8](repeating: 0, count: 13))
        let pitm = wide ? fullBox("pitm", version: 1, be32(1)) : fullBox("pitm", be16(1))
        let thumbIspe = ispe(thumbnailSize.0, thumbnailSize.1)
        let props = [thumbIspe] + primary
        let ipco = box("ipco", props.reduce([], +))
        func index(_ i: Int, essential: Bool) -> [UInt8] {
            wide ? be16(i | (essential ? 0x8000 : 0)) : [UInt8(i | (essential ? 0x80 : 0))]
        }
        func item(_ id: Int) -> [UInt8] { wide ? be32(id) : be16(id) }
        var entries = be32(2)
        entries += item(2) + [1] + index(1, essential: false)
        entries += item(1) + [UInt8(primary.count)]
        for i in primary.indices { entries += index(i + 2, essential: true) }
        let ipma = fullBox("ipma", version: wide ? 1 : 0, flags: wide ? 1 : 0, entries)
        let iprp = box("iprp", ipco + ipma)
        let meta = fullBox("meta", hdlr + pitm + iprp)
        let mdat = box("mdat", [UInt8](repeating: 0xAB, count: 100))
        return ftyp + (mdatFirst ? mdat + meta : meta + mdat) + moov
    }

    /// A movie box holding `tracks` (see `track`).
    public static func moov(_ tracks: [[UInt8]]) -> [UInt8] {
        box("moov", fullBox("mvhd", zeros(96)) + tracks.reduce([], +))
    }

    /// An image-sequence track: tkhd with the size, hdlr `handler`, stsz with `samples`;
    /// `auxiliary` adds a tref/auxl (an alpha or depth track).
    public static func track(
        samples: Int, width: Int = 40, height: Int = 30, handler: String = "pict",
        auxiliary: Bool = false, tkhdVersion: UInt8 = 0, stz2: Bool = false
    ) -> [UInt8] {
        let times = zeros(tkhdVersion == 1 ? 32 : 20)
        let tkhd = fullBox(
            "tkhd", version: tkhdVersion, flags: 3, times + zeros(16 + 36) + be32(width << 16) + be32(height << 16))
        let hdlr = fullBox("hdlr", be32(0) + ascii(handler) + zeros(13))
        let sizes =
            stz2
            ? fullBox("stz2", [0, 0, 0, 16] + be32(samples) + zeros(2 * samples))
            : fullBox("stsz", be32(1000) + be32(samples))
        let stbl = box("stbl", fullBox("stsd", be32(0)) + box("stts", zeros(8)) + sizes)
        let mdia = box("mdia", fullBox("mdhd", zeros(20)) + hdlr + box("minf", box("dinf", []) + stbl))
        return box("trak", tkhd + (auxiliary ? box("tref", box("auxl", be32(1))) : []) + mdia)
    }

    public static func ispe(_ w: Int, _ h: Int) -> [UInt8] { fullBox("ispe", be32(w) + be32(h)) }
    public static func irot(_ quarterTurns: UInt8) -> [UInt8] { box("irot", [quarterTurns]) }
    public static func imir(_ axis: UInt8) -> [UInt8] { box("imir", [axis]) }
    public static func clap(width: Int, height: Int) -> [UInt8] {
        box("clap", be32(width) + be32(1) + be32(height) + be32(1) + be32(0) + be32(1) + be32(0) + be32(1))
    }
}
