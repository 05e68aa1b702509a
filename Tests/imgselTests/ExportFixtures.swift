import Foundation
import XCTest

/// What export's end-to-end tests read its files with: Pillow (pixels, sizes, formats) and exiftool
/// (metadata), programs we did not write. Without them a test fails, never skips.
extension ImgselTestCase {
    /// Runs a Python script in the test's folder with Pillow imported as `Image`; its stdout.
    @discardableResult
    func pillow(_ script: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        // python3 as PATH finds it: the one pip installed Pillow for.
        let prelude = "import sys, json\nfrom PIL import Image, ImageOps, ImageCms\n"
        let r = run(["python3", "-c", prelude + script], program: URL(fileURLWithPath: "/usr/bin/env"))
        XCTAssertEqual(r.status, 0, "Pillow is needed (pip install pillow): \(r.transcript)", file: file, line: line)
        return r.stdout
    }

    /// exiftool's tags of a file, `Group:Tag` → value as text.
    func exifTags(_ relative: String, file: StaticString = #filePath, line: UInt = #line) -> [String: String] {
        let tool = URL(fileURLWithPath: "/usr/bin/exiftool")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            XCTFail("exiftool is needed: apt-get install libimage-exiftool-perl", file: file, line: line)
            return [:]
        }
        let r = run(["-j", "-G", "-n", url(relative).path], program: tool)
        guard r.status == 0, let list = try? JSONSerialization.jsonObject(with: r.stdoutData) as? [[String: Any]],
            let tags = list.first
        else {
            XCTFail("exiftool could not read \(relative): \(r.transcript)", file: file, line: line)
            return [:]
        }
        return tags.mapValues { "\($0)" }
    }

    /// A photo-like JPEG made by Pillow: a gradient with a red left half (so a turn shows), with EXIF
    /// (orientation, camera, GPS), XMP, a comment and an sRGB ICC profile.
    func pillowPhoto(
        _ name: String, width: Int = 640, height: Int = 480, orientation: Int = 1, quality: Int = 92, noise: Int = 0,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        pillow(
            """
            import random
            random.seed(\(width + height))
            im = Image.new('RGB', (\(width), \(height)))
            px = im.load()
            for y in range(\(height)):
                for x in range(\(width)):
                    n = random.randint(-\(noise), \(noise)) if \(noise) else 0
                    px[x, y] = (230 + n // 2, 40 + n, 40) if x < \(width) // 2 else (40, 60 + y * 150 // \(height) + \
            n, 220)
            exif = Image.Exif(); exif[0x0112] = \(orientation); exif[0x010F] = 'Camera'
            gps = exif.get_ifd(0x8825); gps[1] = 'N'; gps[2] = (52.0, 22.0, 1.5)
            icc = ImageCms.ImageCmsProfile(ImageCms.createProfile('sRGB')).tobytes()
            xmp = b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF \
            xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description \
            xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Me"/></rdf:RDF></x:xmpmeta>'
            im.save('\(name)', quality=\(quality), exif=exif, icc_profile=icc, xmp=xmp, comment=b'a secret')
            """, file: file, line: line)
    }

    /// A PNG of noise (so it does not compress), with text chunks and an ICC profile.
    func pillowNoisePNG(
        _ name: String, width: Int = 300, height: Int = 300, alpha: Bool = false, file: StaticString = #filePath,
        line: UInt = #line
    ) {
        pillow(
            """
            import random
            from PIL import PngImagePlugin
            random.seed(\(width * 7 + height))
            mode = 'RGBA' if \(alpha ? "True" : "False") else 'RGB'
            im = Image.frombytes(mode, (\(width), \(height)), bytes(random.getrandbits(8) for _ in \
            range(\(width * height * (alpha ? 4 : 3)))))
            info = PngImagePlugin.PngInfo(); info.add_text('Comment', 'taken at home'); info.add_itxt('Description', \
            'where')
            icc = ImageCms.ImageCmsProfile(ImageCms.createProfile('sRGB')).tobytes()
            im.save('\(name)', pnginfo=info, icc_profile=icc)
            """, file: file, line: line)
    }

    /// Format, size and mode of a file as Pillow opens it: `JPEG 640x480 RGB`.
    func pillowFacts(_ relative: String, file: StaticString = #filePath, line: UInt = #line) -> String {
        pillow(
            "im = Image.open('\(relative)'); im.load(); print(im.format, '%dx%d' % im.size, im.mode)", file: file,
            line: line
        ).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The mean absolute difference (0–255) between `exported` and `source` as a viewer shows it
    /// (Pillow's exif_transpose, its crop box, then shrunk by BOX to the exported size).
    func meanDifference(
        _ exported: String, from source: String, crop: (Int, Int, Int, Int)? = nil, file: StaticString = #filePath,
        line: UInt = #line
    ) -> Double {
        let box = crop.map { "(\($0.0), \($0.1), \($0.0 + $0.2), \($0.1 + $0.3))" } ?? "None"
        let out = pillow(
            """
            a = ImageOps.exif_transpose(Image.open('\(source)')).convert('RGB')
            if \(box) is not None: a = a.crop(\(box))
            b = Image.open('\(exported)').convert('RGB')
            a = a.resize(b.size, Image.BOX)
            da, db = a.tobytes(), b.tobytes()
            print(sum(abs(x - y) for x, y in zip(da, db)) / len(da))
            """, file: file, line: line)
        return Double(out.trimmingCharacters(in: .whitespacesAndNewlines)) ?? .infinity
    }

    /// The bytes from a JPEG's first SOS marker on: its entropy-coded data (and what follows).
    func scanData(_ data: Data?) -> [UInt8] {
        let bytes = [UInt8](data ?? Data())
        guard let at = (0..<max(0, bytes.count - 1)).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        else { return [] }
        return Array(bytes[at...])
    }

    /// A PNG's chunks, type and data, in order.
    func pngChunks(_ data: Data?) -> [(String, [UInt8])] {
        let b = [UInt8](data ?? Data())
        var chunks: [(String, [UInt8])] = []
        var i = 8
        while i + 12 <= b.count {
            let n = Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard i + 12 + n <= b.count else { break }
            chunks.append((String(decoding: b[(i + 4)..<(i + 8)], as: UTF8.self), Array(b[(i + 8)..<(i + 8 + n)])))
            i += 12 + n
        }
        return chunks
    }
}
