import Foundation
import XCTest

@testable import HEVCCodec
@testable import ImageDecoding

/// Raw HEVC streams (Annex B, as x265 writes them) fed to HEVCDecoder the way HEIF hands them
/// over, and the YUV bytes compared the way dec265 writes them.
enum HEVCTestSupport {
    static func fixture(_ name: String, file: String = #filePath) -> [UInt8] {
        let url = URL(fileURLWithPath: file).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/hevc").appendingPathComponent(name)
        guard let data = try? Data(contentsOf: url) else {
            XCTFail("missing fixture \(name)")
            return []
        }
        return [UInt8](data)
    }

    /// Splits at start codes; VPS/SPS/PPS go to the parameter sets (as in hvcC), the rest into
    /// data with 4-byte lengths (as in an item).
    static func split(_ stream: [UInt8]) -> (parameterSets: [[UInt8]], data: [UInt8]) {
        let units = HEVCNAL.annexBUnits(stream).map { Array($0) }
        var sets = [[UInt8]](), data = [UInt8]()
        for unit in units {
            if (32...34).contains(unit[0] >> 1 & 0x3F) {
                sets.append(unit)
            } else {
                let n = unit.count
                data += [UInt8(n >> 24 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] + unit
            }
        }
        return (sets, data)
    }

    static func decode(_ stream: [UInt8]) throws(DecodeError) -> HEVCPicture {
        let (sets, data) = split(stream)
        return try HEVCDecoder.decode(parameterSets: sets, data: data, lengthSize: 4)
    }

    /// The planes as dec265 -o writes them: bytes at 8 bits, 16-bit little-endian above.
    static func yuv(_ picture: HEVCPicture) -> [UInt8] {
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

    static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return hash
    }

    /// A tool on PATH (first of `names`), or nil.
    static func tool(_ names: String...) -> String? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            for name in names where FileManager.default.isExecutableFile(atPath: "\(folder)/\(name)") {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }

    /// Runs a tool to completion; returns its exit status.
    @discardableResult
    static func run(_ path: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
