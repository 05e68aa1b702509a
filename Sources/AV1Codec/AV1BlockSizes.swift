/// Block and transform sizes (AV1 3, 10.2): the spec's numbering, and the conversion tables the
/// partition tree and the mode info read.
enum AV1Block {
    /// BLOCK_4X4 ... BLOCK_64X16, in the spec's order.
    static let widthLog2: [Int] = [0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 0, 2, 1, 3, 2, 4]
    static let heightLog2: [Int] = [0, 1, 0, 1, 2, 1, 2, 3, 2, 3, 4, 3, 4, 5, 4, 5, 2, 0, 3, 1, 4, 2]
    static let sizeGroup: [Int] = [0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 0, 0, 1, 1, 2, 2]
    /// Max_Tx_Size_Rect: the largest transform of each block size.
    static let maxTxSizeRect: [Int] = [0, 5, 6, 1, 7, 8, 2, 9, 10, 3, 11, 12, 4, 4, 4, 4, 13, 14, 15, 16, 17, 18]
    static let maxTxDepth: [Int] = [0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 4, 4, 4, 2, 2, 3, 3, 4, 4]

    static let block4x4 = 0, block8x8 = 3, block64x64 = 12, block128x128 = 15

    /// Width and height in 4×4 units.
    static func wide4(_ size: Int) -> Int { 1 << widthLog2[size] }
    static func high4(_ size: Int) -> Int { 1 << heightLog2[size] }

    /// The block size of sides 4 << w and 4 << h (in the spec's numbering), or nil for none.
    static func size(widthLog2 w: Int, heightLog2 h: Int) -> Int? {
        (0..<22).first { widthLog2[$0] == w && heightLog2[$0] == h }
    }

    /// Partition_Subsize[p][bSize] of a square block: the largest sub-block the partition makes.
    static func subsize(_ partition: AV1Partition, _ size: Int) -> Int {
        let n = widthLog2[size]
        let (w, h): (Int, Int)
        switch partition {
        case .none: (w, h) = (n, n)
        case .horizontal, .horizontalA, .horizontalB: (w, h) = (n, n - 1)
        case .vertical, .verticalA, .verticalB: (w, h) = (n - 1, n)
        case .split: (w, h) = (n - 1, n - 1)
        case .horizontal4: (w, h) = (n, n - 2)
        case .vertical4: (w, h) = (n - 2, n)
        }
        return Self.size(widthLog2: max(w, 0), heightLog2: max(h, 0)) ?? block4x4
    }
}

/// The ten ways a square block splits (PARTITION_NONE ... PARTITION_VERT_4).
enum AV1Partition: Int {
    case none, horizontal, vertical, split, horizontalA, horizontalB, verticalA, verticalB, horizontal4, vertical4
}

/// Transform sizes TX_4X4 ... TX_64X16, in the spec's order.
enum AV1TxSize {
    static let width: [Int] = [4, 8, 16, 32, 64, 4, 8, 8, 16, 16, 32, 32, 64, 4, 16, 8, 32, 16, 64]
    static let height: [Int] = [4, 8, 16, 32, 64, 8, 4, 16, 8, 32, 16, 64, 32, 16, 4, 32, 8, 64, 16]
    static let split: [Int] = [0, 0, 1, 2, 3, 0, 0, 1, 1, 2, 2, 3, 3, 5, 6, 7, 8, 9, 10]
    /// Tx_Size_Sqr and Tx_Size_Sqr_Up: the square sizes of the shorter and the longer side.
    static let square: [Int] = [0, 1, 2, 3, 4, 0, 0, 1, 1, 2, 2, 3, 3, 0, 0, 1, 1, 2, 2]
    static let squareUp: [Int] = [0, 1, 2, 3, 4, 1, 1, 2, 2, 3, 3, 4, 4, 2, 2, 3, 3, 4, 4]
    /// Adjusted_Tx_Size: the size the coefficients are coded in (64-sample sides coded as 32).
    static let adjusted: [Int] = [0, 1, 2, 3, 3, 5, 6, 7, 8, 9, 10, 3, 3, 13, 14, 15, 16, 9, 10]
    static let widthLog2: [Int] = [2, 3, 4, 5, 6, 2, 3, 3, 4, 4, 5, 5, 6, 2, 4, 3, 5, 4, 6]
    static let heightLog2: [Int] = [2, 3, 4, 5, 6, 3, 2, 4, 3, 5, 4, 6, 5, 4, 2, 5, 3, 6, 4]
}

/// Intra prediction modes (DC_PRED ... PAETH_PRED, then UV_CFL_PRED for chroma).
enum AV1IntraMode {
    static let dc = 0, vertical = 1, d67 = 8, cfl = 13
    /// Intra_Mode_Context: the above and left modes' context for intra_frame_y_mode.
    static let context: [Int] = [0, 1, 2, 3, 4, 4, 4, 4, 3, 0, 1, 2, 0]

    static func isDirectional(_ mode: Int) -> Bool { mode >= vertical && mode <= d67 }
}
