/// The names `save` and `export` give a file whose name is taken: the one numbering both use.
public enum NumberedName {
    /// `IMG.jpg`, `IMG (1).jpg`, `IMG (2).jpg`…; the suffix goes before the extension.
    /// A name near the 255-byte limit loses the end of its stem (whole characters only) to make
    /// room for the suffix, so a numbered copy can always be named. An "extension" longer than
    /// `maxExtensionBytes` is no real one: the whole name is shortened then, suffix at the end.
    public static func candidate(_ name: String, _ attempt: Int) -> String {
        guard attempt > 0 else { return name }
        let suffix = " (\(attempt))"
        var stem = name[...], ext = name[name.endIndex...]
        if let dot = name.lastIndex(of: "."), dot != name.startIndex,
            name.utf8.distance(from: dot, to: name.endIndex) <= maxExtensionBytes
        {
            (stem, ext) = (name[..<dot], name[dot...])
        }
        let room = maxNameBytes - suffix.utf8.count - ext.utf8.count
        return "\(prefix(of: stem, fittingIn: room))\(suffix)\(ext)"
    }

    /// NAME_MAX on Linux file systems: the most bytes one path component may have.
    static let maxNameBytes = 255
    /// The longest extension kept whole when a name must be shortened (".jpeg" is 5).
    static let maxExtensionBytes = 16

    /// The longest start of `text` of at most `bytes` UTF-8 bytes that ends between characters.
    private static func prefix(of text: Substring, fittingIn bytes: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for character in text {
            used += character.utf8.count
            guard used <= bytes else { break }
            end = text.index(after: end)
        }
        return text[..<end]
    }
}
