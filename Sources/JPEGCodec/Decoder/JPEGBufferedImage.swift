import ImageCore

/// A JPEG decoded scan by scan into a coefficient store (progressive, or sequential
/// with a scan per component), turned into pixels once the scans end.
final class JPEGBufferedImage {
    let frame: JPEGFrame
    let scale: Int
    let transform: JPEGColorTransform
    let cmyk: CMYKToRGB?
    let store: JPEGCoefficientStore
    let quantization: JPEGQuantization
    /// For progressive JPEG: what the scans so far have made known (for block smoothing).
    var progression: JPEGProgressionStatus

    /// `inputBytes`: the file, held whole while it decodes.
    init(
        frame: JPEGFrame, scale: Int, transform: JPEGColorTransform, cmyk: CMYKToRGB? = nil, inputBytes: Int
    ) throws(DecodeError) {
        try Self.checkBudget(
            frame: frame, outputWidth: JPEGFrame.ceilDiv(frame.width, scale),
            outputHeight: JPEGFrame.ceilDiv(frame.height, scale),
            working: JPEGCoefficientStore.bytes(frame: frame)
                + JPEGRowAssembler.workingBytes(frame: frame, scale: scale) + inputBytes)
        self.frame = frame
        self.scale = scale
        self.transform = transform
        self.cmyk = cmyk
        guard let store = JPEGCoefficientStore(frame: frame) else {
            throw .tooLarge(width: frame.width, height: frame.height)
        }
        self.store = store
        quantization = JPEGQuantization(componentCount: frame.components.count)
        progression = JPEGProgressionStatus(componentCount: frame.components.count)
    }

    /// The SPEC's budget is the image's: 8 bytes a pixel of the file's size plus 32 MiB, for the raster
    /// at the decode scale and everything else held (the file among it).
    static func checkBudget(frame: JPEGFrame, outputWidth: Int, outputHeight: Int, working: Int) throws(DecodeError) {
        try DecodeLimits.check(width: outputWidth, height: outputHeight)
        let needed = outputWidth * outputHeight * 4 + working
        guard needed <= DecodeLimits.budget(width: frame.width, height: frame.height) else {
            throw .tooLarge(width: frame.width, height: frame.height)
        }
    }

    /// The pixels of the coefficients so far: a whole raster, or the rows into `sink` (see `JPEGPixels.made`).
    func finish(into sink: RowSink? = nil) throws(DecodeError) -> Raster {
        let width = JPEGFrame.ceilDiv(frame.width, scale), height = JPEGFrame.ceilDiv(frame.height, scale)
        return try JPEGPixels.made(width: width, height: height, sink: sink) { target throws(DecodeError) in
            let assembler = try JPEGRowAssembler(
                frame: frame, scale: scale, transform: transform, cmyk: cmyk, output: target)
            let smoothing =
                frame.progressive
                ? JPEGBlockSmoothing(status: progression, quantization: quantization) : nil
            JPEGBufferedOutput.run(
                frame: frame, store: store, quantization: quantization, smoothing: smoothing,
                blockSizes: JPEGScaling.blockSizes(frame: frame, scale: scale), assembler: assembler)
        }
    }
}

enum JPEGPixels {
    /// The pixels `body` makes through a row assembler's target: a whole raster, or, given a sink, its rows
    /// one at a time, after its `begin`; then the raster returned is empty (0×0), the sink holding the picture.
    static func made(
        width: Int, height: Int, sink: RowSink?, _ body: (JPEGRowAssembler.Target) throws(DecodeError) -> Void
    ) throws(DecodeError) -> Raster {
        guard let sink else {
            return try raster(width: width, height: height) { base throws(DecodeError) in try body(.raster(base)) }
        }
        try sink.begin(width: width, height: height, hasAlpha: false)
        try body(.rows(sink))
        return Raster(width: 0, height: 0, pixels: [], hasAlpha: false)
    }

    /// A raster whose bytes `body` writes, every one of them (both decode paths emit every output row
    /// whole): the array is not zeroed first, which saves a pass over up to a gigabyte. If `body` throws,
    /// nothing is kept.
    static func raster(
        width: Int, height: Int, _ body: (UnsafeMutablePointer<UInt8>) throws(DecodeError) -> Void
    ) throws(DecodeError) -> Raster {
        var failure: DecodeError?
        let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            HugePages.advise(base, bytes: width * height * 4)
            do throws(DecodeError) {
                try body(base)
                count = width * height * 4
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
        return Raster(width: width, height: height, pixels: pixels, hasAlpha: false)
    }
}
