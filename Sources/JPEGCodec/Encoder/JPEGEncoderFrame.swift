extension JPEGEncoder {
    /// The frame's geometry: components, their sampling, and how many 8 × 8 blocks each has, both
    /// padded to whole MCUs (interleaved scans) and covering only its own samples (a scan of one
    /// component, T.81 A.2.2, codes only those).
    struct Frame {
        struct Component {
            let id: UInt8
            let h: Int
            let v: Int
            /// 0 for luma, 1 for chroma.
            let table: Int
            /// Blocks across and down, padded to whole MCUs (what is stored).
            let paddedBlocksWide: Int
            let paddedBlocksHigh: Int
            /// Blocks across and down covering the component's own samples.
            let blocksWide: Int
            let blocksHigh: Int
        }

        let width: Int
        let height: Int
        let components: [Component]
        let hMax: Int
        let vMax: Int
        let mcusWide: Int
        let mcusHigh: Int

        init(width: Int, height: Int, components count: Int, subsampled: Bool) {
            self.width = width
            self.height = height
            let sampling = count == 1 ? [(1, 1)] : subsampled ? [(2, 2), (1, 1), (1, 1)] : [(1, 1), (1, 1), (1, 1)]
            hMax = sampling.map(\.0).max()!
            vMax = sampling.map(\.1).max()!
            mcusWide = (width + 8 * hMax - 1) / (8 * hMax)
            mcusHigh = (height + 8 * vMax - 1) / (8 * vMax)
            var components: [Component] = []
            for (index, (h, v)) in sampling.enumerated() {
                let samplesWide = (width * h + hMax - 1) / hMax
                let samplesHigh = (height * v + vMax - 1) / vMax
                components.append(
                    Component(
                        id: UInt8(index + 1), h: h, v: v, table: index == 0 ? 0 : 1,
                        paddedBlocksWide: mcusWide * h, paddedBlocksHigh: mcusHigh * v,
                        blocksWide: (samplesWide + 7) / 8, blocksHigh: (samplesHigh + 7) / 8))
            }
            self.components = components
        }
    }
}
