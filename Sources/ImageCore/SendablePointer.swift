/// Memory shared between threads, the one place the decoders and encoders vouch for it by hand.
///
/// Unchecked Sendable, sound because every holder orders the accesses itself: the jobs of one
/// `concurrentPerform` each write only their own part (or all only read) and the memory outlives
/// the call; or a buffer passes from one thread to the other through a semaphore, which orders the
/// memory too; or a table is written only by its `static let` initialiser, which Swift runs once
/// before any reader, and never written or freed after.
public struct SendablePointer<T>: @unchecked Sendable {
    public let base: UnsafeMutablePointer<T>
    @inlinable public init(_ base: UnsafeMutablePointer<T>) { self.base = base }
    /// Memory that is only read through this pointer.
    @inlinable public init(mutating base: UnsafePointer<T>) { self.base = UnsafeMutablePointer(mutating: base) }

    /// A table of `count` entries made once by `fill` and never freed: for a `static let` that hot
    /// loops read through a pointer, with no array's bounds checks or reference counting.
    @inlinable
    public static func table(count: Int, _ fill: (UnsafeMutablePointer<T>) -> Void) -> SendablePointer<T> {
        let table = UnsafeMutablePointer<T>.allocate(capacity: count)
        fill(table)
        return SendablePointer(table)
    }
}
