import XCTest

@testable import ImageEncoding
@testable import JPEGCodec

/// The quantiser's rounding: plain (the dead zone off) is exactly round-half-to-even of the
/// coefficient over its step, as before the dead zone; the dead zone only ever moves a value to 0,
/// and only below its threshold.
final class JPEGQuantiserTests: XCTestCase {
    typealias Q = JPEGEncoder.Quantiser

    /// Deterministic busy blocks of DCT output (a linear congruential generator), wide enough that
    /// many values sit near each threshold.
    private func blocks(_ count: Int) -> [[SIMD8<Float>]] {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Float {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Int(seed >> 40) % 4001 - 2000) / 4
        }
        return (0..<count).map { _ in (0..<8).map { _ in SIMD8<Float>((0..<8).map { _ in next() }) } }
    }

    /// The value in steps of zigzag coefficient z, as the quantiser computes it (Float, clamped).
    private func scaled(_ block: [SIMD8<Float>], _ table: [UInt16], _ z: Int) -> Float {
        let n = JPEGEncoder.Zigzag.natural[z]
        let (u, v) = (n % 8, n / 8)
        let scale = JPEGEncoder.ForwardDCT.scale
        let reciprocal = Float(1 / (Double(table[z]) * 8 * scale[u] * scale[v]))
        return min(max(block[u][v] * reciprocal, -1023), 1023)
    }

    private func quantise(_ quantiser: Q, _ block: [SIMD8<Float>], lowering: Float = 0) -> ([Int16], UInt64) {
        let input = UnsafeMutablePointer<SIMD8<Float>>.allocate(capacity: 8)
        defer { input.deallocate() }
        for u in 0..<8 { input[u] = block[u] }
        var out = [Int16](repeating: 0, count: 64)
        let mask = out.withUnsafeMutableBufferPointer {
            quantiser.quantise(input, into: $0.baseAddress!, lowering: lowering)
        }
        return (out, mask)
    }

    /// A block's zone lowered by 0.1 step (Masking) keeps exactly the AC values within 0.1 step
    /// under their thresholds, which the unlowered zone zeroes, and changes nothing else; the DC stays plain.
    func testALoweredZoneKeepsOnlyTheValuesJustUnderTheThreshold() {
        let table = JPEGEncoder.QuantTables(quality: 75).luma
        let zone = unpruned(.luma)
        var kept = 0
        for block in blocks(300) {
            let (plain, _) = quantise(Q(table: table, deadZone: false), block)
            let (zoned, _) = quantise(Q(table: table, zone: zone), block)
            let (lowered, mask) = quantise(Q(table: table, zone: zone), block, lowering: -0.1)
            XCTAssertEqual(mask, maskOf(lowered))
            XCTAssertEqual(lowered[0], plain[0])
            for z in 1..<64 where lowered[z] != zoned[z] {
                let n = JPEGEncoder.Zigzag.natural[z]
                let threshold = zone.threshold(u: n % 8, v: n / 8)
                let x = abs(scaled(block, table, z))
                XCTAssertEqual(zoned[z], 0)
                XCTAssertEqual(lowered[z], plain[z], "z \(z): kept as plain rounding has it")
                XCTAssertTrue(x >= threshold - 0.1 && x < threshold, "z \(z): \(x) against \(threshold)")
                kept += 1
            }
        }
        XCTAssertGreaterThan(kept, 0)
    }

    private func maskOf(_ values: [Int16]) -> UInt64 {
        values.indices.reduce(0) { $0 | (values[$1] != 0 ? 1 << UInt64($1) : 0) }
    }

    func testWithoutTheDeadZoneItRoundsHalvesToEven() {
        for quality in [30, 85, 95] {
            let table = JPEGEncoder.QuantTables(quality: quality).luma
            let quantiser = Q(table: table, deadZone: false)
            for block in blocks(200) {
                let (out, mask) = quantise(quantiser, block)
                let expected = (0..<64).map { Int16(scaled(block, table, $0).rounded(.toNearestOrEven)) }
                XCTAssertEqual(out, expected, "q\(quality)")
                XCTAssertEqual(mask, maskOf(out))
            }
        }
        // Exact halves (the DC with steps of 1: its DCT scale is 8, so these are exact in Float).
        let quantiser = Q(table: [UInt16](repeating: 1, count: 64), deadZone: false)
        let rounded = [0.5, 1.5, 2.5, -0.5, -1.5].map { x -> Int16 in
            var block = [SIMD8<Float>](repeating: SIMD8(), count: 8)
            block[0][0] = Float(x * 8)
            return quantise(quantiser, block).0[0]
        }
        XCTAssertEqual(rounded, [0, 2, 2, 0, -2])
    }

    /// A zone without its pruning, to test the zone alone.
    private func unpruned(_ zone: Q.DeadZone) -> Q.DeadZone { Q.DeadZone(low: zone.low, top: zone.top) }

    /// Luma's zone rises from 0.55 step to 0.6, chroma's from 0.6 to 0.9, grey's from 0.5 to 0.6, with u + v
    /// over 14 (pruning aside).
    func testTheDeadZoneOnlyZeroesSmallACValues() {
        let table = JPEGEncoder.QuantTables(quality: 75).luma
        for (zone, low, top) in [(Q.DeadZone.luma, Float(0.55), Float(0.6)), (.chroma, 0.6, 0.9), (.grey, 0.5, 0.6)] {
            var zeroed = 0, nearThreshold = 0
            for block in blocks(300) {
                let (plain, _) = quantise(Q(table: table, deadZone: false), block)
                let (out, mask) = quantise(Q(table: table, zone: unpruned(zone)), block)
                XCTAssertEqual(mask, maskOf(out))
                XCTAssertEqual(out[0], plain[0], "the DC is rounded plainly")
                for z in 1..<64 {
                    let n = JPEGEncoder.Zigzag.natural[z]
                    let threshold = low + Float(n % 8 + n / 8) / 14 * (top - low)
                    let x = abs(scaled(block, table, z))
                    if out[z] != plain[z] {
                        XCTAssertEqual(out[z], 0)
                        XCTAssertLessThan(x, threshold)
                        zeroed += 1
                    } else if plain[z] != 0 {
                        XCTAssertGreaterThanOrEqual(x, threshold, "z \(z) kept below its threshold")
                        if x < threshold + 0.05 { nearThreshold += 1 }
                    }
                }
            }
            XCTAssertGreaterThan(zeroed, 0, "some value sat in the dead zone")
            XCTAssertGreaterThan(nearThreshold, 0, "some kept value sat just past it")
        }
    }

    /// Pruning only ever zeroes a ±1 AC value, and only one under 0.5 + lambda · (the most bits it could
    /// save) / 2 steps; chroma's zone prunes nothing.
    func testPruningOnlyZeroesSmallOnes() {
        let table = JPEGEncoder.QuantTables(quality: 75).luma
        XCTAssertEqual(Q.DeadZone.chroma.lambda, 0)
        for zone in [Q.DeadZone.luma, .grey] {
            XCTAssertGreaterThan(zone.lambda, 0)
            let most = Q.runBits.max()! * 2
            var pruned = 0
            // Sparse blocks (one value in seven kept, halved), so that runs of zeros surround small ones.
            let sparse = blocks(300).enumerated().map { k, block in
                block.enumerated().map { u, row in
                    SIMD8<Float>((0..<8).map { v in (k + u * 8 + v) % 7 == 0 ? row[v] / 2 : 0 })
                }
            }
            for block in sparse {
                let (kept, _) = quantise(Q(table: table, zone: unpruned(zone)), block)
                let (out, mask) = quantise(Q(table: table, zone: zone), block)
                XCTAssertEqual(mask, maskOf(out))
                XCTAssertEqual(out[0], kept[0])
                for z in 1..<64 where out[z] != kept[z] {
                    XCTAssertEqual(out[z], 0)
                    XCTAssertEqual(abs(kept[z]), 1)
                    XCTAssertLessThan(abs(scaled(block, table, z)), 0.5 + zone.lambda * most / 2)
                    pruned += 1
                }
            }
            XCTAssertGreaterThan(pruned, 0)
        }
    }

    /// A lone ±1 late in the block, after a long run of zeros, goes when it is barely over half a step
    /// and stays when it is nearly a whole one; the same value right after others (a run of 0) stays.
    func testALoneSmallOneLateInTheBlockIsPruned() {
        let table = [UInt16](repeating: 1, count: 64)
        let quantiser = Q(table: table, zone: .luma)
        func block(_ values: [Int: Float]) -> [SIMD8<Float>] {
            var block = [SIMD8<Float>](repeating: SIMD8(), count: 8)
            let scale = JPEGEncoder.ForwardDCT.scale
            for (z, x) in values {
                let n = JPEGEncoder.Zigzag.natural[z]
                let (u, v) = (n % 8, n / 8)
                block[u][v] = Float(Double(x) * 8 * scale[u] * scale[v])
            }
            return block
        }
        XCTAssertEqual(quantise(quantiser, block([0: 20, 1: 3, 40: 0.7])).0[40], 0)
        XCTAssertEqual(quantise(quantiser, block([0: 20, 1: 3, 40: 1.4])).0[40], 1)
        XCTAssertEqual(quantise(quantiser, block([0: 20, 1: 3, 2: 0.7])).0[2], 1)
    }
}
