/// How many columns a character takes on the terminal: 0, 1 or 2. Injected where tests play a
/// terminal that measures differently; everything else uses `DisplayWidth.width`.
public typealias CharacterWidth = @Sendable (Character) -> Int

/// How many terminal columns text takes: East Asian wide characters and emoji take two;
/// combining marks, joiners, variation selectors and skin-tone modifiers none. One table for
/// the command line's grid and the full screen, so a name is cut the same way in both.
public enum DisplayWidth {
    /// A character is one grapheme: it takes two columns when any of its scalars is wide (an
    /// emoji joined by ZWJ, a flag, an emoji with a skin tone), none when it starts with a
    /// mark or joiner standing alone, else one.
    public static let width: CharacterWidth = { character in
        var widest = 0
        for (position, scalar) in character.unicodeScalars.enumerated() {
            let w = of(scalar)
            if position == 0 && w == 0 { return 0 }
            widest = max(widest, w)
        }
        return widest
    }

    /// Columns `s` takes; `width` is injectable so tests can play a terminal that measures
    /// differently (the full screen's TextFit passes its own).
    public static func of(_ s: String, width: CharacterWidth = DisplayWidth.width) -> Int {
        s.reduce(0) { $0 + clamped(width($1)) }
    }

    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        let category = scalar.properties.generalCategory
        if category == .nonspacingMark || category == .enclosingMark || category == .format
            || zero.contains(where: { $0.contains(v) })
        {
            return 0
        }
        return wide.contains { $0.contains(v) } ? 2 : 1
    }

    /// Joiners, variation selectors and skin-tone modifiers: they change the
    /// character before them and take no column of their own.
    private static let zero: [ClosedRange<UInt32>] = [
        0x200B...0x200D, 0xFE00...0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F, 0xE0100...0xE01EF,
    ]

    /// East Asian Width W and F: CJK, Hangul, fullwidth forms, and the emoji
    /// that terminals draw two columns wide (the emoji blocks, the regional
    /// indicators that pair into flags, and those of 2300–2BFF and 1F000–1F2FF
    /// that Unicode marks W).
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
        0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F...0x267F, 0x2693...0x2693, 0x26A1...0x26A1,
        0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE, 0x26D4...0x26D4, 0x26EA...0x26EA,
        0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD, 0x2705...0x2705, 0x270A...0x270B,
        0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755, 0x2757...0x2757, 0x2795...0x2797,
        0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50, 0x2B55...0x2B55,
        0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F1E6...0x1F1FF,
        0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
        0x1F300...0x1F64F, 0x1F680...0x1F6FF, 0x1F900...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x3FFFD,
    ]
}
