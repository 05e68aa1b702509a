import SelectionModel

extension Entry {
    /// The entry `add` records for an inspected file. `typed` is the path as given on the
    /// command line, made absolute against `cwd` the way the kernel opened it (through
    /// `link/..` too), then stored relative to the selection's folder where it can be.
    public init(
        recording image: InspectedImage, typed: String, cwd: String, selectionFolder: String,
        added: String = Clock.nowISO8601()
    ) {
        let absolute = PhysicalPath.absoluteOnDisk(typed, base: cwd)
        self.init(
            path: PathName.stored(absolute, selectionFolder: selectionFolder), type: image.facts.type,
            width: image.facts.width, height: image.facts.height, orientation: image.facts.orientation,
            frames: image.facts.frames, bytes: image.bytes, sha256: image.sha256, added: added)
        alpha = image.facts.alpha
    }
}
