extension JPEGEncoder {
    /// One scan: its components (frame indices), spectral band and successive-approximation bits.
    struct Scan: Hashable {
        var components: [Int]
        var start: Int
        var end: Int
        var high: Int
        var low: Int
    }

    /// How one component's AC coefficients are sent in a progressive script: first scans with `low`
    /// bits held back, over 1...`split` and (split + 1)...63 (one band when split is 63), then one
    /// refinement scan over 1...63 for each bit held back.
    struct ACPlan: Hashable {
        var low: Int
        var split: Int

        /// The first scans, lowest band first.
        func firstScans(_ component: Int) -> [Scan] {
            let bands = split == 63 ? [(1, 63)] : [(1, split), (split + 1, 63)]
            return bands.map { Scan(components: [component], start: $0.0, end: $0.1, high: 0, low: low) }
        }

        /// The refinement scans, highest bit first.
        func refinements(_ component: Int) -> [Scan] {
            stride(from: low, to: 0, by: -1).map {
                Scan(components: [component], start: 1, end: 63, high: $0, low: $0 - 1)
            }
        }
    }

    enum ScanScript {
        static func sequential(_ frame: Frame) -> Scan {
            Scan(components: Array(frame.components.indices), start: 0, end: 63, high: 0, low: 0)
        }

        /// libjpeg's `jpeg_simple_progression`: DC first (one bit held back), the low luma band, chroma,
        /// the rest of luma at two bits less, then the refinements. The scan order libjpeg-turbo and
        /// mozjpeg ship, so decoders everywhere have met it; ScanSearch starts from it.
        static func progressive(_ frame: Frame) -> [Scan] {
            progressive(frame, dcLow: 1, plans: Array(defaultPlans.prefix(frame.components.count)))
        }

        /// Luma 1...5 and 6...63 two bits short, chroma whole one bit short: `jpeg_simple_progression`'s.
        static let defaultPlans = [ACPlan(low: 2, split: 5), ACPlan(low: 1, split: 63), ACPlan(low: 1, split: 63)]

        /// A script in `jpeg_simple_progression`'s order for any plans: the DC of every component in
        /// one scan (`dcLow` bits held back), luma's lowest band, chroma's first scans (Cr before Cb,
        /// as libjpeg), the rest of luma's, then the refinements (luma's but its last, the DC's,
        /// chroma's, luma's last). Every coefficient's bits come in order, after its component's DC
        /// (T.81 G.1.1.1.1), whatever the plans.
        static func progressive(_ frame: Frame, dcLow: Int, plans: [ACPlan]) -> [Scan] {
            let all = Array(frame.components.indices)
            let luma = plans[0].firstScans(0), lumaRefinements = plans[0].refinements(0)
            let chroma = all.dropFirst().reversed()
            var scans = [Scan(components: all, start: 0, end: 0, high: 0, low: dcLow)]
            scans.append(luma[0])
            for c in chroma { scans += plans[c].firstScans(c) }
            scans += luma.dropFirst()
            scans += lumaRefinements.dropLast()
            if dcLow > 0 {
                scans += stride(from: dcLow, to: 0, by: -1).map {
                    Scan(components: all, start: 0, end: 0, high: $0, low: $0 - 1)
                }
            }
            for c in chroma { scans += plans[c].refinements(c) }
            scans += lumaRefinements.suffix(1)
            return scans
        }
    }
}
