import ImageCore

/// The code counts and symbols of one Huffman table as a DHT segment gives them.
struct JPEGHuffmanSpec {
    /// counts[l - 1]: how many codes are l bits long.
    var counts: [UInt8]
    var symbols: [UInt8]
}

/// One scan's header (SOS), checked against the frame.
struct JPEGScanHeader {
    /// Indices into the frame's components, in scan order.
    var components: [Int]
    var dcSelectors: [Int]
    var acSelectors: [Int]
    /// Spectral selection start and end, successive-approximation high and low bits.
    var ss: Int
    var se: Int
    var ah: Int
    var al: Int
}

/// The tables and settings that the segments before a scan define; later segments may
/// redefine them between scans.
struct JPEGTables {
    /// Quantization tables in natural (row-major) order, 0...65535 as the file gives them.
    var quantization: [[Int32]?] = [nil, nil, nil, nil]
    var dcSpecs: [JPEGHuffmanSpec?] = [nil, nil, nil, nil]
    var acSpecs: [JPEGHuffmanSpec?] = [nil, nil, nil, nil]
    var restartInterval = 0
    var sawJFIF = false
    var adobeTransform: Int?

    mutating func readQuantizationTables(_ payload: UnsafeBufferPointer<UInt8>) throws(DecodeError) {
        var p = JPEGPayload(payload, name: "DQT")
        while p.remaining > 0 {
            let selector = try p.byte()
            let id = selector & 15
            guard id < 4 else { throw .corrupt("quantization table id \(id)") }
            var table = [Int32](repeating: 0, count: 64)
            for i in 0..<64 {
                let value = selector >> 4 == 0 ? try p.byte() : try p.uint16()
                table[JPEGZigzag.naturalIndex(i)] = Int32(value)
            }
            quantization[id] = table
        }
    }

    mutating func readHuffmanTables(_ payload: UnsafeBufferPointer<UInt8>) throws(DecodeError) {
        var p = JPEGPayload(payload, name: "DHT")
        while p.remaining > 0 {
            let selector = try p.byte()
            let isAC = selector & 0x10 != 0
            let id = selector & ~0x10
            guard id < 4 else { throw .corrupt("Huffman table id 0x\(String(selector, radix: 16))") }
            var counts = [UInt8](repeating: 0, count: 16)
            var total = 0
            for l in 0..<16 {
                counts[l] = UInt8(try p.byte())
                total += Int(counts[l])
            }
            guard total <= 256 else { throw .corrupt("Huffman table with \(total) codes (at most 256)") }
            var symbols = [UInt8](repeating: 0, count: total)
            for i in 0..<total { symbols[i] = UInt8(try p.byte()) }
            let spec = JPEGHuffmanSpec(counts: counts, symbols: symbols)
            if isAC { acSpecs[id] = spec } else { dcSpecs[id] = spec }
        }
    }

    mutating func readRestartInterval(_ payload: UnsafeBufferPointer<UInt8>) throws(DecodeError) {
        var p = JPEGPayload(payload, name: "DRI")
        restartInterval = try p.uint16()
        try p.expectEnd()
    }

    /// APP0 "JFIF\0" (at least 14 bytes, as libjpeg asks) says YCbCr.
    mutating func readApp0(_ payload: UnsafeBufferPointer<UInt8>) {
        if payload.count >= 14, Array(payload[0..<5]) == [0x4A, 0x46, 0x49, 0x46, 0] { sawJFIF = true }
    }

    /// APP14 "Adobe" (at least 12 bytes) carries the colour transform in its last byte.
    mutating func readApp14(_ payload: UnsafeBufferPointer<UInt8>) {
        if payload.count >= 12, Array(payload[0..<5]) == [0x41, 0x64, 0x6F, 0x62, 0x65] {
            adobeTransform = Int(payload[11])
        }
    }

    /// Libjpeg-turbo fills Huffman slots 0 and 1 with the standard tables when a file
    /// (typically a Motion-JPEG frame) leaves them undefined at its first scan.
    mutating func fillStandardHuffmanTables() {
        if dcSpecs[0] == nil { dcSpecs[0] = JPEGStandardHuffman.dcLuminance }
        if dcSpecs[1] == nil { dcSpecs[1] = JPEGStandardHuffman.dcChrominance }
        if acSpecs[0] == nil { acSpecs[0] = JPEGStandardHuffman.acLuminance }
        if acSpecs[1] == nil { acSpecs[1] = JPEGStandardHuffman.acChrominance }
    }
}

enum JPEGHeaders {
    static func readFrame(_ payload: UnsafeBufferPointer<UInt8>, progressive: Bool) throws(DecodeError) -> JPEGFrame {
        var p = JPEGPayload(payload, name: "SOF")
        let precision = try p.byte()
        let height = try p.uint16()
        let width = try p.uint16()
        let count = try p.byte()
        guard payload.count == 6 + 3 * count else { throw .corrupt("SOF segment length does not match its contents") }
        guard precision == 8 else {
            throw precision == 12 ? .unsupported("12-bit JPEG") : .corrupt("JPEG sample precision \(precision)")
        }
        guard height > 0 else { throw .unsupported("JPEG whose height is left to a DNL marker") }
        guard width > 0 else { throw .corrupt("image width 0") }
        guard width <= DecodeLimits.maxSide, height <= DecodeLimits.maxSide else {
            throw .tooLarge(width: width, height: height)
        }
        guard count == 1 || count == 3 || count == 4 else {
            throw .unsupported("JPEG with \(count) colour components")
        }
        var components: [JPEGComponent] = []
        for _ in 0..<count {
            var id = try p.byte()
            // Duplicate ids (seen in the wild) get a fake one, as libjpeg-turbo does.
            if components.contains(where: { $0.id == id }) { id = (components.map(\.id).max() ?? 0) + 1 }
            let factors = try p.byte()
            let h = factors >> 4, v = factors & 15
            guard (1...4).contains(h), (1...4).contains(v) else { throw .corrupt("sampling factors \(h)×\(v)") }
            let quant = try p.byte()
            guard quant < 4 else { throw .corrupt("component \(id) uses quantization table \(quant)") }
            components.append(JPEGComponent(id: id, h: h, v: v, quantSelector: quant))
        }
        return JPEGFrame(width: width, height: height, progressive: progressive, components: components)
    }

    static func readScan(
        _ payload: UnsafeBufferPointer<UInt8>, frame: JPEGFrame
    )
        throws(DecodeError) -> JPEGScanHeader
    {
        var p = JPEGPayload(payload, name: "SOS")
        let count = try p.byte()
        guard (1...4).contains(count), payload.count == 4 + 2 * count else {
            throw .corrupt("SOS segment length does not match its contents")
        }
        var scan = JPEGScanHeader(components: [], dcSelectors: [], acSelectors: [], ss: 0, se: 0, ah: 0, al: 0)
        var ids: [Int] = []
        for _ in 0..<count {
            var id = try p.byte()
            if ids.contains(id) { id = (ids.max() ?? 0) + 1 }  // as libjpeg-turbo's get_sos
            ids.append(id)
            guard let index = frame.components.firstIndex(where: { $0.id == id }) else {
                throw .corrupt("scan refers to component \(id), which the frame does not have")
            }
            guard !scan.components.contains(index) else { throw .corrupt("scan lists component \(id) twice") }
            let tables = try p.byte()
            scan.components.append(index)
            scan.dcSelectors.append(tables >> 4)
            scan.acSelectors.append(tables & 15)
        }
        scan.ss = try p.byte()
        scan.se = try p.byte()
        let approximation = try p.byte()
        scan.ah = approximation >> 4
        scan.al = approximation & 15
        return scan
    }
}

/// Zigzag order: the natural (row-major) index of each coefficient in coding order. Indices past 63, which
/// corrupt run lengths can reach, land on 63 as in libjpeg's jpeg_natural_order.
enum JPEGZigzag {
    static let order: [UInt8] =
        [
            0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6,
            7, 14, 21, 28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31,
            39, 46, 53, 60, 61, 54, 47, 55, 62, 63,
        ] + [UInt8](repeating: 63, count: 16)

    static func naturalIndex(_ k: Int) -> Int { Int(order[k]) }
}
