/// A TIFF's ICC profile: tag 34675 (InterColorProfile) of the first directory, UNDEFINED bytes.
enum TIFFColour {
    static let iccTag = 34675
    /// No profile is anywhere near this; a claim past it is a broken file, not a profile.
    static let maxProfile = 16 << 20

    static func read(_ bytes: [UInt8]) -> ColourDescription {
        var b = bytes
        guard let tiff = TIFFLexer.header(in: &b), tiff.version == 42 || tiff.version == 43,
            let first = tiff.firstDirectory(in: &b), first > 0,
            let count = tiff.entryCount(in: &b, directory: tiff.base + first), count < 4096
        else { return .none }
        for index in 0..<count {
            guard let entry = tiff.entry(in: &b, directory: tiff.base + first, index: index) else { return .none }
            guard entry.tag == iccTag else { continue }
            guard entry.type == 7 || entry.type == 1, entry.count > 0, entry.count <= maxProfile else {
                return .brokenProfile
            }
            let at: Int
            if entry.count <= tiff.valueFieldSize {
                at = entry.valueField
            } else {
                guard let offset = tiff.unsigned(in: &b, at: entry.valueField, size: tiff.valueFieldSize), offset >= 0
                else { return .brokenProfile }
                at = tiff.base + offset
            }
            guard at >= 0, at <= bytes.count - entry.count else { return .brokenProfile }
            return .icc(.raw(Array(bytes[at..<at + entry.count])))
        }
        return .none
    }
}
