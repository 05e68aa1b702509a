import BMPCodec
import Foundation
import ImageCore
import JPEGCodec
import PNGCodec

// A developer tool and bench helper, not a product: imgsel's JPEG encoder on one picture, so
// `make bench` and the compatibility tests can drive it as they drive cjpeg.
//
//   jpeg-encode IN.bmp|IN.png|IN.ppm OUT.jpg [--quality Q] [--baseline] [--repeat N]
//
// --repeat N encodes N times and prints the fastest encode's seconds on stderr (the pixels
// already in memory, as cjpeg's are once read).

func number(_ arguments: inout [String]) -> Int {
    guard !arguments.isEmpty, let value = Int(arguments.removeFirst()) else { fail("expected a number") }
    return value
}

func fail(_ line: String) -> Never {
    FileHandle.standardError.write(Data((line + "\n").utf8))
    exit(2)
}

/// A binary PPM (P6, maxval 255): cjpeg's own input, read here the same way.
func readPPM(_ bytes: [UInt8]) -> Raster? {
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
    guard bytes.count - i >= w * h * 3 else { return nil }
    var pixels = [UInt8](repeating: 255, count: w * h * 4)
    for p in 0..<(w * h) {
        pixels[4 * p] = bytes[i + 3 * p]
        pixels[4 * p + 1] = bytes[i + 3 * p + 1]
        pixels[4 * p + 2] = bytes[i + 3 * p + 2]
    }
    return Raster(width: w, height: h, pixels: pixels, hasAlpha: false)
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
/// The array being read into and each part's outcome: each part writes only its own bytes and slot.
struct Shared: Sendable {
    let bytes: SendablePointer<UInt8>
    let whole: SendablePointer<Int>
}

/// The whole file, read straight into the array (no Data copy beside it: 36 MB for a 12-MP BMP), in
/// parts on every core: the copy out of the page cache and the faults on the new pages were a sixth
/// of a 12-MP BMP's encode, on one core.
func readFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_size > 0 else { return nil }
    let size = Int(status.st_size)
    let parts = max(1, min(8, size >> 22))
    let whole = UnsafeMutablePointer<Int>.allocate(capacity: parts)
    defer { whole.deallocate() }
    let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
        let shared = Shared(bytes: SendablePointer(buffer.baseAddress!), whole: SendablePointer(whole))
        HugePages.advise(UnsafeMutableRawPointer(shared.bytes.base), bytes: size)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let (base, whole) = (UnsafeMutableRawPointer(shared.bytes.base), shared.whole.base)
            let (start, end) = (part * size / parts, (part + 1) * size / parts)
            var done = start
            while done < end {
                let got = pread(descriptor, base + done, end - done, off_t(done))
                if got <= 0 { break }
                done += got
            }
            whole[part] = done == end ? 1 : 0
        }
        count = (0..<parts).allSatisfy { whole[$0] == 1 } ? size : 0
    }
    return bytes.count == size ? bytes : nil
}

/// The picture, its file's bytes gone once decoded (as cjpeg holds no more than a strip of its PPM).
func readRaster(_ path: String) -> Raster {
    guard let bytes = readFile(path) else { fail("\(path): cannot read") }
    do {
        if bytes.starts(with: [0x42, 0x4D]) { return try BMPDecoder.decode(bytes) }
        if bytes.starts(with: [0x89, 0x50]) { return try PNGDecoder.decode(bytes) }
        if bytes.starts(with: [0x50, 0x36]), let ppm = readPPM(bytes) { return ppm }
    } catch {
        fail("\(path): \(error)")
    }
    fail("\(path): not a BMP, PNG or binary PPM")
}

let raster = readRaster(paths[0])
var best = Double.infinity
var file: [UInt8] = []
for _ in 0..<max(repeats, 1) {
    let start = DispatchTime.now().uptimeNanoseconds
    file = JPEGEncoder.encode(raster, options: options)
    best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}
if repeats > 0 { FileHandle.standardError.write(Data("\(best)\n".utf8)) }
guard FileManager.default.createFile(atPath: paths[1], contents: Data(file)) else { fail("\(paths[1]): cannot write") }
