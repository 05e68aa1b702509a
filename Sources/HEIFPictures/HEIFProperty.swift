import ImageCore
import ImageHeaders

/// The item properties (ipco) that decide what a HEIF item's pixels are, parsed from the boxes
/// the item model (ImageHeaders' HEIFItemProperties) hands on. Others (pixi, ICC colr, rloc, a
/// codec's configuration, which its HEIFCodec reads) are kept as `.other`: pixels are taken as
/// sRGB (SPEC "Pictures").
enum HEIFProperty: Equatable {
    /// ispe: the item's width and height.
    case size(width: Int, height: Int)
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

    static func parse(_ bytes: [UInt8], _ box: ISOBMFFBox) throws(DecodeError) -> HEIFProperty {
        var c = HEIFCursor(bytes, box: box)
        switch box.type {
        case heifCode("ispe"):
            try c.skip(4)
            return .size(width: try c.u32(), height: try c.u32())
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
