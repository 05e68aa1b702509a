// From the AV1 specification's default CDF tables (section 10.3): the tables an intra frame reads
// only for intra block copy (its vector, and the transform syntax of an "inter" block).

/// The default CDFs of intra block copy: the var-tx split, the inter transform sets, and the motion
/// vector's joint, class and bits (intra frames read MV_INTRABC_CONTEXT's, integer vectors only).
extension AV1DefaultCDFs {
    /// Default_Txfm_Split_Cdf[ TXFM_PARTITION_CONTEXTS ][ 3 ]
    static let txfmSplit: [UInt16] = [
        28581, 32768, 0, 23846, 32768, 0, 20847, 32768, 0, 24315, 32768, 0, 18196, 32768, 0,
        12133, 32768, 0, 18791, 32768, 0, 10887, 32768, 0, 11005, 32768, 0, 27179, 32768, 0,
        20004, 32768, 0, 11281, 32768, 0, 26549, 32768, 0, 19308, 32768, 0, 14224, 32768, 0,
        28015, 32768, 0, 21546, 32768, 0, 14400, 32768, 0, 28165, 32768, 0, 22401, 32768, 0,
        16088, 32768, 0,
    ]

    /// Default_Inter_Tx_Type_Set1_Cdf[ 2 ][ 17 ]
    static let interTxTypeSet1: [UInt16] = [
        4458, 5560, 7695, 9709, 13330, 14789, 17537, 20266, 21504, 22848, 23934, 25474, 27727, 28915,
        30631, 32768, 0, 1645, 2573, 4778, 5711, 7807, 8622, 10522, 15357, 17674, 20408, 22517, 25010,
        27116, 28856, 30749, 32768, 0,
    ]

    /// Default_Inter_Tx_Type_Set2_Cdf[ 13 ]
    static let interTxTypeSet2: [UInt16] = [
        770, 2421, 5225, 12907, 15819, 18927, 21561, 24089, 26595, 28526, 30529, 32768, 0,
    ]

    /// Default_Inter_Tx_Type_Set3_Cdf[ 4 ][ 3 ]
    static let interTxTypeSet3: [UInt16] = [16384, 32768, 0, 4167, 32768, 0, 1998, 32768, 0, 748, 32768, 0]

    /// Default_Mv_Joint_Cdf[ MV_JOINTS + 1 ]
    static let mvJoint: [UInt16] = [4096, 11264, 19328, 32768, 0]

    /// Default_Mv_Class_Cdf[ 2 ][ MV_CLASSES + 1 ] (one a component)
    static let mvClass: [UInt16] = [
        28672, 30976, 31858, 32320, 32551, 32656, 32740, 32757, 32762, 32767, 32768, 0,
        28672, 30976, 31858, 32320, 32551, 32656, 32740, 32757, 32762, 32767, 32768, 0,
    ]

    /// Default_Mv_Class0_Bit_Cdf[ 3 ]
    static let mvClass0Bit: [UInt16] = [216 * 128, 32768, 0]

    /// Default_Mv_Sign_Cdf[ 3 ]
    static let mvSign: [UInt16] = [128 * 128, 32768, 0]

    /// Default_Mv_Bit_Cdf[ MV_OFFSET_BITS ][ 3 ]
    static let mvBit: [UInt16] = [
        136 * 128, 32768, 0, 140 * 128, 32768, 0, 148 * 128, 32768, 0, 160 * 128, 32768, 0,
        176 * 128, 32768, 0, 192 * 128, 32768, 0, 224 * 128, 32768, 0, 234 * 128, 32768, 0,
        234 * 128, 32768, 0, 240 * 128, 32768, 0,
    ]
}
