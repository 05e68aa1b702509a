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
    /// The data ran out somewhere in the scan, even if a later restart marker was found again: some MCUs
    /// were left as they were, so the picture is not whole.
    private(set) var ranOut = false

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
    @inline(__always) mutating func afterMCU(_ reader: JPEGBitReader) { afterMCU(overran: reader.overran) }

    /// The same, with the reader's `overran` given.
    @inline(__always) mutating func afterMCU(overran: Bool) {
        if overran {
            outOfData = true
            ranOut = true
        }
    }
}
