/// The item properties (ipco) that decide what a HEIF item's pixels are. Others (pixi, ICC
/// colr, rloc...) are kept as `.other`: pixels are taken as sRGB (SPEC "Pictures").
enum HEIFProperty: Equatable {
    /// ispe: the item's width and height.
    case size(width: Int, height: Int)
    case hevcConfiguration(HEVCConfiguration)
    case cleanAperture(HEIFCleanAperture)
    /// irot: anticlockwise quarter turns.
    case rotation(Int)
    /// imir: 0 exchanges top and bottom, 1 left and right (as libheif and the probe read it).
    case mirror(axis: Int)
    /// colr of type nclx: the matrix and range of YCbCr.
    case colour(HEIFColourInfo)
    /// auxC: what an auxiliary image is (its URN).
    case auxiliaryType(String)
    /// lsel: which layer of a multi-layer stream the item is.
    case layer(Int)
    case other(UInt32)

    static func parse(_ bytes: [UInt8], _ box: HEIFBox) throws(DecodeError) -> HEIFProperty {
        var c = HEIFCursor(bytes, box: box)
        switch box.type {
        case heifCode("ispe"):
            try c.skip(4)
            return .size(width: try c.u32(), height: try c.u32())
        case heifCode("hvcC"):
            return .hevcConfiguration(try HEVCConfiguration(&c))
        case heifCode("clap"):
            let values = try (0..<8).map { (i) throws(DecodeError) in i == 4 || i == 6 ? try c.i32() : try c.u32() }
            return .cleanAperture(
                HEIFCleanAperture(
                    width: (values[0], values[1]), height: (values[2], values[3]),
                    horizontalOffset: (values[4], values[5]), verticalOffset: (values[6], values[7])))
        case heifCode("irot"):
            return .rotation(Int(try c.u8() & 3))
        case heifCode("imir"):
            return .mirror(axis: Int(try c.u8() & 1))
        case heifCode("colr"):
            guard try c.unsigned(4) == UInt64(heifCode("nclx")) else { return .other(box.type) }
            let primaries = try c.u16()
            _ = try c.u16()  // transfer characteristics: pixels are taken as sRGB
            let matrix = try c.u16()
            let fullRange = try c.u8() & 0x80 != 0
            return .colour(HEIFColourInfo(primaries: primaries, matrix: matrix, fullRange: fullRange))
        case heifCode("auxC"):
            try c.skip(4)
            return .auxiliaryType(try c.cString())
        case heifCode("lsel"):
            return .layer(try c.u16())
        default:
            return .other(box.type)
        }
    }
}

/// clap: the clean aperture, its width, height and centre offset as fractions (numerator,
/// denominator); a zero denominator makes it void, as the probe takes it.
struct HEIFCleanAperture: Equatable {
    var width: (Int, Int)
    var height: (Int, Int)
    var horizontalOffset: (Int, Int)
    var verticalOffset: (Int, Int)

    static func == (a: HEIFCleanAperture, b: HEIFCleanAperture) -> Bool {
        a.width == b.width && a.height == b.height && a.horizontalOffset == b.horizontalOffset
            && a.verticalOffset == b.verticalOffset
    }
}

/// hvcC: what the HEVC decoder needs besides the item's bytes: the parameter sets (VPS, SPS,
/// PPS, and any SEI the arrays carry), the size of the NAL unit length fields, and the chroma
/// format, which refuses 4:2:2 and 4:4:4 by name before any decoding.
struct HEVCConfiguration: Equatable {
    var chromaFormat: Int
    var bitDepthLuma: Int
    var bitDepthChroma: Int
    var lengthSize: Int
    var parameterSets: [[UInt8]]

    static let maxNALUnits = 1000

    init(_ c: inout HEIFCursor) throws(DecodeError) {
        try c.skip(16)  // version, profile, tier, level, compatibility flags, segmentation, parallelism
        chromaFormat = Int(try c.u8() & 3)
        bitDepthLuma = Int(try c.u8() & 7) + 8
        bitDepthChroma = Int(try c.u8() & 7) + 8
        try c.skip(2)  // average frame rate
        lengthSize = Int(try c.u8() & 3) + 1
        guard lengthSize != 3 else { throw .corrupt("HEVC configuration with 3-byte NAL lengths") }
        let arrays = Int(try c.u8())
        parameterSets = []
        for _ in 0..<arrays {
            try c.skip(1)  // completeness and the NAL unit type, which the unit's own header repeats
            let count = try c.u16()
            for _ in 0..<count {
                guard parameterSets.count < Self.maxNALUnits else {
                    throw .corrupt("HEVC configuration with over \(Self.maxNALUnits) NAL units")
                }
                parameterSets.append(try c.take(try c.u16()))
            }
        }
    }

    /// The name of a chroma format the decoder refuses, or nil for 4:2:0 and monochrome.
    var refusedChroma: String? {
        switch chromaFormat {
        case 2: return "HEVC 4:2:2 (range extensions)"
        case 3: return "HEVC 4:4:4 (range extensions)"
        default: return nil
        }
    }
}
