import ByteCoding

/// Today's `view` image, kept until issue 14 switches `view` to the renderers: the file's own
/// bytes, undecoded, fitted by `LegacyFit`. iTerm2 gets any type (through `ITerm2.draw(file:…)`,
/// byte for byte what it always sent); kitty gets upright PNGs only, in `LegacyKitty`'s form.
public enum LegacyInlineImage {
    /// Larger files are not shown inline: their bytes would be held in memory
    /// twice (raw and base64) and pushed through the terminal's input.
    public static let maximumBytes = 16 << 20

    /// Whether a file can be shown this way at all. kitty draws the pixels as stored; nothing
    /// here turns them, so an oriented PNG would show on its side or mirrored in a box meant
    /// for it upright, and kitty reads no other format from a file's bytes.
    public static func draws(
        png: Bool, orientation: Int, bytes: Int,
        using graphicsProtocol: TerminalCapabilities.GraphicsProtocol
    ) -> Bool {
        if graphicsProtocol == .kitty && (!png || orientation != 1) { return false }
        return bytes <= maximumBytes
    }

    /// The bytes that draw `file` (whose shown size, orientation applied, is `width`×`height`)
    /// under the cursor, wrapped for `passthrough`.
    public static func sequence(
        file: [UInt8], name: String, width: Int, height: Int,
        using graphicsProtocol: TerminalCapabilities.GraphicsProtocol,
        passthrough: Passthrough, window: WindowSize
    ) -> [UInt8] {
        let fit = LegacyFit(width: width, height: height, window: window)
        switch graphicsProtocol {
        case .iterm2: return ITerm2.draw(file: file, name: name, box: fit.box, passthrough: passthrough)
        case .kitty: return LegacyKitty.sequences(png: file, fit: fit).flatMap(passthrough.wrap)
        }
    }
}

/// Today's kitty sequence, kept until issue 14 (`Kitty.draw(png:…)` is the new one, with an
/// id, a placement and a delete before it): `ESC _G a=T,f=100,t=d,q=2,c=…,r=…,m=1 ; chunk ESC \`,
/// then `ESC _G m=… ; chunk ESC \` for the rest. q=2 keeps kitty from answering on the
/// terminal's input.
public enum LegacyKitty {
    /// One escape sequence a chunk of at most `Kitty.chunkSize` base64 bytes (each wrapped
    /// on its own inside tmux, to stay under its buffer).
    public static func sequences(png: [UInt8], fit: LegacyFit) -> [[UInt8]] {
        let payload = Base64.encodedBytes(png)
        var parts: [[UInt8]] = []
        var start = 0
        repeat {
            let end = min(start + Kitty.chunkSize, payload.count)
            let more = end < payload.count ? 1 : 0
            let control = start == 0 ? "a=T,f=100,t=d,q=2,c=\(fit.columns),r=\(fit.rows),m=\(more)" : "m=\(more)"
            parts.append(Array("\u{1B}_G\(control);".utf8) + payload[start..<end] + [0x1B, UInt8(ascii: "\\")])
            start = end
        } while start < payload.count
        return parts
    }
}
