/// A transform block's residual: its coefficients dequantised, inverse transformed and added to
/// the prediction already in the frame.
extension AV1TileDecoder {
    /// The reconstruct process (7.12.3): dequantisation, the inverse transform, and the residual
    /// added to the prediction. Only the first `eob` positions of the scan can hold a coefficient:
    /// the rest are zero. The non-zero ones, `nonZero` of them, are at the positions readSigns
    /// listed in `coefficientScratch.nonZero`.
    mutating func reconstruct(
        _ m: AV1BlockModes, _ plane: Int, _ x: Int, _ y: Int, _ tx: Int, _ type: Int, eob: Int, nonZero: Int
    ) {
        let bitDepth = sequence.colour.bitDepth
        let dqDenom: Int
        switch tx {
        case 3, 9, 10, 17, 18: dqDenom = 2
        case 4, 11, 12: dqDenom = 4
        default: dqDenom = 1
        }
        let log2W = AV1TxSize.widthLog2[tx]
        let log2H = AV1TxSize.heightLog2[tx]
        let w = 1 << log2W
        let h = 1 << log2H
        let tw = min(32, w)
        let th = min(32, h)
        let qIndex = AV1Quantizer.qIndex(frame, segment: m.segmentID, currentQIndex: currentQIndex, ignoreDeltaQ: false)
        let (dcQ, acQ) = AV1Quantizer.steps(frame, plane: plane, qIndex: qIndex, bitDepth: bitDepth)
        let lossless = frame.lossless[m.segmentID]
        let qmLevel = qmLevel(plane, lossless: lossless)
        let matrix = qmLevel < 15 && type < AV1TxType.idtx ? AV1QuantizerMatrix.start(qmLevel, plane > 0, tx) : nil
        let weights = AV1QuantizerMatrix.weights
        let high = (1 << (7 + bitDepth)) - 1
        let low = -(1 << (7 + bitDepth))
        var lastRow = 0
        let quant = self.quant  // shared, not copied: nothing writes it while it is read here
        let scan = AV1TxType.scan(tx, type)
        if eob == 1, type == AV1TxType.dctDct, !lossless, scan[0] == 0 {
            // Only the DC: the residual is one value (AV1InverseTransform.dcOnly), added to the
            // block without the two passes over its zeros.
            var dc = 0
            if let coefficient = quant.first, coefficient != 0 {
                var q = dcQ
                if let matrix { q = (q * Int(weights[matrix]) + 16) >> 5 }
                let dq = Int(coefficient) * q
                let magnitude = (abs(dq) & 0xFFFFFF) / dqDenom
                dc = min(max(dq < 0 ? -magnitude : magnitude, low), high)
            }
            addConstant(AV1InverseTransform.dcOnly(tx: tx, dc: dc, bitDepth: bitDepth), plane, x, y, w, h)
            return
        }
        let twLog2 = min(5, log2W)
        let positions = coefficientScratch.nonZero
        // The coefficient buffer is all zeros between blocks: only the listed positions are
        // written, and cleared again after the transform.
        recon.transform.coefficients.withUnsafeMutableBufferPointer { coefficients in
            quant.withUnsafeBufferPointer { quant in
                precondition(nonZero <= min(eob, quant.count) && th * tw <= coefficients.count)
                for k in 0..<nonZero {
                    let pos = positions[k]
                    precondition(pos >= 0 && pos < th * tw, "a coefficient past its transform")
                    let coefficient = Int(quant[pos])
                    var q = pos == 0 ? dcQ : acQ
                    if let matrix { q = (q * Int(weights[matrix + pos]) + 16) >> 5 }
                    let dq = coefficient * q
                    let magnitude = (abs(dq) & 0xFFFFFF) / dqDenom
                    coefficients[pos] = min(max(dq < 0 ? -magnitude : magnitude, low), high)
                    lastRow = max(lastRow, (pos >> twLog2) + 1)
                }
            }
        }
        recon.transform.inverse(tx: tx, type: type, lossless: lossless, bitDepth: bitDepth, rows: lastRow)
        recon.transform.coefficients.withUnsafeMutableBufferPointer { coefficients in
            for k in 0..<nonZero { coefficients[positions[k]] = 0 }
        }
        let (flipUD, flipLR) = AV1InverseTransform.flips(type)
        let stride = planes.strides[plane]
        let offset = planes.offsets[plane]
        let top = (1 << bitDepth) - 1
        recon.transform.residual.withUnsafeBufferPointer { residual in
            planes.samples.withUnsafeMutableBufferPointer { samples in
                precondition(
                    x >= 0 && y >= 0 && offset + (y + h - 1) * stride + x + w <= samples.count
                        && h * w <= residual.count,
                    "a transform block past the plane")
                guard let frame = samples.baseAddress, let residual = residual.baseAddress else { return }
                for i in 0..<h {
                    let yy = flipUD ? h - i - 1 : i
                    let target = frame + offset + (y + yy) * stride + x
                    let source = residual + i * w
                    if flipLR {
                        for j in 0..<w {
                            let v = Int(target[w - j - 1]) &+ source[j]
                            target[w - j - 1] = UInt16(truncatingIfNeeded: min(max(v, 0), top))
                        }
                    } else {
                        // The common case, apart: a loop the compiler can widen.
                        for j in 0..<w {
                            let v = Int(target[j]) &+ source[j]
                            target[j] = UInt16(truncatingIfNeeded: min(max(v, 0), top))
                        }
                    }
                }
            }
        }
    }

    /// A flat residual added to the w × h block at (x, y) of the plane, clipped.
    private func addConstant(_ residual: Int, _ plane: Int, _ x: Int, _ y: Int, _ w: Int, _ h: Int) {
        guard residual != 0 else { return }
        let stride = planes.strides[plane]
        let offset = planes.offsets[plane]
        let top = (1 << sequence.colour.bitDepth) - 1
        planes.samples.withUnsafeMutableBufferPointer { samples in
            for i in 0..<h {
                let rowStart = offset + (y + i) * stride + x
                for j in 0..<w {
                    let v = Int(samples[rowStart + j]) + residual
                    samples[rowStart + j] = UInt16(truncatingIfNeeded: min(max(v, 0), top))
                }
            }
        }
    }

    /// SegQMLevel[plane][segment]: the matrix level, 15 for none.
    private func qmLevel(_ plane: Int, lossless: Bool) -> Int {
        let q = frame.quantization
        guard q.usingQMatrix, !lossless else { return 15 }
        return plane == 0 ? q.qmY : plane == 1 ? q.qmU : q.qmV
    }
}
