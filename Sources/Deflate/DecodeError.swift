/// Why a file could not be turned into pixels. Each case carries what its
/// one-line message needs; the caller adds the file's name.
public enum DecodeError: Error, Equatable, Sendable {
    /// Over the SPEC's limits: refused before any pixel memory is taken.
    case tooLarge(width: Int, height: Int)
    /// The data ends before the image does; `section` says where ("in the scan data").
    case truncated(section: String)
    /// The data contradicts itself or the format ("Huffman table over-subscribes its code space").
    case corrupt(String)
    /// A valid file of a kind imgsel does not decode ("arithmetic-coded JPEG", "12-bit JPEG").
    case unsupported(String)

    public var message: String {
        switch self {
        case let .tooLarge(width, height): "too large to decode: \(width)×\(height)"
        case let .truncated(section): "truncated \(section)"
        case let .corrupt(what): "corrupt: \(what)"
        case let .unsupported(what): "cannot decode \(what)"
        }
    }
}
