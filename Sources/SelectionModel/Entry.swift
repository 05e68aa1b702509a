import ImageHeaders

/// One selected image as the selection file records it.
///
/// The facts are taken once, when the image is added, so that `list` and
/// `view` never read images; `check` compares them with the file later.
public struct Entry: Equatable, Sendable {
    /// Relative to the selection file's folder when below it, absolute otherwise.
    public var path: String
    public var type: ImageType
    public var width: Int
    public var height: Int
    public var orientation: Int
    public var frames: Int
    public var bytes: Int
    public var sha256: String
    /// UTC time of adding, ISO 8601 to the second.
    public var added: String
    /// The edited image (`imgsel crop`): the part of the upright picture that is shown, judged
    /// and uploaded; nil for the whole. Never the whole picture itself (that is written as nil).
    public var crop: Crop?
    /// What the picture looks like, kept so that `add` compares a new image with the entries
    /// without decoding them (SPEC "Alike"): opaque text the commands write and read (`a1:…`,
    /// tagged with the crop it was made of); nil when none was made yet. A crop drops it.
    public var fingerprint: String?
    /// Members of the item this version does not know (another tool's notes), as a JSON
    /// object in file order: kept and written back after the known ones, never dropped.
    public var otherFields: JSONValue = .object([])
    /// Whether the file has an alpha channel or transparency, as its header said: known when the
    /// entry was just recorded or its file was looked at for `--no-alpha`; nil otherwise. Never
    /// written to the selection file, and never makes two entries differ (`LookedUp`).
    @LookedUp public var alpha: Bool? = nil

    public init(
        path: String, type: ImageType, width: Int, height: Int, orientation: Int,
        frames: Int, bytes: Int, sha256: String, added: String
    ) {
        self.path = path
        self.type = type
        self.width = width
        self.height = height
        self.orientation = orientation
        self.frames = frames
        self.bytes = bytes
        self.sha256 = sha256
        self.added = added
    }

    /// What the header said when the entry was added; true of the file while its sha256 is.
    public var facts: ImageFacts {
        ImageFacts(type: type, width: width, height: height, orientation: orientation, frames: frames)
    }

    /// The same entry without its crop: the whole picture.
    public var uncropped: Entry {
        var copy = self
        copy.crop = nil
        return copy
    }

    /// The size shown and uploaded: the crop's, else the file's upright size.
    public var shownSize: (width: Int, height: Int) {
        crop.map { ($0.width, $0.height) } ?? facts.uprightSize
    }
}

extension Entry {
    /// What an entry's number fields may hold: the one definition that the selection file's
    /// reader checks and that `add` (every writer of an entry from a header) holds an image to,
    /// so no command writes a file that the next one refuses. Width and height are a header's
    /// 32-bit fields at most as signed, which every reader of such a file can hold.
    static let numberFields: [(key: String, range: ClosedRange<Int>)] = [
        ("width", 0...Int(Int32.max)), ("height", 0...Int(Int32.max)), ("orientation", 1...8),
        ("frames", 1...Int.max), ("bytes", 0...Int.max),
    ]

    /// The allowed values of one of `numberFields`.
    package static func range(of key: String) -> ClosedRange<Int> {
        numberFields.first { $0.key == key }?.range ?? 0...0
    }

    /// The words for a value outside its field's range, shared by the reader and `add`.
    static func outOfRange(_ key: String) -> String {
        let range = range(of: key)
        let bound =
            range.upperBound == Int.max
            ? "≥ \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
        return "\"\(key)\" is not an integer \(bound)"
    }

    /// The first field of these facts a selection could not record, with its value, or nil.
    package static func unrecordable(_ facts: ImageFacts, bytes: Int) -> (key: String, value: Int)? {
        let values = [
            "width": facts.width, "height": facts.height, "orientation": facts.orientation, "frames": facts.frames,
            "bytes": bytes,
        ]
        for (key, range) in numberFields {
            if let value = values[key], !range.contains(value) { return (key, value) }
        }
        return nil
    }
}
