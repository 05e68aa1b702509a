/// CurrFrame: the frame's reconstructed samples, every plane in one buffer. Each plane is
/// padded to whole 128-sample superblocks (a transform block may reach past the frame's edge,
/// and is written whole; only the frame's own part is output).
struct AV1FramePlanes {
    /// Shared by the planes' copies: the frame's tiles, decoded at once, each write their own.
    let samples: AV1SharedBuffer<UInt16>
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
        samples = AV1SharedBuffer(repeating: 0, count: total)
    }

    init() {
        samples = AV1SharedBuffer(repeating: 0, count: 0)
        offsets = []
        strides = []
        rows = []
        count = 0
    }

    /// One plane's `width` × `height` corner, row by row.
    func plane(_ p: Int, width: Int, height: Int) -> [UInt16] {
        precondition(width <= strides[p] && height <= rows[p], "a plane's corner past the plane")
        return samples.withUnsafeBufferPointer { samples in
            [UInt16](unsafeUninitializedCapacity: width * height) { out, made in
                for y in 0..<height {
                    let start = offsets[p] + y * strides[p]
                    (out.baseAddress! + y * width).initialize(from: samples.baseAddress! + start, count: width)
                }
                made = width * height
            }
        }
    }
}
