/// The few macroblock rows of Y, U and V the decoder still works on, padded to whole
/// macroblocks: the row being rebuilt, the one above it (filtered one row late) and the
/// pixel rows above those that the filter and the chroma upsampling still read. Rows leave
/// as soon as they are converted, so a 12-megapixel picture never holds its planes whole
/// (issue 23): the window is 40 luma and 24 chroma rows, whatever the height.
final class VP8PlaneWindow {
    static let lumaRows = 40, chromaRows = 24
    private let lumaStride: Int
    private let chromaStride: Int
    private let y: UnsafeMutablePointer<UInt8>
    private let u: UnsafeMutablePointer<UInt8>
    private let v: UnsafeMutablePointer<UInt8>

    init(columns: Int) {
        lumaStride = 16 * columns
        chromaStride = 8 * columns
        y = .allocate(capacity: lumaStride * Self.lumaRows)
        u = .allocate(capacity: chromaStride * Self.chromaRows)
        v = .allocate(capacity: chromaStride * Self.chromaRows)
        // Every byte read is written first; zeros keep a mistake there deterministic.
        y.initialize(repeating: 0, count: lumaStride * Self.lumaRows)
        u.initialize(repeating: 0, count: chromaStride * Self.chromaRows)
        v.initialize(repeating: 0, count: chromaStride * Self.chromaRows)
    }

    deinit {
        y.deallocate()
        u.deallocate()
        v.deallocate()
    }

    /// Pointers placed as if the planes were whole, while macroblock row `row` is rebuilt:
    /// luma rows 16·row-24 ..< 16·row+16 and chroma rows 8·row-16 ..< 8·row+8 lie in the
    /// window; the code that rebuilds, filters and converts reads no others.
    func planes(atRow row: Int) -> VP8PlanePointers {
        VP8PlanePointers(
            y: y + (24 - 16 * row) * lumaStride, u: u + (16 - 8 * row) * chromaStride,
            v: v + (16 - 8 * row) * chromaStride, lumaStride: lumaStride, chromaStride: chromaStride)
    }

    /// Moves the window down one macroblock row, once that row is rebuilt and what could be
    /// converted was: the 24 luma and 16 chroma rows still needed go to the top.
    func slide() {
        for row in 0..<24 { (y + row * lumaStride).update(from: y + (row + 16) * lumaStride, count: lumaStride) }
        for row in 0..<16 {
            (u + row * chromaStride).update(from: u + (row + 8) * chromaStride, count: chromaStride)
            (v + row * chromaStride).update(from: v + (row + 8) * chromaStride, count: chromaStride)
        }
    }
}

/// Pointers to the planes, as if whole (see `VP8PlaneWindow.planes(atRow:)`).
struct VP8PlanePointers {
    let y: UnsafeMutablePointer<UInt8>
    let u: UnsafeMutablePointer<UInt8>
    let v: UnsafeMutablePointer<UInt8>
    let lumaStride: Int
    let chromaStride: Int
}
