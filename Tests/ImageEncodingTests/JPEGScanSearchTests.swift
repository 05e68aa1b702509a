import Foundation
import ImageDecoding
import XCTest

@testable import ImageEncoding
@testable import JPEGCodec

/// The progressive script chosen for each image (ScanSearch): every script it can choose is valid
/// and gives the pixels of the default script, by imgsel's decoder and by Pillow; its cost of a scan
/// is the bytes the scan is written in; it never chooses a script dearer than the default.
final class JPEGScanSearchTests: XCTestCase {
    typealias E = JPEGEncoder
    typealias Samples = JPEGEncoderSamples

    /// (name, picture, quality): 4:2:0, 4:4:4 and grey, one of them with partial MCUs.
    static let cases: [(String, Raster, Int)] = [
        ("420", Samples.photo(96, 64), 75), ("444", Samples.photo(40, 24), 95),
        ("grey", Samples.photo(37, 21, grey: true), 60),
    ]

    private func encode(_ raster: Raster, _ quality: Int, dcLow: Int, plans: [E.ACPlan]) -> [UInt8] {
        E.encode(raster, options: .init(quality: quality)) { frame, _ in
            E.ScanScript.progressive(frame, dcLow: dcLow, plans: Array(plans.prefix(frame.components.count)))
        }
    }

    /// Every luma plan, each beside a chroma plan (cycling through them) and both DC choices.
    private func scripts() -> [(dcLow: Int, plans: [E.ACPlan])] {
        let chroma = E.ScanSearch.chromaPlans
        return E.ScanSearch.lumaPlans.enumerated().flatMap { i, luma in
            E.ScanSearch.dcLows.map { ($0, [luma, chroma[i % chroma.count], chroma[(i + 3) % chroma.count]]) }
        }
    }

    func testTheDefaultPlansAreLibjpegsScript() {
        for (_, raster, quality) in Self.cases {
            let frame = E.Frame(
                width: raster.width, height: raster.height, components: quality == 60 ? 1 : 3,
                subsampled: quality < 90)
            let scans = E.ScanScript.progressive(frame)
            XCTAssertEqual(scans.count, frame.components.count == 1 ? 6 : 10)
            XCTAssertEqual(
                scans[0], E.Scan(components: Array(frame.components.indices), start: 0, end: 0, high: 0, low: 1))
            XCTAssertEqual(scans[1], E.Scan(components: [0], start: 1, end: 5, high: 0, low: 2))
            XCTAssertEqual(scans.last, E.Scan(components: [0], start: 1, end: 63, high: 1, low: 0))
        }
    }

    func testEveryScriptItCanChooseDecodesToTheDefaultsPixels() throws {
        for (name, raster, quality) in Self.cases {
            let reference = try JPEGDecoder.decode(
                E.encode(raster, options: .init(quality: quality)) { f, _ in
                    E.ScanScript.progressive(f)
                })
            for (dcLow, plans) in scripts() {
                let file = encode(raster, quality, dcLow: dcLow, plans: plans)
                let decoded = try JPEGDecoder.decode(file)
                XCTAssertEqual(decoded.pixels, reference.pixels, "\(name): dc \(dcLow), \(plans)")
            }
        }
    }

    func testPillowDecodesTheChosenAndOtherScriptsAsTheDefault() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tools = JPEGTools(folder: folder)
        let all = scripts()
        for (name, raster, quality) in Self.cases {
            let reference = try tools.pillow(
                tools.write(
                    E.encode(raster, options: .init(quality: quality)) { f, _ in E.ScanScript.progressive(f) },
                    "\(name)-default.jpg"))
            var files = [("chosen", E.encode(raster, options: .init(quality: quality)))]
            for i in stride(from: 1, to: all.count, by: 12) {
                files.append(("script\(i)", encode(raster, quality, dcLow: all[i].dcLow, plans: all[i].plans)))
            }
            for (label, bytes) in files {
                let decoded = try tools.pillow(tools.write(bytes, "\(name)-\(label).jpg"))
                XCTAssertEqual(decoded.rgb, reference.rgb, "\(name): \(label)")
            }
        }
    }

    /// The modelled cost of each scan (every row counted) is the scan's bytes as written, DHT and
    /// SOS included, less the stuffed zero after each 0xFF and the last byte's padding.
    func testTheCostOfAScanIsItsBytes() {
        for (name, raster, quality) in Self.cases {
            var checked = 0
            _ = E.encode(raster, options: .init(quality: quality)) { frame, coefficients in
                let scans = Set(E.ScanSearch.lumaPlans.flatMap { $0.firstScans(0) + $0.refinements(0) })
                for scan in scans.sorted(by: { ($0.start, $0.end, $0.low) < ($1.start, $1.end, $1.low) }) {
                    let bits = E.ScanSearch.cost(of: scan, frame: frame, coefficients: coefficients, rowStep: 1)
                    let written = E.ScanEncoder.scan(scan, frame: frame, coefficients: coefficients)
                    let stuffed = zip(written, written.dropFirst()).filter { $0 == (0xFF, 0) }.count
                    XCTAssertEqual(written.count - stuffed, (bits + 7) / 8, "\(name): \(scan)")
                    checked += 1
                }
                return E.ScanScript.progressive(frame)
            }
            XCTAssertGreaterThan(checked, 30)
        }
    }

    /// The default plans are among the choices, so the chosen script never costs more by the model:
    /// on these pictures (every row counted) never more bytes either, and it differs from the default.
    func testTheChosenScriptIsNoLargerThanTheDefault() {
        var smaller = 0
        for (name, raster, quality) in Self.cases + [("q30", Samples.photo(96, 64), 30)] {
            let chosen = E.encode(raster, options: .init(quality: quality))
            let standard = E.encode(raster, options: .init(quality: quality)) { f, _ in E.ScanScript.progressive(f) }
            XCTAssertLessThanOrEqual(chosen.count, standard.count, name)
            if chosen.count < standard.count { smaller += 1 }
            XCTAssertEqual(chosen, E.encode(raster, options: .init(quality: quality)), "\(name): same bytes again")
        }
        XCTAssertGreaterThan(smaller, 2)
    }
}
