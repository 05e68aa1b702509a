import ImageDecoding

/// A `RowSink` that area-shrinks the rows as a decoder hands them on, so a thumbnail never holds the
/// full-size picture: its result is `Raster.shrunk`'s to the byte (the same `ShrinkPlan`, `BoxSpans`'
/// arithmetic, premultiplied alpha), and what it holds is the output, one premultiplied row and the sums
/// of the few output rows still open (`BoxRowSums`).
///
/// Horizontal first: each source row some output row uses goes through the horizontal pass as it comes
/// and its clipped line into the vertical sums. Vertical first: the source rows go into the sums at full
/// width, and each output row, once complete, through the horizontal pass. When nothing is to be shrunk
/// (a picture already within the size), the rows are kept whole, as `shrunk` hands back the raster itself.
public final class ShrinkRows: RowSink {
    private enum Target {
        case sized((_ width: Int, _ height: Int) -> (width: Int, height: Int, area: ShrinkArea?))
        case size(width: Int, height: Int, area: ShrinkArea?)
    }

    private let target: Target
    private var whole: RasterRows?
    private var plan: ShrinkPlan?
    private var sums: BoxRowSums?
    private var width = 0
    private var height = 0
    private var hasAlpha = false
    private var rowsTaken = 0
    private var out: [UInt8] = []
    /// One premultiplied source row (alpha only), then one horizontally shrunk row (horizontal first).
    private var premultiplied: UnsafeMutablePointer<UInt8>?
    private var narrowed: UnsafeMutablePointer<UInt8>?

    /// To the size `fitting` makes of the decoder's own (given at `begin`), over the whole picture:
    /// `Thumbnailer` fits its box (`ThumbnailSize.fitting`).
    public init(fitting: @escaping (_ width: Int, _ height: Int) -> (width: Int, height: Int)) {
        target = .sized { width, height in
            let fitted = fitting(width, height)
            return (fitted.width, fitted.height, nil)
        }
    }

    /// To the size and over the area `sizing` makes of the decoder's own size (given at `begin`), exactly
    /// as `Raster.shrunk(toWidth:height:area:)` of the whole decoded picture: export's shrink of a JPEG
    /// decoded at a DCT scale, whose area is the scaled file's (`ThumbnailSize.scaledArea`).
    public init(sizing: @escaping (_ width: Int, _ height: Int) -> (width: Int, height: Int, area: ShrinkArea?)) {
        target = .sized(sizing)
    }

    /// To `width`×`height` (never enlarged) over `area`, exactly as `Raster.shrunk(toWidth:height:area:)`.
    public init(toWidth width: Int, height: Int, area: ShrinkArea? = nil) {
        target = .size(width: width, height: height, area: area)
    }

    deinit {
        premultiplied?.deallocate()
        narrowed?.deallocate()
    }

    public func begin(width: Int, height: Int, hasAlpha: Bool) throws(DecodeError) {
        try DecodeLimits.check(width: width, height: height)
        precondition(plan == nil && whole == nil, "a sink takes one picture")
        (self.width, self.height, self.hasAlpha) = (width, height, hasAlpha)
        let size: (width: Int, height: Int, area: ShrinkArea?)
        switch target {
        case .sized(let sizing):
            size = sizing(width, height)
        case let .size(toWidth, toHeight, area):
            size = (toWidth, toHeight, area)
        }
        guard
            let plan = ShrinkPlan(
                width: width, height: height, hasAlpha: hasAlpha, toWidth: size.width, toHeight: size.height,
                area: size.area)
        else {
            let rows = RasterRows()
            try rows.begin(width: width, height: height, hasAlpha: hasAlpha)
            whole = rows
            return
        }
        self.plan = plan
        out = [UInt8](repeating: 0, count: plan.outWidth * plan.outHeight * 4)
        if hasAlpha { premultiplied = .allocate(capacity: width * 4) }
        if plan.verticalFirst {
            sums = BoxRowSums(spans: plan.rows, lineBytes: width * 4)
        } else {
            narrowed = .allocate(capacity: plan.outWidth * 4)
            sums = BoxRowSums(spans: plan.rows, lineBytes: plan.outWidth * 4)
        }
    }

    public func row(_ y: Int, _ pixels: UnsafePointer<UInt8>) {
        if let whole { return whole.row(y, pixels) }
        guard let plan, let sums else { preconditionFailure("row before begin") }
        precondition(y == rowsTaken && y < height, "rows must come in order, each once")
        rowsTaken += 1
        let source = { () -> UnsafePointer<UInt8> in
            guard let premultiplied = self.premultiplied else { return pixels }
            SourceRows.premultiply(pixels, width: self.width, into: premultiplied)
            return UnsafePointer(premultiplied)
        }
        let outBytes = plan.outWidth * 4
        out.withUnsafeMutableBufferPointer { out in
            let base = out.baseAddress!
            if plan.verticalFirst {
                sums.add(y, line: source) { i, line in plan.columns.resampleLine(line, into: base + i * outBytes) }
            } else {
                let narrowed = self.narrowed!
                let line = { () -> UnsafePointer<UInt8> in
                    plan.columns.resampleLine(source(), into: narrowed)
                    return UnsafePointer(narrowed)
                }
                sums.add(y, line: line) { i, line in (base + i * outBytes).update(from: line, count: outBytes) }
            }
            if rowsTaken == height, plan.premultiply {
                Raster.unpremultiply(base, count: plan.outWidth * plan.outHeight)
            }
        }
    }

    /// The shrunk picture of `bytes` decoded into this sink by `decodeRows` (a `PixelDecoder.decodeRows`; the
    /// type is spelt out so the decoder fuzzers, built without the registry, still compile): a decoder
    /// that returns before its last row is damage, as `RasterRows.collect` says for the whole picture.
    public func picture(
        of bytes: [UInt8], decodedBy decodeRows: ([UInt8], RowSink) throws(DecodeError) -> Void
    ) throws(DecodeError) -> Raster {
        try decodeRows(bytes, self)
        guard let raster = raster() else { throw .corrupt("the decoder stopped before its last row") }
        return raster
    }

    /// The shrunk picture, once every row came; nil before `begin` or while rows are missing.
    public func raster() -> Raster? {
        if let whole { return whole.raster() }
        guard let plan, let sums, rowsTaken == height, sums.complete else { return nil }
        return Raster(width: plan.outWidth, height: plan.outHeight, pixels: out, hasAlpha: hasAlpha)
    }
}
