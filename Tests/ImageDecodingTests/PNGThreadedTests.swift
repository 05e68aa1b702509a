import Deflate
import XCTest

@testable import ImageDecoding
@testable import ImageEncoding
@testable import PNGCodec

/// A PNG inflated on a second thread (issue 23) decodes to the bytes the single-threaded decode
/// gives, whole or shrunk as it streams, and a broken one fails with the same message.
final class PNGThreadedTests: XCTestCase {
    /// 640×480 RGB with every filter, deflated for real (several inflate chunks): a photograph's shape.
    static let photo: [UInt8] = {
        let (width, height) = (640, 480)
        var state: UInt32 = 99
        var previous = [UInt8](repeating: 0, count: width * 3)
        var filtered: [UInt8] = []
        for y in 0..<height {
            var row = [UInt8](repeating: 0, count: width * 3)
            for i in 0..<row.count {
                state = state &* 1_103_515_245 &+ 12345
                row[i] = UInt8(truncatingIfNeeded: (i / 3 + y) * (i % 3 + 1) + Int(state >> 28))
            }
            filtered += PNGTestFile.filter(row, previous: previous, stride: 3, type: UInt8(y % 5))
            previous = row
        }
        let data = Deflate.zlib(filtered)
        return PNGChunks.signature + PNGTestFile.ihdr(width: width, height: height, depth: 8, colourType: 2)
            + PNGTestFile.chunk("IDAT", Array(data[..<(data.count / 3)]))
            + PNGTestFile.chunk("IDAT", Array(data[(data.count / 3)...])) + PNGTestFile.chunk("IEND", [])
    }()

    private func decoded(_ bytes: [UInt8], threaded: Bool) -> Result<Raster, DecodeError> {
        Result { () throws(DecodeError) in try PNGDecoder.decode(bytes, threaded: threaded) }
    }

    private func thumbnail(_ bytes: [UInt8], threaded: Bool) -> Result<Raster, DecodeError> {
        Result { () throws(DecodeError) in
            try ShrinkRows(toWidth: 97, height: 61).picture(of: bytes) { (bytes, sink) throws(DecodeError) in
                try PNGDecoder.decode(bytes, into: sink, threaded: threaded)
            }
        }
    }

    func testThreadedDecodeEqualsSingleThreaded() throws {
        let alone = try decoded(Self.photo, threaded: false).get()
        XCTAssertEqual(alone.width, 640)
        XCTAssertEqual(try decoded(Self.photo, threaded: true).get(), alone)
        let small = try thumbnail(Self.photo, threaded: false).get()
        XCTAssertEqual(small.width, 97)
        XCTAssertEqual(try thumbnail(Self.photo, threaded: true).get(), small)
        XCTAssertEqual(small, alone.shrunk(toWidth: 97, height: 61))
    }

    /// Cut or damaged anywhere in the image data (a bad filter byte, a bad code, a short stream):
    /// the same result, the same message, with and without the thread.
    func testBrokenFilesFailTheSameWayThreaded() {
        let file = Self.photo
        var failures = 0
        for at in stride(from: 60, to: file.count - 12, by: file.count / 17) {
            var damaged = file
            damaged[at] ^= 0x21
            for broken in [damaged, Array(file[0..<at])] {
                for run in [decoded, thumbnail] {
                    let alone = run(broken, false)
                    let threaded = run(broken, true)
                    switch (alone, threaded) {
                    case (.success(let a), .success(let b)): XCTAssertEqual(a, b, "broken at \(at)")
                    case (.failure(let a), .failure(let b)):
                        XCTAssertEqual(a.message, b.message, "broken at \(at)")
                        failures += 1
                    default: XCTFail("broken at \(at): \(alone) against \(threaded)")
                    }
                }
            }
        }
        XCTAssertGreaterThan(failures, 30)
    }
}
