/// Restart intervals (DRI/RSTn) as libjpeg's process_restart handles them: before
/// every `interval`-th MCU the bit buffer is dropped and the RSTn marker read, and
/// the predictions reset. Once a scan's data has run out (a decode used padding),
/// its MCUs are left alone until a restart marker is found again.
struct JPEGRestartTracker {
    let interval: Int
    private var left: Int
    private var number = 0
    /// libjpeg's insufficient_data: the data ran out in this restart interval.
    private(set) var outOfData = false

    init(interval: Int) {
        self.interval = interval
        left = interval
    }

    /// Call before each MCU; true when a restart happened, so the caller resets its DC predictions and EOB run.
    @inline(__always) mutating func beforeMCU(_ reader: inout JPEGBitReader) -> Bool {
        guard interval > 0 else { return false }
        var restarted = false
        if left == 0 {
            if reader.restart(expecting: number) { outOfData = false }
            number = (number + 1) & 7
            left = interval
            restarted = true
        }
        left -= 1
        return restarted
    }

    /// Call after each decoded MCU.
    @inline(__always) mutating func afterMCU(_ reader: JPEGBitReader) {
        if reader.overran { outOfData = true }
    }
}

/// One component's part in a scan: its place in the frame, its sampling factors and tables.
struct JPEGScanComponent {
    let index: Int
    let h: Int
    let v: Int
    let dc: JPEGHuffmanLookup?
    let ac: JPEGHuffmanLookup?
    /// The IDCT output size (streaming only).
    let blockSize: Int
    let quant: JPEGQuantTable
}

/// The inverse DCT at a component's output size, with the DC-only shortcut (which
/// gives the same samples as the full transform).
enum JPEGBlockTransform {
    @inline(__always)
    static func apply(
        size: Int, hasAC: Bool, _ coefficients: UnsafePointer<Int16>, _ quant: JPEGQuantTable,
        _ workspace: UnsafeMutablePointer<Int32>, _ output: UnsafeMutablePointer<UInt8>, _ stride: Int
    ) {
        if !hasAC {
            fill(size: size, JPEGIDCT.dcOnly(coefficients[0], quant.wide[0]), output, stride)
            return
        }
        switch size {
        case 8: JPEGIDCT.islow(coefficients, quant.narrow, output, stride)
        case 4: JPEGReducedIDCT.idct4x4(coefficients, quant.wide, workspace, output, stride)
        case 2: JPEGReducedIDCT.idct2x2(coefficients, quant.wide, workspace, output, stride)
        default: JPEGReducedIDCT.idct1x1(coefficients, quant.wide, output)
        }
    }

    /// Whether any AC coefficient of a stored block is nonzero.
    @inline(__always) static func hasAC(_ coefficients: UnsafePointer<Int16>) -> Bool {
        let words = UnsafeRawPointer(coefficients).assumingMemoryBound(to: UInt64.self)
        var any = words[0] & 0xFFFF_FFFF_FFFF_0000
        for i in 1..<16 { any |= words[i] }
        return any != 0
    }

    /// A block of one sample value (mid-grey for blocks the data never reached).
    @inline(__always)
    static func fill(size: Int, _ value: UInt8, _ output: UnsafeMutablePointer<UInt8>, _ stride: Int) {
        for row in 0..<size { (output + row &* stride).update(repeating: value, count: size) }
    }
}
