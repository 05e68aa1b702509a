import ImageCore

/// The VP8L lossless bitstream (RFC 9649): header, transforms, and image streams.
enum VP8LDecoder {
    static let signature: UInt8 = 0x2F

    struct Header {
        var width: Int
        var height: Int
        /// The header's alpha hint; libwebp (so Pillow) reports alpha only when it is set.
        var hasAlpha: Bool
    }

    /// `size` divided by `1 << bits`, rounded up.
    @inline(__always)
    static func subsampled(_ size: Int, _ bits: Int) -> Int { (size + (1 << bits) - 1) >> bits }

    /// Reads the five-byte header: signature, 14-bit width and height minus one,
    /// the alpha hint and a 3-bit version that must be 0.
    static func readHeader(_ reader: inout VP8LBitReader) throws(DecodeError) -> Header {
        guard reader.read(8) == Int(signature) else { throw .corrupt("VP8L signature missing") }
        let width = reader.read(14) + 1
        let height = reader.read(14) + 1
        let hasAlpha = reader.read(1) == 1
        guard reader.read(3) == 0 else { throw .unsupported("VP8L version other than 0") }
        if reader.isPastEnd { throw .truncated(section: "VP8L header") }
        return Header(width: width, height: height, hasAlpha: hasAlpha)
    }

    /// Decodes a main image stream (transforms allowed) of `width`×`height` into
    /// `out` as ARGB. Used for the VP8L image and for ALPH's lossless alpha.
    static func decodeImageStream(
        width: Int, height: Int, from reader: inout VP8LBitReader,
        into out: UnsafeMutableBufferPointer<UInt32>
    ) throws(DecodeError) {
        let pixelCount = width * height
        guard out.count >= pixelCount else { throw .corrupt("VP8L output buffer too small") }
        var transforms: [VP8LTransform] = []
        var codedWidth = width
        var seen = 0
        while reader.read(1) == 1 {
            let kind = reader.read(2)
            guard seen & (1 << kind) == 0 else { throw .corrupt("VP8L transform \(kind) applied twice") }
            seen |= 1 << kind
            transforms.append(try readTransform(kind, width: &codedWidth, height: height, from: &reader))
        }
        let tableBudget = DecodeLimits.extraBytes + pixelCount
        let codes = try VP8LEntropyCodes.read(
            width: codedWidth, height: height, allowEntropyImage: true,
            from: &reader, tableBudget: tableBudget)
        if codedWidth == width {
            try VP8LPixelDecoder.decode(into: out, width: width, height: height, codes: codes, from: &reader)
            undo(transforms, packed: out, out: out, height: height)
        } else {
            // Bundled palette indices: decode the narrower image aside, then expand.
            var packed = [UInt32](repeating: 0, count: codedWidth * height)
            try packed.withUnsafeMutableBufferPointer { packed throws(DecodeError) in
                try VP8LPixelDecoder.decode(
                    into: packed, width: codedWidth, height: height, codes: codes,
                    from: &reader)
                undo(transforms, packed: packed, out: out, height: height)
            }
        }
    }

    /// Decodes a sub-image (transform data, entropy image, palette): no
    /// transforms and no entropy image of its own.
    static func decodeSubImage(
        width: Int, height: Int,
        from reader: inout VP8LBitReader
    ) throws(DecodeError) -> [UInt32] {
        let codes = try VP8LEntropyCodes.read(
            width: width, height: height, allowEntropyImage: false,
            from: &reader, tableBudget: DecodeLimits.extraBytes)
        var pixels = [UInt32](repeating: 0, count: width * height)
        try pixels.withUnsafeMutableBufferPointer { out throws(DecodeError) in
            try VP8LPixelDecoder.decode(into: out, width: width, height: height, codes: codes, from: &reader)
        }
        return pixels
    }

    private static func readTransform(
        _ kind: Int, width: inout Int, height: Int,
        from reader: inout VP8LBitReader
    ) throws(DecodeError) -> VP8LTransform {
        switch kind {
        case 0, 1:
            let bits = reader.read(3) + 2
            let data = try decodeSubImage(
                width: subsampled(width, bits), height: subsampled(height, bits),
                from: &reader)
            return kind == 0
                ? .predictor(bits: bits, modes: data, width: width)
                : .crossColor(bits: bits, multipliers: data, width: width)
        case 2:
            return .subtractGreen(width: width)
        default:
            let colourCount = reader.read(8) + 1
            let bits = colourCount > 16 ? 0 : colourCount > 4 ? 1 : colourCount > 2 ? 2 : 3
            let sent = try decodeSubImage(width: colourCount, height: 1, from: &reader)
            // The palette is sent as differences from the previous colour; indices
            // past it read transparent black.
            var palette = [UInt32](repeating: 0, count: 1 << (8 >> bits))
            palette[0] = sent[0]
            for i in 1..<colourCount { palette[i] = VP8LInverseTransforms.add(sent[i], palette[i - 1]) }
            let transform = VP8LTransform.colorIndexing(bits: bits, palette: palette, width: width)
            width = subsampled(width, bits)
            return transform
        }
    }

    /// Undoes `transforms`, last read first; `packed` holds the decoded pixels
    /// and becomes `out` once a bundling palette has expanded it.
    private static func undo(
        _ transforms: [VP8LTransform], packed: UnsafeMutableBufferPointer<UInt32>,
        out: UnsafeMutableBufferPointer<UInt32>, height: Int
    ) {
        var current = packed
        for transform in transforms.reversed() {
            switch transform {
            case let .predictor(bits, modes, width):
                VP8LPredictor.undo(current, width: width, height: height, bits: bits, modes: modes)
            case let .crossColor(bits, multipliers, width):
                VP8LInverseTransforms.undoCrossColor(
                    current, width: width, height: height, bits: bits,
                    multipliers: multipliers)
            case let .subtractGreen(width):
                VP8LInverseTransforms.undoSubtractGreen(current, count: width * height)
            case let .colorIndexing(bits, palette, width):
                VP8LInverseTransforms.undoColorIndexing(
                    from: current, into: out, width: width, height: height,
                    bits: bits, palette: palette)
                current = out
            }
        }
    }
}
