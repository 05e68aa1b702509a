/// How a profile takes device values to the connection space, as LittleCMS chooses for the
/// perceptual intent (`_cmsReadInputLUT`): the A2B0 table where the profile has one, else the
/// matrix and curves of an RGB profile or the curve of a grey one. (A floating-point D2B0 tag,
/// which LittleCMS would take first, is not read: no profile in the corpora has one.)
enum DeviceModel: Sendable {
    /// rTRC, gTRC, bTRC to linear, then the columns rXYZ, gXYZ, bXYZ to XYZ (D50).
    case matrixShaper(curves: [ToneCurve], matrix: Matrix3)
    /// kTRC to Y (the D50 white scaled by it), or to L* where the connection space is Lab.
    case grey(ToneCurve, pcsIsLab: Bool)
    /// An A2B0 table (mft1, mft2, mAB) and how its output encodes the connection space.
    case lut(LutPipeline)

    static func read(
        _ data: ICCBytes, _ tags: TagTable, space: ICCProfile.Space, pcsIsLab: Bool
    )
        throws(ProfileError) -> DeviceModel
    {
        var budget = ProfileBudget()
        if let a2b0 = try tags.entry(signature("A2B0")) {
            try tags.checkApart([signature("A2B0"), signature("desc")])
            let channels = space == .rgb ? 3 : space == .grey ? 1 : 4
            return .lut(try LutPipeline.read(data, a2b0, inputs: channels, pcsIsLab: pcsIsLab, budget: &budget))
        }
        switch space {
        case .cmyk:
            throw .missingTag(signature("A2B0"))
        case .grey:
            try tags.checkApart([signature("kTRC"), signature("desc")])
            return .grey(try curve(data, tags, signature("kTRC"), &budget), pcsIsLab: pcsIsLab)
        case .rgb:
            let names = ["rTRC", "gTRC", "bTRC", "rXYZ", "gXYZ", "bXYZ"].map { signature(fourCharacters: $0) }
            try tags.checkApart(names + [signature("desc")])
            var curves = [ToneCurve]()
            for name in names[0..<3] { curves.append(try curve(data, tags, name, &budget)) }
            var columns = [Vector3]()
            for name in names[3...] { columns.append(try colorant(data, tags, name)) }
            return .matrixShaper(curves: curves, matrix: Matrix3(columns: columns[0], columns[1], columns[2]))
        }
    }

    private static func curve(
        _ data: ICCBytes, _ tags: TagTable, _ name: UInt32, _ budget: inout ProfileBudget
    )
        throws(ProfileError) -> ToneCurve
    {
        guard let entry = try tags.entry(name) else { throw .missingTag(name) }
        var reader = data
        reader.tag = name
        return try ToneCurve.read(reader, at: entry.offset, size: entry.size, budget: &budget).curve
    }

    /// An XYZ tag's first value, a colorant: refused beyond ±4, which no primary reaches (a wild
    /// s15Fixed16 such as 0x7FFFFFFF, 32768, would make every colour white or black).
    private static func colorant(
        _ data: ICCBytes, _ tags: TagTable, _ name: UInt32
    ) throws(ProfileError)
        -> Vector3
    {
        guard let entry = try tags.entry(name) else { throw .missingTag(name) }
        var reader = data
        reader.tag = name
        let type = try reader.u32(entry.offset)
        guard type == signature("XYZ ") else { throw .tagType(tag: name, type: type) }
        guard entry.size >= 20 else { throw .malformed(tag: name) }
        let v = Vector3(
            try reader.s15Fixed16(entry.offset + 8), try reader.s15Fixed16(entry.offset + 12),
            try reader.s15Fixed16(entry.offset + 16))
        guard [v.x, v.y, v.z].allSatisfy({ abs($0) <= 4 }) else { throw .malformed(tag: name) }
        return v
    }
}

/// A signature from a four-character string known to be ASCII.
func signature(fourCharacters text: String) -> UInt32 {
    text.utf8.reduce(0) { $0 << 8 | UInt32($1) }
}
