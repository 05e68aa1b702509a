import ImageCore

/// The deblocking loop filter of an intra frame (AV1 7.14): every vertical transform edge, then
/// every horizontal one, plane by plane, each four samples long, filtered by the narrow filter
/// or the 6-, 8- or 13-tap wide ones as the masks of the samples across it decide.
struct AV1LoopFilter {
    let frame: AV1FrameHeader
    let colour: AV1ColourConfig
    let grid: AV1ModeGrid

    /// The loop filter process, when the frame's luma levels are not both 0: the vertical edges
    /// of every plane, then the horizontal ones, each pass in bands of rows on every core.
    /// The result is the spec's raster order's: within a pass no two edges touch the same
    /// samples (an edge filters at most 6 samples each side and reads 7 or 8, and edges with
    /// such wide filters are at least 16 apart, narrower ones 8 or 4 apart with 3 or 1 each
    /// side), so the bands of one pass may run in any order.
    static func apply(_ planes: inout AV1FramePlanes, frame: AV1FrameHeader, colour: AV1ColourConfig, grid: AV1ModeGrid)
    {
        let levels = frame.loopFilter.level
        guard levels[0] != 0 || levels[1] != 0 else { return }
        let filter = AV1LoopFilter(frame: frame, colour: colour, grid: grid)
        var bands: [Band] = []
        for plane in 0..<colour.planes where plane == 0 || levels[1 + plane] != 0 {
            for top in stride(from: 0, to: frame.miRows, by: Band.rows) {
                bands.append(Band(plane: plane, rows: top..<min(top + Band.rows, frame.miRows)))
            }
        }
        let shared = planes
        for pass in 0..<2 {
            _ = Parallel.map(bands) { band in filter.filter(shared, band, pass: pass) }
        }
    }

    /// A plane's edges in a band of 4×4 unit rows (of luma), for one job.
    struct Band: Sendable {
        /// 128 luma rows: a few dozen jobs a 12-MP frame's pass, each long enough to be worth one.
        static let rows = 32
        let plane: Int
        let rows: Range<Int>
    }

    /// One pass's edges of the band, in raster order.
    private func filter(_ planes: AV1FramePlanes, _ band: Band, pass: Int) {
        let plane = band.plane
        let rowLength = planes.strides[plane]
        let offset = planes.offsets[plane]
        let rowStep = plane == 0 ? 1 : 1 << colour.subsamplingY
        let columnStep = plane == 0 ? 1 : 1 << colour.subsamplingX
        planes.samples.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let samples = base + offset
            for row in stride(from: band.rows.lowerBound, to: band.rows.upperBound, by: rowStep) {
                for column in stride(from: 0, to: frame.miCols, by: columnStep) {
                    edge(samples, rowLength, plane, pass, row, column)
                }
            }
        }
    }

    /// The edge loop filter process (7.14.2) of the edge at 4×4 unit (row, col) of luma.
    private func edge(
        _ samples: UnsafeMutablePointer<UInt16>, _ stride: Int, _ plane: Int, _ pass: Int, _ row0: Int, _ col0: Int
    ) {
        let subX = plane > 0 ? colour.subsamplingX : 0
        let subY = plane > 0 ? colour.subsamplingY : 0
        let dx = pass == 0 ? 1 : 0
        let dy = pass == 0 ? 0 : 1
        let x = col0 * 4
        let y = row0 * 4
        let row = row0 | subY
        let col = col0 | subX
        guard x < frame.width, y < frame.height, !(pass == 0 && x == 0), !(pass == 1 && y == 0) else { return }
        let xP = x >> subX
        let yP = y >> subY
        let prevRow = row - (dy << subY)
        let prevCol = col - (dx << subX)
        guard row < grid.rows, col < grid.columns, prevRow >= 0, prevCol >= 0 else { return }
        let txSize = lfTxSize(plane, row >> subY, col >> subX)
        // Every block of an intra frame is intra: a transform edge is always filtered, whether or
        // not it is a block edge too (so that is not worked out).
        let isTxEdge = pass == 0 ? xP % AV1TxSize.width[txSize] == 0 : yP % AV1TxSize.height[txSize] == 0
        guard isTxEdge else { return }
        let prevTxSize = lfTxSize(plane, prevRow >> subY, prevCol >> subX)
        let baseSize =
            pass == 0
            ? min(AV1TxSize.width[prevTxSize], AV1TxSize.width[txSize])
            : min(AV1TxSize.height[prevTxSize], AV1TxSize.height[txSize])
        let filterSize = plane == 0 ? min(16, baseSize) : min(8, baseSize)
        var strength = self.strength(row, col, plane, pass)
        if strength.level == 0 { strength = self.strength(prevRow, prevCol, plane, pass) }
        guard strength.level > 0 else { return }
        for i in 0..<4 {
            sample(
                samples, stride, x: xP + dy * i, y: yP + dx * i, plane, strength, dx: dx, dy: dy, filterSize)
        }
    }

    private func lfTxSize(_ plane: Int, _ row: Int, _ col: Int) -> Int {
        guard row < grid.rows, col < grid.columns else { return 0 }
        return Int(grid.loopFilterTxSizes[plane * grid.rows * grid.columns + row * grid.columns + col])
    }

    struct Strength {
        var level = 0, limit = 0, blimit = 0, thresh = 0
    }

    /// The adaptive filter strength process (7.14.4-5) of an intra block.
    private func strength(_ row: Int, _ col: Int, _ plane: Int, _ pass: Int) -> Strength {
        let lf = frame.loopFilter
        let at = grid.index(row, col)
        let segment = Int(grid.segmentIDs[at])
        let i = plane == 0 ? pass : plane + 1
        let deltaLF = Int(grid.deltaLFs[at * 4 + (frame.deltaQ.lfMulti ? i : 0)])
        var level = min(max(deltaLF + lf.level[i], 0), 63)
        let segmentation = frame.segmentation
        if segmentation.enabled && segmentation.featureEnabled[segment][1 + i] {
            level = min(max(level + segmentation.featureData[segment][1 + i], 0), 63)
        }
        if lf.deltaEnabled {
            let shift = level >> 5
            level = min(max(level + (lf.refDeltas[0] << shift), 0), 63)
        }
        let sharpness = lf.sharpness
        let shift = sharpness > 4 ? 2 : sharpness > 0 ? 1 : 0
        let limit = sharpness > 0 ? min(max(level >> shift, 1), 9 - sharpness) : max(1, level >> shift)
        return Strength(level: level, limit: limit, blimit: 2 * (level + 2) + limit, thresh: level >> 4)
    }
}
