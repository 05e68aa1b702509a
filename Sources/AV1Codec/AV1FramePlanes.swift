/// CurrFrame: the frame's reconstructed samples, every plane in one buffer. Each plane is
/// padded to whole 128-sample superblocks (a transform block may reach past the frame's edge,
/// and is written whole; only the frame's own part is output).
struct AV1FramePlanes {
    var samples: [UInt16]
    let offsets: [Int]
    let strides: [Int]
    let rows: [Int]
    let count: Int

    /// The bytes the planes take for a frame of miCols × miRows units, for DecodeLimits.
    static func bytes(miCols: Int, miRows: Int, subsamplingX: Int, subsamplingY: Int, planes: Int) -> Int {
        let w = (miCols * 4 + 127) & ~127
        let h = (miRows * 4 + 127) & ~127
        return 2 * (w * h + (planes - 1) * (w >> subsamplingX) * (h >> subsamplingY))
    }

    init(miCols: Int, miRows: Int, subsamplingX: Int, subsamplingY: Int, planes: Int) {
        let w = (miCols * 4 + 127) & ~127
        let h = (miRows * 4 + 127) & ~127
        var offsets: [Int] = []
        var strides: [Int] = []
        var rows: [Int] = []
        var total = 0
        for plane in 0..<planes {
            let pw = plane > 0 ? w >> subsamplingX : w
            let ph = plane > 0 ? h >> subsamplingY : h
            offsets.append(total)
            strides.append(pw)
            rows.append(ph)
            total += pw * ph
        }
        self.offsets = offsets
        self.strides = strides
        self.rows = rows
        count = planes
        samples = [UInt16](repeating: 0, count: total)
    }

    init() {
        samples = []
        offsets = []
        strides = []
        rows = []
        count = 0
    }

    /// One plane's `width` × `height` corner, row by row.
    func plane(_ p: Int, width: Int, height: Int) -> [UInt16] {
        var out = [UInt16]()
        out.reserveCapacity(width * height)
        for y in 0..<height {
            let start = offsets[p] + y * strides[p]
            out += samples[start..<start + width]
        }
        return out
    }
}
