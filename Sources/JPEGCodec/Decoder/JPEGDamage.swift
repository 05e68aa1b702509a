import ImageCore

/// Whether a JPEG gave every pixel it describes: libjpeg's "premature end of data" kept as a
/// fact rather than a warning. A scan whose data ran out (the file cut, or a marker where its
/// entropy-coded bits should go) leaves the rest of its MCUs grey or unrefined; a file that ends
/// between the scans of a progressive (or one-scan-a-component) image leaves the later scans'
/// coefficients out. The picture is still made, so terminal views can show what decoded, but the
/// damage goes with it, so the commands that write pixels can refuse it.
struct JPEGDamage {
    /// The first thing found wrong; nil while every pixel so far is whole.
    private(set) var found: DecodeError?
    /// Components a sequential scan has coded, in a one-scan-a-component image.
    private var coded: Set<Int> = []

    /// A scan's data ran out in iMCU row `row` (of the frame's iMCU rows).
    mutating func scanRanShort(_ scan: Int, row: Int, frame: JPEGFrame, streaming: Bool) {
        guard found == nil else { return }
        let pixelRow = row &* 8 &* frame.maxV
        let which =
            streaming ? "the scan data" : frame.progressive ? "scan \(scan) of a progressive JPEG" : "scan \(scan)"
        found = .truncated(section: "in \(which) at row \(pixelRow) of \(frame.height)")
    }

    /// A sequential scan into the coefficient store coded these components.
    mutating func sequentialScan(_ components: [Int]) { coded.formUnion(components) }

    /// The data ended (without EOI, or cut in a later segment: `cut`) after `scans` scans. With every
    /// coefficient there (a progressive image refined to the last bit, or a scan for every component)
    /// only trailing bytes are missing and the picture is whole; else it is not.
    mutating func endedEarly(
        after scans: Int, frame: JPEGFrame, progression: JPEGProgressionStatus, cut: DecodeError?
    ) {
        guard found == nil else { return }
        let whole =
            frame.progressive
            ? progression.current.allSatisfy { $0.allSatisfy { $0 == 0 } }
            : coded.count == frame.components.count
        guard !whole else { return }
        found = cut ?? .truncated(section: "after scan \(scans), before the scans that complete the image")
    }
}
