/// The vertical pass of the area shrink taken a source line at a time, as a decoder hands lines on: the
/// sums of the output lines still open (whose span has begun and not ended), each line added to those
/// whose span holds it, an output line handed on the moment its span's last line is in. Spans start and
/// end in order and overlap by a line or so, so a handful of sums are held, never the source. The sums
/// are `BoxSpans`' own (start, accumulate, finish), so the result is `resampleRows`' to the byte.
final class BoxRowSums {
    private let spans: BoxSpans
    private let lineBytes: Int
    /// Output lines `finished..<opened` are open; `open[k]` is line `finished + k`'s sums.
    private var finished = 0
    private var opened = 0
    private var open: [UnsafeMutablePointer<Int32>] = []
    /// Sums no longer used, taken again before any is allocated.
    private var free: [UnsafeMutablePointer<Int32>] = []
    /// A finished line, clipped to 8 bits.
    private let done: UnsafeMutablePointer<UInt8>

    init(spans: BoxSpans, lineBytes: Int) {
        self.spans = spans
        self.lineBytes = lineBytes
        done = .allocate(capacity: Swift.max(1, lineBytes))
    }

    deinit {
        for sums in open + free { sums.deallocate() }
        done.deallocate()
    }

    /// Source line `y` (lines come in order from 0, each once). `line` makes its bytes, called only when
    /// some output line takes it; `finish` gets each output line this one completes, in order, with its
    /// index and bytes (valid during the call).
    func add(
        _ y: Int, line: () -> UnsafePointer<UInt8>, finish: (Int, UnsafePointer<UInt8>) -> Void
    ) {
        let count = spans.start.count
        while opened < count, spans.start[opened] <= y { openNext() }
        var bytes: UnsafePointer<UInt8>?
        for i in finished..<opened where y < spans.start[i] + spans.count[i] {
            let source = bytes ?? line()
            bytes = source
            let weight = spans.weights[spans.weightStart[i] + y - spans.start[i]]
            BoxSpans.accumulate(source, weight: weight, into: open[i - finished], count: lineBytes)
        }
        // An output line whose span is empty (it takes no line) ends where it starts.
        while finished < count, spans.start[finished] + spans.count[finished] <= y + 1 {
            if finished == opened { openNext() }
            let sums = open.removeFirst()
            BoxSpans.finishSums(sums, count: lineBytes, into: done)
            finish(finished, done)
            free.append(sums)
            finished += 1
        }
    }

    /// Whether every output line was handed on.
    var complete: Bool { finished == spans.start.count }

    private func openNext() {
        let sums = free.popLast() ?? .allocate(capacity: Swift.max(1, lineBytes))
        BoxSpans.startSums(sums, count: lineBytes)
        open.append(sums)
        opened += 1
    }
}
