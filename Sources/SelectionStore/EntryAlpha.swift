import SelectionModel

extension Selection {
    /// The same selection with each entry's alpha looked up in its file's header, when `rules`
    /// hold `--no-alpha` (nothing is read otherwise): the selection file does not record it. A file
    /// that is missing, unreadable or no longer of its recorded type and byte count is left
    /// unknown (judged as having none): `check` reports such a file anyway. `folder` is the
    /// selection file's, which stored paths are relative to.
    public func lookingUpAlpha(under rules: Rules, folder: String) -> Selection {
        guard rules[.noAlpha] != nil else { return self }
        return knowingAlpha { entry in
            let path = PhysicalPath.absoluteOnDisk(entry.path, base: folder)
            guard let probed = try? ImageInspector.probe(path), probed.bytes == entry.bytes,
                probed.facts.type == entry.type
            else { return nil }
            return probed.facts.alpha
        }
    }
}
