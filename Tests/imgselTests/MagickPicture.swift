import Foundation
import XCTest

/// A PNG as ImageMagick reads it: a decoder we did not write checks what imgsel wrote.
struct MagickPicture {
    let width: Int
    let height: Int
    /// RGBA, 8 bits a channel, rows top to bottom.
    let pixels: [UInt8]
    /// The PNG's colour type from its header: 2 RGB, 6 RGBA.
    let colourType: UInt8

    func pixel(_ x: Int, _ y: Int) -> [UInt8] {
        let i = (y * width + x) * 4
        return Array(pixels[i..<(i + 4)])
    }

    /// /usr/bin/convert (the real one; /usr/local/bin may hold a stand-in), else `convert` on PATH.
    static var convert: URL? {
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/convert") {
            return URL(fileURLWithPath: "/usr/bin/convert")
        }
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(folder)/convert"
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }
}

extension ImgselTestCase {
    /// Reads `relative` (a PNG in the test's folder) with ImageMagick; fails the test without it.
    func magickPicture(_ relative: String, file: StaticString = #filePath, line: UInt = #line) -> MagickPicture? {
        guard let convert = MagickPicture.convert else {
            XCTFail(
                "ImageMagick's convert is needed to read imgsel's PNGs: apt-get install imagemagick", file: file,
                line: line)
            return nil
        }
        let path = dir.appendingPathComponent(relative).path
        let size = run([path, "-format", "%w %h", "info:"], program: convert)
        let raw = run([path, "-depth", "8", "rgba:-"], program: convert)
        let numbers = size.stdout.split(separator: " ").compactMap { Int($0) }
        guard size.status == 0, raw.status == 0, numbers.count == 2,
            let header = try? Data(contentsOf: URL(fileURLWithPath: path)), header.count > 25
        else {
            XCTFail(
                "ImageMagick could not read \(relative): \(size.transcript) \(raw.transcript)", file: file, line: line)
            return nil
        }
        let picture = MagickPicture(
            width: numbers[0], height: numbers[1], pixels: [UInt8](raw.stdoutData), colourType: header[25])
        XCTAssertEqual(picture.pixels.count, picture.width * picture.height * 4, file: file, line: line)
        return picture.pixels.count == picture.width * picture.height * 4 ? picture : nil
    }
}
