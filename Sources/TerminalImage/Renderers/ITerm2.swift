import ByteCoding
import ImageDecoding

/// iTerm2's inline images (iTerm2, WezTerm, mintty, Konsole):
/// `ESC ] 1337 ; File=name=…;size=…;width=…;height=…;preserveAspectRatio=1;inline=1 : base64 BEL`.
///
/// The file's own bytes are sent when the terminal can read them and they
/// need no turning: JPEG, PNG and GIF, the three every one of those terminals
/// decodes (iTerm2 reads more through macOS, the others do not agree beyond
/// these). A GIF is sent whole, so the terminal may animate it. Anything else
/// (WebP, BMP, TIFF, a file whose EXIF orientation turns or mirrors it, which
/// not every terminal applies) is sent as a PNG of the decoded upright pixels.
public enum ITerm2 {
    /// The file types sent as they are, by their magic bytes.
    public enum FileType: String, Sendable, CaseIterable {
        case jpeg, png, gif
    }

    /// The type of a file the terminal reads as it is, or nil.
    public static func fileType(of bytes: [UInt8]) -> FileType? {
        if bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF { return .jpeg }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) { return .gif }
        return nil
    }

    /// Whether `draw(file:…)` may be used: an upright file of a type in `FileType`.
    /// `upright` is false when the file's orientation (EXIF) is other than 1.
    public static func sendsFileAsIs(_ bytes: [UInt8], upright: Bool) -> Bool {
        upright && fileType(of: bytes) != nil
    }

    /// The file's own bytes, sized by the box: pixels when the window reported
    /// them, else cells; the terminal keeps the aspect ratio either way.
    public static func draw(
        file bytes: [UInt8], name: String, box: ImageBox,
        passthrough: Passthrough = .none
    ) -> [UInt8] {
        var sequence: [UInt8] = []
        sequence.reserveCapacity(Base64.encodedCount(bytes.count) + 200)
        sequence.appendASCII("\u{1B}]1337;File=name=")
        Array(name.utf8).withUnsafeBufferPointer { Base64.append($0, to: &sequence) }
        sequence.appendASCII(";size=")
        sequence.appendDecimal(bytes.count)
        sequence.appendASCII(";width=")
        appendLength(box.pixelsKnown ? box.pixelWidth : box.columns, inPixels: box.pixelsKnown, to: &sequence)
        sequence.appendASCII(";height=")
        appendLength(box.pixelsKnown ? box.pixelHeight : box.rows, inPixels: box.pixelsKnown, to: &sequence)
        sequence.appendASCII(";preserveAspectRatio=1;inline=1:")
        bytes.withUnsafeBufferPointer { Base64.append($0, to: &sequence) }
        sequence.append(0x07)
        return passthrough.wrap(sequence)
    }

    /// Decoded pixels, sent as the PNG `encodePNG` makes of them (the PNG
    /// writer lives in ImageDecoding; the caller passes it in).
    public static func draw(
        _ raster: Raster, name: String, box: ImageBox, passthrough: Passthrough = .none,
        encodePNG: (Raster) -> [UInt8]
    ) -> [UInt8] {
        draw(file: encodePNG(raster), name: name, box: box, passthrough: passthrough)
    }

    /// `640px`, or a bare number of cells.
    private static func appendLength(_ value: Int, inPixels: Bool, to out: inout [UInt8]) {
        out.appendDecimal(value)
        if inPixels { out.appendASCII("px") }
    }
}
