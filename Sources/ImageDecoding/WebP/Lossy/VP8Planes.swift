/// The decoded Y, U and V planes, padded to whole macroblocks.
struct VP8Planes {
    let lumaStride: Int
    let chromaStride: Int
    var y: [UInt8]
    var u: [UInt8]
    var v: [UInt8]

    /// Planes for `columns`×`rows` macroblocks; their pages are only touched
    /// as rows are decoded.
    init(columns: Int, rows: Int) {
        lumaStride = 16 * columns
        chromaStride = 8 * columns
        y = WebPPixelMemory.unwrittenBytes(count: lumaStride * 16 * rows)
        u = WebPPixelMemory.unwrittenBytes(count: chromaStride * 8 * rows)
        v = WebPPixelMemory.unwrittenBytes(count: chromaStride * 8 * rows)
    }
}

/// Pointers into the planes for one decode, valid inside `VP8Planes.withPointers`.
struct VP8PlanePointers {
    let y: UnsafeMutablePointer<UInt8>
    let u: UnsafeMutablePointer<UInt8>
    let v: UnsafeMutablePointer<UInt8>
    let lumaStride: Int
    let chromaStride: Int
}

extension VP8Planes {
    mutating func withPointers<R>(_ body: (VP8PlanePointers) throws(DecodeError) -> R) throws(DecodeError) -> R {
        let (ls, cs) = (lumaStride, chromaStride)
        var result: Result<R, DecodeError> = .failure(.corrupt("VP8 planes unavailable"))
        y.withUnsafeMutableBufferPointer { y in
            u.withUnsafeMutableBufferPointer { u in
                v.withUnsafeMutableBufferPointer { v in
                    guard let y = y.baseAddress, let u = u.baseAddress, let v = v.baseAddress else { return }
                    let pointers = VP8PlanePointers(y: y, u: u, v: v, lumaStride: ls, chromaStride: cs)
                    do throws(DecodeError) { result = .success(try body(pointers)) } catch { result = .failure(error) }
                }
            }
        }
        return try result.get()
    }
}
