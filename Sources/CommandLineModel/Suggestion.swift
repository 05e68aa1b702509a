/// The name a mistyped one most likely meant, for "did you mean" in usage errors: by edit
/// distance for words, by letter for single-letter options.
public enum Suggestion {
    /// The option a mistyped one most likely meant, or nil when none is close. A single
    /// letter is matched by its letter, not its spelling (every `-x` is one edit from `-f`):
    /// the same letter in the other case, else the one long option starting with it.
    public static func nearestOption(_ typed: String, among names: [String]) -> String? {
        let long = names.filter { $0.hasPrefix("--") }
        if typed.hasPrefix("--") { return nearest(typed, among: long) }
        let letters = typed.dropFirst()
        guard letters.count == 1, let letter = letters.first?.lowercased() else {
            return nearest("-" + typed, among: long)  // `-version`: a long option typed with one dash
        }
        if let sameLetter = names.first(where: { $0.count == 2 && $0 != typed && $0.dropFirst().lowercased() == letter }
        ) {
            return sameLetter
        }
        let starting = long.filter { $0.dropFirst(2).prefix(1) == letter }
        return starting.count == 1 ? starting[0] : nil
    }

    /// The long option of other commands that `typed` is, or is close to, and the commands that
    /// have it, in `specs`' order: `add --max-byte` meant `--max-bytes`, an option of `init`,
    /// `rules` and `export`. Nil for a short option (`-n` means something else in each command).
    public static func otherCommands(
        having typed: String, among specs: [CommandSpec]
    ) -> (option: String, commands: [String])? {
        guard typed.hasPrefix("--") else { return nil }
        let long = Set(specs.flatMap { $0.options.flatMap(\.names) }.filter { $0.hasPrefix("--") }).sorted()
        guard let option = long.contains(typed) ? typed : nearest(typed, among: long) else { return nil }
        return (option, specs.filter { $0.options.contains { $0.names.contains(option) } }.map(\.name))
    }

    /// "'a'", "'a' and 'b'", "'a', 'b' and 'c'".
    public static func quotedList(_ words: [String]) -> String {
        let quoted = words.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
    }

    /// " (did you mean 'list'?)" when a known name is close, else "".
    public static func didYouMean(_ word: String, among candidates: [String]) -> String {
        guard let best = nearest(word, among: candidates) else { return "" }
        return " (did you mean '\(best)'?)"
    }

    public static func nearest(_ word: String, among candidates: [String]) -> String? {
        let scored = candidates.map { ($0, editDistance(word, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        let limit = max(1, min(2, best.0.count / 3))
        if best.1 <= limit { return best.0 }
        // A unique prefix also counts: `imgsel li` → `list`.
        let prefixed = candidates.filter { $0.hasPrefix(word) && word.count >= 2 }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }
}
