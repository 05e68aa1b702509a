import ImageCore

/// The one conversion of a picture's numbers to sRGB, built once per picture, applied on 8-bit pixels.
///
/// Made of tables so that applying is a few nanoseconds a pixel: a matrix-shaper conversion (every RGB
/// profile without an A2B0 table, and nclx/cICP) is three 256-entry curves to linear light, one 3×3
/// matrix with an offset (the black point compensation) and a 16385-entry table back to 8-bit sRGB, as
/// LittleCMS's own 8-bit matrix-shaper path; a table-based RGB profile is sampled once on a 33³ grid
/// (LittleCMS resamples an 8-bit RGB transform on the same grid) and interpolated tetrahedrally; a
/// grey profile is one table of its 256 values, read from 33 samples as LittleCMS resamples a grey
/// transform (linear between them: near black that is coarser than the curve, and LittleCMS's).
public struct ColourTransform: Sendable {
    enum Tables: Sendable {
        case shaper(ShaperTables)
        case grid(RGBGridTables)
        case grey([UInt8])
    }

    let tables: Tables

    /// RGB or grey profile → sRGB (LittleCMS 2's built-in sRGB), intent as LittleCMS chooses for
    /// INTENT_PERCEPTUAL (A2B0 when the profile has it, else the matrix/TRC), with LittleCMS's
    /// black point compensation where it forces it. Nil when it would be the identity.
    public init?(profile: ICCProfile) throws(ProfileError) {
        guard profile.space != .cmyk else { throw .unsupported(signature: signature("CMYK")) }
        guard !profile.isSRGBEquivalent else { return nil }
        self.init(tablesOf: profile)
    }

    /// The tables, sRGB-equivalent or not (the profile's own check uses them).
    init(tablesOf profile: ICCProfile) {
        let conversion = Conversion(profile)
        if profile.space == .grey {
            tables = .grey(ColourTransform.greyTable(conversion))
            return
        }
        switch profile.model {
        case .matrixShaper(let curves, let matrix):
            let combined = BuiltInSRGB.fromD50 * Matrix3.diagonal(conversion.scale) * matrix
            tables = .shaper(
                ShaperTables(
                    curves: curves.map { c in (0..<256).map { c.value(Double($0) / 255) } }, matrix: combined,
                    offset: BuiltInSRGB.fromD50 * conversion.offset))
        case .grey, .lut:
            tables = .grid(RGBGridTables { conversion.linearSRGB($0) })
        }
    }

    init(tables: Tables) { self.tables = tables }

    /// The sRGB of each 8-bit grey, interpolated between 33 samples of the conversion.
    static func greyTable(_ conversion: Conversion) -> [UInt8] {
        let nodes = (0...32).map { i in
            let linear = conversion.linearSRGB(Device(Double(i) / 32, 0, 0, 0))
            return [linear.x, linear.y, linear.z].map { BuiltInSRGB.encode($0) * 255 }
        }
        return (0..<256).flatMap { v in
            let position = Double(v) * 32 / 255
            let i = min(Int(position), 31)
            let f = position - Double(i)
            return (0..<3).map { c in UInt8((nodes[i][c] + (nodes[i + 1][c] - nodes[i][c]) * f).rounded()) }
        }
    }

    /// Converts the RGB of every pixel in place (alpha untouched). For a grey profile the raster's
    /// R=G=B is the grey value.
    public func apply(to raster: inout Raster) {
        let count = raster.width * raster.height
        raster.pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            apply(base, count: count, stride: 4)
        }
    }

    /// Converts `count` pixels of RGB(A) in place starting at `pixels` with `stride` bytes a pixel (3 or 4).
    public func apply(_ pixels: UnsafeMutablePointer<UInt8>, count: Int, stride: Int) {
        switch tables {
        case .shaper(let shaper): shaper.apply(pixels, count: count, stride: stride)
        case .grid(let grid): grid.apply(pixels, count: count, stride: stride)
        case .grey(let table):
            table.withUnsafeBufferPointer { t in
                for i in 0..<count {
                    let p = pixels + i &* stride
                    let g = Int(p[0]) &* 3
                    p[0] = t[g]
                    p[1] = t[g &+ 1]
                    p[2] = t[g &+ 2]
                }
            }
        }
    }
}
