// A developer tool and test helper: decodes a raw HEVC stream (Annex B, as x265 writes it) with
// imgsel's own decoder and writes its planes as dec265 -o does (8-bit samples as bytes, deeper
// ones as 16-bit little-endian), so `make heic-check` can compare the two byte for byte.
// Usage: hevc-yuv STREAM.hevc OUT.yuv [--time]. Exit 3 on a stream it cannot decode.
import Foundation
import HEVCCodec
import ImageCore

let arguments = CommandLine.arguments
guard arguments.count >= 3, let input = FileManager.default.contents(atPath: arguments[1]) else {
    FileHandle.standardError.write(Data("usage: hevc-yuv STREAM.hevc OUT.yuv [--time]\n".utf8))
    exit(2)
}
let bytes = [UInt8](input)

// Parameter sets go where HEIF keeps them (hvcC); the rest is length-prefixed as in an item.
var parameterSets = [[UInt8]]()
var data = [UInt8]()
for unit in HEVCNAL.annexBUnits(bytes) {
    let type = (unit.first ?? 0) >> 1 & 0x3F
    if (32...34).contains(type) {
        parameterSets.append(Array(unit))
    } else {
        let n = unit.count
        data += [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)]
        data += unit
    }
}
/// The planes as dec265 writes them. A function, not top-level code: top-level variables are
/// the main actor's, and a check of the executor on each sample was a seventh of a profile.
func yuvBytes(_ picture: HEVCPicture) -> [UInt8] {
    var out = [UInt8]()
    let wide = picture.bitDepthLuma > 8 || picture.bitDepthChroma > 8
    for plane in [picture.luma, picture.cb, picture.cr] {
        if wide {
            for v in plane { out += [UInt8(v & 0xFF), UInt8(v >> 8)] }
        } else {
            out += plane.map { UInt8(truncatingIfNeeded: $0) }
        }
    }
    return out
}

do {
    let start = Date()
    let picture = try HEVCDecoder.decode(parameterSets: parameterSets, data: data, lengthSize: 4)
    let seconds = Date().timeIntervalSince(start)
    try Data(yuvBytes(picture)).write(to: URL(fileURLWithPath: arguments[2]))
    if arguments.contains("--time") {
        FileHandle.standardError.write(Data("\(picture.width)x\(picture.height) in \(Int(seconds * 1000)) ms\n".utf8))
    }
} catch let error as DecodeError {
    FileHandle.standardError.write(Data("hevc-yuv: \(arguments[1]): \(error.message)\n".utf8))
    exit(3)
} catch {
    FileHandle.standardError.write(Data("hevc-yuv: \(error)\n".utf8))
    exit(1)
}
