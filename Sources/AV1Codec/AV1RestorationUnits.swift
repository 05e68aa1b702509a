/// What read_lr_unit leaves for the loop restoration process: each plane's units' filter type
/// (LrType: 0 none, 1 Wiener, 2 self-guided) and coefficients (LrWiener, LrSgrSet, LrSgrXqd).
struct AV1RestorationUnits {
    /// Per plane: units across, units down, and the units row by row.
    var columns = [0, 0, 0], rows = [0, 0, 0]
    var types: [[UInt8]] = [[], [], []]
    /// Six Wiener coefficients a unit (vertical pass, then horizontal), three a pass.
    var wiener: [[Int8]] = [[], [], []]
    var sets: [[UInt8]] = [[], [], []]
    /// Two projection weights a unit.
    var xqd: [[Int16]] = [[], [], []]

    init() {}

    /// count_units_in_frame(unitSize, frameSize).
    static func count(_ unitSize: Int, _ frameSize: Int) -> Int { max((frameSize + (unitSize >> 1)) / unitSize, 1) }

    init(frame: AV1FrameHeader, colour: AV1ColourConfig) {
        for plane in 0..<colour.planes where frame.restoration.types[plane] != .none {
            let subX = plane == 0 ? 0 : colour.subsamplingX
            let subY = plane == 0 ? 0 : colour.subsamplingY
            let unitSize = frame.restoration.unitSizes[plane]
            columns[plane] = Self.count(unitSize, (frame.width + subX) >> subX)
            rows[plane] = Self.count(unitSize, (frame.height + subY) >> subY)
            let n = columns[plane] * rows[plane]
            types[plane] = [UInt8](repeating: 0, count: n)
            wiener[plane] = [Int8](repeating: 0, count: n * 6)
            sets[plane] = [UInt8](repeating: 0, count: n)
            xqd[plane] = [Int16](repeating: 0, count: n * 2)
        }
    }

    /// Takes the units another tile read: each tile reads its own units, and leaves the others
    /// as they started (zero), so a non-zero entry is that tile's.
    mutating func merge(_ other: AV1RestorationUnits) {
        for plane in 0..<3 {
            for i in types[plane].indices where other.types[plane][i] != 0 { types[plane][i] = other.types[plane][i] }
            for i in wiener[plane].indices where other.wiener[plane][i] != 0 {
                wiener[plane][i] = other.wiener[plane][i]
            }
            for i in sets[plane].indices where other.sets[plane][i] != 0 { sets[plane][i] = other.sets[plane][i] }
            for i in xqd[plane].indices where other.xqd[plane][i] != 0 { xqd[plane][i] = other.xqd[plane][i] }
        }
    }
}
