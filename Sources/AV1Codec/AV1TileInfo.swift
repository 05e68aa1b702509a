import ImageCore

/// tile_info() (AV1 5.9.15): how the frame is cut into tiles, as 4×4-unit starts of each tile
/// column and row (with the frame's end last), and the size of each tile's size field.
struct AV1TileInfo: Equatable {
    var columnStarts: [Int] = [0]
    var rowStarts: [Int] = [0]
    var columnsLog2 = 0, rowsLog2 = 0
    var contextUpdateTileID = 0
    var tileSizeBytes = 4

    var columns: Int { columnStarts.count - 1 }
    var rows: Int { rowStarts.count - 1 }

    static let maxTileWidth = 4096, maxTileArea = 4096 * 2304, maxTileColumns = 64, maxTileRows = 64

    init() {}

    init(_ r: inout AV1BitReader, miCols: Int, miRows: Int, use128: Bool) throws(DecodeError) {
        let sbShift = use128 ? 5 : 4
        let sbCols = (miCols + (1 << sbShift) - 1) >> sbShift
        let sbRows = (miRows + (1 << sbShift) - 1) >> sbShift
        let sbSize = sbShift + 2
        let maxTileWidthSb = Self.maxTileWidth >> sbSize
        var maxTileAreaSb = Self.maxTileArea >> (2 * sbSize)
        let minLog2TileCols = Self.log2(maxTileWidthSb, sbCols)
        let maxLog2TileCols = Self.log2(1, min(sbCols, Self.maxTileColumns))
        let maxLog2TileRows = Self.log2(1, min(sbRows, Self.maxTileRows))
        let minLog2Tiles = max(minLog2TileCols, Self.log2(maxTileAreaSb, sbRows * sbCols))
        columnStarts = []
        rowStarts = []
        if try r.flag() {  // uniform_tile_spacing_flag
            columnsLog2 = minLog2TileCols
            while columnsLog2 < maxLog2TileCols, try r.flag() { columnsLog2 += 1 }
            let tileWidthSb = (sbCols + (1 << columnsLog2) - 1) >> columnsLog2
            for start in stride(from: 0, to: sbCols, by: tileWidthSb) { columnStarts.append(start << sbShift) }
            rowsLog2 = max(minLog2Tiles - columnsLog2, 0)
            while rowsLog2 < maxLog2TileRows, try r.flag() { rowsLog2 += 1 }
            let tileHeightSb = (sbRows + (1 << rowsLog2) - 1) >> rowsLog2
            for start in stride(from: 0, to: sbRows, by: tileHeightSb) { rowStarts.append(start << sbShift) }
        } else {
            var widest = 0
            var start = 0
            while start < sbCols {
                guard columnStarts.count < Self.maxTileColumns else {
                    throw .corrupt("AV1 frame of over 64 tile columns")
                }
                columnStarts.append(start << sbShift)
                let size = try r.ns(min(sbCols - start, maxTileWidthSb)) + 1
                widest = max(widest, size)
                start += size
            }
            columnsLog2 = Self.log2(1, columnStarts.count)
            maxTileAreaSb = minLog2Tiles > 0 ? (sbRows * sbCols) >> (minLog2Tiles + 1) : sbRows * sbCols
            let maxTileHeightSb = max(maxTileAreaSb / max(widest, 1), 1)
            start = 0
            while start < sbRows {
                guard rowStarts.count < Self.maxTileRows else { throw .corrupt("AV1 frame of over 64 tile rows") }
                rowStarts.append(start << sbShift)
                start += try r.ns(min(sbRows - start, maxTileHeightSb)) + 1
            }
            rowsLog2 = Self.log2(1, rowStarts.count)
        }
        guard columnStarts.count <= Self.maxTileColumns, rowStarts.count <= Self.maxTileRows else {
            throw .corrupt("AV1 frame of over 64 tile columns or rows")
        }
        columnStarts.append(miCols)
        rowStarts.append(miRows)
        if columnsLog2 > 0 || rowsLog2 > 0 {
            contextUpdateTileID = try r.f(rowsLog2 + columnsLog2)
            tileSizeBytes = try r.f(2) + 1
        }
    }

    /// tile_log2: the smallest k with blockSize << k at least target.
    static func log2(_ blockSize: Int, _ target: Int) -> Int {
        var k = 0
        while blockSize << k < target { k += 1 }
        return k
    }
}
