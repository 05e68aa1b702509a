import Foundation

/// Reading escape sequences back in the tests.
enum TestEscapes {
    static let esc: UInt8 = 0x1B

    /// The `ESC _ … ESC \` strings (APC) in `bytes`, without their introducer and terminator.
    static func apcBodies(_ bytes: [UInt8]) -> [[UInt8]] {
        var bodies: [[UInt8]] = []
        var i = 0
        while i + 1 < bytes.count {
            guard bytes[i] == esc, bytes[i + 1] == UInt8(ascii: "_") else { i += 1; continue }
            var j = i + 2
            while j + 1 < bytes.count, !(bytes[j] == esc && bytes[j + 1] == UInt8(ascii: "\\")) { j += 1 }
            bodies.append(Array(bytes[(i + 2)..<j]))
            i = j + 2
        }
        return bodies
    }

    /// Undoes tmux passthrough: every `ESC P tmux; … ESC \` with its ESCs halved, concatenated.
    static func unwrapTmux(_ bytes: [UInt8]) -> [UInt8]? {
        let prefix = Array("\u{1B}Ptmux;".utf8)
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            guard Array(bytes[i..<min(bytes.count, i + prefix.count)]) == prefix else { return nil }
            i += prefix.count
            while true {
                guard i < bytes.count else { return nil }
                if bytes[i] == esc {
                    guard i + 1 < bytes.count else { return nil }
                    if bytes[i + 1] == esc { out.append(esc); i += 2; continue }
                    if bytes[i + 1] == UInt8(ascii: "\\") { i += 2; break }
                    return nil
                }
                out.append(bytes[i])
                i += 1
            }
        }
        return out
    }

    static func base64Decode(_ bytes: some Collection<UInt8>) -> [UInt8]? {
        Data(base64Encoded: Data(bytes)).map { [UInt8]($0) }
    }

    static func text(_ bytes: some Collection<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}
