import SelectionStore

/// FILE arguments where `-` stands for paths read from stdin, one a line or NUL-separated.
enum FileArguments {
    /// `limit`: the most paths stdin may give this command (see `StdinPathList`).
    static func expand(
        _ positionals: [String], nulSeparated: Bool, limit: Int, command: String, stdin: Int32
    ) throws(ImgselError) -> [String] {
        guard positionals.filter({ $0 == "-" }).count <= 1 else {
            throw .usage("\(command): '-' (paths on stdin) may be given once")
        }
        var paths: [String] = []
        for argument in positionals {
            if argument == "-" {
                paths += try StdinPathList(nulSeparated: nulSeparated, limit: limit).read(from: stdin)
            } else {
                paths.append(argument)
            }
        }
        return paths
    }
}
