import Deflate
import ImageCore

/// Baseline TIFF, the first IFD: no compression, PackBits, LZW (and the old-style LSB variant) and Deflate;
/// strips or tiles, chunky or planar; grey (either polarity), RGB, RGBA, palette, bilevel and CMYK; 1 to 16
/// bits a sample; predictor 2; both byte orders and BigTIFF. Matches Pillow's `convert("RGBA")` except that
/// 16-bit grey keeps its high byte (Pillow clips the 16-bit value to 255, making most of such an image white)
/// and that Orientation is not applied here (a later stage applies the value the probe reads).
///
/// Pillow's readings kept: a missing PhotometricInterpretation is WhiteIsZero; four RGB samples without
/// ExtraSamples are RGBA; an unspecified extra sample is ignored; associated alpha is divided out
/// (c·255/a truncated, colour 0 where alpha is 0); 16-bit samples keep their high byte; a ColorMap value v
/// becomes v / 256; CMYK becomes (255−c)(255−k)/255 rounded as Pillow does.
public enum TIFFDecoder {
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> Raster {
        try RasterRows.collect { rows throws(DecodeError) in try decode(bytes, into: rows) }
    }

    /// The rows top to bottom into `sink`, a band at a time: the blocks of one strip (every plane's, when
    /// planar) or one row of tiles are decompressed, then their rows put together and handed on, so
    /// besides the file only one band of blocks is held.
    public static func decode(_ bytes: [UInt8], into sink: RowSink) throws(DecodeError) {
        let ifd = try TIFFDirectory(bytes)
        let layout = try TIFFLayout(ifd)
        let blockBytes = layout.blockRowBytes * layout.blockHeight
        // Held at once: the file, the offset and count tables, one band of blocks and a block as stored.
        let bandBlocks = layout.blocksAcross * layout.planes
        try DecodeLimits.check(
            width: layout.width, height: layout.height, workingBytes: blockBytes * (bandBlocks + 1) + layout.tableBytes,
            inputBytes: bytes.count)
        try checkPlausible(layout, fileSize: bytes.count, blockBytes: blockBytes)

        let hasAlpha = layout.alpha != .none
        try sink.begin(width: layout.width, height: layout.height, hasAlpha: hasAlpha)
        let writer = TIFFPixelWriter(layout: layout, bigEndian: ifd.bigEndian)
        var line = [UInt8](repeating: 0, count: layout.width * 4)
        var samples = [UInt8](repeating: 0, count: layout.blockWidth * layout.samplesPerBlockPixel)
        var band: [[UInt8]] = []
        for down in 0..<layout.blocksDown {
            // A strip at the bottom holds only the rows left; a tile is always whole.
            let top = down * layout.blockHeight
            let rows = layout.tiled ? layout.blockHeight : Swift.min(layout.blockHeight, layout.height - top)
            band.removeAll(keepingCapacity: true)
            for plane in 0..<layout.planes {
                for across in 0..<layout.blocksAcross {
                    let index = (plane * layout.blocksDown + down) * layout.blocksAcross + across
                    var data = try blockData(bytes, layout: layout, index: index, expected: layout.blockRowBytes * rows)
                    if layout.predictor {
                        TIFFCodecs.undoPredictor(
                            &data, rowBytes: layout.blockRowBytes, rows: rows,
                            samplesPerPixel: layout.samplesPerBlockPixel, bits: layout.bits,
                            bigEndian: ifd.bigEndian)
                    }
                    band.append(data)
                }
            }
            for row in 0..<Swift.min(rows, layout.height - top) {
                line.withUnsafeMutableBufferPointer { line in
                    // As a new raster: black, opaque unless there is alpha; the blocks fill in what they hold.
                    let fill: UInt32 = hasAlpha ? 0 : 0xFF00_0000
                    UnsafeMutableRawPointer(line.baseAddress!).initializeMemory(
                        as: UInt32.self, repeating: fill, count: layout.width)
                    for plane in 0..<layout.planes {
                        for across in 0..<layout.blocksAcross {
                            writer.write(
                                band[plane * layout.blocksAcross + across], row: row, x: across * layout.blockWidth,
                                plane: plane, samples: &samples, into: line.baseAddress!)
                        }
                    }
                    writer.finish(line.baseAddress!, count: layout.width)
                    sink.row(top + row, line.baseAddress!)
                }
            }
        }
    }

    /// One block's stored bytes, bit-reversed when FillOrder is 2, decompressed to `expected` bytes.
    static func blockData(
        _ bytes: [UInt8], layout: TIFFLayout, index: Int,
        expected: Int
    ) throws(DecodeError) -> [UInt8] {
        let offset = layout.offsets[index]
        let count = layout.byteCounts?[index] ?? expected
        guard offset >= 0, count >= 0, offset <= bytes.count else {
            throw .truncated(
                section: "in the TIFF image data (strip or tile \(index) starts at byte \(offset), past the end)")
        }
        var stored = bytes[offset..<offset + Swift.min(count, bytes.count - offset)]
        if layout.reversedBits { stored = ArraySlice(stored.map(reverseBits)) }
        return try TIFFCodecs.decode(
            stored, layout.compression, expected: expected,
            fullBlock: layout.blockRowBytes * layout.blockHeight)
    }

    static func reverseBits(_ byte: UInt8) -> UInt8 {
        var b = byte
        b = (b & 0xF0) >> 4 | (b & 0x0F) << 4
        b = (b & 0xCC) >> 2 | (b & 0x33) << 2
        return (b & 0xAA) >> 1 | (b & 0x55) << 1
    }

    /// Refuses, before the raster is allocated, a file whose stored blocks could not decompress to the
    /// image it claims (each compression has a most it can expand to).
    static func checkPlausible(_ layout: TIFFLayout, fileSize: Int, blockBytes: Int) throws(DecodeError) {
        let blocks = layout.blocksAcross * layout.blocksDown * layout.planes
        var most = 0
        for i in 0..<blocks {
            let offset = layout.offsets[i]
            let available = offset >= 0 && offset <= fileSize ? fileSize - offset : 0
            let stored = Swift.min(layout.byteCounts?[i] ?? blockBytes, available)
            most += Swift.min(blockBytes, TIFFCodecs.mostBytes(from: Swift.max(0, stored), layout.compression))
        }
        // Strips past the image's last row are not needed, so compare with the rows the image has.
        let needed =
            !layout.tiled
            ? layout.blockRowBytes * layout.height * layout.planes
            : blockBytes * blocks
        if most < needed {
            throw .truncated(
                section: "in the TIFF image data (the file's \(fileSize) bytes cannot hold"
                    + " \(layout.width)×\(layout.height) pixels)")
        }
    }
}
