/// Whether sequences must be wrapped to get through a terminal multiplexer.
///
/// tmux swallows the graphics sequences it does not understand; wrapped as
/// `ESC P tmux; … ESC \` with every ESC inside doubled, it hands them to the
/// outer terminal (tmux 3.3 and later also need `set -g allow-passthrough on`).
/// tmux drops a passthrough sequence longer than its input buffer (1 MiB by
/// default), so kitty's payload is wrapped chunk by chunk; one sixel image is
/// one sequence and cannot be split. Half blocks are plain text and need none.
public enum Passthrough: Sendable, Equatable {
    case none
    case tmux

    /// Appends `sequence` to `out`, wrapped as this passthrough needs.
    func append(_ sequence: [UInt8], to out: inout [UInt8]) {
        switch self {
        case .none:
            out.append(contentsOf: sequence)
        case .tmux:
            out.reserveCapacity(out.count + sequence.count + sequence.count / 16 + 16)
            out.appendASCII("\u{1B}Ptmux;")
            for byte in sequence {
                if byte == 0x1B { out.append(0x1B) }
                out.append(byte)
            }
            out.appendASCII("\u{1B}\\")
        }
    }

    /// `sequence` wrapped as this passthrough needs.
    public func wrap(_ sequence: [UInt8]) -> [UInt8] {
        if self == .none { return sequence }
        var out: [UInt8] = []
        append(sequence, to: &out)
        return out
    }
}
