import Posix

/// A fixed-size buffer whose copies share their elements, for what a frame's tiles write at once
/// from several threads (the frame's samples, the mode grid): each tile writes its own units
/// only, so the writes never meet, and a value-typed array would copy itself on the first.
/// Reads and writes are bounds-checked as an array's are.
struct AV1SharedBuffer<Element: BitwiseCopyable>: RandomAccessCollection, @unchecked Sendable {
    private final class Storage {
        let base: UnsafeMutablePointer<Element>
        /// Whether calloc made it (then free gives it back).
        let zeroed: Bool

        /// A zero fill comes from calloc: a frame's planes and grid (some 50 MB at 12 MP) are then
        /// the kernel's zero pages, faulted in by the tiles that write them, on every core, rather
        /// than all written once on one core before the tiles start.
        init(count: Int, repeating value: Element) {
            let isZero = withUnsafeBytes(of: value) { bytes in bytes.allSatisfy { $0 == 0 } }
            if isZero, let raw = Posix.zeroedMemory(count: Swift.max(count, 1), size: MemoryLayout<Element>.stride) {
                base = raw.bindMemory(to: Element.self, capacity: Swift.max(count, 1))
                zeroed = true
            } else {
                base = .allocate(capacity: Swift.max(count, 1))
                base.initialize(repeating: value, count: count)
                zeroed = false
            }
        }

        deinit {
            if zeroed { Posix.freeMemory(UnsafeMutableRawPointer(base)) } else { base.deallocate() }
        }
    }

    private let storage: Storage
    let count: Int

    init(repeating value: Element, count: Int) {
        storage = Storage(count: count, repeating: value)
        self.count = count
    }

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(i: Int) -> Element {
        @inline(__always) get {
            precondition(i >= 0 && i < count, "index out of range")
            return storage.base[i]
        }
        @inline(__always) nonmutating set {
            precondition(i >= 0 && i < count, "index out of range")
            storage.base[i] = newValue
        }
    }

    func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R? {
        try body(UnsafeBufferPointer(start: storage.base, count: count))
    }

    @inline(__always)
    func withUnsafeMutableBufferPointer<R, E: Error>(
        _ body: (UnsafeMutableBufferPointer<Element>) throws(E) -> R
    ) throws(E) -> R {
        try body(UnsafeMutableBufferPointer(start: storage.base, count: count))
    }

    @inline(__always)
    func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<Element>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(start: storage.base, count: count))
    }
}
