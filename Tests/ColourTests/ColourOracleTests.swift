import Colour
import Foundation
import ImageCore
import XCTest

/// imgsel's conversions against LittleCMS 2's, on the fixture profiles (tools/colour/profiles.py
/// writes them). The expected values are an oracle snapshot: LittleCMS 2.19 through Pillow 13's
/// ImageCms.profileToProfile(image, profile, createProfile("sRGB")) (perceptual, no flags), printed
/// by tools/colour/make_fixtures.py and pasted here. `make colour-engine-check` measures the whole
/// cube; this holds a few colours to within two steps a channel.
final class ColourOracleTests: XCTestCase {
    typealias Case = (Int, Int, Int, Int, Int, Int)

    static let expected: [String: [Case]] = [
        "display-p3-v4-para.icc": [
            (0, 0, 0, 0, 0, 0), (255, 255, 255, 255, 255, 255), (40, 160, 60, 0, 163, 40), (255, 0, 0, 255, 0, 0),
            (0, 255, 0, 0, 255, 0), (0, 0, 255, 0, 0, 255), (128, 128, 128, 128, 128, 128), (12, 34, 56, 3, 35, 58),
            (200, 150, 100, 209, 147, 91), (250, 10, 240, 255, 0, 248),
        ],
        "wide-v2-curv1024.icc": [
            (0, 0, 0, 0, 0, 0), (255, 255, 255, 255, 255, 255), (40, 160, 60, 0, 180, 32), (255, 0, 0, 255, 0, 0),
            (0, 255, 0, 0, 255, 0), (0, 0, 255, 65, 0, 255), (128, 128, 128, 129, 129, 129), (12, 34, 56, 0, 29, 55),
            (200, 150, 100, 232, 142, 92), (250, 10, 240, 255, 0, 249),
        ],
        "lut-mft2-lab.icc": [
            (0, 0, 0, 0, 0, 0), (255, 255, 255, 255, 255, 255), (40, 160, 60, 0, 164, 35), (255, 0, 0, 255, 0, 0),
            (0, 255, 0, 0, 255, 0), (0, 0, 255, 0, 0, 255), (128, 128, 128, 129, 129, 129), (12, 34, 56, 0, 29, 55),
            (200, 150, 100, 210, 149, 91), (250, 10, 240, 255, 0, 248),
        ],
        "lut-mab-xyz.icc": [
            (0, 0, 0, 0, 0, 0), (255, 255, 255, 255, 255, 255), (40, 160, 60, 0, 168, 26), (255, 0, 0, 255, 0, 0),
            (0, 255, 0, 0, 255, 0), (0, 0, 255, 0, 0, 255), (128, 128, 128, 127, 127, 127), (12, 34, 56, 0, 31, 56),
            (200, 150, 100, 227, 142, 88), (250, 10, 240, 255, 0, 250),
        ],
        "grey-v2-gamma18.icc": [
            (0, 0, 0, 0, 0, 0), (1, 1, 1, 1, 1, 1), (4, 4, 4, 3, 3, 3), (16, 16, 16, 20, 20, 20),
            (64, 64, 64, 81, 81, 81), (128, 128, 128, 146, 146, 146), (200, 200, 200, 210, 210, 210),
            (255, 255, 255, 255, 255, 255),
        ],
    ]

    /// CMYK ink amounts to sRGB (C, M, Y, K, R, G, B), the same snapshot.
    static let cmyk: [[Int]] = [
        [0, 0, 0, 0, 255, 255, 255], [255, 255, 255, 255, 0, 0, 0], [0, 0, 0, 255, 0, 0, 0],
        [255, 0, 0, 0, 0, 255, 255],
        [0, 128, 255, 0, 255, 109, 0], [20, 40, 60, 80, 135, 120, 106], [200, 100, 50, 25, 37, 115, 159],
    ]

    /// nclx primaries and transfer, against LittleCMS with the equivalent ICC profile
    /// (profiles.code_point_profile: those primaries, the curve Transfer.swift documents).
    static let codePoints: [[Int]: [Case]] = [
        [12, 13]: [
            (0, 0, 0, 0, 0, 0), (255, 255, 255, 255, 255, 255), (40, 160, 60, 0, 163, 40), (255, 0, 0, 255, 0, 0),
            (128, 128, 128, 128, 128, 128), (12, 34, 56, 3, 35, 58), (200, 150, 100, 209, 147, 91),
        ],
        [9, 16]: [
            (0, 0, 0, 0, 0, 0), (255, 255, 255, 255, 255, 255), (40, 160, 60, 0, 255, 0), (255, 0, 0, 255, 0, 0),
            (128, 128, 128, 181, 181, 181), (12, 34, 56, 0, 12, 36), (200, 150, 100, 255, 255, 60),
        ],
        [9, 18]: [
            (0, 0, 0, 0, 0, 0), (255, 255, 255, 255, 255, 255), (40, 160, 60, 0, 206, 41), (255, 0, 0, 255, 0, 0),
            (128, 128, 128, 153, 153, 153), (12, 34, 56, 0, 43, 72), (200, 150, 100, 255, 168, 109),
        ],
        [1, 1]: [
            (0, 0, 0, 0, 0, 0), (255, 255, 255, 255, 255, 255), (40, 160, 60, 56, 169, 75), (255, 0, 0, 255, 0, 0),
            (128, 128, 128, 140, 140, 140), (12, 34, 56, 26, 50, 71), (200, 150, 100, 206, 160, 114),
        ],
    ]

    static func fixture(_ name: String) throws -> [UInt8] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return [UInt8](try Data(contentsOf: url))
    }

    func check(_ transform: ColourTransform?, _ cases: [Case], _ label: String) {
        var pixels = cases.flatMap { [UInt8($0.0), UInt8($0.1), UInt8($0.2)] }
        if let transform {
            pixels.withUnsafeMutableBufferPointer { transform.apply($0.baseAddress!, count: cases.count, stride: 3) }
        }
        for (i, c) in cases.enumerated() {
            let got = [Int(pixels[3 * i]), Int(pixels[3 * i + 1]), Int(pixels[3 * i + 2])]
            let want = [c.3, c.4, c.5]
            XCTAssert(zip(got, want).allSatisfy { abs($0 - $1) <= 2 }, "\(label) \(c): \(got), LittleCMS \(want)")
        }
    }

    func testFixtureProfilesMatchLittleCMS() throws {
        for (name, cases) in ColourOracleTests.expected {
            let profile = try ICCProfile.parse(try ColourOracleTests.fixture(name))
            XCTAssertFalse(profile.isSRGBEquivalent, name)
            check(try ColourTransform(profile: profile), cases, name)
        }
    }

    func testCMYKMatchesLittleCMS() throws {
        let profile = try ICCProfile.parse(try ColourOracleTests.fixture("cmyk-v2-mft2-lab.icc"))
        XCTAssertEqual(profile.space, .cmyk)
        XCTAssertThrowsError(try ColourTransform(profile: profile))
        let transform = try CMYKTransform(profile: profile)
        let inks = ColourOracleTests.cmyk.flatMap { $0[0..<4].map { UInt8($0) } }
        var rgba = [UInt8](repeating: 0, count: inks.count)
        inks.withUnsafeBufferPointer { cmyk in
            rgba.withUnsafeMutableBufferPointer {
                transform.convert(cmyk: cmyk.baseAddress!, rgba: $0.baseAddress!, count: cmyk.count / 4)
            }
        }
        for (i, row) in ColourOracleTests.cmyk.enumerated() {
            let got = rgba[4 * i..<4 * i + 4].map { Int($0) }
            XCTAssert(zip(got, row[4...] + [255]).allSatisfy { abs($0 - $1) <= 2 }, "\(row): \(got)")
        }
    }

    func testCodePointsMatchLittleCMSWithTheEquivalentProfile() {
        for (points, cases) in ColourOracleTests.codePoints {
            let transform = ColourTransform(
                codePoints: CodePoints(primaries: points[0], transfer: points[1], matrix: 0, fullRange: true))
            XCTAssertNotNil(transform, "\(points)")
            check(transform, cases, "\(points)")
        }
    }

    func testDescriptionsAndSpaces() throws {
        let p3 = try ICCProfile.parse(try ColourOracleTests.fixture("display-p3-v4-para.icc"))
        XCTAssertEqual(p3.description, "Display P3")
        XCTAssertEqual(p3.space, .rgb)
        let grey = try ICCProfile.parse(try ColourOracleTests.fixture("grey-v2-gamma18.icc"))
        XCTAssertEqual(grey.description, "Grey 1.8")
        XCTAssertEqual(grey.space, .grey)
    }

    func testAnSRGBProfileIsTheIdentity() throws {
        let srgbCurve = ICCBuilder.para(3, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
        let profile = try ICCProfile.parse(ICCBuilder.matrixProfile(curve: srgbCurve))
        XCTAssertTrue(profile.isSRGBEquivalent)
        XCTAssertNil(try ColourTransform(profile: profile))
    }

    func testARasterIsConvertedAndItsAlphaKept() throws {
        let profile = try ICCProfile.parse(try ColourOracleTests.fixture("display-p3-v4-para.icc"))
        var raster = Raster(width: 2, height: 1, pixels: [40, 160, 60, 7, 255, 0, 0, 200], hasAlpha: true)
        try XCTUnwrap(try ColourTransform(profile: profile)).apply(to: &raster)
        XCTAssertEqual(raster.pixels, [0, 163, 40, 7, 255, 0, 0, 200])
    }

    func testCodePointNames() {
        func name(_ p: Int, _ t: Int) -> String? {
            CodePoints(primaries: p, transfer: t, matrix: 0, fullRange: true).name
        }
        XCTAssertEqual(name(1, 13), "sRGB")
        XCTAssertEqual(name(1, 1), "BT.709")
        XCTAssertEqual(name(12, 13), "Display P3")
        XCTAssertEqual(name(9, 16), "BT.2020 PQ")
        XCTAssertEqual(name(9, 18), "BT.2020 HLG")
        XCTAssertEqual(name(12, 16), "Display P3 PQ")
        XCTAssertEqual(name(9, 14), "BT.2020")
        XCTAssertNil(name(2, 13))
        XCTAssertNil(name(1, 2))
        XCTAssertNil(ColourTransform(codePoints: CodePoints(primaries: 1, transfer: 13, matrix: 6, fullRange: false)))
    }
}
