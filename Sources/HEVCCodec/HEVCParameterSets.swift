import ImageCore

/// The parameter sets seen so far, by id (a later one of the same id replaces the earlier, 7.4.2.4.2).
struct HEVCParameterSets: Sendable {
    var spss: [Int: HEVCSPS] = [:]
    var ppss: [Int: HEVCPPS] = [:]

    /// Takes a VPS, SPS or PPS NAL unit; other types are ignored.
    mutating func add(_ unit: HEVCNAL.Unit) throws(DecodeError) {
        switch unit.type {
        case 33:
            let sps = try HEVCSPS.parse(unit.rbsp, layerID: unit.layerID)
            spss[sps.id] = sps
        case 34:
            let pps = try HEVCPPS.parse(unit.rbsp)
            ppss[pps.id] = pps
        default: break
        }
    }

    /// The PPS `ppsID` and its SPS, with the PPS's tiles resolved against the SPS's size.
    func active(ppsID: Int) throws(DecodeError) -> (HEVCSPS, HEVCPPS) {
        guard var pps = ppss[ppsID] else { throw .corrupt("slice refers to a missing PPS \(ppsID)") }
        guard let sps = spss[pps.spsID] else { throw .corrupt("PPS refers to a missing SPS \(pps.spsID)") }
        try pps.resolveTiles(sps: sps)
        if pps.diffCuQpDeltaDepth > sps.log2CtbSize - sps.log2MinCbSize {
            throw .corrupt("diff_cu_qp_delta_depth \(pps.diffCuQpDeltaDepth)")
        }
        return (sps, pps)
    }
}
