import ImageDecoding
import JPEGCodec
import XCTest

/// At 1/8 scale a 4:2:0 file's luma goes through a 1×1 IDCT, so its progressive AC scans keep only
/// which coefficients are nonzero (JPEGMaskedBlock), while at 1/4 they keep every value
/// (JPEGProgressiveBlock). Both must take the same bits, or the data would run out at a different
/// place: the damage reported (the scan and row where it ran out) would differ between the scales.
/// pil-150x103-prog.jpg is Pillow's progressive 4:2:0 (libjpeg's default script): luma AC scans
/// 1–5 and 6–63 at Al 2, a refinement 1–63 from Al 2 to 1 and one from 1 to 0.
final class JPEGMaskedScanTests: XCTestCase {
    private func damage(_ bytes: [UInt8], scale: Int) -> String {
        do {
            return String(describing: try JPEGDecoder.decodeReportingDamage(bytes, scale: scale).damage)
        } catch {
            return "thrown \(error)"
        }
    }

    /// The file cut at every fifth byte from the first luma AC scan on.
    func testEveryCutRunsOutWhereTheFullDecodeDoes() throws {
        let bytes = try JPEGTestFixtures.bytes("pil-150x103-prog.jpg")
        XCTAssertEqual(bytes.count, 4190)
        var damaged = 0
        for cut in stride(from: 637, to: bytes.count, by: 5) {
            let part = Array(bytes[0..<cut])
            let eighth = damage(part, scale: 8)
            XCTAssertEqual(eighth, damage(part, scale: 4), "cut at \(cut)")
            if eighth != "nil" { damaged += 1 }
        }
        XCTAssertGreaterThan(damaged, 600, "nearly every cut leaves the picture damaged")
    }

    /// Bytes of the luma refinement scans changed (seeded): different symbols, end-of-band runs and
    /// correction bits, and the data still runs out (or not) at the same place at both scales.
    func testCorruptedLumaScansRunOutWhereTheFullDecodeDoes() throws {
        let bytes = try JPEGTestFixtures.bytes("pil-150x103-prog.jpg")
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var differentFromWhole = 0
        for _ in 0..<400 {
            var changed = bytes
            for _ in 0..<(1 + next(4)) {
                // Inside the scan data of the two luma refinement scans (past their SOS headers).
                let at = next(2) == 0 ? 2370 + next(350) : 3484 + next(690)
                changed[at] = UInt8(truncatingIfNeeded: next(256))
            }
            let eighth = damage(changed, scale: 8)
            XCTAssertEqual(eighth, damage(changed, scale: 4))
            if eighth != "nil" { differentFromWhole += 1 }
        }
        XCTAssertGreaterThan(differentFromWhole, 10, "some changes make the data run out")
    }
}
