import ByteCoding
import SelectionStore

/// The escape sequences that draw one image in the terminal.
enum InlineImage {
    /// Larger files are not shown inline: their bytes would be held in memory
    /// twice (raw and base64) and pushed through the terminal's input.
    static let maximumBytes = 16 << 20
    /// kitty takes base64 payloads in chunks of at most 4096 bytes.
    static let kittyChunk = 4096

    /// The bytes to write, or nil when this image cannot be shown this way
    /// (on kitty not PNG, or a PNG its EXIF orientation turns or mirrors;
    /// unreadable, changed since it was added, too large).
    static func sequence(for entry: Entry, index: Int, at path: String, using graphicsProtocol: TerminalGraphics.GraphicsProtocol,
                         insideTmux: Bool, window: TerminalWindow) -> [UInt8]? {
        // kitty draws the pixels as stored; imgsel does not turn them, so an
        // oriented PNG would show on its side or mirrored in a box meant for it upright.
        if graphicsProtocol == .kitty && (entry.type != .png || entry.orientation != 1) { return nil }
        guard entry.bytes <= maximumBytes, let bytes = try? EntryFile(entry, path: path, index: index).contents() else {
            return nil
        }
        let shown = entry.orientedSize
        let fit = ImageFit(width: shown.width, height: shown.height, window: window)
        let parts: [[UInt8]]
        switch graphicsProtocol {
        case .iterm2: parts = [iterm2(bytes, name: PathName.baseName(path), fit: fit)]
        case .kitty: parts = kitty(bytes, fit: fit)
        }
        return parts.flatMap { insideTmux ? tmuxPassthrough($0) : $0 }
    }

    /// `ESC ] 1337 ; File=name=…;size=…;width=…;height=…;preserveAspectRatio=1;inline=1 : base64 BEL`.
    static func iterm2(_ bytes: [UInt8], name: String, fit: ImageFit) -> [UInt8] {
        let width = fit.pixelWidth.map { "\($0)px" } ?? String(fit.columns)
        let height = fit.pixelHeight.map { "\($0)px" } ?? String(fit.rows)
        let header = "\u{1B}]1337;File=name=\(Base64.encode(Array(name.utf8)));size=\(bytes.count);width=\(width);height=\(height);preserveAspectRatio=1;inline=1:"
        return Array(header.utf8) + Base64.encodedBytes(bytes) + [0x07]
    }

    /// `ESC _G a=T,f=100,t=d,q=2,c=…,r=…,m=1 ; chunk ESC \`, then `ESC _G m=… ; chunk ESC \` for the rest.
    /// q=2 keeps kitty from answering on the terminal's input.
    static func kitty(_ bytes: [UInt8], fit: ImageFit) -> [[UInt8]] {
        let payload = Base64.encodedBytes(bytes)
        var parts: [[UInt8]] = []
        var start = 0
        repeat {
            let end = min(start + kittyChunk, payload.count)
            let more = end < payload.count ? 1 : 0
            let control = start == 0 ? "a=T,f=100,t=d,q=2,c=\(fit.columns),r=\(fit.rows),m=\(more)" : "m=\(more)"
            parts.append(Array("\u{1B}_G\(control);".utf8) + payload[start..<end] + [0x1B, UInt8(ascii: "\\")])
            start = end
        } while start < payload.count
        return parts
    }

    /// `ESC P tmux; … ESC \` with every ESC inside doubled, so tmux hands the
    /// sequence to the outer terminal (tmux 3.3+ needs `allow-passthrough on`).
    static func tmuxPassthrough(_ sequence: [UInt8]) -> [UInt8] {
        var out = Array("\u{1B}Ptmux;".utf8)
        for byte in sequence {
            if byte == 0x1B { out.append(0x1B) }
            out.append(byte)
        }
        out += [0x1B, UInt8(ascii: "\\")]
        return out
    }
}
