/// One component's part in a scan: its place in the frame, its sampling factors and tables.
struct JPEGScanComponent {
    let index: Int
    let h: Int
    let v: Int
    let dc: JPEGHuffmanLookup?
    let ac: JPEGHuffmanLookup?
    /// The IDCT output size (streaming only).
    let blockSize: Int
    let quant: JPEGQuantTable
}
