/// Picks each row's filter as libpng and Pillow do: the one whose output, read
/// as signed bytes, has the smallest sum of absolute values (ties to the lower
/// filter type), which tends to leave deflate the least to code.
struct PNGFilterChooser: ~Copyable {
    private let rowBytes: Int
    private let stride: Int
    /// Two unfiltered rows, each after `stride` zero bytes (the left neighbours of the first pixel).
    private let rows: UnsafeMutablePointer<UInt8>
    /// Where the caller puts the row to filter, and the one before it.
    private(set) var currentRow: UnsafeMutablePointer<UInt8>
    private var previousRow: UnsafeMutablePointer<UInt8>
    /// The four candidates other than "none".
    private let candidates: UnsafeMutablePointer<UInt8>

    init(rowBytes: Int, stride: Int) {
        self.rowBytes = rowBytes
        self.stride = stride
        rows = .allocate(capacity: 2 * (stride + rowBytes))
        rows.initialize(repeating: 0, count: 2 * (stride + rowBytes))
        currentRow = rows + stride
        previousRow = rows + 2 * stride + rowBytes
        candidates = .allocate(capacity: 4 * max(rowBytes, 1))
    }

    deinit {
        rows.deallocate()
        candidates.deallocate()
    }

    /// Filters `currentRow` into `output` (filter byte first), then makes it the previous row.
    /// The loops work on 16- and 32-bit values so the compiler can vectorize them.
    mutating func filterRow(into output: UnsafeMutablePointer<UInt8>) {
        let row = currentRow, above = previousRow, n = rowBytes, s = stride
        var bestType = 0
        var bestCost = Self.cost(row, n)
        for type in 1...4 {
            let out = candidates + (type - 1) * n
            switch type {
            case 1: for i in 0..<n { out[i] = row[i] &- row[i &- s] }
            case 2: for i in 0..<n { out[i] = row[i] &- above[i] }
            case 3:
                for i in 0..<n {
                    out[i] = row[i] &- UInt8(truncatingIfNeeded: (UInt16(row[i &- s]) &+ UInt16(above[i])) &>> 1)
                }
            default:
                for i in 0..<n {
                    let a = Int16(row[i &- s]), b = Int16(above[i]), c = Int16(above[i &- s])
                    let pa = Self.magnitude(b &- c), pb = Self.magnitude(a &- c), pc = Self.magnitude(a &+ b &- c &- c)
                    let predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                    out[i] = row[i] &- UInt8(truncatingIfNeeded: predicted)
                }
            }
            let cost = Self.cost(out, n)
            if cost < bestCost {
                bestCost = cost
                bestType = type
            }
        }
        output[0] = UInt8(bestType)
        let chosen: UnsafeMutablePointer<UInt8> = bestType == 0 ? row : candidates + (bestType - 1) * n
        (output + 1).update(from: chosen, count: n)
        swap(&currentRow, &previousRow)
    }

    @inline(__always)
    private static func magnitude(_ v: Int16) -> Int16 { v < 0 ? 0 &- v : v }

    /// Sum of |v| over the bytes read as signed (at most 128 a byte, so 32 bits hold any row).
    @inline(__always)
    private static func cost(_ bytes: UnsafePointer<UInt8>, _ n: Int) -> Int {
        var sum: UInt32 = 0
        for i in 0..<n {
            let v = bytes[i]
            sum &+= UInt32(v < 128 ? v : 0 &- v)
        }
        return Int(sum)
    }
}
