import Alike
import ImageDecoding
import SelectionStore

/// An image just put in the selection that looks like an entry already there.
struct AlikeFinding: Equatable {
    /// The new entry's index, and the entry it looks like.
    let index: Int
    let like: Int
    let distance: Int
}

/// What `add`, `replace` and `toggle` found alike, and the selection it names the entries in.
typealias AlikeOutcome = (findings: [AlikeFinding], in: Selection)

extension Context {
    /// Which of the entries at `added` (1-based, in `selection` as it will be written) look like
    /// another entry: one that was there before, or one added earlier in the batch. The fingerprints
    /// kept in the file are compared; an entry without one (a file written before they were kept, a
    /// crop changed since) is decoded at its smallest DCT scale, crop applied, and its fingerprint
    /// kept in `selection`. One that cannot be decoded (a type imgsel does not decode, a damaged or
    /// missing file) is simply not compared, as `add` takes what it cannot show.
    func alikeFindings(added: [Int], in selection: inout Selection) -> [AlikeFinding] {
        guard !added.isEmpty, selection.count > 1 else { return [] }
        selection = withFingerprints(selection)
        let prepared = selection.items.map { entry in
            KeptFingerprint(of: entry)?.fingerprint.map { AlikeDistance.Prepared($0) }
        }
        let new = Set(added)
        var findings: [AlikeFinding] = []
        for index in added.sorted() {
            guard let mine = prepared[index - 1] else { continue }
            var best: (like: Int, distance: Int)?
            for other in 1...selection.count where other != index && (!new.contains(other) || other < index) {
                guard let theirs = prepared[other - 1] else { continue }
                let distance = AlikeDistance.between(mine, theirs)
                if distance <= AlikeDistance.defaultLimit, distance < (best?.distance ?? .max) {
                    best = (other, distance)
                }
            }
            if let best { findings.append(AlikeFinding(index: index, like: best.like, distance: best.distance)) }
        }
        return findings
    }

    /// `selection` with a fingerprint kept for every entry (or those `at`, 1-based) that lacks a
    /// valid one and can be decoded: `crop` makes the cropped entry's again, so a crop undone gives
    /// back the file it changed byte for byte.
    func withFingerprints(_ selection: Selection, at indices: [Int]? = nil) -> Selection {
        let missing = (indices?.map { $0 - 1 } ?? Array(selection.items.indices)).filter {
            selection.items.indices.contains($0) && KeptFingerprint(of: selection.items[$0]) == nil
        }
        guard !missing.isEmpty else { return selection }
        let jobs = missing.map {
            EntryFile(selection.items[$0], path: absolutePath(selection.items[$0]), index: $0 + 1)
        }
        let made = Parallel.map(jobs) { Self.fingerprintText($0) }
        var filled = selection
        for (position, text) in zip(missing, made) { filled.keepFingerprint(text, at: position + 1) }
        return filled
    }

    /// `entries` (just inspected, not yet in the selection) each with its fingerprint: the one decode
    /// an image added costs, made before the lock is taken so that no other imgsel waits on it.
    func withFingerprints(_ entries: [Entry]) -> [Entry] {
        let made = Parallel.map(entries.map { EntryFile($0, path: absolutePath($0), index: 0) }) {
            Self.fingerprintText($0)
        }
        return zip(entries, made).map { entry, text in
            var entry = entry
            entry.fingerprint = text
            return entry
        }
    }

    /// The fingerprint text of an entry's picture as it is recorded; nil when it cannot be decoded.
    private static func fingerprintText(_ file: EntryFile) -> String? {
        // Not `try?`, which would flatten "never alike" (nil) into "not decoded".
        guard case .success(let likeness) = Result(catching: { () throws(ImgselError) in try EntryLikeness.of(file) })
        else { return nil }
        return KeptFingerprint.text(likeness, crop: file.entry.crop)
    }

    /// Each entry that looks like an earlier one (`check` and `rules --distinct` over the set).
    func alikeEntries(in selection: inout Selection) -> [AlikeFinding] {
        selection.count < 2 ? [] : alikeFindings(added: Array(2...selection.count), in: &selection)
    }

    /// A finding as the rule's problem, both entries named by the paths that work from here.
    func alikeProblem(_ finding: AlikeFinding, in selection: Selection) -> RuleProblem {
        let entry = selection.items[finding.index - 1], like = selection.items[finding.like - 1]
        return RuleProblem(
            path: displayPath(entry), rule: .distinct,
            subject: .alike(index: finding.like, path: displayPath(like), distance: finding.distance))
    }

    /// Under `--distinct`, the findings as the refusal (every image named); otherwise nil.
    func alikeRefusal(_ findings: [AlikeFinding], in selection: Selection) -> ImgselError? {
        guard selection.rules[.distinct] != nil, !findings.isEmpty else { return nil }
        return ImgselError.combining(
            findings.map { finding in
                var problem = alikeProblem(finding, in: selection)
                problem.path = selection.items[finding.index - 1].path
                return .ruleBroken(problem)
            })
    }

    /// `b.jpg: looks like entry 3 (a.jpg), distance 4` on stderr for each finding (an object
    /// under `--json`): a warning, the images are added; `-q` leaves it out, as it does export's notes.
    func warnAlike(_ findings: [AlikeFinding], in selection: Selection) {
        for finding in findings where !quiet {
            let entry = selection.items[finding.index - 1], like = selection.items[finding.like - 1]
            if json {
                console.errText(
                    JSONWriter.compact(
                        .object([
                            (
                                "warning",
                                .object(
                                    [("index", .int(finding.index))] + pathMembers(entry) + [
                                        ("code", .string("alike")), ("like", .int(finding.like)),
                                        ("distance", .int(finding.distance)),
                                    ])
                            )
                        ])))
            } else {
                let words = "looks like entry \(finding.like) (\(displayPath(like))), distance \(finding.distance)"
                console.errText(Format.printable("imgsel: warning: \(displayPath(entry)): \(words)"))
            }
        }
    }
}
