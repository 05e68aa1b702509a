/// One key as the models see it, decoded from the terminal's bytes by `KeyDecoder`.
///
/// Modifiers sent inside escape sequences (Shift, Ctrl, Alt on arrows and the like) are
/// dropped: Ctrl-→ moves as → does. Keys no screen uses (function keys, Insert, Delete,
/// replies the terminal sends to queries) never become a `Key`: the decoder swallows them.
public enum Key: Hashable, Sendable {
    /// A printable character, UTF-8 decoded (`q`, `é`, `漢`).
    case character(Character)
    /// A printable character typed with Alt (sent as ESC then the character).
    case alt(Character)
    /// Enter: CR, LF, or the keypad's Enter.
    case enter
    case tab
    /// Shift-Tab (`CSI Z`).
    case backTab
    /// Backspace: DEL (0x7F) or BS (0x08), whichever the terminal sends.
    case backspace
    /// Esc pressed alone: an ESC with nothing after it before the caller's short wait ran out.
    case escape
    /// Ctrl-C: in raw mode it arrives as the byte 0x03, not as SIGINT.
    case ctrlC
    /// Ctrl-Z: in raw mode it arrives as the byte 0x1A, not as SIGTSTP.
    case ctrlZ
    /// Any other control byte (0x00–0x1F), e.g. 0x04 for Ctrl-D.
    case control(UInt8)
    case up, down, left, right
    case home, end
    case pageUp, pageDown
}
