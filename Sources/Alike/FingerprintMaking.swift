import ImageDecoding
import ImageEncoding
import ImageHeaders

/// A picture's fingerprint and sharpness, made from the pixels imgsel decodes, so every decoded
/// type compares with every other (a HEIC and its JPEG export).
public struct Likeness: Equatable, Sendable {
    public var fingerprint: Fingerprint
    /// The Laplacian's energy (root mean square) of the luma, on the picture fitted within
    /// `Likeness.box`: higher is sharper; it ranks the frames of one burst.
    public var sharpness: Double

    public init(fingerprint: Fingerprint, sharpness: Double) {
        self.fingerprint = fingerprint
        self.sharpness = sharpness
    }

    /// The side the picture is fitted within before it is squeezed: a JPEG decodes at its
    /// smallest DCT scale for it (a 12-MP photo at 504×378), and the sharpness sees the detail
    /// a slight blur removes.
    public static let box = 256

    /// Whether this picture can be alike another: its fingerprint has features.
    public var isComparable: Bool { fingerprint.hasFeatures }

    /// The fewest pixels a side (upright, cropped) a picture must have to be compared: a smaller one
    /// (an icon, a test's 4×3) would be enlarged into the grids, its few pixels standing for detail
    /// it does not have, and two such pictures could look alike by chance. It is never alike, nor is
    /// one whose fingerprint has no features (`Fingerprint.hasFeatures`).
    public static let smallestSide = 16

    /// Whether upright pixels are large enough to compare (`smallestSide`); the likeness made of
    /// them must also have features (`isComparable`).
    public static func isComparable(_ raster: Raster) -> Bool {
        min(raster.width, raster.height) >= smallestSide
    }

    /// The likeness of a file's upright picture, `crop` applied (an entry's, in upright pixels).
    public static func of(_ bytes: [UInt8], facts: ImageFacts, crop: Crop? = nil) throws(DecodeError) -> Likeness {
        try of(upright: Thumbnailer.picture(bytes, facts: facts, crop: crop, within: box))
    }

    /// The likeness of upright pixels (any size): alpha is ignored, as the grids describe the
    /// colours drawn.
    public static func of(upright raster: Raster) -> Likeness {
        let grey = Luma(raster)
        let lumaSide = Fingerprint.lumaSide, chromaSide = Fingerprint.chromaSide
        let small = raster.width > 0 && raster.height > 0 ? raster.shrunk(toWidth: lumaSide, height: lumaSide) : raster
        var luma = [UInt8](repeating: 128, count: lumaSide * lumaSide)
        var blue = [Int](repeating: 0, count: chromaSide * chromaSide)
        var red = [Int](repeating: 0, count: chromaSide * chromaSide)
        if small.width == lumaSide, small.height == lumaSide {
            for y in 0..<lumaSide {
                for x in 0..<lumaSide {
                    let p = small.pixel(x: x, y: y)
                    let (l, cb, cr) = Luma.ycc(Int(p.r), Int(p.g), Int(p.b))
                    luma[y * lumaSide + x] = UInt8(l)
                    let c = (y / 2) * chromaSide + x / 2
                    blue[c] += cb
                    red[c] += cr
                }
            }
        } else {
            // An enlarged picture (smaller than 16 pixels a side) is squeezed by sampling.
            for y in 0..<lumaSide {
                for x in 0..<lumaSide {
                    let sx = x * max(1, raster.width) / lumaSide, sy = y * max(1, raster.height) / lumaSide
                    let p = raster.width > 0 && raster.height > 0 ? raster.pixel(x: sx, y: sy) : (0, 0, 0, 0)
                    let (l, cb, cr) = Luma.ycc(Int(p.0), Int(p.1), Int(p.2))
                    luma[y * lumaSide + x] = UInt8(l)
                    let c = (y / 2) * chromaSide + x / 2
                    blue[c] += cb
                    red[c] += cr
                }
            }
        }
        let fingerprint = Fingerprint(
            luma: luma, blue: blue.map { UInt8(clamping: ($0 + 2) / 4) }, red: red.map { UInt8(clamping: ($0 + 2) / 4) }
        )
        return Likeness(fingerprint: fingerprint, sharpness: grey.laplacianEnergy())
    }
}
