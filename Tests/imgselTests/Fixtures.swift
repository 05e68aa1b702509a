import Foundation
import TestImages

/// Tiny, valid image files built byte by byte, so the tests need no binary fixtures.
enum Fixtures {
    // MARK: - Built by TestImages, as Data

    /// See `ImageBytes.truecolourPNG`.
    static func png(width: Int, height: Int, seed: Int = 0, orientation: Int? = nil) -> Data {
        Data(ImageBytes.truecolourPNG(width: width, height: height, seed: seed, orientation: orientation))
    }

    static func exifOrientation(_ value: Int) -> Data { Data(ImageBytes.orientationEXIF(value)) }

    static func chunk(_ type: String, _ body: Data) -> Data { Data(ImageBytes.pngChunk(type, [UInt8](body))) }

    static func zlibStored(_ raw: Data) -> Data { Data(ImageBytes.zlibStored([UInt8](raw))) }

    static func be32(_ v: Int) -> Data { Data(ImageBytes.be32(v)) }

    /// See `ImageBytes.smallGIF`.
    static func gif(width: Int, height: Int, frames: Int = 1, seed: Int = 0) -> Data {
        Data(ImageBytes.smallGIF(width: width, height: height, frames: frames, seed: seed))
    }

    // MARK: - Not images

    static let pdf = Data("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n".utf8)
    static let text = Data("just some words, not an image\n".utf8)
}

extension ImgselTestCase {
    /// Writes a PNG (distinct bytes unless `seed` is given) and returns its path relative to `dir`.
    @discardableResult
    func png(_ name: String, width: Int = 4, height: Int = 3, seed: Int? = nil, orientation: Int? = nil) -> String {
        seedCounter += 1
        _ = write(
            Fixtures.png(width: width, height: height, seed: seed ?? seedCounter, orientation: orientation), to: name)
        return name
    }

    @discardableResult
    func gif(_ name: String, width: Int = 5, height: Int = 7, frames: Int = 1, seed: Int? = nil) -> String {
        seedCounter += 1
        _ = write(Fixtures.gif(width: width, height: height, frames: frames, seed: seed ?? seedCounter), to: name)
        return name
    }

    /// `count` distinct PNGs named img1.png, img2.png…
    func pngs(_ count: Int, prefix: String = "img") -> [String] {
        (1...max(count, 1)).prefix(count).map { png("\(prefix)\($0).png") }
    }

    /// Adds `count` fresh PNGs to the default selection and checks it worked.
    @discardableResult
    func seed(_ count: Int, file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let names = pngs(count)
        let result = run(["add"] + names)
        assertSuccess(result, file: file, line: line)
        return names
    }

    func copy(_ from: String, to: String) {
        _ = write((try? Data(contentsOf: url(from))) ?? Data(), to: to)
    }

    func bytes(_ relative: String) -> Data? { try? Data(contentsOf: url(relative)) }
}
