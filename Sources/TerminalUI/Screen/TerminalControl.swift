extension Character {
    /// Whether the character holds a control code (C0, DEL, C1): such a character is never
    /// sent to the terminal as text, since a file name with ESC in it could otherwise move the
    /// cursor or change the terminal's settings.
    var isTerminalControl: Bool {
        unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }
    }
}
