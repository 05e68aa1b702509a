/// The picture under reconstruction: sample planes at the stream's bit depth, and what later
/// stages need to know of each 4×4 luma block (which slice decoded it, its depth, intra mode,
/// QP, PCM/bypass and transform edges) and of each CTB (tile, SAO parameters).
final class HEVCFrame {
    let sps: HEVCSPS
    let pps: HEVCPPS
    let width: Int
    let height: Int
    /// 0 for monochrome, 1 for 4:2:0.
    let chromaShift: Int
    let planeCount: Int
    /// The sample planes, allocated here and freed with the frame: buffers, not arrays, so that
    /// prediction and reconstruction write samples without an exclusivity or uniqueness check
    /// each (the index arithmetic is bounded by the plane sizes, as every caller's loops are).
    let planes: [UnsafeMutableBufferPointer<UInt16>]
    let planeWidth: [Int]
    let planeHeight: [Int]
    /// Size of the per-4×4 arrays' rows.
    let blocksWide: Int
    let blocksHigh: Int
    /// The per-4×4 values, buffers allocated here and freed with the frame for the reason the planes
    /// are (each read a class's array was an exclusivity check, 2% of a decode); every index is a
    /// block inside the picture (`block(x, y)` of an available sample, or loops bounded by
    /// `blocksWide` and `blocksHigh`).
    /// Index into `slices` of the segment that reconstructed the block; -1 before.
    let blockSlice: UnsafeMutableBufferPointer<Int32>
    let ctDepth: UnsafeMutableBufferPointer<UInt8>
    let intraMode: UnsafeMutableBufferPointer<UInt8>
    let qpY: UnsafeMutableBufferPointer<Int8>
    let blockFlags: UnsafeMutableBufferPointer<UInt8>
    var slices: [HEVCSliceHeader] = []
    let tiles: HEVCTileLayout
    var sao: [HEVCSaoParameters]

    static let flagPCM: UInt8 = 1
    static let flagBypass: UInt8 = 2
    /// A transform (or coding) block edge on the block's left side / top side.
    static let flagEdgeLeft: UInt8 = 4
    static let flagEdgeTop: UInt8 = 8
    /// PCM or bypass samples that the loop filters leave alone (with pcm_loop_filter_disabled).
    static let flagNoFilter: UInt8 = 16

    init(sps: HEVCSPS, pps: HEVCPPS) {
        self.sps = sps
        self.pps = pps
        width = sps.width
        height = sps.height
        chromaShift = sps.chromaShift
        let count = sps.chromaFormat == 0 ? 1 : 3
        planeCount = count
        let shift = sps.chromaShift, w = sps.width, h = sps.height
        let cw = (w + shift) >> shift, ch = (h + shift) >> shift
        planeWidth = [w, cw, cw]
        planeHeight = [h, ch, ch]
        planes = (0..<count).map { plane in
            let buffer = UnsafeMutableBufferPointer<UInt16>.allocate(capacity: plane == 0 ? w * h : cw * ch)
            buffer.initialize(repeating: 0)
            return buffer
        }
        blocksWide = (width + 3) >> 2
        blocksHigh = (height + 3) >> 2
        let blocks = blocksWide * blocksHigh
        blockSlice = Self.buffer(count: blocks, -1)
        ctDepth = Self.buffer(count: blocks, 0)
        intraMode = Self.buffer(count: blocks, 1)
        qpY = Self.buffer(count: blocks, 0)
        blockFlags = Self.buffer(count: blocks, 0)
        tiles = HEVCTileLayout(sps: sps, pps: pps)
        sao = [HEVCSaoParameters](repeating: HEVCSaoParameters(), count: sps.widthInCtbs * sps.heightInCtbs)
    }

    deinit {
        for plane in planes { plane.deallocate() }
        blockSlice.deallocate()
        ctDepth.deallocate()
        intraMode.deallocate()
        qpY.deallocate()
        blockFlags.deallocate()
    }

    private static func buffer<T>(count: Int, _ value: T) -> UnsafeMutableBufferPointer<T> {
        let buffer = UnsafeMutableBufferPointer<T>.allocate(capacity: count)
        buffer.initialize(repeating: value)
        return buffer
    }

    @inline(__always) func block(_ x: Int, _ y: Int) -> Int { (y >> 2) * blocksWide + (x >> 2) }

    /// Whether the luma sample (xN, yN) is reconstructed already, in the slice and tile of
    /// (xC, yC) (6.4.1, with decoding order standing for z-scan order).
    func available(_ xC: Int, _ yC: Int, _ xN: Int, _ yN: Int) -> Bool {
        guard xN >= 0, yN >= 0, xN < width, yN < height else { return false }
        let slice = blockSlice[block(xN, yN)]
        guard slice >= 0 else { return false }
        let current = blockSlice[block(xC, yC)]
        let currentSlice = current >= 0 ? slices[Int(current)] : slices[slices.count - 1]
        guard slices[Int(slice)].sliceAddress == currentSlice.sliceAddress else { return false }
        return tiles.tileID(x: xN, y: yN) == tiles.tileID(x: xC, y: yC)
    }

    /// Records a reconstructed luma area as decoded by the current slice segment.
    func markDecoded(x: Int, y: Int, size: Int) {
        let slice = Int32(slices.count - 1)
        for by in (y >> 2)..<min((y + size) >> 2, blocksHigh) {
            for bx in (x >> 2)..<min((x + size) >> 2, blocksWide) { blockSlice[by * blocksWide + bx] = slice }
        }
    }

    func addFlags(x: Int, y: Int, size: Int, _ flags: UInt8) {
        for by in (y >> 2)..<min((y + size + 3) >> 2, blocksHigh) {
            for bx in (x >> 2)..<min((x + size + 3) >> 2, blocksWide) { blockFlags[by * blocksWide + bx] |= flags }
        }
    }

    /// Sets a per-block value over a luma square.
    func fill<T>(_ array: UnsafeMutableBufferPointer<T>, x: Int, y: Int, size: Int, _ value: T) {
        for by in (y >> 2)..<min((y + size + 3) >> 2, blocksHigh) {
            for bx in (x >> 2)..<min((x + size + 3) >> 2, blocksWide) { array[by * blocksWide + bx] = value }
        }
    }
}

/// SAO parameters of one CTB (7.3.8.3): per component the type (0 off, 1 band, 2 edge), the
/// band position or edge class, and four offsets.
struct HEVCSaoParameters: Sendable {
    var type: [UInt8] = [0, 0, 0]
    var bandOrClass: [UInt8] = [0, 0, 0]
    var offsets: [[Int16]] = [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]]
}

/// Tiles in CTBs (6.5.1): column and row boundaries, the raster/tile scan conversions.
struct HEVCTileLayout: Sendable {
    let columnStarts: [Int]
    let rowStarts: [Int]
    let widthInCtbs: Int
    let log2CtbSize: Int
    /// Tile id of each CTB by raster address.
    let tileOfCtb: [Int]
    let rasterToTile: [Int]
    let tileToRaster: [Int]

    init(sps: HEVCSPS, pps: HEVCPPS) {
        var columns = [0], rows = [0]
        for w in pps.tileColumnWidths { columns.append(columns[columns.count - 1] + w) }
        for h in pps.tileRowHeights { rows.append(rows[rows.count - 1] + h) }
        columnStarts = columns
        rowStarts = rows
        widthInCtbs = sps.widthInCtbs
        log2CtbSize = sps.log2CtbSize
        let count = sps.widthInCtbs * sps.heightInCtbs
        var tileOf = [Int](repeating: 0, count: count)
        var toTile = [Int](repeating: 0, count: count)
        var toRaster = [Int](repeating: 0, count: count)
        var ts = 0
        for tr in 0..<(rows.count - 1) {
            for tc in 0..<(columns.count - 1) {
                for y in rows[tr]..<rows[tr + 1] {
                    for x in columns[tc]..<columns[tc + 1] {
                        let rs = y * sps.widthInCtbs + x
                        tileOf[rs] = tr * (columns.count - 1) + tc
                        toTile[rs] = ts
                        toRaster[ts] = rs
                        ts += 1
                    }
                }
            }
        }
        tileOfCtb = tileOf
        rasterToTile = toTile
        tileToRaster = toRaster
    }

    func tileID(x: Int, y: Int) -> Int { tileOfCtb[(y >> log2CtbSize) * widthInCtbs + (x >> log2CtbSize)] }

    /// The first CTB column of the tile holding CTB column `ctbX`.
    func tileColumnStart(_ ctbX: Int) -> Int { columnStarts.last(where: { $0 <= ctbX }) ?? 0 }
}
