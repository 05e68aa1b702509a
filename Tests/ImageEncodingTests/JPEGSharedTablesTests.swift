import Foundation
import ImageDecoding
import XCTest

@testable import ImageEncoding
@testable import JPEGCodec

/// Huffman tables shared between scans (SharedTables): alike counts share a table, unlike ones do
/// not, no scan needs more tables of a class than the frame has slots, each table is defined before
/// its first scan in a slot nothing overwrites until its last; and a file written so decodes to
/// the same pixels as tables of each scan's own, in fewer bytes.
final class JPEGSharedTablesTests: XCTestCase {
    typealias E = JPEGEncoder

    /// 256 frequencies, `count` for each symbol given, 0 for the rest.
    private func counts(_ symbols: [Int: Int]) -> [Int] {
        var c = [Int](repeating: 0, count: 256)
        for (s, n) in symbols { c[s] = n }
        return c
    }

    /// A scan coding only AC (recorder slot 2) with these counts.
    private func acScan(_ symbols: [Int: Int]) -> [[Int]] {
        [counts([:]), counts([:]), counts(symbols), counts([:])]
    }

    func testAlikeScansShareOneTableDefinedBeforeTheFirst() {
        let alike = [0x01: 500, 0x02: 300, 0x11: 200, 0x00: 100, 0x21: 50]
        let plan = E.SharedTables.plan([acScan(alike), acScan(alike), acScan(alike)])
        XCTAssertEqual(plan.ids.map { $0[2] }, [0, 0, 0])
        XCTAssertEqual(plan.definitions.map(\.count), [1, 0, 0])
        XCTAssertEqual(plan.definitions[0].first?.tag, 0x10)
        XCTAssertNotNil(plan.codes[2][2])
        XCTAssertNil(plan.codes[2][3], "a slot the scan does not code has no code")
    }

    func testUnlikeScansKeepTablesOfTheirOwn() {
        // Each codes a disjoint set of symbols, thousands of times: one table for two would cost far
        // more bits than a second table's bytes.
        let scans = (0..<3).map { k in acScan([k * 16 + 1: 9000, k * 16 + 2: 7000, k * 16 + 3: 5000]) }
        let plan = E.SharedTables.plan(scans)
        XCTAssertEqual(Set(plan.ids.map { $0[2] }).count, 3)
        XCTAssertEqual(plan.definitions[0].count, 3, "all three fit in the slots from the start")
    }

    /// Six unlike scans and four slots: the fifth and sixth tables go in the slots the first and
    /// second leave free, defined just after them; no slot is overwritten while a later scan names it.
    func testMoreTablesThanSlotsReuseFreedSlots() {
        let scans = (0..<6).map { k in acScan([k * 16 + 1: 9000, k * 16 + 2: 7000, k * 16 + 3: 5000]) }
        let plan = E.SharedTables.plan(scans)
        XCTAssertEqual(plan.definitions.map(\.count), [4, 1, 1, 0, 0, 0])
        var live: [Int: [UInt8]] = [:]  // slot id -> the symbols of the table it holds
        for scan in scans.indices {
            for definition in plan.definitions[scan] { live[Int(definition.tag & 0x0F)] = definition.code.symbols }
            XCTAssertEqual(live[plan.ids[scan][2]], [1, 2, 3].map { UInt8(scan * 16 + $0) }, "scan \(scan)'s table")
        }
    }

    /// Luma's and chroma's DC in one scan (recorder slots 0 and 1) may share a table: both name it.
    func testOneScansTwoSlotsMayShareATable() {
        let dc = [0: 400, 1: 300, 2: 200, 3: 100]
        let plan = E.SharedTables.plan([[counts(dc), counts(dc), counts([:]), counts([:])]], slots: 2)
        XCTAssertEqual(plan.ids[0][0], plan.ids[0][1])
        XCTAssertEqual(plan.definitions[0].count, 1)
        XCTAssertEqual(plan.definitions[0][0].tag, 0x00)
    }

    /// A whole file: the pixels of the same scans written with tables of their own, by imgsel's decoder
    /// and Pillow, in fewer bytes (a small picture, where tables weigh most).
    func testAFileWithSharedTablesDecodesAsOneWithTablesOfEachScansOwn() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jpeg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tools = JPEGTools(folder: folder)
        for (raster, quality) in [
            (JPEGEncoderSamples.photo(96, 64), 75), (JPEGEncoderSamples.photo(40, 24, grey: true), 50),
        ] {
            var own: [UInt8] = []
            let shared = E.encode(raster, options: .init(quality: quality)) { frame, coefficients in
                let scans = E.ScanScript.progressive(frame)
                own = E.Markers.header(options: .init(quality: quality))
                E.Markers.appendQuantTables(
                    E.QuantTables(quality: quality, grey: frame.components.count == 1),
                    components: frame.components.count, to: &own)
                E.Markers.appendFrame(frame, progressive: true, to: &own)
                for scan in scans {
                    let recording = E.ScanEncoder.record(scan, frame: frame, coefficients: coefficients)
                    let plan = E.SharedTables.plan([recording.counts], slots: 4)
                    own += E.ScanEncoder.write(
                        recording, scan: scan, frame: frame, ids: plan.ids[0],
                        definitions: plan.definitions[0], codes: plan.codes[0])
                }
                own += [0xFF, 0xD9]
                return scans
            }
            XCTAssertLessThan(shared.count, own.count)
            XCTAssertEqual(try JPEGDecoder.decode(shared).pixels, try JPEGDecoder.decode(own).pixels)
            let a = try tools.pillow(tools.write(shared, "shared-\(quality).jpg"))
            let b = try tools.pillow(tools.write(own, "own-\(quality).jpg"))
            XCTAssertEqual(a.rgb, b.rgb)
        }
    }
}
