/// GIF's variable-width LZW (GIF89a appendix F), written as `GIFLZWDecoder` and Pillow read it: codes
/// packed LSB first; the first code a clear; the width grows once the next entry to be made no longer fits
/// it (giflib's rule, so the reader, which makes each entry a code later, widens on the same code); at
/// 4096 entries a clear is sent and the table starts again. The data is cut into sub-blocks of at most
/// 255 bytes and ended by an empty one.
public enum GIFLZWWriter {
    /// The data sub-blocks (and terminator) of `indices`, each below `1 << minimumCodeSize`.
    public static func encode(_ indices: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        precondition((2...8).contains(minimumCodeSize), "GIF's minimum code size is 2 to 8")
        var out = BlockWriter()
        let clear = 1 << minimumCodeSize
        guard let first = indices.first else {
            out.write(clear, width: minimumCodeSize + 1)
            out.write(clear + 1, width: minimumCodeSize + 1)
            return out.finish()
        }
        var table = CodeTable()
        var width = minimumCodeSize + 1
        var next = clear + 2
        out.write(clear, width: width)
        var prefix = Int(first)
        indices.withUnsafeBufferPointer { p in
            for i in 1..<p.count {
                let k = Int(p[i])
                let key = prefix << 8 | k
                if let code = table.find(key) {
                    prefix = code
                    continue
                }
                out.write(prefix, width: width)
                if next >= 1 << width, width < 12 { width += 1 }
                if next < 4096 {
                    table.insert(key, code: next)
                    next += 1
                } else {
                    out.write(clear, width: width)
                    table.removeAll()
                    width = minimumCodeSize + 1
                    next = clear + 2
                }
                prefix = k
            }
        }
        out.write(prefix, width: width)
        if next >= 1 << width, width < 12 { width += 1 }
        out.write(clear + 1, width: width)
        return out.finish()
    }

    /// The strings made so far, (prefix code, next index) → code, in an open-addressed table twice the
    /// 4096 entries' size, emptied at each clear.
    struct CodeTable {
        static let size = 8192
        var keys = [Int32](repeating: -1, count: size)
        var codes = [UInt16](repeating: 0, count: size)

        @inline(__always)
        func find(_ key: Int) -> Int? {
            var slot = Self.hash(key)
            while keys[slot] >= 0 {
                if Int(keys[slot]) == key { return Int(codes[slot]) }
                slot = (slot + 1) & (Self.size - 1)
            }
            return nil
        }

        @inline(__always)
        mutating func insert(_ key: Int, code: Int) {
            var slot = Self.hash(key)
            while keys[slot] >= 0 { slot = (slot + 1) & (Self.size - 1) }
            keys[slot] = Int32(key)
            codes[slot] = UInt16(code)
        }

        mutating func removeAll() {
            for i in keys.indices { keys[i] = -1 }
        }

        @inline(__always)
        static func hash(_ key: Int) -> Int { (key &* 0x9E37_79B1) >> 7 & (size - 1) }
    }

    /// Codes packed LSB first into bytes, cut into sub-blocks.
    struct BlockWriter {
        var bytes: [UInt8] = []
        var block: [UInt8] = []
        var buffer = 0
        var count = 0

        @inline(__always)
        mutating func write(_ code: Int, width: Int) {
            buffer |= code << count
            count += width
            while count >= 8 {
                block.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                count -= 8
                if block.count == 255 { flushBlock() }
            }
        }

        mutating func flushBlock() {
            guard !block.isEmpty else { return }
            bytes.append(UInt8(block.count))
            bytes += block
            block.removeAll(keepingCapacity: true)
        }

        mutating func finish() -> [UInt8] {
            if count > 0 { block.append(UInt8(truncatingIfNeeded: buffer)) }
            (buffer, count) = (0, 0)
            flushBlock()
            bytes.append(0)
            return bytes
        }
    }
}
