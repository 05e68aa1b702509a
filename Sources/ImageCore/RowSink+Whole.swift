extension RasterRows {
    /// The whole picture a row decode hands on: how a streaming decoder's `decode` is made, so its whole
    /// picture and its rows cannot differ.
    public static func collect(_ decode: (RasterRows) throws(DecodeError) -> Void) throws(DecodeError) -> Raster {
        let rows = RasterRows()
        try decode(rows)
        guard let raster = rows.raster() else { throw .corrupt("the decoder stopped before its last row") }
        return raster
    }

    /// A picture decoded whole (interlaced PNG, RLE BMP) handed on to `sink` a row at a time.
    public static func hand(_ raster: Raster, to sink: RowSink) throws(DecodeError) {
        try sink.begin(width: raster.width, height: raster.height, hasAlpha: raster.hasAlpha)
        raster.pixels.withUnsafeBufferPointer { pixels in
            for y in 0..<raster.height { sink.row(y, pixels.baseAddress! + y * raster.width * 4) }
        }
    }
}
