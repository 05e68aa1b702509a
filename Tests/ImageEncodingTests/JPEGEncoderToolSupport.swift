import Foundation
import ImageDecoding
import TerminalTestSupport
import XCTest

@testable import ImageEncoding

#if canImport(Glibc)
import Glibc
#endif

/// Decoders we did not write, run on the encoder's files: Pillow, libjpeg-turbo's djpeg and cjpeg,
/// ImageMagick, each asked for a PPM; Chromium in JPEGEncoderBrowserTests. `.ci/run` installs them
/// all; a missing one fails the test saying what to install (never a silent pass).
struct JPEGTools {
    let folder: URL

    struct Missing: Error, CustomStringConvertible {
        let description: String
    }

    /// The path of `name` on PATH; a test failure naming the package when it is not there.
    static func path(_ name: String, package: String) throws -> String {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        let message = "\(name) is needed to check the JPEG encoder's files: apt-get install \(package) (.ci/run does)"
        XCTFail(message)
        throw Missing(description: message)
    }

    /// Runs `argv`, failing the test on a nonzero exit; returns stdout.
    @discardableResult
    func run(_ argv: [String], timeout: TimeInterval = 120) throws -> String {
        let out = folder.appendingPathComponent("tool-\(UUID().uuidString).out")
        let err = out.appendingPathExtension("err")
        let pid = try Spawn.start(
            argv, environment: ProcessInfo.processInfo.environment,
            descriptors: [
                (0, .file("/dev/null", O_RDONLY)), (1, .file(out.path, O_WRONLY | O_CREAT | O_TRUNC)),
                (2, .file(err.path, O_WRONLY | O_CREAT | O_TRUNC)),
            ])
        let (status, timedOut) = Spawn.wait(pid, timeout: timeout)
        let stdout = String(decoding: (try? Data(contentsOf: out)) ?? Data(), as: UTF8.self)
        let stderr = String(decoding: (try? Data(contentsOf: err)) ?? Data(), as: UTF8.self)
        if status != 0 || timedOut {
            XCTFail("\(argv.joined(separator: " ")) exited \(status)\(timedOut ? " (timed out)" : ""): \(stderr)")
            throw Missing(description: "\(argv[0]) failed")
        }
        return stdout
    }

    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// A binary PPM of the raster's RGB, for cjpeg.
    func writePPM(_ raster: Raster, _ name: String) throws -> String {
        try write(Array("P6\n\(raster.width) \(raster.height)\n255\n".utf8) + JPEGEncoderSamples.rgb(raster), name)
    }

    /// A P6 or P5 file (grey expanded to RGB): width, height, RGB bytes.
    static func readPNM(_ path: String) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        var fields: [Int] = []
        var i = 2
        while fields.count < 3 {
            while bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
            if bytes[i] == UInt8(ascii: "#") {
                while bytes[i] != 0x0A { i += 1 }
                continue
            }
            var value = 0
            while bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                value = value * 10 + Int(bytes[i] - 0x30)
                i += 1
            }
            fields.append(value)
        }
        let data = Array(bytes[(i + 1)...])
        let grey = bytes[1] == UInt8(ascii: "5")
        let rgb = grey ? data.flatMap { [$0, $0, $0] } : data
        XCTAssertEqual(rgb.count, fields[0] * fields[1] * 3, "\(path): PNM size")
        return (fields[0], fields[1], rgb)
    }

    /// Pillow's decoding (as RGB), via a PPM it writes.
    func pillow(_ jpeg: String) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let python = try Self.path("python3", package: "python3 (pip install pillow)")
        let out = jpeg + ".pillow.ppm"
        try run([
            python, "-c", "import sys; from PIL import Image; Image.open(sys.argv[1]).convert('RGB').save(sys.argv[2])",
            jpeg, out,
        ])
        return try Self.readPNM(out)
    }

    func djpeg(_ jpeg: String) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let out = jpeg + ".djpeg.ppm"
        try run([try Self.path("djpeg", package: "libjpeg-turbo-progs"), "-ppm", "-outfile", out, jpeg])
        return try Self.readPNM(out)
    }

    func imageMagick(_ jpeg: String) throws -> (width: Int, height: Int, rgb: [UInt8]) {
        let out = jpeg + ".magick.ppm"
        let convert =
            FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")
            ? "/usr/bin/convert" : try Self.path("convert", package: "imagemagick")
        try run([convert, jpeg, "-depth", "8", "-type", "TrueColor", "ppm:\(out)"])
        return try Self.readPNM(out)
    }

    /// Pillow's `quantization` of each file: its tables, natural order, table 0 first.
    func pillowTables(_ paths: [String]) throws -> [[[Int]]] {
        let python = try Self.path("python3", package: "python3 (pip install pillow)")
        let script = """
            import sys
            from PIL import Image
            for p in sys.argv[1:]:
                q = Image.open(p).quantization
                print(";".join(",".join(map(str, q[k])) for k in sorted(q)))
            """
        return try run([python, "-c", script] + paths).split(separator: "\n").map { line in
            line.split(separator: ";").map { $0.split(separator: ",").compactMap { Int($0) } }
        }
    }
}
