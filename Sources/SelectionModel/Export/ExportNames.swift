/// The names of an export's files: `NN-NAME.EXT` in selection order, or (`--names keep`) each file's own
/// name, ` (1)`, ` (2)`… on a clash within the set, as `save` numbers its copies.
public enum ExportNames {
    /// One file to name: the entry's file name (its last path component) and the extension of what is
    /// written; `copied` keeps a copy's own name whole under `--names keep` (`IMG.JPEG` stays so).
    public struct File: Sendable {
        public let index: Int
        public let sourceName: String
        public let fileExtension: String
        public let copied: Bool

        public init(index: Int, sourceName: String, fileExtension: String, copied: Bool) {
            self.index = index
            self.sourceName = sourceName
            self.fileExtension = fileExtension
            self.copied = copied
        }
    }

    /// The names, in the files' order, all different.
    public static func assign(_ files: [File], naming: ExportNaming) -> [String] {
        var taken: Set<String> = []
        return files.map { file in
            let stem = Self.stem(file.sourceName)
            let name: String
            switch naming {
            case .numbered:
                let number = file.index < 10 ? "0\(file.index)" : "\(file.index)"
                name = fitted(number + "-" + stem, suffix: "." + file.fileExtension)
            case .keep:
                name = file.copied ? file.sourceName : fitted(stem, suffix: "." + file.fileExtension)
            }
            var attempt = 0
            var candidate = name
            while taken.contains(candidate) {
                attempt += 1
                candidate = NumberedName.candidate(name, attempt)
            }
            taken.insert(candidate)
            return candidate
        }
    }

    /// The name without its extension (`IMG_0001.HEIC` → `IMG_0001`); a leading dot is no extension.
    static func stem(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// `stem` + `suffix`, the stem cut (whole characters) so the name keeps within 255 bytes.
    static func fitted(_ stem: String, suffix: String) -> String {
        let room = NumberedName.maxNameBytes - suffix.utf8.count
        var used = 0
        var kept = ""
        for character in stem {
            used += character.utf8.count
            guard used <= room else { break }
            kept.append(character)
        }
        return kept + suffix
    }
}
