/// Turns the bytes a terminal sends into `Key`s, whatever pieces they arrive in.
///
/// A read may end in the middle of an escape sequence or a UTF-8 character; the decoder
/// keeps the partial bytes and finishes them on the next `feed`. A lone ESC is ambiguous
/// (Esc pressed, or the start of an arrow key) until nothing follows it for a short while,
/// and only the caller knows the time: while `isPending`, it waits briefly (about 50 ms) for
/// more input and calls `flush()` when none came, which turns a lone ESC into `.escape`.
///
/// Escape sequences that are not keys (function keys, Insert, the terminal's answers to
/// queries, such as a late kitty graphics reply or DA1) are swallowed whole: none of their
/// bytes ever comes out as characters.
public struct KeyDecoder: Sendable {
    private enum State: Sendable {
        case ground
        /// After ESC.
        case escape
        /// After `ESC [`: parameter and intermediate bytes so far (at most `maxParameterBytes` kept).
        case csi([UInt8])
        /// After `ESC O`: one more byte names the key.
        case ss3
        /// After `ESC [ [` (the Linux console's F1–F5): one more byte, swallowed.
        case linuxFunctionKey
        /// Inside an OSC, DCS, APC, PM or SOS string; `afterEscape` when its last byte was ESC.
        case string(afterEscape: Bool)
        /// Inside a UTF-8 character: the bytes so far and how many it needs in all.
        case utf8([UInt8], needed: Int)
    }

    private var state: State = .ground
    /// Longer parameter strings are kept short: no key needs more, and a runaway sequence must
    /// not grow memory. The sequence is still swallowed to its final byte.
    private static let maxParameterBytes = 32

    public init() {}

    /// True while the bytes so far end inside a sequence or a character: wait a little for the
    /// rest, then `flush()`.
    public var isPending: Bool {
        if case .ground = state { return false }
        return true
    }

    /// Decodes `bytes`, continuing whatever the previous call left unfinished.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [Key] where Bytes.Element == UInt8 {
        var keys: [Key] = []
        for byte in bytes { consume(byte, into: &keys) }
        return keys
    }

    /// Ends what is pending because no more bytes came: a lone ESC is Esc; an unfinished
    /// sequence or character is dropped.
    public mutating func flush() -> [Key] {
        defer { state = .ground }
        if case .escape = state { return [.escape] }
        return []
    }

    private mutating func consume(_ byte: UInt8, into keys: inout [Key]) {
        switch state {
        case .ground:
            ground(byte, into: &keys)
        case .escape:
            afterEscape(byte, into: &keys)
        case .csi(var parameters):
            switch byte {
            case 0x20...0x3F:
                if parameters.count < Self.maxParameterBytes { parameters.append(byte) }
                state = .csi(parameters)
            case 0x40...0x7E:
                if byte == UInt8(ascii: "["), parameters.isEmpty {
                    state = .linuxFunctionKey
                } else {
                    state = .ground
                    if let key = Self.csiKey(parameters: parameters, final: byte) { keys.append(key) }
                }
            default:
                // Not part of a CSI: the sequence was broken off; the byte stands on its own.
                state = .ground
                ground(byte, into: &keys)
            }
        case .ss3:
            state = .ground
            if let key = Self.ss3Key(byte) {
                keys.append(key)
            } else if byte < 0x20 || byte == 0x7F {
                ground(byte, into: &keys)
            }
        case .linuxFunctionKey:
            state = .ground
        case .string(let sawEscape):
            if sawEscape {
                // ESC \ ends the string; ESC and anything else ends it too and starts a sequence.
                state = .ground
                if byte != UInt8(ascii: "\\") { afterEscape(byte, into: &keys) }
            } else if byte == 0x1B {
                state = .string(afterEscape: true)
            } else if byte == 0x07 {
                state = .ground
            }
        case .utf8(var partial, let needed):
            guard Self.isValidContinuation(byte, after: partial) else {
                state = .ground
                ground(byte, into: &keys)
                return
            }
            partial.append(byte)
            if partial.count < needed {
                state = .utf8(partial, needed: needed)
                return
            }
            state = .ground
            if let scalar = Self.scalar(partial) { keys.append(.character(Character(scalar))) }
        }
    }

    private mutating func ground(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case 0x1B: state = .escape
        case 0x0D, 0x0A: keys.append(.enter)
        case 0x09: keys.append(.tab)
        case 0x7F, 0x08: keys.append(.backspace)
        case 0x03: keys.append(.ctrlC)
        case 0x1A: keys.append(.ctrlZ)
        case 0x00...0x1F: keys.append(.control(byte))
        case 0x20...0x7E: keys.append(.character(Character(Unicode.Scalar(byte))))
        case 0xC2...0xDF: state = .utf8([byte], needed: 2)
        case 0xE0...0xEF: state = .utf8([byte], needed: 3)
        case 0xF0...0xF4: state = .utf8([byte], needed: 4)
        default: break  // a stray continuation byte or an invalid lead byte: dropped
        }
    }

    private mutating func afterEscape(_ byte: UInt8, into keys: inout [Key]) {
        switch byte {
        case UInt8(ascii: "["): state = .csi([])
        case UInt8(ascii: "O"): state = .ss3
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            state = .string(afterEscape: false)
        case 0x1B:
            // Esc, then the start of something else.
            keys.append(.escape)
            state = .escape
        case 0x20...0x7E:
            state = .ground
            keys.append(.alt(Character(Unicode.Scalar(byte))))
        default:
            // Alt with a control key (Alt-Enter, Alt-Backspace) or a non-ASCII character:
            // the key itself, without the Alt.
            state = .ground
            ground(byte, into: &keys)
        }
    }

    /// The key a complete `CSI parameters final` names, or nil for any other sequence.
    /// Parameters after the first (`1;5` for Ctrl) are modifiers and are ignored.
    static func csiKey(parameters: [UInt8], final: UInt8) -> Key? {
        // Private sequences (`CSI ? …`, `CSI > …`) and intermediates are answers, not keys.
        if let first = parameters.first, first >= 0x3C { return nil }
        if parameters.contains(where: { $0 < 0x30 }) { return nil }
        switch final {
        case UInt8(ascii: "Z"): return .backTab
        case UInt8(ascii: "~"):
            switch firstParameter(parameters) {
            case 1, 7: return .home
            case 4, 8: return .end
            case 5: return .pageUp
            case 6: return .pageDown
            default: return nil
            }
        default: return cursorKey(final)
        }
    }

    /// The key `ESC O byte` names (application cursor keys, keypad Enter), or nil.
    static func ss3Key(_ byte: UInt8) -> Key? {
        byte == UInt8(ascii: "M") ? .enter : cursorKey(byte)
    }

    /// The final bytes CSI and SS3 share: the arrows, Home and End.
    private static func cursorKey(_ byte: UInt8) -> Key? {
        switch byte {
        case UInt8(ascii: "A"): return .up
        case UInt8(ascii: "B"): return .down
        case UInt8(ascii: "C"): return .right
        case UInt8(ascii: "D"): return .left
        case UInt8(ascii: "H"): return .home
        case UInt8(ascii: "F"): return .end
        default: return nil
        }
    }

    private static func firstParameter(_ parameters: [UInt8]) -> Int? {
        var value = 0
        var digits = 0
        for byte in parameters {
            guard byte >= 0x30, byte <= 0x39 else { break }
            if digits >= 4 { return nil }
            value = value * 10 + Int(byte - 0x30)
            digits += 1
        }
        return digits == 0 ? nil : value
    }

    /// UTF-8's rules for the byte after a lead: a continuation byte, and for the second byte
    /// the narrower ranges that exclude overlong forms, surrogates and values past U+10FFFF.
    private static func isValidContinuation(_ byte: UInt8, after partial: [UInt8]) -> Bool {
        guard byte & 0xC0 == 0x80 else { return false }
        guard partial.count == 1, let lead = partial.first else { return true }
        switch lead {
        case 0xE0: return byte >= 0xA0
        case 0xED: return byte <= 0x9F
        case 0xF0: return byte >= 0x90
        case 0xF4: return byte <= 0x8F
        default: return true
        }
    }

    private static func scalar(_ bytes: [UInt8]) -> Unicode.Scalar? {
        guard let lead = bytes.first else { return nil }
        var value: UInt32
        switch bytes.count {
        case 2: value = UInt32(lead & 0x1F)
        case 3: value = UInt32(lead & 0x0F)
        default: value = UInt32(lead & 0x07)
        }
        for byte in bytes.dropFirst() { value = value << 6 | UInt32(byte & 0x3F) }
        return Unicode.Scalar(value)
    }
}
