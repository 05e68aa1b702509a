#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Posix {
    /// A pthread running a closure: no Foundation in the libraries, and no Dispatch pool, whose
    /// threads may have been made before the signals were blocked, or may all be waiting on the
    /// very work queued behind them.
    public struct Thread: Sendable {
        // A pthread_t is an integer id on Linux, so Sendable as it is (Darwin's is a pointer, which a
        // port wraps); used once, by the one owner that joins it.
        private let id: pthread_t

        /// Starts `body` on a thread of its own; nil when no thread can be had. Join it once.
        public static func start(_ body: @escaping @Sendable () -> Void) -> Thread? {
            let box = Unmanaged.passRetained(Box(body)).toOpaque()
            var id = pthread_t()
            let started = pthread_create(
                &id, nil,
                { raw in
                    guard let raw else { return nil }
                    Unmanaged<Box>.fromOpaque(raw).takeRetainedValue().body()
                    return nil
                }, box)
            guard started == 0 else {
                Unmanaged<Box>.fromOpaque(box).release()
                return nil
            }
            return Thread(id: id)
        }

        /// Starts `body` on a thread nobody waits for; false when no thread can be had.
        @discardableResult
        public static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
            guard let thread = start(body) else { return false }
            pthread_detach(thread.id)
            return true
        }

        /// Waits for the thread to end.
        public func join() { pthread_join(id, nil) }

        private final class Box {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
    }
}
