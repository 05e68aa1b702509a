extension ImageBytes {
    // MARK: BMP

    public static func bmp(width: Int, height: Int, headerSize: Int = 40) -> [UInt8] {
        var dib = le32(headerSize)
        if headerSize == 12 {
            dib += le16(width) + le16(height) + le16(1) + le16(24)
        } else {
            dib += le32(width) + le32(height) + le16(1) + le16(24)
            dib += [UInt8](repeating: 0, count: headerSize - dib.count)
        }
        let pixels = [UInt8](repeating: 0x7F, count: 16)
        let offset = 14 + dib.count
        return ascii("BM") + le32(offset + pixels.count) + [0, 0, 0, 0] + le32(offset) + dib + pixels
    }
}
