/// The command line as the kernel gave it. Swift repairs bytes that are not UTF-8
/// (a name from another system's encoding) into U+FFFD, so imgsel would quietly look
/// for another file; such names are refused by name instead.
public enum RawArguments {
    /// Every argument whose bytes are not UTF-8, shown with the bad bytes as `\xNN`.
    /// `argc` and `argv` as the process got them (`CommandLine.argc`, `CommandLine.unsafeArgv`).
    public static func notUTF8(
        argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
    ) -> [String] {
        (0..<Int(argc)).dropFirst().compactMap { (i: Int) -> String? in
            guard let pointer = argv[i] else { return nil }
            var length = 0
            while pointer[length] != 0 { length += 1 }
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: length)
            return String(validating: bytes, as: UTF8.self) == nil ? escaped(bytes) : nil
        }
    }

    /// Valid UTF-8 as it is, every other byte as `\xNN`: a one-line name that says where it went wrong.
    static func escaped(_ bytes: some Collection<UInt8>) -> String {
        let all = Array(bytes)
        var out = ""
        var i = 0
        while i < all.count {
            let lead = all[i]
            let length =
                lead < 0x80
                ? 1
                : (0xC2...0xDF).contains(lead)
                    ? 2
                    : (0xE0...0xEF).contains(lead)
                        ? 3
                        : (0xF0...0xF4).contains(lead) ? 4 : 0
            if length > 0, i + length <= all.count, let text = String(validating: all[i..<i + length], as: UTF8.self) {
                out += text
                i += length
            } else {
                let hex = Array("0123456789abcdef")
                out += "\\x" + String(hex[Int(lead >> 4)]) + String(hex[Int(lead & 15)])
                i += 1
            }
        }
        return out
    }
}
