import Deflate
import ImageCore

/// PNG (and an APNG's default image, which is its IDAT) to RGBA: every colour
/// type and bit depth, PLTE, tRNS, Adam7 and the five filters.
///
/// The image data is inflated a chunk at a time and each row is unfiltered
/// and converted as it arrives and handed to a `RowSink`, so besides what the
/// sink keeps the decode holds three rows and a few hundred KiB of inflate
/// window (an interlaced image, whose passes fill rows in turn, is whole first). Before the output is
/// allocated, the image data's size is checked against what deflate could
/// expand it to at most, so a tiny file claiming a huge image is refused
/// without taking memory for it.
///
/// Decoding stops once every row is in: data after that (and the zlib
/// checksum) is not read, as Pillow, so a stream with extra data decodes.
public enum PNGDecoder {
    /// Pictures of at least this many pixels inflate on a second thread while their rows are
    /// unfiltered, converted and handed on (`InflateStream`, threaded); a smaller one is not worth
    /// a thread.
    public static let threadedPixels = 1 << 20

    /// What the decode holds besides the output: the inflate window and two rows at most.
    static func workingBytes(_ header: PNGHeader) -> Int {
        (1 << 20) + 2 * (header.rowBytes(header.width) + 16)
    }

    /// `threaded` forces the choice the size otherwise makes (the tests decode both ways).
    public static func decode(_ bytes: [UInt8], threaded: Bool? = nil) throws(DecodeError) -> Raster {
        let png = try Prepared(bytes, threaded: threaded)
        if png.header.interlaced { return try png.interlaced() }
        return try RasterRows.collect { rows throws(DecodeError) in try png.rows(into: rows) }
    }

    /// The rows top to bottom into `sink`, as they are inflated; an interlaced image (whose passes
    /// fill rows in turn) is decoded whole first.
    public static func decode(_ bytes: [UInt8], into sink: RowSink, threaded: Bool? = nil) throws(DecodeError) {
        let png = try Prepared(bytes, threaded: threaded)
        if png.header.interlaced { return try RasterRows.hand(png.interlaced(), to: sink) }
        try png.rows(into: sink)
    }

    /// A file checked against the limits, its image data ready to inflate.
    private struct Prepared {
        let header: PNGHeader
        let pixels: PNGPixels
        let stream: InflateStream

        init(_ bytes: [UInt8], threaded: Bool?) throws(DecodeError) {
            let chunks = try PNGChunks(bytes)
            header = chunks.header
            try DecodeLimits.check(
                width: header.width, height: header.height, workingBytes: workingBytes(header),
                inputBytes: bytes.count)
            let needed = header.filteredBytes
            guard needed <= chunks.imageDataBytes * DeflateTables.maxExpansion else {
                throw .truncated(
                    section: "in the image data (\(chunks.imageDataBytes) bytes cannot inflate to the \(needed) bytes"
                        + " its \(header.width)×\(header.height) rows need)")
            }
            pixels = PNGPixels(header: header, palette: chunks.palette, transparency: chunks.transparency)
            stream = InflateStream(
                Inflater(
                    source: bytes[...], segments: chunks.imageData, zlib: true,
                    section: "in the image data"), expected: needed,
                threaded: threaded ?? (header.width * header.height >= PNGDecoder.threadedPixels))
        }

        /// Every row converted into one row buffer and handed on.
        func rows(into sink: RowSink) throws(DecodeError) {
            try sink.begin(width: header.width, height: header.height, hasAlpha: pixels.hasAlpha)
            let line = UnsafeMutablePointer<UInt8>.allocate(capacity: header.width * 4)
            defer { line.deallocate() }
            try decodeRows(header: header, stream: stream, pixels: pixels) { y, row, pass throws(DecodeError) in
                pixels.convert(row, count: pass.width, into: line, step: 4)
                sink.row(y, line)
            }
        }

        /// An interlaced image: each pass's pixels put in their places of the whole picture.
        func interlaced() throws(DecodeError) -> Raster {
            let (width, count) = (header.width, header.width * header.height * 4)
            var failure: DecodeError?
            let output = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                guard let base = buffer.baseAddress else { return }
                // Zeros first: a failed decode must not hand back uninitialized memory.
                base.initialize(repeating: 0, count: count)
                initialized = count
                do throws(DecodeError) {
                    try decodeRows(header: header, stream: stream, pixels: pixels) { y, row, pass in
                        pixels.convert(
                            row, count: pass.width, into: base + (y * width + pass.x0) * 4, step: pass.dx * 4)
                    }
                } catch {
                    failure = error
                }
            }
            if let failure { throw failure }
            return Raster(width: header.width, height: header.height, pixels: output, hasAlpha: pixels.hasAlpha)
        }
    }

    /// Reads, unfilters and converts every row of every pass.
    /// `take` gets each unfiltered row with the image row it belongs to and its pass.
    private static func decodeRows(
        header: PNGHeader, stream: InflateStream, pixels: PNGPixels,
        take: (Int, UnsafePointer<UInt8>, PNGPass) throws(DecodeError) -> Void
    ) throws(DecodeError) {
        let stride = header.filterStride
        let widest = header.rowBytes(header.width)
        // Two rows, each with `stride` zero bytes before it (the filters' left neighbours).
        let rowSpan = stride + widest
        let rows = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowSpan)
        defer { rows.deallocate() }
        var current = rows + stride
        var previous = rows + rowSpan + stride
        for pass in header.passes where pass.width > 0 && pass.height > 0 {
            let rowBytes = header.rowBytes(pass.width)
            rows.initialize(repeating: 0, count: 2 * rowSpan)
            for y in 0..<pass.height {
                // The filter byte lands just before the row, then its place goes back to zero.
                let got = try stream.read(into: current - 1, count: rowBytes + 1)
                guard got == rowBytes + 1 else {
                    throw .truncated(section: "in the image data (row \(pass.y0 + y * pass.dy) of \(header.height))")
                }
                let filter = current[-1]
                current[-1] = 0
                try PNGUnfilter.apply(filter, row: current, previous: previous, count: rowBytes, stride: stride)
                try take(pass.y0 + y * pass.dy, current, pass)
                swap(&current, &previous)
            }
        }
    }
}
