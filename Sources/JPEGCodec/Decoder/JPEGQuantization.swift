import ImageCore

/// The quantization table of each component, taken (latched) from the tables in force
/// at the first scan that codes the component, as libjpeg does: a later DQT does not
/// change a component already begun. Zeros until then, so a component no scan codes
/// comes out mid-grey, again as libjpeg.
final class JPEGQuantization {
    /// The values as libjpeg-turbo's IDCTs multiply by them (its 16-bit multiplier type), as Int32 and as Int16.
    let values: UnsafeMutablePointer<Int32>
    let values16: UnsafeMutablePointer<Int16>
    /// The values as the file gives them (block smoothing divides by these).
    private(set) var raw: [[Int]]
    private(set) var latched: [Bool]

    init(componentCount: Int) {
        values = .allocate(capacity: 64 * componentCount)
        values.initialize(repeating: 0, count: 64 * componentCount)
        values16 = .allocate(capacity: 64 * componentCount)
        values16.initialize(repeating: 0, count: 64 * componentCount)
        latched = Array(repeating: false, count: componentCount)
        raw = Array(repeating: Array(repeating: 0, count: 64), count: componentCount)
    }

    deinit {
        values.deallocate()
        values16.deallocate()
    }

    func table(_ component: Int) -> JPEGQuantTable {
        JPEGQuantTable(wide: UnsafePointer(values + 64 * component), narrow: UnsafePointer(values16 + 64 * component))
    }

    func latch(_ component: Int, frame: JPEGFrame, tables: JPEGTables) throws(DecodeError) {
        guard !latched[component] else { return }
        let selector = frame.components[component].quantSelector
        guard let table = tables.quantization[selector] else {
            throw .corrupt("no quantization table \(selector) for component \(frame.components[component].id)")
        }
        for i in 0..<64 {
            values[64 * component + i] = Int32(Int16(truncatingIfNeeded: table[i]))
            values16[64 * component + i] = Int16(truncatingIfNeeded: table[i])
            raw[component][i] = Int(table[i])
        }
        latched[component] = true
    }
}

/// A component's quantization values in natural order, as Int32 (scalar IDCTs) and Int16 (vector IDCT).
struct JPEGQuantTable {
    let wide: UnsafePointer<Int32>
    let narrow: UnsafePointer<Int16>
}
