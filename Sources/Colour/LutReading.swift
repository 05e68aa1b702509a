extension LutPipeline {
    /// Reads an A2B0 tag of device `inputs` (1, 3 or 4) to the three values of the connection space.
    static func read(
        _ bytes: ICCBytes, _ entry: TagTable.Entry, inputs: Int, pcsIsLab: Bool,
        budget: inout ProfileBudget
    ) throws(ProfileError) -> LutPipeline {
        var data = bytes
        data.tag = signature("A2B0")
        let type = try data.u32(entry.offset)
        guard try data.u8(entry.offset + 8) == inputs, try data.u8(entry.offset + 9) == 3 else {
            throw .malformed(tag: data.tag)
        }
        switch type {
        case signature("mft1"), signature("mft2"):
            return try readLut(
                data, entry, inputs: inputs, wide: type == signature("mft2"), pcsIsLab: pcsIsLab,
                budget: &budget)
        case signature("mAB "):
            return try readAToB(data, entry, inputs: inputs, pcsIsLab: pcsIsLab, budget: &budget)
        default:
            throw .tagType(tag: data.tag, type: type)
        }
    }

    /// lut8Type and lut16Type: matrix, input tables, grid, output tables.
    private static func readLut(
        _ data: ICCBytes, _ entry: TagTable.Entry, inputs: Int, wide: Bool,
        pcsIsLab: Bool, budget: inout ProfileBudget
    ) throws(ProfileError) -> LutPipeline {
        let tag = data.tag
        let o = entry.offset
        let end = o + entry.size
        let gridPoints = try data.u8(o + 10)
        guard gridPoints >= 2 else { throw .malformed(tag: tag) }
        var m = [Double]()
        for i in 0..<9 { m.append(try data.s15Fixed16(o + 12 + 4 * i)) }
        guard m.allSatisfy({ abs($0) <= 64 }) else { throw .malformed(tag: tag) }
        let inputEntries = wide ? try data.u16(o + 48) : 256
        let outputEntries = wide ? try data.u16(o + 50) : 256
        guard inputEntries >= 2, outputEntries >= 2 else { throw .malformed(tag: tag) }
        let width = wide ? 2 : 1
        var position = o + (wide ? 52 : 48)
        func values(_ count: Int) throws(ProfileError) -> [Float] {
            try budget.take(floats: count, tag: tag)
            guard count <= (end - position) / width else { throw .malformed(tag: tag) }
            let read = wide ? try data.unitValues(position, count: count) : try data.unitBytes(position, count: count)
            position += count * width
            return read
        }
        var aCurves = [ToneCurve]()
        for _ in 0..<inputs { aCurves.append(ToneCurve(shape: .table(try values(inputEntries)))) }
        let points = [Int](repeating: gridPoints, count: inputs)
        guard let count = ColourGrid.size(points: points, outputs: 3, limit: ProfileBudget.limit) else {
            throw .overBudget(tag: tag, bytes: Int.max)
        }
        let grid = ColourGrid(points: points, values: try values(count))
        var bCurves = [ToneCurve]()
        for _ in 0..<3 { bCurves.append(ToneCurve(shape: .table(try values(outputEntries)))) }
        let matrix = Matrix3(m)
        return LutPipeline(
            inputMatrix: inputs == 3 && matrix != .identity ? matrix : nil, aCurves: aCurves, grid: grid,
            mCurves: [], matrix: nil, bCurves: bCurves, pcsIsLab: pcsIsLab, legacyLab: wide && pcsIsLab)
    }

    /// lutAtoBType: A curves, grid, M curves, matrix, B curves, each where its offset is not 0.
    private static func readAToB(
        _ data: ICCBytes, _ entry: TagTable.Entry, inputs: Int, pcsIsLab: Bool,
        budget: inout ProfileBudget
    ) throws(ProfileError) -> LutPipeline {
        let tag = data.tag
        let o = entry.offset
        func place(_ at: Int) throws(ProfileError) -> Int? {
            let relative = Int(try data.u32(o + at))
            guard relative != 0 else { return nil }
            guard relative >= 32, relative < entry.size else { throw .malformed(tag: tag) }
            return o + relative
        }
        func curves(_ at: Int?, _ count: Int) throws(ProfileError) -> [ToneCurve] {
            guard var position = at else { return [] }
            var read = [ToneCurve]()
            for _ in 0..<count {
                let (curve, bytes) = try ToneCurve.read(
                    data, at: position, size: o + entry.size - position, budget: &budget)
                read.append(curve)
                position += (bytes + 3) & ~3
            }
            return read
        }
        guard let bPlace = try place(12) else { throw .malformed(tag: tag) }
        var pipeline = LutPipeline(
            inputMatrix: nil, aCurves: try curves(try place(28), inputs), grid: nil,
            mCurves: try curves(try place(20), 3), matrix: nil, bCurves: try curves(bPlace, 3), pcsIsLab: pcsIsLab,
            legacyLab: false)
        if let at = try place(16) {
            var m = [Double]()
            for i in 0..<12 { m.append(try data.s15Fixed16(at + 4 * i)) }
            guard m.allSatisfy({ abs($0) <= 64 }) else { throw .malformed(tag: tag) }
            pipeline.matrix = Matrix3(Array(m[0..<9]))
            pipeline.offset = Vector3(m[9], m[10], m[11])
        }
        if let at = try place(24) {
            pipeline.grid = try readGrid(data, at: at, end: o + entry.size, inputs: inputs, budget: &budget)
        }
        // Without a grid the A curves hand their values on as the three outputs.
        guard pipeline.grid != nil || inputs == 3 else { throw .malformed(tag: tag) }
        return pipeline
    }

    /// An mAB grid: a point count an input (16 bytes), the precision (1 or 2 bytes), the nodes.
    private static func readGrid(
        _ data: ICCBytes, at: Int, end: Int, inputs: Int, budget: inout ProfileBudget
    )
        throws(ProfileError) -> ColourGrid
    {
        var points = [Int]()
        for i in 0..<inputs { points.append(try data.u8(at + i)) }
        let precision = try data.u8(at + 16)
        guard points.allSatisfy({ $0 >= 2 }), precision == 1 || precision == 2 else { throw .malformed(tag: data.tag) }
        guard let count = ColourGrid.size(points: points, outputs: 3, limit: ProfileBudget.limit) else {
            throw .overBudget(tag: data.tag, bytes: Int.max)
        }
        try budget.take(floats: count, tag: data.tag)
        guard count <= (end - at - 20) / precision else { throw .malformed(tag: data.tag) }
        let values =
            precision == 2 ? try data.unitValues(at + 20, count: count) : try data.unitBytes(at + 20, count: count)
        return ColourGrid(points: points, values: values)
    }
}
