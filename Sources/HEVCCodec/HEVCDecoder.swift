import ImageCore

/// imgsel's own HEVC decoder for still pictures: intra slices of Main, Main Still Picture and
/// Main 10 streams in 4:2:0 or monochrome (H.265 clauses 7 to 9). It knows nothing of HEIF: the
/// container hands it the item's parameter sets and coded bytes.
public enum HEVCDecoder {
    /// `parameterSets`: NAL units from the item's hvcC (VPS/SPS/PPS/SEI), no length prefix.
    /// `data`: the item's bytes, NAL units each prefixed by a big-endian length of `lengthSize` (1, 2 or 4) bytes.
    /// `layerID`: only NAL units with this nuh_layer_id are decoded.
    public static func decode(
        parameterSets: [[UInt8]], data: [UInt8], lengthSize: Int, layerID: Int = 0
    ) throws(DecodeError) -> HEVCPicture {
        var sets = HEVCParameterSets()
        for nal in parameterSets {
            let unit = try HEVCNAL.parse(nal[...])
            if unit.layerID <= layerID { try sets.add(unit) }
        }
        var picture: HEVCPictureDecoder?
        units: for nal in try HEVCNAL.split(data, lengthSize: lengthSize) {
            let unit = try HEVCNAL.parse(nal)
            switch unit.type {
            case 32...34:
                if unit.layerID <= layerID && picture == nil { try sets.add(unit) }
            case 0...21 where unit.layerID == layerID:
                // Only the first picture: a slice that starts another one ends the decode.
                if picture != nil, unit.rbsp.first.map({ $0 & 0x80 != 0 }) == true { break units }
                if picture == nil {
                    picture = try HEVCPictureDecoder(firstSlice: unit, parameterSets: sets, inputBytes: data.count)
                }
                try picture?.decodeSlice(unit, parameterSets: sets)
            default: break
            }
        }
        guard let picture else { throw .corrupt("no coded slice of layer \(layerID)") }
        return try picture.finish()
    }
}
