import ImageCore

/// What the first IFD says about the pixels, checked: sizes, sample layout, colour model, compression, and
/// where each strip or tile lies.
struct TIFFLayout {
    enum Colour: Equatable { case whiteIsZero, blackIsZero, rgb, palette, cmyk }
    enum Compression: Equatable { case none, packBits, lzw, deflate }
    enum Alpha: Equatable { case none, straight, associated }

    var width = 0, height = 0
    var bits = 0
    var samples = 0
    var colour = Colour.blackIsZero
    var compression = Compression.none
    var alpha = Alpha.none
    var planar = false
    var tiled = false
    var predictor = false
    var reversedBits = false
    /// Strip or tile size in pixels (strips: the image width by RowsPerStrip).
    var blockWidth = 0, blockHeight = 0
    var blocksAcross = 0, blocksDown = 0
    var offsets: [Int] = []
    var byteCounts: [Int]?
    /// What the offset and byte count tables take held as Ints: part of what the decode holds.
    var tableBytes = 0
    /// ColorMap reduced to 8 bits as Pillow does (value // 256), R, G, B per entry.
    var palette: [UInt8] = []

    /// Samples in one block row of one plane (planar) or of all samples (chunky).
    var samplesPerBlockPixel: Int { planar ? 1 : samples }
    var blockRowBytes: Int { (blockWidth * samplesPerBlockPixel * bits + 7) / 8 }
    var planes: Int { planar ? samples : 1 }

    init(_ ifd: TIFFDirectory) throws(DecodeError) {
        guard let width = try ifd.value(256), let height = try ifd.value(257) else {
            throw .corrupt("TIFF without image width or length")
        }
        try DecodeLimits.check(width: width, height: height)
        self.width = width
        self.height = height
        samples = try ifd.value(277) ?? 1
        guard (1...16).contains(samples) else { throw .unsupported("TIFF with \(samples) samples a pixel") }
        let allBits = try ifd.values(258, most: 16) ?? [1]
        bits = allBits.first ?? 1
        guard allBits.allSatisfy({ $0 == bits }), [1, 2, 4, 8, 16].contains(bits) else {
            throw .unsupported("TIFF with \(allBits.map(String.init).joined(separator: ",")) bits a sample")
        }
        let format = try ifd.values(339, most: 16)?.first ?? 1
        guard format == 1 || format == 2 && bits == 8 else { throw .unsupported("TIFF with sample format \(format)") }
        try readCompression(ifd)
        try readColour(ifd)
        planar = try ifd.value(284) == 2 && samples > 1
        reversedBits = try ifd.value(266) == 2
        let predictorValue = try ifd.value(317) ?? 1
        predictor = predictorValue == 2 && (compression == .lzw || compression == .deflate)
        guard predictorValue <= 2 else { throw .unsupported("TIFF with predictor \(predictorValue)") }
        if predictor, bits < 8 { throw .unsupported("TIFF with predictor 2 at \(bits) bits") }
        try readBlocks(ifd)
    }

    private mutating func readCompression(_ ifd: TIFFDirectory) throws(DecodeError) {
        let code = try ifd.value(259) ?? 1
        switch code {
        case 1: compression = .none
        case 32773: compression = .packBits
        case 5: compression = .lzw
        case 8, 32946: compression = .deflate
        default:
            let names = [
                2: "CCITT RLE", 3: "CCITT Group 3", 4: "CCITT Group 4", 6: "old JPEG", 7: "JPEG",
                34712: "JPEG 2000", 34887: "LERC", 34925: "LZMA", 50000: "Zstandard", 50001: "WebP",
                32809: "ThunderScan", 34661: "JBIG", 34676: "SGI LogLuv", 32908: "Pixar",
            ]
            throw .unsupported("TIFF with \(names[code] ?? "\(code)") compression")
        }
    }

    private mutating func readColour(_ ifd: TIFFDirectory) throws(DecodeError) {
        let photometric = try ifd.value(262) ?? 0  // Pillow's default when the tag is missing
        let extra = try ifd.values(338, most: 16) ?? []
        let colourSamples: Int
        switch photometric {
        case 0: colour = .whiteIsZero; colourSamples = 1
        case 1: colour = .blackIsZero; colourSamples = 1
        case 2: colour = .rgb; colourSamples = 3
        case 3: colour = .palette; colourSamples = 1
        case 5: colour = .cmyk; colourSamples = 4
        case 6: throw .unsupported("TIFF with YCbCr colour")
        default: throw .unsupported("TIFF with photometric interpretation \(photometric)")
        }
        guard samples >= colourSamples else { throw .corrupt("TIFF with \(samples) samples for its colour model") }
        if colour == .rgb, bits < 8 { throw .unsupported("TIFF RGB at \(bits) bits a sample") }
        if colour == .cmyk, bits != 8 { throw .unsupported("TIFF CMYK at \(bits) bits a sample") }
        if colour == .palette {
            guard bits <= 8, let map = try ifd.values(320, most: 3 << 16), map.count >= 3 << bits else {
                throw .corrupt("TIFF palette image without a colour map of \(3 << bits) entries")
            }
            let n = 1 << bits
            for i in 0..<n {
                for channel in 0..<3 { palette.append(UInt8(truncatingIfNeeded: map[channel * n + i] >> 8)) }
            }
        }
        // The first extra sample is alpha when marked so (1 associated, 2 unassociated); four RGB samples with no
        // ExtraSamples tag, or Corel's 999, are straight alpha as Pillow reads them. Unspecified (0) is ignored.
        if samples > colourSamples, colour != .palette, colour != .cmyk {
            switch extra.first {
            case 1: alpha = .associated
            case 2, 999: alpha = .straight
            case nil: alpha = colour == .rgb && samples == 4 ? .straight : .none
            default: alpha = .none
            }
        }
    }

    private mutating func readBlocks(_ ifd: TIFFDirectory) throws(DecodeError) {
        let most = 1 << 22
        // The tables stay held with the file and the raster through the decode: a file of millions of
        // 1×1 tiles must be refused by the budget before they are read, not after.
        let hasTileWidth = try ifd.value(322) != nil, hasTileHeight = try ifd.value(323) != nil
        let tags = hasTileWidth && hasTileHeight ? (324, 325) : (273, 279)
        tableBytes = 8 * (Swift.min(ifd.count(tags.0), most) + Swift.min(ifd.count(tags.1), most))
        try DecodeLimits.check(width: width, height: height, workingBytes: tableBytes, inputBytes: ifd.bytes.count)
        if let tileWidth = try ifd.value(322), let tileHeight = try ifd.value(323) {
            guard tileWidth >= 1, tileHeight >= 1, tileWidth <= 1 << 16, tileHeight <= 1 << 16 else {
                throw .corrupt("TIFF tile of \(tileWidth)×\(tileHeight)")
            }
            tiled = true
            blockWidth = tileWidth
            blockHeight = tileHeight
            offsets = try ifd.values(324, most: most) ?? []
            byteCounts = try ifd.values(325, most: most)
        } else {
            let rows = try ifd.value(278) ?? height
            blockWidth = width
            blockHeight = Swift.min(Swift.max(rows, 1), height)
            guard rows >= 1 else { throw .corrupt("TIFF with \(rows) rows a strip") }
            offsets = try ifd.values(273, most: most) ?? []
            byteCounts = try ifd.values(279, most: most)
        }
        blocksAcross = (width + blockWidth - 1) / blockWidth
        blocksDown = (height + blockHeight - 1) / blockHeight
        let needed = blocksAcross * blocksDown * planes
        guard offsets.count >= needed else {
            throw .corrupt("TIFF has \(offsets.count) strip or tile offsets for \(needed) blocks")
        }
        if let counts = byteCounts, counts.count < needed {
            throw .corrupt("TIFF has \(counts.count) byte counts for \(needed) blocks")
        }
        if byteCounts == nil, compression != .none { throw .corrupt("TIFF compressed data without byte counts") }
    }
}
