import Dispatch
import Synchronization

/// Work spread over every core: decoding nine photos for a sheet is nine independent jobs,
/// and a 2-core machine does them in half the time.
public enum Parallel {
    /// `transform` of each item, in the items' order; as many at once as there are cores.
    @inlinable
    public static func map<T: Sendable, R: Sendable>(_ items: [T], _ transform: @Sendable (T) -> R) -> [R] {
        // One slot a job; the lock is taken once a job, after its work, so it costs nothing to speak of.
        let slots = Mutex([R?](repeating: nil, count: items.count))
        DispatchQueue.concurrentPerform(iterations: items.count) { i in
            let value = transform(items[i])
            slots.withLock { $0[i] = value }
        }
        return slots.withLock { $0.map { $0! } }
    }
}
