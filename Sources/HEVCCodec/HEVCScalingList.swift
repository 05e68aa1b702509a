import ImageCore

/// Scaling lists (H.265 7.3.4, 7.4.5) and the scaling factors m[x][y] they give (8.6.4.2).
/// `factors[sizeID][matrixID]` is row-major `y * n + x` for the n×n block of that size.
struct HEVCScalingList: Sendable {
    var factors: [[[UInt8]]]

    /// The default lists (Table 7-5, 7-6) in up-right diagonal order.
    static let defaultIntra: [UInt8] = [
        16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 17, 16, 17, 16, 17, 18, 17, 18, 18, 17, 18, 21, 19, 20,
        21, 20, 19, 21, 24, 22, 22, 24, 24, 22, 22, 24, 25, 25, 27, 30, 27, 25, 25, 29, 31, 35, 35, 31,
        29, 36, 41, 44, 41, 36, 47, 54, 54, 47, 65, 70, 65, 88, 88, 115,
    ]
    static let defaultInter: [UInt8] = [
        16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 17, 17, 17, 17, 17, 18, 18, 18, 18, 18, 18, 20, 20, 20,
        20, 20, 20, 20, 24, 24, 24, 24, 24, 24, 24, 24, 25, 25, 25, 25, 25, 25, 25, 28, 28, 28, 28, 28,
        28, 33, 33, 33, 33, 33, 41, 41, 41, 41, 54, 54, 54, 71, 71, 91,
    ]

    static func defaultList(sizeID: Int, matrixID: Int) -> [UInt8] {
        if sizeID == 0 { return [UInt8](repeating: 16, count: 16) }
        return matrixID < 3 ? defaultIntra : defaultInter
    }

    /// Flat 16 everywhere: what dequantisation uses when scaling lists are off.
    static let flat = HEVCScalingList(
        lists: (0..<4).map { size in (0..<6).map { _ in [UInt8](repeating: 16, count: size == 0 ? 16 : 64) } },
        dc: [[UInt8]](repeating: [UInt8](repeating: 16, count: 6), count: 4))

    static let defaults = HEVCScalingList(
        lists: (0..<4).map { size in (0..<6).map { defaultList(sizeID: size, matrixID: $0) } },
        dc: [[UInt8]](repeating: [UInt8](repeating: 16, count: 6), count: 4))

    /// Expands coded lists (diagonal order) and DC values to the factor arrays.
    init(lists: [[[UInt8]]], dc: [[UInt8]]) {
        factors = []
        for sizeID in 0..<4 {
            let n = 4 << sizeID
            var perMatrix = [[UInt8]]()
            for matrixID in 0..<6 {
                var block = [UInt8](repeating: 16, count: n * n)
                let list = lists[sizeID][matrixID]
                let side = sizeID == 0 ? 4 : 8
                let scan = HEVCScan.diagonal(log2: sizeID == 0 ? 2 : 3)
                let ratio = n / side
                for (i, pos) in scan.enumerated() {
                    for dy in 0..<ratio {
                        for dx in 0..<ratio {
                            block[(pos.y * ratio + dy) * n + pos.x * ratio + dx] = list[i]
                        }
                    }
                }
                if sizeID >= 2 { block[0] = dc[sizeID][matrixID] }
                perMatrix.append(block)
            }
            factors.append(perMatrix)
        }
    }

    /// scaling_list_data() (7.3.4).
    static func parse(_ reader: inout HEVCBitReader) throws(DecodeError) -> HEVCScalingList {
        var lists = (0..<4).map { size in (0..<6).map { defaultList(sizeID: size, matrixID: $0) } }
        var dc = [[UInt8]](repeating: [UInt8](repeating: 16, count: 6), count: 4)
        for sizeID in 0..<4 {
            let step = sizeID == 3 ? 3 : 1
            for matrixID in stride(from: 0, to: 6, by: step) {
                if try !reader.flag() {
                    let delta = try reader.ue("scaling_list_pred_matrix_id_delta", 0...(matrixID / step)) * step
                    if delta == 0 {
                        lists[sizeID][matrixID] = defaultList(sizeID: sizeID, matrixID: matrixID)
                        dc[sizeID][matrixID] = 16
                    } else {
                        lists[sizeID][matrixID] = lists[sizeID][matrixID - delta]
                        dc[sizeID][matrixID] = dc[sizeID][matrixID - delta]
                    }
                } else {
                    var next = 8
                    let count = min(64, 1 << (4 + (sizeID << 1)))
                    if sizeID > 1 {
                        next = try reader.se("scaling_list_dc_coef_minus8", -7...247) + 8
                        dc[sizeID][matrixID] = UInt8(next)
                    }
                    var list = [UInt8](repeating: 0, count: count)
                    for i in 0..<count {
                        let delta = try reader.se("scaling_list_delta_coef", -128...127)
                        next = (next + delta + 256) % 256
                        list[i] = UInt8(next)
                    }
                    lists[sizeID][matrixID] = list
                }
            }
        }
        // 32×32 chroma lists are not coded for 4:2:0; they are never used there.
        for matrixID in [1, 2, 4, 5] {
            lists[3][matrixID] = lists[2][matrixID]
            dc[3][matrixID] = dc[2][matrixID]
        }
        guard lists.allSatisfy({ $0.allSatisfy { !$0.contains(0) } }) else {
            throw .corrupt("a scaling list factor of 0")
        }
        return HEVCScalingList(lists: lists, dc: dc)
    }
}

/// The scan orders of 6.5.3 to 6.5.5: up-right diagonal, horizontal and vertical, for blocks of
/// 1×1 to 8×8 (sub-block positions) and 4×4 (positions in a sub-block).
enum HEVCScan {
    struct Position: Sendable {
        let x: Int
        let y: Int
    }

    static func diagonal(log2: Int) -> [Position] {
        let size = 1 << log2
        var out = [Position]()
        var x = 0, y = 0
        while out.count < size * size {
            while y >= 0 {
                if x < size && y < size { out.append(Position(x: x, y: y)) }
                y -= 1
                x += 1
            }
            y = x
            x = 0
        }
        return out
    }

    static func horizontal(log2: Int) -> [Position] {
        let size = 1 << log2
        return (0..<(size * size)).map { Position(x: $0 % size, y: $0 / size) }
    }

    static func vertical(log2: Int) -> [Position] {
        let size = 1 << log2
        return (0..<(size * size)).map { Position(x: $0 / size, y: $0 % size) }
    }

    /// `orders[log2][scanIdx]` for log2 0...3.
    static let orders: [[[Position]]] = (0...3).map { [diagonal(log2: $0), horizontal(log2: $0), vertical(log2: $0)] }

    /// `orders` for the residual loop, which reads it for every coefficient: entry i of
    /// `orders[log2][scanIdx]` at `(scanIdx * 4 + log2) * 64 + i`, as `x | y << 4`. Made once,
    /// never freed.
    static let packed = SendablePointer<UInt8>.table(count: 12 * 64) { table in
        table.initialize(repeating: 0, count: 12 * 64)
        for log2 in 0...3 {
            for scanIdx in 0..<3 {
                for (i, p) in orders[log2][scanIdx].enumerated() {
                    table[(scanIdx * 4 + log2) * 64 + i] = UInt8(p.x | p.y << 4)
                }
            }
        }
    }
}
