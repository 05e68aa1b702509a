import XCTest

@testable import Deflate

/// The threaded inflate stream (`InflateAhead`, issue 23) against the single-threaded one: the
/// same bytes, and for a broken stream the same bytes before the same error, whatever the reads.
final class InflateAheadTests: XCTestCase {
    /// About 1.2 MB that deflates to about 100 KB (runs, repeats and noise), so the stream spans
    /// several of the 288 KiB chunks and matches reach back across their seams.
    static let data: [UInt8] = {
        var state: UInt32 = 0x1234_5678
        var out: [UInt8] = []
        out.reserveCapacity(1_200_000)
        while out.count < 1_200_000 {
            state = state &* 1_664_525 &+ 1_013_904_223
            switch state >> 30 {
            case 0: out += [UInt8](repeating: UInt8(truncatingIfNeeded: state >> 8), count: Int(state >> 20 & 63))
            case 1 where out.count > 40_000:
                let back = Int(state >> 8 & 32767) + 1
                for _ in 0..<(Int(state >> 24 & 127) + 3) { out.append(out[out.count - back]) }
            default: out.append(UInt8(truncatingIfNeeded: state >> 13))
            }
        }
        return out
    }()

    /// What a reader gets taking `size` bytes at a time: every byte up to the end or the error.
    private func readAll(_ stream: [UInt8], size: Int, threaded: Bool) -> (bytes: [UInt8], error: DecodeError?) {
        let inflater = Inflater(source: stream[...], segments: [stream.indices], zlib: true, section: "in the test")
        let reader = InflateStream(inflater, expected: Self.data.count, threaded: threaded)
        var bytes: [UInt8] = []
        let chunk = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        defer { chunk.deallocate() }
        while true {
            do throws(DecodeError) {
                let got = try reader.read(into: chunk, count: size)
                bytes += UnsafeBufferPointer(start: chunk, count: got)
                if got < size { return (bytes, nil) }
            } catch {
                return (bytes, error)
            }
        }
    }

    func testTheSameBytesWhateverTheReads() {
        let stream = Deflate.zlib(Self.data)
        XCTAssertGreaterThan(Self.data.count, 3 * ((1 << 18) + (1 << 15)), "several chunks")
        for size in [7, 4097, 12_001, 300_000] {
            let alone = readAll(stream, size: size, threaded: false)
            let threaded = readAll(stream, size: size, threaded: true)
            XCTAssertNil(alone.error)
            XCTAssertEqual(alone.bytes, Self.data, "reads of \(size)")
            XCTAssertEqual(threaded.bytes, Self.data, "reads of \(size), threaded")
            XCTAssertNil(threaded.error)
        }
    }

    /// Damage anywhere (a byte changed, or the stream cut) stops both at the same byte with the
    /// same error: the reader sees what the failing chunk's predecessors gave, then the failure.
    func testDamageStopsBothAtTheSamePlace() {
        let stream = Deflate.zlib(Self.data)
        var failures = 0
        for at in stride(from: 3, to: stream.count, by: stream.count / 13) {
            var damaged = stream
            damaged[at] ^= 0x5A
            let cut = Array(stream[0..<at])
            for broken in [damaged, cut] {
                let alone = readAll(broken, size: 12_001, threaded: false)
                let threaded = readAll(broken, size: 12_001, threaded: true)
                XCTAssertEqual(alone.bytes.count, threaded.bytes.count, "damage at \(at)")
                XCTAssertTrue(alone.bytes == threaded.bytes, "damage at \(at)")
                XCTAssertEqual(alone.error, threaded.error, "damage at \(at)")
                if alone.error != nil { failures += 1 }
            }
        }
        XCTAssertGreaterThan(failures, 12, "the damage is seen")
    }

    /// A stream let go before its end stops its thread (this would hang or leak otherwise).
    func testAStreamLetGoEarlyStopsItsThread() throws {
        let stream = Deflate.zlib(Self.data)
        for taken in [0, 1, 100_000, 700_000] {
            let inflater = Inflater(source: stream[...], segments: [stream.indices], zlib: true, section: "in the test")
            let reader = InflateStream(inflater, expected: Self.data.count, threaded: true)
            var buffer = [UInt8](repeating: 0, count: max(taken, 1))
            let got = try buffer.withUnsafeMutableBufferPointer { (b) throws(DecodeError) in
                try reader.read(into: b.baseAddress!, count: taken)
            }
            XCTAssertEqual(got, taken)
            XCTAssertTrue(buffer[0..<taken] == Self.data[0..<taken])
        }
    }
}
