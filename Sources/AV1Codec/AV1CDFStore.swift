/// A tile's CDFs in raw memory, owned: the symbol decoder reads and adapts them through a
/// pointer, with none of an array's uniqueness or bounds checks on each of its millions of symbols.
final class AV1CDFStore {
    let values: UnsafeMutablePointer<UInt16>
    let count: Int

    /// A copy of `cdfs`.
    init(_ cdfs: AV1CDFs) {
        count = cdfs.values.count
        values = .allocate(capacity: count)
        values.initialize(from: cdfs.values, count: count)
    }

    deinit { values.deallocate() }
}
