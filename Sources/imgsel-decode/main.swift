import ImageDecoding

// A developer's tool, not a product: decodes one file with ImageDecoding and
// writes what came out, so scripts can compare our pixels with Pillow's.
//
//   imgsel-decode FILE [SCALE]   (SCALE: 1, 2, 4 or 8; JPEG decodes at 1/SCALE)
//
// stdout: a line "WIDTH HEIGHT ALPHA\n" (ALPHA 0 or 1), then WIDTH*HEIGHT*4
// bytes of RGBA. A failure prints its message on stderr and exits 3.
#if canImport(Glibc)
import Glibc
#endif

func fail(_ line: String) -> Never {
    let bytes = Array((line + "\n").utf8)
    _ = bytes.withUnsafeBytes { write(2, $0.baseAddress!, $0.count) }
    exit(3)
}

func readWhole(_ path: String) -> [UInt8] {
    guard let file = fopen(path, "rb") else { fail("\(path): cannot open") }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = fread(&chunk, 1, chunk.count, file)
        if n <= 0 { break }
        bytes += chunk[0..<n]
    }
    return bytes
}

func writeAll(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
        let n = bytes[offset...].withUnsafeBytes { write(1, $0.baseAddress!, $0.count) }
        if n <= 0 { fail("stdout: cannot write") }
        offset += n
    }
}

let args = CommandLine.arguments
guard args.count == 2 || args.count == 3 else { fail("usage: imgsel-decode FILE [SCALE]") }
let scale = args.count == 3 ? Int(args[2]) ?? 1 : 1
let bytes = readWhole(args[1])
do {
    let raster = try DevDecoders.decode(bytes, scale: scale)
    writeAll(Array("\(raster.width) \(raster.height) \(raster.hasAlpha ? 1 : 0)\n".utf8))
    writeAll(raster.pixels)
} catch {
    fail("\(args[1]): \(error.message)")
}
