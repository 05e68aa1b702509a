import Colour
import XCTest

/// Profiles built to hurt (the "Hostile profiles"): each is refused with a ProfileError,
/// never a crash, a hang or an allocation past the budget.
final class HostileProfileTests: XCTestCase {
    typealias B = ICCBuilder
    let gamma = B.gamma(2.2)

    func refused(_ bytes: [UInt8], _ expected: ProfileError? = nil, file: StaticString = #filePath, line: UInt = #line)
    {
        do {
            let profile = try ICCProfile.parse(bytes)
            XCTFail("accepted a hostile profile (\(profile.space))", file: file, line: line)
        } catch {
            if let expected { XCTAssertEqual(error, expected, file: file, line: line) }
        }
    }

    static func tag(_ s: String) -> UInt32 { s.utf8.reduce(0) { $0 << 8 | UInt32($1) } }

    func testAGoodProfileIsRead() throws {
        XCTAssertEqual(try ICCProfile.parse(B.matrixProfile(curve: gamma)).space, .rgb)
    }

    func testShortOrForeignBytes() {
        refused([], .truncated(bytes: 0))
        refused([UInt8](repeating: 0, count: 131), .truncated(bytes: 131))
        var noSignature = B.matrixProfile(curve: gamma)
        noSignature[36] = 0x41
        refused(noSignature, .notAProfile)
        var tinySize = B.matrixProfile(curve: gamma)
        tinySize[0...3] = [0, 0, 0, 50]
        refused(tinySize, .truncated(bytes: 50))
        var lab = B.matrixProfile(curve: gamma)
        lab[16...19] = [0x4C, 0x61, 0x62, 0x20]
        refused(lab, .unsupported(signature: Self.tag("Lab ")))
    }

    func testTagCountOutOfRange() {
        var bytes = B.matrixProfile(curve: gamma)
        bytes[128...131] = [0xFF, 0xFF, 0xFF, 0xFF]
        refused(bytes, .tagCount(0xFFFF_FFFF))
        bytes[128...131] = [0, 0, 0, 200]
        refused(bytes, .tagCount(200))
    }

    func testTagOffsetsAndSizesOutOfRange() {
        let curves = [("rXYZ", B.xyz(0.4, 0.2, 0.01)), ("gXYZ", B.xyz(0.4, 0.7, 0.1)), ("bXYZ", B.xyz(0.1, 0.06, 0.7))]
        for raw in [
            B.RawEntry(signature: "rTRC", offset: 0xFFFF_FFF0, size: 14),
            B.RawEntry(signature: "rTRC", offset: 200, size: 0xFFFF_FFFF),
            B.RawEntry(signature: "rTRC", offset: 0, size: 14),
        ] {
            let bytes = B.profile(curves + [("gTRC", gamma), ("bTRC", gamma)], raw: [raw])
            refused(bytes, .tagOutOfRange(tag: Self.tag("rTRC")))
        }
        // An entry out of range that nothing needs is set aside, as LittleCMS skips it.
        let spare = B.RawEntry(signature: "cprt", offset: 0xFFFF_0000, size: 10)
        XCTAssertNoThrow(
            try ICCProfile.parse(B.profile(curves + [("rTRC", gamma), ("gTRC", gamma), ("bTRC", gamma)], raw: [spare])))
    }

    func testCurvesOfNoneOrHugeCounts() throws {
        // curv with 0 entries is the identity (ICC), read as LittleCMS does.
        let identity = B.text("curv") + [0, 0, 0, 0] + B.u32(0)
        XCTAssertNoThrow(try ICCProfile.parse(B.matrixProfile(curve: identity)))
        let huge = B.text("curv") + [0, 0, 0, 0] + B.u32(0x8000_0000) + [0, 0, 0, 0]
        refused(B.matrixProfile(curve: huge), .overBudget(tag: Self.tag("rTRC"), bytes: 0x2_0000_0000))
        let short = B.text("curv") + [0, 0, 0, 0] + B.u32(1000) + [0, 0, 0, 0]
        refused(B.matrixProfile(curve: short), .malformed(tag: Self.tag("rTRC")))
        refused(B.matrixProfile(curve: B.para(9, [1])), .malformed(tag: Self.tag("rTRC")))
        refused(B.matrixProfile(curve: B.text("text") + [0, 0, 0, 0, 65, 0]))
        // An mft2 whose tables have no entries.
        refused(
            B.profile([("A2B0", B.mft2(inputs: 3, points: 2, entries: 0, nodes: 48))]),
            .malformed(tag: Self.tag("A2B0")))
    }

    func testTheBudgetIsTheProfilesWhole() {
        // One curve of 2 M entries (4 MB in the file) is 8 MiB of floats: rTRC and gTRC fill the 16 MiB
        // budget, bTRC, the same bytes read a third time, passes it.
        let count = 2 << 20
        let big = B.text("curv") + [0, 0, 0, 0] + B.u32(UInt32(count)) + [UInt8](repeating: 0x40, count: 2 * count)
        refused(B.matrixProfile(curve: big), .overBudget(tag: Self.tag("bTRC"), bytes: 4 * count))
    }

    func testGridsThatWouldAllocateGigabytes() {
        // 255⁴ nodes of three outputs: 12.7 G values, refused before anything is read.
        let cmyk = B.profile([("A2B0", B.mft2(inputs: 4, points: 255, entries: 2, nodes: 64))], space: "CMYK")
        refused(cmyk, .overBudget(tag: Self.tag("A2B0"), bytes: Int.max))
        // 128³ × 3 values (25 MiB of floats) fits no budget of 16 MiB, even when the bytes are there.
        let rgb = B.profile([("A2B0", B.mft2(inputs: 3, points: 128, entries: 2, nodes: 64))])
        refused(rgb, .overBudget(tag: Self.tag("A2B0"), bytes: 128 * 128 * 128 * 3 * 4))
        // A grid the bytes do not hold.
        refused(
            B.profile([("A2B0", B.mft2(inputs: 3, points: 33, entries: 2, nodes: 64))]),
            .malformed(tag: Self.tag("A2B0")))
        // A grid of one point.
        refused(
            B.profile([("A2B0", B.mft2(inputs: 3, points: 1, entries: 2, nodes: 6))]),
            .malformed(tag: Self.tag("A2B0")))
    }

    func testWildFixedPointNumbers() {
        for raw: UInt32 in [0x7FFF_FFFF, 0x8000_0000, 0x0500_0000] {
            refused(B.matrixProfile(curve: gamma, red: B.xyzRaw(raw, 0, 0)), .malformed(tag: Self.tag("rXYZ")))
        }
        // A parametric curve's gamma of 32767.99 or -32768, and one whose formula overflows.
        refused(B.matrixProfile(curve: B.para(0, [32767.99])), .malformed(tag: Self.tag("rTRC")))
        refused(B.matrixProfile(curve: B.para(0, [-32768])), .malformed(tag: Self.tag("rTRC")))
        refused(B.matrixProfile(curve: B.para(1, [999, 30000, 0])), .malformed(tag: Self.tag("rTRC")))
    }

    func testOverlappingTags() {
        let red = B.xyz(0.4361, 0.2225, 0.0139)
        let table = [("gXYZ", B.xyz(0.3851, 0.7169, 0.0971)), ("bXYZ", B.xyz(0.1431, 0.0606, 0.7141))]
        let base = B.profile([("rXYZ", red)] + table + [("rTRC", gamma), ("gTRC", gamma), ("bTRC", gamma)])
        // rTRC pointed four bytes into rXYZ: its bytes overlap rXYZ's without being them.
        var bytes = base
        let rXYZOffset =
            Int(bytes[132 + 4]) << 24 | Int(bytes[133 + 4]) << 16 | Int(bytes[134 + 4]) << 8
            | Int(bytes[135 + 4])
        let entry = 132 + 12 * 3
        bytes[entry + 4..<entry + 8] = ArraySlice(B.u32(UInt32(rXYZOffset + 4)))
        refused(bytes)
    }

    func testEveryTruncationAndManyMutationsNeverCrash() throws {
        let profiles = [
            B.matrixProfile(curve: gamma), B.matrixProfile(curve: B.para(4, [2.4, 0.9, 0.1, 0.07, 0.04, 0, 0])),
            try ColourOracleTests.fixture("lut-mab-xyz.icc"), try ColourOracleTests.fixture("grey-v2-gamma18.icc"),
        ]
        for bytes in profiles {
            for length in 0..<bytes.count { _ = try? ICCProfile.parse(Array(bytes[0..<length])) }
        }
        var seed: UInt64 = 0x1234_5678
        func next() -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33)
        }
        for round in 0..<1500 {
            var bytes = profiles[round % profiles.count]
            for _ in 0..<(1 + next() % 4) { bytes[next() % bytes.count] = UInt8(next() % 256) }
            // Converting through a table samples a 33³ grid, slow in a debug build: one round in 50
            // (make fuzz-icc converts through every profile it makes).
            guard let profile = try? ICCProfile.parse(bytes), round % 50 == 0 else { continue }
            var pixels: [UInt8] = [0, 0, 0, 255, 128, 7, 255, 255, 255]
            if let transform = try? ColourTransform(profile: profile) {
                pixels.withUnsafeMutableBufferPointer { transform.apply($0.baseAddress!, count: 3, stride: 3) }
            }
        }
    }
}
