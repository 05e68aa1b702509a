import ImageCore
import XCTest

@testable import AV1Codec

/// The OBUs and headers of real encoders' stills, and hostile cuts and changes of them.
final class AV1HeaderTests: XCTestCase {
    func testReadsAomencsReducedStillHeader() throws {
        let stream = try AV1Stream(AV1Samples.aom1x1)
        XCTAssertEqual(stream.sequence.profile, 0)
        XCTAssertTrue(stream.sequence.reducedStillPictureHeader)
        XCTAssertEqual(stream.sequence.colour.bitDepth, 8)
        XCTAssertEqual(stream.sequence.colour.samplingName, "4:2:0")
        XCTAssertEqual(stream.frame.width, 1)
        XCTAssertEqual(stream.frame.height, 1)
        XCTAssertEqual(stream.frame.miCols, 2)
        XCTAssertEqual(stream.frame.tiles.columns, 1)
        XCTAssertEqual(stream.frame.tiles.rows, 1)
        XCTAssertEqual(stream.tileGroups.count, 1)
        XCTAssertEqual(stream.tileGroups[0].upperBound, AV1Samples.aom1x1.count)
        XCTAssertFalse(stream.frame.loopFilter.level.contains { $0 != 0 }, "deblocking was off")
        XCTAssertEqual(stream.frame.cdef.yStrengths.count, 1)
        XCTAssertFalse(stream.frame.restoration.usesRestoration)
    }

    func testHeadersAreReported() throws {
        let headers = try AV1Decoder.headers(AV1Samples.aom1x1)
        XCTAssertEqual(headers.width, 1)
        XCTAssertEqual(headers.sampling, "4:2:0")
        XCTAssertEqual(headers.superblockSize, 64)
    }

    func testOBUsSplitWithTheirSizes() throws {
        let units = try AV1OBU.units(AV1Samples.aom1x1)
        XCTAssertEqual(units.map(\.kind), [.temporalDelimiter, .sequenceHeader, .frame])
        XCTAssertEqual(units[0].payload.count, 0)
        XCTAssertEqual(units.last?.payload.upperBound, AV1Samples.aom1x1.count)
    }

    /// A filters-off stream decodes to dav1d's samples; so does a frame whose blocks copy from
    /// the frame itself (intra block copy), planes byte for byte as dav1d --filmgrain 0 writes them.
    func testTheDecoderMakesPixelsAndCopiesBlocks() throws {
        let picture = try AV1Decoder.decode(data: AV1Samples.aom1x1)
        XCTAssertEqual([picture.luma, picture.cb, picture.cr], [[255], [225], [255]])
        let copied = try AV1Decoder.decodePlanes(AV1Samples.aomIntraBC)
        XCTAssertEqual(AV1OracleTests.fnv1a(AV1OracleTests.yuv(copied)), 0xd35e_0815_7dd4_70aa)
        XCTAssertTrue(try AV1TileGroups.read(try AV1Stream(AV1Samples.aomIntraBC)).grid.kinds.contains(2))
    }

    /// Every 11th byte of the intra block copy stream changed two ways decodes or throws, never a
    /// trap; some changes make a vector point outside the decoded area, refused by name.
    func testChangedIntraBlockCopyStreamsThrowNeverTrap() {
        let sample = AV1Samples.aomIntraBC
        var outside = 0
        for i in stride(from: 12, to: sample.count, by: 11) {
            for value: UInt8 in [0xFF, sample[i] ^ 0x21] {
                var changed = sample
                changed[i] = value
                do { _ = try AV1Decoder.decodePlanes(changed) } catch {
                    if error == .corrupt("AV1 intra block copy vector outside the decoded area") { outside += 1 }
                }
            }
        }
        XCTAssertGreaterThan(outside, 0)
        for n in stride(from: 12, to: sample.count, by: 37) { _ = try? AV1Decoder.decodePlanes(Array(sample[0..<n])) }
    }

    /// Every cut of the stream, and every byte of it changed, throws a DecodeError or reads:
    /// never a trap.
    func testCutAndChangedStreamsThrowNeverTrap() {
        let bytes = AV1Samples.aom1x1
        for n in 0..<bytes.count {
            do { _ = try AV1Stream(Array(bytes[0..<n])) } catch {}
        }
        for i in 0..<bytes.count {
            for value: UInt8 in [0, 0xFF, bytes[i] ^ 0x55, bytes[i] &+ 1] {
                var changed = bytes
                changed[i] = value
                do { _ = try AV1Stream(changed) } catch {}
            }
        }
    }

    func testAStreamWithoutASequenceHeaderIsRefused() {
        XCTAssertThrowsError(try AV1Stream([0x12, 0x00])) {
            XCTAssertEqual($0 as? DecodeError, .corrupt("AV1 data without a sequence header"))
        }
    }
}
