/// Where a decoder that works top to bottom hands its pixels, a row at a time. A whole picture
/// is collected by `RasterRows`; a thumbnail's area shrink takes the rows as they come, so the
/// full-size picture is never held when only a small one is wanted (issue 23).
///
/// A class, so a decoder calls it through one reference whatever sink it is given; the cost is a
/// dynamic call a row, nothing a pixel.
public protocol RowSink: AnyObject {
    /// Called once, before any row, with the picture's size (already within `DecodeLimits`) and
    /// whether it may hold alpha (`Raster.hasAlpha`). A sink may refuse it (its own budget).
    func begin(width: Int, height: Int, hasAlpha: Bool) throws(DecodeError)
    /// Row `y` of the picture, `width` pixels of R, G, B, A: rows come in order from 0, each once,
    /// and the pointer is only valid during the call.
    func row(_ y: Int, _ pixels: UnsafePointer<UInt8>)
}

/// The sink that keeps every row: a decoder's whole-picture `decode` is its row decode into this,
/// so the two cannot differ.
public final class RasterRows: RowSink {
    private var width = 0
    private var height = 0
    private var hasAlpha = false
    private var pixels: [UInt8] = []
    private var rowsTaken = 0

    public init() {}

    public func begin(width: Int, height: Int, hasAlpha: Bool) throws(DecodeError) {
        try DecodeLimits.check(width: width, height: height)
        (self.width, self.height, self.hasAlpha) = (width, height, hasAlpha)
        // Rows are written in order; the memory is only touched as they come.
        pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, initialized in
            if let base = buffer.baseAddress { HugePages.advise(base, bytes: width * height * 4) }
            initialized = width * height * 4
        }
        rowsTaken = 0
    }

    public func row(_ y: Int, _ source: UnsafePointer<UInt8>) {
        precondition(y == rowsTaken && y < height, "rows must come in order, each once")
        let rowBytes = width * 4
        pixels.withUnsafeMutableBufferPointer { target in
            (target.baseAddress! + y * rowBytes).update(from: source, count: rowBytes)
        }
        rowsTaken += 1
    }

    /// The picture, once every row came; nil before `begin` or while rows are missing.
    public func raster() -> Raster? {
        guard height > 0, rowsTaken == height else { return nil }
        return Raster(width: width, height: height, pixels: pixels, hasAlpha: hasAlpha)
    }
}
