import ImageCore

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

    /// One plane's `width` × `height` corner, row by row; bands of rows copied on every core
    /// (the copy's page faults, 36 MB at 12 MP, with them).
    func plane(_ p: Int, width: Int, height: Int) -> [UInt16] {
        precondition(width <= strides[p] && height <= rows[p], "a plane's corner past the plane")
        let (offset, stride) = (offsets[p], strides[p])
        let samples = self.samples
        return [UInt16](unsafeUninitializedCapacity: width * height) { out, made in
            let target = Target(base: out.baseAddress)
            let bands = Swift.stride(from: 0, to: height, by: 256).map { $0..<Swift.min($0 + 256, height) }
            _ = Parallel.map(bands) { band in
                samples.withUnsafeBufferPointer { source in
                    guard let from = source.baseAddress, let to = target.base else { return }
                    for y in band {
                        (to + y * width).initialize(from: from + offset + y * stride, count: width)
                    }
                }
            }
            made = width * height
        }
    }

    /// The copy's buffer, written by the bands at once (each its own rows).
    private struct Target: @unchecked Sendable {
        let base: UnsafeMutablePointer<UInt16>?
    }
}
