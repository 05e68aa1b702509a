/// Sample adaptive offset (H.265 8.7.3), CTB by CTB from a copy of the deblocked picture: band
/// offsets and the four edge classes, leaving alone PCM/bypass samples that skip the loop
/// filters, and neighbours across picture edges or across slice and tile edges that forbid it.
struct HEVCSampleAdaptiveOffset {
    let frame: HEVCFrame

    private static let edgeNeighbours: [[(Int, Int)]] = [
        [(-1, 0), (1, 0)], [(0, -1), (0, 1)], [(-1, -1), (1, 1)], [(1, -1), (-1, 1)],
    ]

    func run() {
        guard frame.slices.contains(where: { $0.saoLuma || $0.saoChroma }) else { return }
        let sps = frame.sps
        for plane in 0..<frame.planeCount {
            let source = Array(frame.planes[plane])  // the deblocked samples, as SAO reads them
            let shift = plane == 0 ? 0 : frame.chromaShift
            let ctbSize = sps.ctbSize >> shift
            for ctbY in 0..<sps.heightInCtbs {
                for ctbX in 0..<sps.widthInCtbs {
                    let parameters = frame.sao[ctbY * sps.widthInCtbs + ctbX]
                    guard parameters.type[plane] != 0 else { continue }
                    apply(
                        parameters, plane: plane, source: source, x0: ctbX * ctbSize, y0: ctbY * ctbSize,
                        size: ctbSize, shift: shift)
                }
            }
        }
    }

    private func apply(
        _ parameters: HEVCSaoParameters, plane: Int, source: [UInt16], x0: Int, y0: Int, size: Int, shift: Int
    ) {
        let width = frame.planeWidth[plane], height = frame.planeHeight[plane]
        let bitDepth = plane == 0 ? frame.sps.bitDepthLuma : frame.sps.bitDepthChroma
        let maxValue = (1 << bitDepth) - 1
        let offsets = parameters.offsets[plane].map { Int($0) }
        let band = parameters.type[plane] == 1
        var bandTable = [Int](repeating: 0, count: 32)
        if band { for k in 0..<4 { bandTable[(k + Int(parameters.bandOrClass[plane])) & 31] = k + 1 } }
        let neighbours = Self.edgeNeighbours[Int(parameters.bandOrClass[plane]) & 3]
        let here = frame.blockSlice[frame.block(x0 << shift, y0 << shift)]
        let slice = frame.slices[Int(here)]
        for y in y0..<min(y0 + size, height) {
            for x in x0..<min(x0 + size, width) {
                let luma = frame.block(x << shift, y << shift)
                if frame.blockFlags[luma] & HEVCFrame.flagNoFilter != 0 { continue }
                let value = Int(source[y * width + x])
                var index: Int
                if band {
                    index = bandTable[value >> (bitDepth - 5)]
                } else {
                    var sum = 0
                    var usable = true
                    for (dx, dy) in neighbours {
                        let nx = x + dx, ny = y + dy
                        guard nx >= 0, ny >= 0, nx < width, ny < height else {
                            usable = false
                            break
                        }
                        if nx < x0 || ny < y0 || nx >= x0 + size || ny >= y0 + size,
                            !crossable(
                                from: slice, x: nx << shift, y: ny << shift, fromX: x << shift, fromY: y << shift)
                        {
                            usable = false
                            break
                        }
                        let other = Int(source[ny * width + nx])
                        sum += value < other ? -1 : (value > other ? 1 : 0)
                    }
                    guard usable else { continue }
                    index = [1, 2, 0, 3, 4][sum + 2]
                }
                guard index != 0 else { continue }
                frame.planes[plane][y * width + x] = UInt16(min(max(value + offsets[index - 1], 0), maxValue))
            }
        }
    }

    /// Whether SAO at luma (fromX, fromY) may use the sample at luma (x, y) of another CTB.
    private func crossable(from slice: HEVCSliceHeader, x: Int, y: Int, fromX: Int, fromY: Int) -> Bool {
        let other = frame.slices[Int(frame.blockSlice[frame.block(x, y)])]
        if other.sliceAddress != slice.sliceAddress {
            // The flag of whichever slice comes later in decoding order decides.
            let later = other.sliceAddress > slice.sliceAddress ? other : slice
            if !later.loopFilterAcrossSlices { return false }
        }
        if !frame.pps.loopFilterAcrossTiles && frame.tiles.tileID(x: x, y: y) != frame.tiles.tileID(x: fromX, y: fromY)
        {
            return false
        }
        return true
    }
}
