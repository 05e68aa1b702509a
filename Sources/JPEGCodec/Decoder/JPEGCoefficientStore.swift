import Posix

/// Every block's coefficients, for progressive JPEG and sequential JPEG coded in several
/// scans, in block rows of whole MCUs. DC coefficients sit in a dense array of their own;
/// AC coefficients (64 slots a block, natural order, slot 0 unused) come from calloc, whose
/// large blocks are zero pages the kernel supplies only when written. So a block no data
/// gives an AC coefficient costs three bytes of memory touched, not 131: a huge, nearly
/// empty image stays cheap. Allocated only after the budget check.
final class JPEGCoefficientStore {
    struct Component {
        let dc: UnsafeMutablePointer<Int16>
        let ac: UnsafeMutablePointer<Int16>
        /// Per block, the highest zigzag index made nonzero so far: 0 means DC only (see JPEGProgressiveBlock).
        let last: UnsafeMutablePointer<UInt8>
        let blocksWide: Int
        let blockCount: Int
    }

    let components: [Component]
    private var allocations: [UnsafeMutableRawPointer] = []
    /// Per component, the nonzero masks of JPEGMaskedBlock, made when its first AC scan needs them.
    private var masks: [UnsafeMutablePointer<UInt64>?]

    /// What the store of `frame` may take: 64 coefficients of 2 bytes, a DC of 2 and one byte a block.
    static func bytes(frame: JPEGFrame) -> Int { frame.storedBlockCount * 131 }

    /// Nil when the memory is not there.
    init?(frame: JPEGFrame) {
        var components: [Component] = []
        var allocations: [UnsafeMutableRawPointer] = []
        for c in frame.components {
            let count = c.storedBlocksWide * c.storedBlocksHigh
            // Each kept as soon as it is made, so a failure after the first frees it too.
            let made = [
                Posix.zeroedMemory(count: count, size: 2), Posix.zeroedMemory(count: count, size: 128),
                Posix.zeroedMemory(count: count, size: 1),
            ]
            allocations += made.compactMap { $0 }
            guard let dc = made[0], let ac = made[1], let last = made[2] else {
                for pointer in allocations { Posix.freeMemory(pointer) }
                return nil
            }
            components.append(
                Component(
                    dc: dc.bindMemory(to: Int16.self, capacity: count),
                    ac: ac.bindMemory(to: Int16.self, capacity: count * 64),
                    last: last.bindMemory(to: UInt8.self, capacity: count),
                    blocksWide: c.storedBlocksWide, blockCount: count))
        }
        self.components = components
        self.allocations = allocations
        masks = Array(repeating: nil, count: components.count)
    }

    /// The component's masks, zeroed; nil when the memory is not there. Eight bytes a block, where the
    /// 128 of its AC coefficients (in the budget) are then never written, so never paged in.
    func nonzeroMasks(component c: Int) -> UnsafeMutablePointer<UInt64>? {
        if let made = masks[c] { return made }
        guard let raw = Posix.zeroedMemory(count: components[c].blockCount, size: 8) else { return nil }
        allocations.append(raw)
        let made = raw.bindMemory(to: UInt64.self, capacity: components[c].blockCount)
        masks[c] = made
        return made
    }

    deinit {
        for pointer in allocations { Posix.freeMemory(pointer) }
    }
}
