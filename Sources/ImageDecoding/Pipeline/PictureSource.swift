import ImageHeaders

/// Why an image's picture cannot be had: the one set of words of every command that makes
/// pictures (the grid, view, browse, pick, sheet, thumbnail). `word` is what a picture's place
/// shows, `reason` what is said after a path or under the word.
public enum PictureProblem: Error, Equatable, Sendable {
    /// More bytes than the decode budget of its size allows (SPEC "Limits").
    case tooLarge(width: Int, height: Int)
    /// The file is gone.
    case missing
    /// The file is not the one recorded (another size or content, not a regular file, not
    /// readable): why, in the words of the reader (`check`'s).
    case changed(String)
    /// The file could not be read, with nothing recorded to compare it with (pick's files).
    case unreadable(String)
    /// Its bytes do not decode.
    case damaged(DecodeError)

    /// A refusal before reading, in the same words.
    public init(_ refusal: DecodeRefusal) {
        switch refusal {
        case let .tooLarge(width, height): self = .tooLarge(width: width, height: height)
        }
    }

    public var word: String {
        switch self {
        case .tooLarge: return "too large"
        case .missing: return "missing"
        case .changed: return "changed"
        case .unreadable: return "unreadable"
        case .damaged: return "damaged"
        }
    }

    public var reason: String {
        switch self {
        // The decoders' own words for the same refusal, so the two never drift apart.
        case let .tooLarge(width, height): return DecodeError.tooLarge(width: width, height: height).message
        case .missing: return "file is missing"
        case let .changed(reason), let .unreadable(reason): return reason
        case .damaged(let error): return error.message
        }
    }
}

/// Whether an image may be decoded at all, asked before a byte of it is read: the decode budget
/// of its size. The command line's one loader (`PictureLoader`) asks it, then reads
/// the file itself: this target reads bytes, never files.
public enum PictureSource {
    /// Why a file of `bytes` bytes whose header says `facts` is not decoded; nil when it may be.
    public static func refusal(_ facts: ImageFacts, bytes: Int) -> DecodeRefusal? {
        guard bytes <= byteLimit(facts) else { return .tooLarge(width: facts.width, height: facts.height) }
        return nil
    }

    /// The most bytes worth reading of a file whose header says `facts`: the decode budget of its size.
    public static func byteLimit(_ facts: ImageFacts) -> Int {
        DecodeLimits.budget(width: facts.width, height: facts.height)
    }
}
