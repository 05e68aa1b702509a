import TestImages
import XCTest

@testable import ImageHeaders

/// Counts what the probe reads, to prove it stays within its byte budget.
final class CountingSource: ByteSource, @unchecked Sendable {
    let base: any ByteSource
    private(set) var bytesRead = 0
    private(set) var reads = 0
    init(_ base: any ByteSource) { self.base = base }
    var size: Int { base.size }
    func read(at offset: Int, count: Int) throws -> [UInt8] {
        let data = try base.read(at: offset, count: count)
        bytesRead += data.count
        reads += 1
        return data
    }
}

/// A huge file without the memory: `head`, then `unit` repeated `count` times.
struct RepeatingSource: ByteSource {
    let head: [UInt8], unit: [UInt8], count: Int
    var size: Int { head.count + unit.count * count }
    func read(at offset: Int, count want: Int) throws -> [UInt8] {
        guard offset >= 0, offset < size, want > 0 else { return [] }
        precondition(want <= 16 << 20, "probe asked for \(want) bytes at once")
        return (offset..<min(size, offset + want)).map {
            $0 < head.count ? head[$0] : unit[($0 - head.count) % unit.count]
        }
    }
}

/// A huge file without the memory: given pieces at given offsets, zeros elsewhere.
struct SparseSource: ByteSource {
    let size: Int
    let pieces: [(offset: Int, bytes: [UInt8])]
    func read(at offset: Int, count: Int) throws -> [UInt8] {
        guard offset >= 0, offset < size, count > 0 else { return [] }
        precondition(count <= 16 << 20, "probe asked for \(count) bytes at once")
        let n = min(count, size - offset)
        var out = [UInt8](repeating: 0, count: n)
        for p in pieces {
            let lo = max(offset, p.offset), hi = min(offset + n, p.offset + p.bytes.count)
            if lo < hi { for i in lo..<hi { out[i - offset] = p.bytes[i - p.offset] } }
        }
        return out
    }
}

func probe(_ bytes: [UInt8]) throws -> ImageFacts { try ImageProbe.probe(MemoryByteSource(bytes)) }

/// The probe's error description for `bytes`, or nil if it succeeded.
func probeError(_ bytes: [UInt8]) -> String? {
    do {
        _ = try probe(bytes)
        return nil
    } catch let error as ProbeError {
        return error.description
    } catch {
        return "unexpected error type: \(error)"
    }
}

/// Probes and checks the invariants every successful result must satisfy; errors must be ProbeError.
func probeSafely(_ source: any ByteSource, file: StaticString = #filePath, line: UInt = #line) {
    do {
        let f = try ImageProbe.probe(source)
        XCTAssertGreaterThan(f.width, 0, file: file, line: line)
        XCTAssertGreaterThan(f.height, 0, file: file, line: line)
        XCTAssertTrue((1...8).contains(f.orientation), file: file, line: line)
        XCTAssertGreaterThanOrEqual(f.frames, 1, file: file, line: line)
    } catch is ProbeError {
    } catch {
        XCTFail("non-ProbeError thrown: \(error)", file: file, line: line)
    }
}
