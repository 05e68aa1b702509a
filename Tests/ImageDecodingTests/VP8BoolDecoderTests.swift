import TestImages
import XCTest

@testable import ImageDecoding
@testable import WebPCodec

/// The boolean decoder against the boolean encoder of RFC 6386 section 7.3.
final class VP8BoolDecoderTests: XCTestCase {
    /// The specification's encoder, written out for the test.
    private struct BoolEncoder {
        var output: [UInt8] = []
        var range: UInt32 = 255
        var bottom: UInt32 = 0
        var bitCount = 24

        private mutating func addOne(at index: Int) {
            var i = index
            while i >= 0 && output[i] == 255 {
                output[i] = 0
                i -= 1
            }
            if i >= 0 { output[i] += 1 }
        }

        mutating func write(_ bit: Bool, probability: Int) {
            let split = 1 + (((range - 1) * UInt32(probability)) >> 8)
            if bit {
                bottom &+= split
                range -= split
            } else {
                range = split
            }
            while range < 128 {
                range <<= 1
                if bottom & (1 << 31) != 0 { addOne(at: output.count - 1) }
                bottom <<= 1
                bitCount -= 1
                if bitCount == 0 {
                    output.append(UInt8(bottom >> 24))
                    bottom &= (1 << 24) - 1
                    bitCount = 8
                }
            }
        }

        mutating func flush() {
            var c = bitCount
            var v = bottom
            if v & (1 << UInt32(32 - c)) != 0 { addOne(at: output.count - 1) }
            v <<= UInt32(c & 7)
            c >>= 3
            while c > 0 {
                v <<= 8
                c -= 1
            }
            c = 4
            while c > 0 {
                output.append(UInt8(v >> 24))
                v <<= 8
                c -= 1
            }
        }
    }

    func testDecodesWhatTheSpecificationEncoderWrote() {
        var generator = SplitMix64(seed: 6386)  // seeded, so a failure replays
        var decisions: [(Bool, Int)] = []
        for _ in 0..<20000 {
            let probability = Int.random(in: 1...255, using: &generator)
            // Bits mostly follow their probability, as real streams do.
            let bit = Int.random(in: 0..<256, using: &generator) >= probability
            decisions.append((bit, probability))
        }
        var encoder = BoolEncoder()
        for (bit, probability) in decisions { encoder.write(bit, probability: probability) }
        encoder.flush()
        encoder.output.withUnsafeBufferPointer { data in
            var decoder = VP8BoolDecoder(data)
            for (i, (bit, probability)) in decisions.enumerated() where decoder.readBit(probability) != bit {
                XCTFail("decision \(i) differs")
                return
            }
            XCTAssertFalse(decoder.isPastEnd)
        }
    }

    func testSignsAndLiteralsRoundTrip() {
        var encoder = BoolEncoder()
        encoder.write(false, probability: 200)  // a first decision, so the range is below 255 as in real streams
        let values = [0, 1, -1, 37, -2047, 1000]
        for v in values {
            for i in stride(from: 10, through: 0, by: -1) { encoder.write((abs(v) >> i) & 1 == 1, probability: 128) }
            encoder.write(v < 0, probability: 128)
        }
        encoder.flush()
        encoder.output.withUnsafeBufferPointer { data in
            var decoder = VP8BoolDecoder(data)
            XCTAssertFalse(decoder.readBit(200))
            for v in values {
                let magnitude = decoder.readLiteral(11)
                XCTAssertEqual(decoder.applySign(magnitude), v)
            }
        }
    }

    /// Past the end it reads zeros and says so; nothing traps.
    func testReadingPastTheEndIsFlaggedNotTrapped() {
        let bytes: [UInt8] = [0xA5, 0x5A]
        bytes.withUnsafeBufferPointer { data in
            var decoder = VP8BoolDecoder(data)
            for _ in 0..<8 { _ = decoder.readBit(128) }
            XCTAssertFalse(decoder.isPastEnd)
            for _ in 0..<1000 { _ = decoder.readBit(1) }
            XCTAssertTrue(decoder.isPastEnd)
        }
        [UInt8]().withUnsafeBufferPointer { empty in
            let decoder = VP8BoolDecoder(empty)
            XCTAssertTrue(decoder.isPastEnd)
        }
    }
}
