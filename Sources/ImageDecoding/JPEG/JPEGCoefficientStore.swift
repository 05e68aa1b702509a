/// Every block's coefficients, for progressive JPEG and sequential JPEG coded in several scans:
/// Int16 in natural order, block rows of whole MCUs. Allocated only after the budget check.
final class JPEGCoefficientStore {
    struct Component {
        let coefficients: UnsafeMutablePointer<Int16>
        /// Per block, the highest zigzag index made nonzero so far (see JPEGProgressiveBlock).
        let last: UnsafeMutablePointer<UInt8>
        let blocksWide: Int
        let blockCount: Int
    }

    let components: [Component]

    /// What the store of `frame` takes: 64 coefficients of 2 bytes and one more byte a block.
    static func bytes(frame: JPEGFrame) -> Int { frame.storedBlockCount * 129 }

    init(frame: JPEGFrame) {
        components = frame.components.map { c in
            let count = c.storedBlocksWide * c.storedBlocksHigh
            let coefficients = UnsafeMutablePointer<Int16>.allocate(capacity: count * 64)
            coefficients.initialize(repeating: 0, count: count * 64)
            let last = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
            last.initialize(repeating: 0, count: count)
            return Component(coefficients: coefficients, last: last, blocksWide: c.storedBlocksWide, blockCount: count)
        }
    }

    deinit {
        for c in components {
            c.coefficients.deallocate()
            c.last.deallocate()
        }
    }
}
