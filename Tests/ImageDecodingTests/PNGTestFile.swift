import ByteCoding

@testable import ImageDecoding
@testable import PNGCodec

/// Builds PNG files byte by byte for the decoder tests: chunks with their CRCs,
/// zlib data in stored blocks (so these tests do not lean on the deflate
/// encoder), rows filtered and Adam7-interlaced as the test asks.
enum PNGTestFile {
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        return bigEndian(data.count) + typeBytes + data + bigEndian(Int(CRC32.checksum(typeBytes + data)))
    }

    static func bigEndian(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func ihdr(width: Int, height: Int, depth: Int, colourType: Int, interlaced: Bool = false) -> [UInt8] {
        let fields: [UInt8] = [UInt8(depth), UInt8(colourType), 0, 0, interlaced ? 1 : 0]
        return chunk("IHDR", bigEndian(width) + bigEndian(height) + fields)
    }

    /// A zlib stream of stored blocks holding `data`.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let n = min(65535, data.count - start)
            let final: UInt8 = start + n == data.count ? 1 : 0
            out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
            out += data[start..<(start + n)]
            start += n
        } while start < data.count
        return out + bigEndian(Int(Adler32.checksum(data)))
    }

    /// A whole PNG: signature, IHDR, `before` chunks, the rows (each starting
    /// with its filter byte) in IDATs of `idatSize` bytes, `after` chunks, IEND.
    static func png(
        width: Int, height: Int, depth: Int, colourType: Int, interlaced: Bool = false,
        rows: [[UInt8]], before: [[UInt8]] = [], after: [[UInt8]] = [],
        idatSize: Int = 1 << 20, iend: Bool = true
    ) -> [UInt8] {
        let data = zlibStored(rows.flatMap { $0 })
        var file =
            PNGChunks.signature
            + ihdr(
                width: width, height: height, depth: depth, colourType: colourType,
                interlaced: interlaced)
        for extra in before { file += extra }
        var start = 0
        while start < data.count {
            let n = min(idatSize, data.count - start)
            file += chunk("IDAT", Array(data[start..<(start + n)]))
            start += n
        }
        for extra in after { file += extra }
        return iend ? file + chunk("IEND", []) : file
    }

    /// Unfiltered rows (filter byte 0 prepended).
    static func plain(_ rows: [[UInt8]]) -> [[UInt8]] { rows.map { [0] + $0 } }

    /// Filters `row` (given the row above, unfiltered) with `type`, as an encoder would.
    static func filter(_ row: [UInt8], previous: [UInt8], stride: Int, type: UInt8) -> [UInt8] {
        var out: [UInt8] = [type]
        for i in 0..<row.count {
            let a = i >= stride ? Int(row[i - stride]) : 0
            let b = Int(previous[i])
            let c = i >= stride ? Int(previous[i - stride]) : 0
            let predicted: Int
            switch type {
            case 1: predicted = a
            case 2: predicted = b
            case 3: predicted = (a + b) / 2
            case 4:
                let p = a + b - c
                let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            default: predicted = 0
            }
            out.append(UInt8(truncatingIfNeeded: Int(row[i]) - predicted))
        }
        return out
    }

    /// 8-bit RGB pixels (3 bytes each, rows of `width`) as Adam7's passes, every row unfiltered.
    static func adam7RGB(_ pixels: [[UInt8]], width: Int, height: Int) -> [[UInt8]] {
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        var rows: [[UInt8]] = []
        for (x0, y0, dx, dy) in passes where x0 < width && y0 < height {
            for y in stride(from: y0, to: height, by: dy) {
                var row: [UInt8] = [0]
                for x in stride(from: x0, to: width, by: dx) { row += pixels[y][(3 * x)..<(3 * x + 3)] }
                rows.append(row)
            }
        }
        return rows
    }

    static func decode(_ bytes: [UInt8]) -> Result<Raster, DecodeError> {
        do throws(DecodeError) { return .success(try PNGDecoder.decode(bytes)) } catch { return .failure(error) }
    }
}
