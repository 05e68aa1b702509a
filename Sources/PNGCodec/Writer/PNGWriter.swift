import ByteCoding
import Deflate
import ImageCore

/// Writes a raster as an 8-bit RGB PNG, or RGBA when it has alpha (the SPEC's
/// thumbnail format): rows filtered adaptively, data compressed by `Deflate`.
/// The same raster always gives the same bytes.
public enum PNGWriter {
    public static func encode(_ raster: Raster) -> [UInt8] { encode(raster, chunks: []) }

    /// `chunks` (type, data) go between IHDR and IDAT: export's `iCCP`, `eXIf` and XMP `iTXt`.
    public static func encode(_ raster: Raster, chunks: [(type: String, data: [UInt8])]) -> [UInt8] {
        // The filtered rows are a temporary of the one expression, let go as soon as they are deflated.
        let compressed = Deflate.zlib(filteredRows(raster, channels: raster.hasAlpha ? 4 : 3))
        var file = PNGChunks.signature
        var header = bigEndian(raster.width) + bigEndian(raster.height)
        header += [8, raster.hasAlpha ? 6 : 2, 0, 0, 0]
        appendChunk("IHDR", header, to: &file)
        for chunk in chunks { appendChunk(chunk.type, chunk.data, to: &file) }
        file.reserveCapacity(file.count + 12 + compressed.count + 12)
        appendChunk("IDAT", compressed, to: &file)
        appendChunk("IEND", [], to: &file)
        return file
    }

    /// Every row with its filter byte, each under the filter PNGFilterChooser picks.
    private static func filteredRows(_ raster: Raster, channels: Int) -> [UInt8] {
        let rowBytes = raster.width * channels
        let count = raster.height * (rowBytes + 1)
        return [UInt8](unsafeUninitializedCapacity: count) { output, initialized in
            var chooser = PNGFilterChooser(rowBytes: rowBytes, stride: channels)
            raster.pixels.withUnsafeBufferPointer { pixels in
                for y in 0..<raster.height {
                    let row = chooser.currentRow
                    var source = pixels.baseAddress! + y * raster.width * 4
                    if channels == 4 {
                        row.update(from: source, count: rowBytes)
                    } else {
                        var target = row
                        for _ in 0..<raster.width {
                            target[0] = source[0]; target[1] = source[1]; target[2] = source[2]
                            target += 3
                            source += 4
                        }
                    }
                    chooser.filterRow(into: output.baseAddress! + y * (rowBytes + 1))
                }
            }
            initialized = count
        }
    }

    private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        // Appended piece by piece: `length + type + data` made a temporary copy of a photo's IDAT.
        let typeBytes = Array(type.utf8)
        file += bigEndian(data.count)
        file += typeBytes
        file += data
        file += bigEndian(Int(CRC32.update(CRC32.update(0, typeBytes), data)))
    }

    private static func bigEndian(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
