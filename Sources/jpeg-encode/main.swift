import BMPCodec
import Dispatch
import Glibc
import ImageCore
import JPEGCodec
import PNGCodec

// A developer tool and bench helper, not a product: imgsel's JPEG encoder on one picture, so
// `make bench` and the compatibility tests can drive it as they drive cjpeg.
//
//   jpeg-encode IN.bmp|IN.png|IN.ppm OUT.jpg [--quality Q] [--baseline] [--repeat N]
//
// A BMP (uncompressed) or PPM is read a row at a time as the encoder asks, as cjpeg reads its PPM; a PNG
// or run-length BMP is decoded whole first. --repeat N encodes N times and prints the fastest encode's
// seconds on stderr (rows read from the file in each; a decoded picture only once).

func number(_ arguments: inout [String]) -> Int {
    guard !arguments.isEmpty, let value = Int(arguments.removeFirst()) else { fail("expected a number") }
    return value
}

/// `line` on standard error.
func say(_ line: String) {
    var text = line + "\n"
    text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
}

func fail(_ line: String) -> Never {
    say(line)
    exit(2)
}

/// A binary PPM's (P6, maxval 255: cjpeg's own input) size and where its pixels start, from its first bytes.
func ppmHeader(_ bytes: [UInt8], fileBytes: Int) -> (width: Int, height: Int, start: Int)? {
    var fields: [Int] = []
    var i = 2
    while fields.count < 3 && i < bytes.count {
        while i < bytes.count && (bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09) {
            i += 1
        }
        if i < bytes.count && bytes[i] == UInt8(ascii: "#") {
            while i < bytes.count && bytes[i] != 0x0A { i += 1 }
            continue
        }
        var value = 0
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 {
            value = value * 10 + Int(bytes[i] - 0x30)
            i += 1
        }
        fields.append(value)
    }
    i += 1
    guard fields.count == 3, fields[2] == 255, fields[0] > 0, fields[1] > 0 else { return nil }
    let (w, h) = (fields[0], fields[1])
    guard w <= 65500, h <= 65500, fileBytes - i >= w * h * 3 else { return nil }
    return (w, h, i)
}

var arguments = Array(CommandLine.arguments.dropFirst())
var options = JPEGEncoder.Options()
var repeats = 0
var paths: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--quality": options.quality = number(&arguments)
    case "--baseline": options.progressive = false
    case "--repeat": repeats = number(&arguments)
    default: paths.append(argument)
    }
}
guard paths.count == 2 else {
    fail("usage: jpeg-encode IN.bmp|IN.png|IN.ppm OUT.jpg [--quality Q] [--baseline] [--repeat N]")
}
/// A BMP's or binary PPM's rows, read from the file as the encoder asks for them (pread: any thread, any
/// order), as cjpeg streams its PPM: reading the whole 36 MB BMP of a 12-MP photo and decoding it into a
/// fresh 48 MB raster first was two fifths of the time, most of it the kernel zeroing the new pages.
struct FileRows: JPEGPixelRows {
    enum Layout {
        case bmp(BMPRows)
        /// R, G, B from `start` on, no padding.
        case ppm(start: Int)
    }

    let descriptor: Int32
    let width: Int
    let height: Int
    let layout: Layout

    func row(_ y: Int, into line: UnsafeMutablePointer<UInt8>) {
        let (place, count) =
            switch layout {
            case .bmp(let rows): (rows.place(ofRow: y), rows.rowBytes)
            case .ppm(let start): (start + y * width * 3, width * 3)
            }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { buffer in
            let source = buffer.baseAddress!
            var done = 0
            while done < count {
                let got = pread(descriptor, source + done, count - done, off_t(place + done))
                guard got > 0 else { fail("cannot read row \(y) of the input") }
                done += got
            }
            switch layout {
            case .bmp(let rows): rows.pixels(of: source, into: line)
            case .ppm:
                for x in 0..<width {
                    line[4 * x] = source[3 * x]
                    line[4 * x + 1] = source[3 * x + 1]
                    line[4 * x + 2] = source[3 * x + 2]
                    line[4 * x + 3] = 255
                }
            }
        }
    }
}

/// The file's rows to read as the encoder asks, for an uncompressed BMP or a binary PPM; nil for anything
/// else (read whole and decoded: `readRaster`). The descriptor stays open for the process's life.
func fileRows(_ path: String) -> FileRows? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    let size = Int(status.st_size)
    var prefix = [UInt8](repeating: 0, count: min(size, BMPRows.prefixBytes))
    let got = prefix.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
    guard got == prefix.count else { return nil }
    if prefix.starts(with: [0x42, 0x4D]) {
        do {
            if let rows = try BMPRows(prefix: prefix, fileBytes: size) {
                return FileRows(descriptor: descriptor, width: rows.width, height: rows.height, layout: .bmp(rows))
            }
        } catch {
            fail("\(path): \(error)")
        }
    }
    if prefix.starts(with: [0x50, 0x36]), let (width, height, start) = ppmHeader(prefix, fileBytes: size) {
        return FileRows(descriptor: descriptor, width: width, height: height, layout: .ppm(start: start))
    }
    close(descriptor)
    return nil
}

/// The whole file, or nil. (Glibc's calls, not Foundation's: loading Foundation and its ICU took 8 ms of
/// every run, a tenth of cjpeg's whole encode of a 12-MP photo.)
func readFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
    let complete = bytes.withUnsafeMutableBytes { buffer in
        var done = 0
        while done < buffer.count {
            let got = pread(descriptor, buffer.baseAddress! + done, buffer.count - done, off_t(done))
            if got <= 0 { return false }
            done += got
        }
        return true
    }
    return complete ? bytes : nil
}

/// `bytes` as the whole of the file at `path`; false when it could not be written.
func writeFile(_ path: String, _ bytes: [UInt8]) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { return false }
    let complete = bytes.withUnsafeBytes { buffer in
        var done = 0
        while done < buffer.count {
            let wrote = write(descriptor, buffer.baseAddress! + done, buffer.count - done)
            if wrote < 0 && errno == EINTR { continue }
            if wrote <= 0 { return false }
            done += wrote
        }
        return true
    }
    return close(descriptor) == 0 && complete
}

/// The picture of a file `fileRows` does not read (a PNG, a run-length BMP), decoded whole.
func readRaster(_ path: String) -> Raster {
    guard let bytes = readFile(path) else { fail("\(path): cannot read") }
    do {
        if bytes.starts(with: [0x42, 0x4D]) { return try BMPDecoder.decode(bytes) }
        if bytes.starts(with: [0x89, 0x50]) { return try PNGDecoder.decode(bytes) }
    } catch {
        fail("\(path): \(error)")
    }
    fail("\(path): not a BMP, PNG or binary PPM")
}

let rows = fileRows(paths[0])
let raster = rows == nil ? readRaster(paths[0]) : nil
var best = Double.infinity
var file: [UInt8] = []
for _ in 0..<max(repeats, 1) {
    let start = DispatchTime.now().uptimeNanoseconds
    file = rows.map { JPEGEncoder.encode(rows: $0, options: options) } ?? JPEGEncoder.encode(raster!, options: options)
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
if repeats > 0 { say("\(best)") }
guard writeFile(paths[1], file) else { fail("\(paths[1]): cannot write") }
