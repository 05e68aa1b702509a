/// The quantizer steps a transform block's coefficients are scaled by (AV1 7.12.2): the block's
/// quantizer index (the frame's, a segment's alternative, a superblock's delta) and each plane's
/// DC and AC offsets, looked up for the stream's bit depth.
enum AV1Quantizer {
    /// dc_q(b) and ac_q(b): the step of index `b` (clipped to 0...255) at `bitDepth` bits.
    static func dcQ(_ b: Int, bitDepth: Int) -> Int { Int(dcLookup[row(bitDepth) + min(max(b, 0), 255)]) }
    static func acQ(_ b: Int, bitDepth: Int) -> Int { Int(acLookup[row(bitDepth) + min(max(b, 0), 255)]) }

    private static func row(_ bitDepth: Int) -> Int { min(max((bitDepth - 8) >> 1, 0), 2) * 256 }

    /// get_qindex(ignoreDeltaQ, segmentId): the block's index, from the frame's, the segment's
    /// alternative and (unless ignored) the superblock's delta-coded index.
    static func qIndex(
        _ frame: AV1FrameHeader, segment: Int, currentQIndex: Int, ignoreDeltaQ: Bool
    ) -> Int {
        let useDelta = !ignoreDeltaQ && frame.deltaQ.qPresent
        let segmentation = frame.segmentation
        if segmentation.enabled && segmentation.featureEnabled[segment][0] {
            let data = segmentation.featureData[segment][0]
            return min(max((useDelta ? currentQIndex : frame.quantization.baseQIndex) + data, 0), 255)
        }
        return useDelta ? currentQIndex : frame.quantization.baseQIndex
    }

    /// get_dc_quant(plane) and get_ac_quant(plane) at the block's index `qIndex`.
    static func steps(_ frame: AV1FrameHeader, plane: Int, qIndex: Int, bitDepth: Int) -> (dc: Int, ac: Int) {
        let q = frame.quantization
        switch plane {
        case 0: return (dcQ(qIndex + q.deltaYDC, bitDepth: bitDepth), acQ(qIndex, bitDepth: bitDepth))
        case 1: return (dcQ(qIndex + q.deltaUDC, bitDepth: bitDepth), acQ(qIndex + q.deltaUAC, bitDepth: bitDepth))
        default: return (dcQ(qIndex + q.deltaVDC, bitDepth: bitDepth), acQ(qIndex + q.deltaVAC, bitDepth: bitDepth))
        }
    }
}
