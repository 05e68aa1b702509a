/// Undoes a row's filter in place (PNG specification, section 9). `row` and
/// `previous` point at the first byte of the row; the `stride` bytes before
/// each are readable zeros, so the left edge needs no special case.
enum PNGUnfilter {
    static func apply(_ filter: UInt8, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>,
                      count: Int, stride: Int) throws(DecodeError) {
        switch filter {
        case 0:
            break
        case 1:
            for i in 0..<count { row[i] &+= row[i &- stride] }
        case 2:
            for i in 0..<count { row[i] &+= previous[i] }
        case 3:
            for i in 0..<count {
                row[i] &+= UInt8(truncatingIfNeeded: (UInt16(row[i &- stride]) &+ UInt16(previous[i])) &>> 1)
            }
        case 4:
            paeth(row: row, previous: previous, count: count, stride: stride)
        default:
            throw .corrupt("PNG filter type \(filter)")
        }
    }

    /// The Paeth predictor: of left (a), above (b) and upper-left (c), the one
    /// nearest a + b − c, ties going to a, then b.
    private static func paeth(row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>,
                              count: Int, stride: Int) {
        for i in 0..<count {
            let a = Int(row[i &- stride])
            let b = Int(previous[i])
            let c = Int(previous[i &- stride])
            let pa = abs(b &- c)
            let pb = abs(a &- c)
            let pc = abs(a &+ b &- c &- c)
            let predicted = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
            row[i] &+= UInt8(truncatingIfNeeded: predicted)
        }
    }
}
