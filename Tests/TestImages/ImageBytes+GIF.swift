extension ImageBytes {
    // MARK: GIF

    /// A GIF with `frames` image descriptors, each with a graphic control extension and a
    /// 255-byte data sub-block full of bytes that look like block introducers.
    public static func gif(
        width: Int, height: Int, frames: Int, globalTable: Bool = true, localTables: Bool = false,
        frameSize: (Int, Int)? = nil, trailer: Bool = true
    ) -> [UInt8] {
        var out = ascii("GIF89a") + le16(width) + le16(height) + [globalTable ? 0xF1 : 0x00, 0, 0]
        if globalTable { out += [UInt8](repeating: 0x2C, count: 12) }
        out += [0x21, 0xFF, 11] + ascii("NETSCAPE2.0") + [3, 1, 0, 0, 0]
        out += [0x21, 0xFE, 5] + ascii("hello") + [0]
        let (fw, fh) = frameSize ?? (width, height)
        for _ in 0..<frames {
            out += [0x21, 0xF9, 4, 0, 10, 0, 0, 0]
            out += [0x2C] + le16(0) + le16(0) + le16(fw) + le16(fh) + [localTables ? 0x82 : 0x00]
            if localTables { out += [UInt8](repeating: 0x21, count: 24) }
            out += [2]
            out += [255] + [UInt8](repeating: 0x2C, count: 255)
            out += [3, 0x21, 0x3B, 0x2C, 0]
        }
        if trailer { out += [0x3B] }
        return out
    }
}
