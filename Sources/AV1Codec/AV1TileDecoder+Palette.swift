extension AV1TileDecoder {
    /// palette_mode_info() (AV1 5.11.46): whether the block is drawn from palettes, and their
    /// colours (from the cache of the neighbours' colours, and coded deltas).
    mutating func readPaletteModeInfo(_ m: inout AV1BlockModes, _ r: Int, _ c: Int, _ size: Int) {
        let bsizeCtx = AV1Block.widthLog2[size] + AV1Block.heightLog2[size] - 2
        let bitDepth = sequence.colour.bitDepth
        if m.yMode == AV1IntraMode.dc {
            var ctx = 0
            if isInside(r - 1, c) && palettes.aboveSize[0][c] > 0 { ctx += 1 }
            if isInside(r, c - 1) && palettes.leftSize[0][r] > 0 { ctx += 1 }
            if symbols.symbol(AV1CDFs.offset(.paletteYMode, bsizeCtx * 3 + ctx), count: 2) == 1 {
                let count = symbols.symbol(AV1CDFs.offset(.paletteYSize, bsizeCtx), count: 7) + 2
                m.paletteY = readColours(count, cache: cache(0, r, c), bitDepth: bitDepth, deltaOffset: 1)
            }
        }
        guard m.hasChroma && m.uvMode == AV1IntraMode.dc else { return }
        let ctx = m.paletteY.isEmpty ? 0 : 1
        guard symbols.symbol(AV1CDFs.offset(.paletteUVMode, ctx), count: 2) == 1 else { return }
        let count = symbols.symbol(AV1CDFs.offset(.paletteUVSize, bsizeCtx), count: 7) + 2
        m.paletteU = readColours(count, cache: cache(1, r, c), bitDepth: bitDepth, deltaOffset: 0)
        let maxValue = 1 << bitDepth
        if symbols.literal(1) == 1 {
            let bits = bitDepth - 4 + symbols.literal(2)
            var v = [symbols.literal(bitDepth)]
            for i in 1..<count {
                var delta = symbols.literal(bits)
                if delta != 0 && symbols.literal(1) == 1 { delta = -delta }
                var value = v[i - 1] + delta
                if value < 0 { value += maxValue }
                if value >= maxValue { value -= maxValue }
                v.append(min(max(value, 0), maxValue - 1))
            }
            m.paletteV = v.map { UInt16($0) }
        } else {
            m.paletteV = (0..<count).map { _ in UInt16(symbols.literal(bitDepth)) }
        }
    }

    /// One plane's colours: from the cache, then a literal, then ascending deltas; sorted.
    /// Luma's deltas are at least 1 (`deltaOffset`), chroma U's at least 0.
    private mutating func readColours(_ count: Int, cache: [UInt16], bitDepth: Int, deltaOffset: Int) -> [UInt16] {
        var colours: [Int] = []
        for colour in cache where colours.count < count {
            if symbols.literal(1) == 1 { colours.append(Int(colour)) }
        }
        if colours.count < count { colours.append(symbols.literal(bitDepth)) }
        var bits = 0
        if colours.count < count { bits = bitDepth - 3 + symbols.literal(2) }
        let top = (1 << bitDepth) - 1
        while colours.count < count {
            let delta = symbols.literal(bits) + deltaOffset
            let colour = min(max((colours.last ?? 0) + delta, 0), top)
            colours.append(colour)
            bits = min(bits, Self.ceilLog2((1 << bitDepth) - colour - deltaOffset))
        }
        return colours.sorted().map { UInt16($0) }
    }

    /// get_palette_cache(): the above (within the superblock row) and left colours, merged and
    /// without repeats.
    private func cache(_ plane: Int, _ r: Int, _ c: Int) -> [UInt16] {
        let above = (r * 4) % 64 != 0 ? palettes.above(plane, c) : []
        let left = isInside(r, c - 1) ? palettes.left(plane, r) : []
        var merged: [UInt16] = []
        for colour in (Array(above) + Array(left)).sorted() where merged.last != colour { merged.append(colour) }
        return merged
    }

    static func ceilLog2(_ x: Int) -> Int {
        guard x >= 2 else { return 0 }
        var i = 1
        var p = 2
        while p < x {
            i += 1
            p <<= 1
        }
        return i
    }

    /// palette_tokens() (AV1 5.11.49): each plane's colour index map, in anti-diagonal order,
    /// each index coded against its neighbours' (get_palette_color_context); the part of the
    /// block past the frame's edge repeats the last row and column read.
    mutating func readPaletteTokens(_ m: AV1BlockModes, _ r: Int, _ c: Int, _ size: Int) {
        let blockWidth = AV1Block.wide4(size) * 4
        let blockHeight = AV1Block.high4(size) * 4
        let onscreenHeight = min(blockHeight, (frame.miRows - r) * 4)
        let onscreenWidth = min(blockWidth, (frame.miCols - c) * 4)
        if !m.paletteY.isEmpty {
            var map = colourMapY
            colourMapY = []  // one owner while it is written
            readColourMap(
                &map, m.paletteY.count, plane: 0, width: onscreenWidth, height: onscreenHeight,
                blockWidth: blockWidth, blockHeight: blockHeight)
            colourMapY = map
        }
        if !m.paletteU.isEmpty {
            let colour = sequence.colour
            var width = onscreenWidth >> colour.subsamplingX
            var height = onscreenHeight >> colour.subsamplingY
            var fullWidth = blockWidth >> colour.subsamplingX
            var fullHeight = blockHeight >> colour.subsamplingY
            if fullWidth < 4 {
                width += 2
                fullWidth += 2
            }
            if fullHeight < 4 {
                height += 2
                fullHeight += 2
            }
            var map = colourMapUV
            colourMapUV = []
            readColourMap(
                &map, m.paletteU.count, plane: 1, width: width, height: height, blockWidth: fullWidth,
                blockHeight: fullHeight)
            colourMapUV = map
        }
    }

    private mutating func readColourMap(
        _ map: inout [UInt8], _ n: Int, plane: Int, width: Int, height: Int, blockWidth: Int, blockHeight: Int
    ) {
        let width64 = 64
        map[0] = UInt8(symbolNS(n))
        for i in 1..<max(1, height + width - 1) {
            for j in stride(from: min(i, width - 1), through: max(0, i - height + 1), by: -1) {
                let (order, hash) = Self.colourContext(map, width64, i - j, j, n)
                let ctx = Self.colourContextOfHash[hash]
                let table: AV1CDFs.Table
                switch (plane, n) {
                case (0, 2): table = .paletteYColor2
                case (0, 3): table = .paletteYColor3
                case (0, 4): table = .paletteYColor4
                case (0, 5): table = .paletteYColor5
                case (0, 6): table = .paletteYColor6
                case (0, 7): table = .paletteYColor7
                case (0, _): table = .paletteYColor8
                case (_, 2): table = .paletteUVColor2
                case (_, 3): table = .paletteUVColor3
                case (_, 4): table = .paletteUVColor4
                case (_, 5): table = .paletteUVColor5
                case (_, 6): table = .paletteUVColor6
                case (_, 7): table = .paletteUVColor7
                default: table = .paletteUVColor8
                }
                let index = symbols.symbol(AV1CDFs.offset(table, max(ctx, 0)), count: n)
                map[(i - j) * width64 + j] = order[index]
            }
        }
        let rows = min(blockHeight, 64)
        let columns = min(blockWidth, 64)
        guard width > 0, height > 0 else { return }
        for i in 0..<min(height, rows) {
            for j in min(width, columns)..<columns { map[i * width64 + j] = map[i * width64 + width - 1] }
        }
        for i in min(height, rows)..<rows {
            for j in 0..<columns { map[i * width64 + j] = map[(height - 1) * width64 + j] }
        }
    }

    /// Palette_Color_Context: the context of a neighbour score hash (-1: none occurs).
    static let colourContextOfHash = [-1, -1, 0, -1, -1, 4, 3, 2, 1]

    /// get_palette_color_context(): the colour order by neighbour score, and the scores' hash.
    static func colourContext(_ map: [UInt8], _ width: Int, _ r: Int, _ c: Int, _ n: Int) -> ([UInt8], Int) {
        var scores = [Int](repeating: 0, count: 8)
        var order: [UInt8] = [0, 1, 2, 3, 4, 5, 6, 7]
        if c > 0 { scores[Int(map[r * width + c - 1]) & 7] += 2 }
        if r > 0 && c > 0 { scores[Int(map[(r - 1) * width + c - 1]) & 7] += 1 }
        if r > 0 { scores[Int(map[(r - 1) * width + c]) & 7] += 2 }
        for i in 0..<3 {
            var maxScore = scores[i]
            var maxIndex = i
            for j in (i + 1)..<max(i + 1, n) where scores[j] > maxScore {
                maxScore = scores[j]
                maxIndex = j
            }
            if maxIndex != i {
                let best = order[maxIndex]
                for k in stride(from: maxIndex, to: i, by: -1) {
                    scores[k] = scores[k - 1]
                    order[k] = order[k - 1]
                }
                scores[i] = maxScore
                order[i] = best
            }
        }
        return (order, scores[0] + 2 * scores[1] + 2 * scores[2])
    }
}
