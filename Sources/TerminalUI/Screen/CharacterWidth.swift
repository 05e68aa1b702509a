/// How many columns a character takes on the terminal: 0, 1 or 2. The screen asks it for
/// every character it places, so wide ones (CJK, emoji) take two cells.
public typealias CharacterWidth = @Sendable (Character) -> Int

/// A smaller table than CommandLineModel's `DisplayWidth` (a library TerminalUI does not
/// import): the East Asian wide blocks and the main emoji blocks are 2, marks and joiners 0,
/// the rest 1. The full screen measures with this one, the command line's tables with that one.
public enum SimpleCharacterWidth {
    public static let width: CharacterWidth = { character in
        guard let first = character.unicodeScalars.first else { return 0 }
        let category = first.properties.generalCategory
        if category == .nonspacingMark || category == .enclosingMark || category == .format { return 0 }
        let value = first.value
        return wideRanges.contains { $0.contains(value) } ? 2 : 1
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF,
        0x20000...0x3FFFD,
    ]
}

extension Character {
    /// Whether the character holds a control code (C0, DEL, C1): such a character is never
    /// sent to the terminal as text, since a file name with ESC in it could otherwise move the
    /// cursor or change the terminal's settings.
    var isTerminalControl: Bool {
        unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) }
    }
}
