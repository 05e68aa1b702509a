import ImageCore

/// GIF: the first frame, drawn on the logical screen, with transparency, as Pillow's
/// `Image.open(f).convert("RGBA")` shows it.
///
/// What Pillow does and this follows: the screen starts filled with colour index 0, or with the
/// transparent index when the frame has one (so the screen outside the frame is that colour, alpha 0);
/// a colour table whose entries are 0,0,0 / 1,1,1 / 2,2,2… is no table (Pillow reads the file as greyscale,
/// an index showing as its own grey), as is a missing table; an index past a table is black.
/// A screen 0 wide or high is the first frame's extent, as in Pillow.
/// Where this differs: a frame reaching past the screen is clipped to it (Pillow grows the image to hold
/// it); data that ends before the frame is full keeps the rows decoded so far, the rest left as the screen
/// (Pillow refuses such a file unless told to load truncated images, and then shows the same).
public enum GIFDecoder {
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> Raster {
        var reader = GIFBlockReader(bytes: bytes)
        var screen = try reader.readScreen()
        let frame = try reader.readFirstFrame()
        if screen.width == 0 || screen.height == 0 {
            // Some encoders leave the logical screen 0×0: the first frame's extent is the image, as
            // the probe reports it and Pillow shows it.
            (screen.width, screen.height) = (frame.left + frame.width, frame.top + frame.height)
        }
        let palette = GIFPalette(table: frame.localTable ?? screen.globalTable, transparent: frame.transparent)

        let visible = frame.clipped(toWidth: screen.width, height: screen.height)
        try checkPlausible(
            screen: screen, frame: frame, visibleArea: visible.width * visible.height, inputBytes: bytes.count)
        var raster = try Raster(width: screen.width, height: screen.height, hasAlpha: frame.transparent != nil)
        palette.fill(&raster.pixels, with: frame.transparent ?? 0)
        guard frame.width > 0, frame.height > 0 else { return raster }

        var sink = GIFRowSink(frame: frame, screenWidth: screen.width, screenHeight: screen.height, palette: palette)
        var lzw = try GIFLZWDecoder(minimumCodeSize: frame.minimumCodeSize)
        let outcome = raster.pixels.withUnsafeMutableBufferPointer { canvas in
            lzw.decode(bytes, dataStart: frame.dataStart, into: &sink, canvas: canvas)
        }
        switch outcome {
        case .frameFull: return raster
        case .codePastTable: throw .corrupt("GIF image data: LZW code past the table")
        case .firstCodeNotLiteral: throw .corrupt("GIF image data: first code after a clear is not a colour")
        case .dataEnded:
            // Rows decoded before the end are kept; nothing decoded at all is a refusal.
            guard sink.pixelsWritten > 0 else { throw .truncated(section: "in the GIF image data") }
            return raster
        }
    }

    /// Refuses, before the screen is allocated, a file whose data could not fill its first frame (LZW
    /// output is bounded by its code count) or whose screen is over 4 megapixels and less than a sixteenth
    /// covered by the frame (Pillow would fill such a screen; a few bytes should not cost a gigabyte, nor
    /// the fuzzer's 53 bytes a 14-megapixel canvas: 16 megapixels, the first bound, let that through).
    static func checkPlausible(
        screen: GIFScreen, frame: GIFFrame, visibleArea: Int, inputBytes: Int
    ) throws(DecodeError) {
        try DecodeLimits.check(width: screen.width, height: screen.height, inputBytes: inputBytes)
        let screenArea = screen.width * screen.height
        let frameArea = frame.width * frame.height
        let bound = GIFLZWDecoder.mostPixels(dataBytes: frame.dataBytes, minimumCodeSize: frame.minimumCodeSize)
        if frameArea > bound {
            let claim = "\(frame.width)×\(frame.height)"
            throw .truncated(section: "in the GIF image data (\(frame.dataBytes) bytes cannot hold \(claim) pixels)")
        }
        if screenArea > 1 << 22, screenArea / 16 > visibleArea {
            throw .corrupt("GIF first frame covers too little of its \(screen.width)×\(screen.height) screen")
        }
    }
}
