import Alike
import ImageDecoding
import ImageEncoding
import ImageHeaders
import TestImages
import XCTest

#if canImport(Glibc)
import Glibc
#endif

/// The fingerprint against what the issue asks of it, on painted stand-ins for photos (the real
/// photos are `make alike-check`'s): every turn and mirror, a quarter of the size, a tenth cut off,
/// brighter and darker, a slight blur and a neighbouring frame alike; another scene not.
final class LikenessTests: XCTestCase {
    static func muted(_ width: Int, _ height: Int, shift: Double = 0) -> Raster {
        paint(width, height) { x, y in
            let dx = Int(shift * Double(width))
            return ImageBytes.mutedPhotoPixel(x: x + dx, y: y, width: width, height: height)
        }
    }

    /// Another scene: a dark harbour at dusk, a bright disc low on the left, masts in a row.
    static func harbour(_ width: Int, _ height: Int) -> Raster {
        paint(width, height) { x, y in
            let fx = Double(x) / Double(width), fy = Double(y) / Double(height)
            var c = fy < 0.55 ? (70 + 120 * fy, 60 + 40 * fy, 110 - 30 * fy) : (20 + 10 * fx, 40, 70 + 20 * fy)
            let dx = fx - 0.25, dy = fy - 0.45
            if dx * dx + dy * dy < 0.01 { c = (250, 210, 150) }
            if fy > 0.2, fy < 0.6, Int(fx * 40) % 7 == 3 { c = (30, 25, 20) }
            return (UInt8(c.0), UInt8(c.1), UInt8(c.2), 255)
        }
    }

    static func paint(_ width: Int, _ height: Int, _ f: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) -> Raster {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let p = f(x, y)
                pixels.replaceSubrange((y * width + x) * 4..<(y * width + x) * 4 + 4, with: [p.0, p.1, p.2, p.3])
            }
        }
        return Raster(width: width, height: height, pixels: pixels, hasAlpha: false)
    }

    static func mapped(_ r: Raster, _ f: (UInt8) -> UInt8) -> Raster {
        var out = r
        for i in stride(from: 0, to: out.pixels.count, by: 4) {
            for k in 0..<3 { out.pixels[i + k] = f(out.pixels[i + k]) }
        }
        return out
    }

    /// A 3×3 box blur.
    static func blurred(_ r: Raster) -> Raster {
        var out = r
        for y in 1..<(r.height - 1) {
            for x in 1..<(r.width - 1) {
                for k in 0..<3 {
                    var sum = 0
                    for j in -1...1 { for i in -1...1 { sum += Int(r.pixels[((y + j) * r.width + x + i) * 4 + k]) } }
                    out.pixels[(y * r.width + x) * 4 + k] = UInt8(sum / 9)
                }
            }
        }
        return out
    }

    func distance(_ a: Raster, _ b: Raster) -> Int {
        AlikeDistance.between(Likeness.of(upright: a).fingerprint, Likeness.of(upright: b).fingerprint)
    }

    let photo = LikenessTests.muted(320, 240)
    var limit: Int { AlikeDistance.defaultLimit }

    func testEveryTurnAndMirrorIsTheSamePicture() {
        for orientation in 1...8 {
            XCTAssertLessThanOrEqual(distance(photo, photo.oriented(orientation)), 1, "orientation \(orientation)")
        }
    }

    func testShrunkCroppedBrightenedAndBlurredCopiesAreAlike() {
        XCTAssertLessThanOrEqual(distance(photo, photo.shrunk(toWidth: 80, height: 60)), limit)
        XCTAssertLessThanOrEqual(distance(photo, photo.cropped(to: Crop(x: 0, y: 0, width: 288, height: 240))), limit)
        XCTAssertLessThanOrEqual(distance(photo, photo.cropped(to: Crop(x: 32, y: 24, width: 288, height: 216))), limit)
        XCTAssertLessThanOrEqual(distance(photo, Self.mapped(photo) { UInt8(min(255, Double($0) * 1.12)) }), limit)
        XCTAssertLessThanOrEqual(distance(photo, Self.mapped(photo) { UInt8(Double($0) * 0.88) }), limit)
        XCTAssertLessThanOrEqual(distance(photo, Self.blurred(photo)), limit)
    }

    func testANeighbouringFrameIsAlikeAndAnotherSceneIsNot() {
        XCTAssertLessThanOrEqual(distance(photo, Self.muted(320, 240, shift: 0.03)), limit)
        XCTAssertGreaterThan(distance(photo, Self.harbour(320, 240)), 2 * limit)
        XCTAssertGreaterThan(distance(photo.oriented(6), Self.harbour(240, 320)), 2 * limit)
    }

    func testTheSharperFrameHasTheHigherSharpness() {
        let sharp = Likeness.of(upright: Self.harbour(256, 192)).sharpness
        let soft = Likeness.of(upright: Self.blurred(Self.harbour(256, 192))).sharpness
        XCTAssertGreaterThan(sharp, soft)
        XCTAssertEqual(Likeness.of(upright: Self.paint(8, 8) { _, _ in (9, 9, 9, 255) }).sharpness, 0)
    }

    func testAFileIsFingerprintedUprightFromItsDecodedPixels() throws {
        let png = ImageBytes.mutedPhotoPNG(width: 320, height: 240)
        let facts = try ImageProbe.probe(MemoryByteSource(png))
        let fromFile = try Likeness.of(png, facts: facts)
        XCTAssertLessThanOrEqual(
            AlikeDistance.between(fromFile.fingerprint, Likeness.of(upright: photo).fingerprint), 1)
        let cropped = try Likeness.of(png, facts: facts, crop: Crop(x: 0, y: 0, width: 160, height: 240))
        XCTAssertGreaterThan(AlikeDistance.between(cropped.fingerprint, fromFile.fingerprint), limit)
    }

    func testTheTextRoundTripsAndAnythingElseIsNone() {
        let f = Likeness.of(upright: photo).fingerprint
        XCTAssertTrue(f.text.hasPrefix("a1:"))
        XCTAssertEqual(f.text.count, 3 + 512)
        XCTAssertEqual(Fingerprint(text: f.text), f)
        XCTAssertNil(Fingerprint(text: "a2:" + f.text.dropFirst(3)))
        XCTAssertNil(Fingerprint(text: String(f.text.dropLast(4))))
        XCTAssertNil(Fingerprint(text: "a1:@@@@"))
    }

    func testGroupsAreLedByTheOrderGivenAndHoldOnlyAlikePictures() {
        let pictures = [photo, Self.harbour(320, 240), photo.oriented(3), Self.harbour(160, 120), photo.oriented(2)]
        let prepared = pictures.map { AlikeDistance.Prepared(Likeness.of(upright: $0).fingerprint) }
        let groups = AlikeGroups.groups(of: prepared, limit: limit)
        XCTAssertEqual(groups.map { $0.map(\.position) }, [[0, 2, 4], [1, 3]])
        XCTAssertEqual(groups[0][0].distance, 0)
        let led = AlikeGroups.groups(of: prepared, limit: limit, order: [4, 3, 2, 1, 0])
        XCTAssertEqual(led.map { $0.map(\.position) }, [[4, 2, 0], [3, 1]])
        XCTAssertEqual(AlikeGroups.groups(of: Array(prepared[0..<2]), limit: limit), [])
    }
}
