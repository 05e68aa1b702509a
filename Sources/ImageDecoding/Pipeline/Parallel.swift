import Dispatch

/// Work spread over every core: decoding nine photos for a sheet is nine independent jobs,
/// and a 2-core machine does them in half the time.
public enum Parallel {
    /// `transform` of each item, in the items' order; as many at once as there are cores.
    public static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        let slots = Slots<R>(count: items.count)
        DispatchQueue.concurrentPerform(iterations: items.count) { i in slots.put(transform(items[i]), at: i) }
        return slots.taken()
    }
}

/// One result slot per job. Each job writes only its own slot, and every write happens before
/// `concurrentPerform` returns, which is why the unchecked Sendable is sound.
private final class Slots<R>: @unchecked Sendable {
    private var values: [R?]

    init(count: Int) { values = [R?](repeating: nil, count: count) }

    func put(_ value: R, at i: Int) {
        values.withUnsafeMutableBufferPointer { $0[i] = value }
    }

    func taken() -> [R] { values.map { $0! } }
}
