// A developer tool and test helper: decodes an AVIF file's primary item (or a raw AV1 stream of
// OBUs, as aomenc --obu writes it) with imgsel's own AV1 decoder and writes its planes as
// dav1d -o does for .yuv (8-bit samples as bytes, deeper ones as 16-bit little-endian), so
// `make avif-check` can compare the two plane by plane.
// Usage: av1-yuv FILE OUT.yuv [--time]   the planes
//        av1-yuv --alpha FILE OUT.yuv    the planes of an AVIF's alpha item (exit 3 without one)
//        av1-yuv --headers FILE          "WIDTHxHEIGHT BITS SAMPLING": what the headers say
//        av1-yuv --tiles FILE            "COLUMNSxROWS tiles, SB×SB superblocks": the tile layout
//        av1-yuv --parse FILE            "N blocks (P with palettes) conformant" (or NOT conformant):
//                                        the tiles' syntax read, and whether it ended in the padding
// Exit 3 on a file it cannot decode.
import AV1Codec
import Foundation
import HEIFPictures
import ImageCore

let arguments = Array(CommandLine.arguments.dropFirst())
let headersOnly = ["--headers", "--parse", "--tiles"].contains(arguments.first)
let paths = arguments.filter { !$0.hasPrefix("--") }
guard paths.count == (headersOnly ? 1 : 2), let input = FileManager.default.contents(atPath: paths[0]) else {
    FileHandle.standardError.write(Data("usage: av1-yuv FILE OUT.yuv [--time] | av1-yuv --headers FILE\n".utf8))
    exit(2)
}
let bytes = [UInt8](input)
/// An ISOBMFF file (AVIF) opens with its ftyp box; anything else is taken as raw OBUs.
let isAVIF = bytes.count >= 8 && Array(bytes[4..<8]) == Array("ftyp".utf8)
let codec = HEIFCodec.av1 { (config, data) throws(DecodeError) in
    try AV1Decoder.decode(configuration: config, data: data)
}

/// The planes as dav1d writes them. A function, not top-level code: top-level variables are
/// the main actor's, and a check of the executor on each sample is slow.
func yuvBytes(_ picture: YCbCrPlanes) -> [UInt8] {
    yuvBytes([picture.luma, picture.cb, picture.cr], wide: picture.bitDepthLuma > 8 || picture.bitDepthChroma > 8)
}

func yuvBytes(_ planes: [[UInt16]], wide: Bool) -> [UInt8] {
    var out = [UInt8]()
    for plane in planes {
        if wide {
            for v in plane { out += [UInt8(v & 0xFF), UInt8(v >> 8)] }
        } else {
            out += plane.map { UInt8(truncatingIfNeeded: $0) }
        }
    }
    return out
}

do {
    if headersOnly {
        let obus = isAVIF ? try HEIFCodedItems.primaryItem(bytes, codec: codec) : (configuration: [], data: bytes)
        let av1C = isAVIF ? Array(obus.configuration.dropFirst(4)) : []
        if arguments.first == "--parse" {
            let parsed = try AV1Decoder.parseTiles(av1C + obus.data)
            let verdict = parsed.paddingConformant ? "conformant" : "NOT conformant"
            print("\(parsed.blocks) blocks (\(parsed.paletteBlocks) with palettes) \(verdict)")
            exit(0)
        }
        let h = try AV1Decoder.headers(av1C + obus.data)
        if arguments.first == "--tiles" {
            print("\(h.tileColumns)x\(h.tileRows) tiles, \(h.superblockSize)x\(h.superblockSize) superblocks")
            exit(0)
        }
        print("\(h.width)x\(h.height) \(h.bitDepth) \(h.sampling)")
        exit(0)
    }
    let start = Date()
    let out: [UInt8]
    let size: String
    if isAVIF {
        let picture: YCbCrPlanes
        if arguments.contains("--alpha") {
            guard let alpha = try HEIFCodedItems.alphaPlanes(bytes, codecs: [codec]) else {
                throw DecodeError.unsupported("AVIF without an alpha item")
            }
            picture = alpha
        } else {
            picture = try HEIFCodedItems.primaryPlanes(bytes, codecs: [codec])
        }
        out = yuvBytes(picture)
        size = "\(picture.width)x\(picture.height)"
    } else {
        // Raw OBUs: every sampling, straight from the decoder.
        let decoded = try AV1Decoder.decodePlanes(bytes)
        out = yuvBytes(decoded.planes, wide: decoded.bitDepth > 8)
        size = "\(decoded.width)x\(decoded.height)"
    }
    let seconds = Date().timeIntervalSince(start)
    try Data(out).write(to: URL(fileURLWithPath: paths[1]))
    if arguments.contains("--time") {
        FileHandle.standardError.write(Data("\(size) in \(Int(seconds * 1000)) ms\n".utf8))
    }
} catch let error as DecodeError {
    FileHandle.standardError.write(Data("av1-yuv: \(paths[0]): \(error.message)\n".utf8))
    exit(3)
} catch {
    FileHandle.standardError.write(Data("av1-yuv: \(error)\n".utf8))
    exit(1)
}
