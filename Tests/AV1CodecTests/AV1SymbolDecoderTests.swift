import ImageCore
import XCTest

@testable import AV1Codec

/// The symbol decoder against a test-side encoder (libaom's od_ec arithmetic): random symbols
/// of every CDF size, bools and literals read back as written, the CDFs adapted alike, and the
/// padding after the last symbol as exit_symbol requires.
final class AV1SymbolDecoderTests: XCTestCase {
    func testDefaultTablesAreWellFormed() {
        let cdfs = AV1CDFs(baseQIndex: 100)
        XCTAssertEqual(cdfs.values.count, AV1CDFs.offsets.last)
        for table in AV1CDFs.Table.allCases {
            let start = AV1CDFs.offset(table)
            let end = AV1CDFs.offsets[table.rawValue + 1]
            XCTAssertEqual((end - start) % table.stride, 0, "\(table)")
            for cdf in stride(from: start, to: end, by: table.stride) {
                XCTAssertEqual(cdfs.values[cdf + table.stride - 2], 32768, "\(table)")
                XCTAssertEqual(cdfs.values[cdf + table.stride - 1], 0, "\(table)")
            }
        }
        XCTAssertNotEqual(AV1CDFs(baseQIndex: 0), AV1CDFs(baseQIndex: 255), "quantizer contexts differ")
    }

    func testRandomSymbolsRoundTrip() throws {
        for seed in 0..<20 {
            try roundTrip(seed: UInt64(seed), symbols: 50 + seed * 97, updates: seed % 3 != 0)
        }
    }

    private func roundTrip(seed: UInt64, symbols: Int, updates: Bool) throws {
        var random = SplitMix(seed)
        let tables = AV1CDFs.Table.allCases
        var script: [(table: AV1CDFs.Table, index: Int, value: Int)] = []
        for _ in 0..<symbols {
            let table = tables[random.next(tables.count)]
            let cdfsInTable = (AV1CDFs.offsets[table.rawValue + 1] - AV1CDFs.offset(table)) / table.stride
            let kind = random.next(10)
            // Mostly symbols; sometimes a bool (index -1) or a 5-bit literal (index -2).
            if kind == 0 {
                script.append((table, -1, random.next(2)))
            } else if kind == 1 {
                script.append((table, -2, random.next(32)))
            } else {
                script.append((table, random.next(cdfsInTable), random.next(table.stride - 1)))
            }
        }
        var encoder = AV1SymbolEncoder(cdfs: AV1CDFs(baseQIndex: 30))
        for step in script {
            switch step.index {
            case -1: encoder.bool(step.value == 1)
            case -2: for bit in (0..<5).reversed() { encoder.bool(step.value >> bit & 1 == 1) }
            default:
                let n = step.table.stride - 1
                let offset = AV1CDFs.offset(step.table, step.index)
                if updates {
                    encoder.symbol(step.value, offset, count: n)
                } else {
                    var frozen = encoder
                    frozen.symbol(step.value, offset, count: n)
                    let cdfs = encoder.cdfs
                    encoder = frozen
                    encoder.cdfs = cdfs
                }
            }
        }
        let bytes = [0xAB] + encoder.finish() + [0xCD]
        var decoder = try AV1SymbolDecoder(
            bytes, tile: 1..<bytes.count - 1, cdfs: AV1CDFs(baseQIndex: 30), updatesCDFs: updates)
        for (i, step) in script.enumerated() {
            let got: Int
            switch step.index {
            case -1: got = decoder.bool() ? 1 : 0
            case -2: got = decoder.literal(5)
            default: got = decoder.symbol(AV1CDFs.offset(step.table, step.index), count: step.table.stride - 1)
            }
            XCTAssertEqual(got, step.value, "seed \(seed), symbol \(i) of \(step.table)")
            if got != step.value { return }
        }
        XCTAssertEqual(decoder.cdfs, encoder.cdfs)
        XCTAssertTrue(decoder.isPaddingConformant, "seed \(seed)")
    }

    func testATileOutsideItsBytesIsRefused() {
        XCTAssertThrowsError(
            try AV1SymbolDecoder([1, 2], tile: 1..<3, cdfs: AV1CDFs(baseQIndex: 0), updatesCDFs: true))
        XCTAssertThrowsError(
            try AV1SymbolDecoder([1, 2], tile: 1..<1, cdfs: AV1CDFs(baseQIndex: 0), updatesCDFs: true))
    }

    /// A cut tile reads on into the spec's zero padding: symbols, never a trap.
    func testReadingPastTheEndUsesPadding() throws {
        var decoder = try AV1SymbolDecoder([0x5A], tile: 0..<1, cdfs: AV1CDFs(baseQIndex: 0), updatesCDFs: true)
        for _ in 0..<1000 { _ = decoder.symbol(AV1CDFs.offset(.partitionW64), count: 10) }
        XCTAssertFalse(decoder.isPaddingConformant)
    }
}

/// A small deterministic generator for the tests.
struct SplitMix {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
