/// One supported format, described once: its names, what files of it are called and served
/// as, how its first bytes are recognised, and how its header is read. `ImageFormats.all`
/// lists them; the probe, the type names, the page's MIME types and the misnamed-file check
/// all read that list.
public final class ImageFormat: Sendable {
    /// The contract's type name, recorded in the selection file: "jpeg".
    public let name: String
    /// The name people know it by: "JPEG".
    public let displayName: String
    /// File-name extensions, lower case, no dot.
    public let extensions: Set<String>
    /// The media type a data URI and a browser know it by.
    public let mimeType: String
    /// Whether the first bytes are this format's: true to probe them as it, false when they are
    /// not; throws when they are of its family but cannot be read as it (a signature cut short,
    /// a RIFF file that holds audio), which ends the search with that refusal.
    let sniff: @Sendable (Sniff) throws -> Bool
    /// Reads the header facts; throws ProbeError.
    let probe: @Sendable (any ByteSource) throws -> ImageFacts

    init(
        name: String, displayName: String, extensions: Set<String>, mimeType: String,
        sniff: @escaping @Sendable (Sniff) throws -> Bool,
        probe: @escaping @Sendable (any ByteSource) throws -> ImageFacts
    ) {
        self.name = name
        self.displayName = displayName
        self.extensions = extensions
        self.mimeType = mimeType
        self.sniff = sniff
        self.probe = probe
    }

    /// The type this format's files are recorded as.
    public var type: ImageType { ImageType(self) }
}
