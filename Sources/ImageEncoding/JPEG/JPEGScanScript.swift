extension JPEGEncoder {
    /// One scan: its components (frame indices), spectral band and successive-approximation bits.
    struct Scan: Equatable {
        var components: [Int]
        var start: Int
        var end: Int
        var high: Int
        var low: Int
    }

    enum ScanScript {
        static func sequential(_ frame: Frame) -> Scan {
            Scan(components: Array(frame.components.indices), start: 0, end: 63, high: 0, low: 0)
        }

        /// libjpeg's `jpeg_simple_progression`: DC first (one bit held back), the low luma band, chroma,
        /// the rest of luma at two bits less, then the refinements. The scan order libjpeg-turbo and
        /// mozjpeg ship, so decoders everywhere have met it.
        static func progressive(_ frame: Frame) -> [Scan] {
            let all = Array(frame.components.indices)
            if frame.components.count == 1 {
                return [
                    Scan(components: [0], start: 0, end: 0, high: 0, low: 1),
                    Scan(components: [0], start: 1, end: 5, high: 0, low: 2),
                    Scan(components: [0], start: 6, end: 63, high: 0, low: 2),
                    Scan(components: [0], start: 1, end: 63, high: 2, low: 1),
                    Scan(components: [0], start: 0, end: 0, high: 1, low: 0),
                    Scan(components: [0], start: 1, end: 63, high: 1, low: 0),
                ]
            }
            return [
                Scan(components: all, start: 0, end: 0, high: 0, low: 1),
                Scan(components: [0], start: 1, end: 5, high: 0, low: 2),
                Scan(components: [2], start: 1, end: 63, high: 0, low: 1),
                Scan(components: [1], start: 1, end: 63, high: 0, low: 1),
                Scan(components: [0], start: 6, end: 63, high: 0, low: 2),
                Scan(components: [0], start: 1, end: 63, high: 2, low: 1),
                Scan(components: all, start: 0, end: 0, high: 1, low: 0),
                Scan(components: [2], start: 1, end: 63, high: 1, low: 0),
                Scan(components: [1], start: 1, end: 63, high: 1, low: 0),
                Scan(components: [0], start: 1, end: 63, high: 1, low: 0),
            ]
        }
    }
}
