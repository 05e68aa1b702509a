#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A counting semaphore (`sem_t`): the waiting that goes with a `Synchronization.Mutex`, which
/// has no condition variable. A thread that found nothing to do under the mutex counts itself
/// idle there and waits here; whoever gives it work signals once for each idle thread. A signal
/// sent before the wait begins is kept in the count, so none is lost between the two.
public final class Semaphore: @unchecked Sendable {
    // Unchecked Sendable, sound because sem_t is made to be shared between threads (every call on
    // it is atomic); it only needs an address that never moves, which this allocation gives it.
    private let semaphore = UnsafeMutablePointer<sem_t>.allocate(capacity: 1)

    public init() { sem_init(semaphore, 0, 0) }

    deinit {
        sem_destroy(semaphore)
        semaphore.deallocate()
    }

    /// Waits until the count is above zero and takes one from it.
    public func wait() { _ = Posix.retryingInterrupts { sem_wait(semaphore) } }

    /// Adds `count` to the count, waking as many waiting threads.
    public func signal(_ count: Int = 1) {
        for _ in 0..<max(0, count) { sem_post(semaphore) }
    }
}
