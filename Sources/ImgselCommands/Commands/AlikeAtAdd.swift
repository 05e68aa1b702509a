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
    /// another entry: one that was there before, or one added earlier in the batch. Each picture is
    /// decoded at its smallest DCT scale (crop applied); one that cannot be (a type imgsel does not
    /// decode, a damaged file, one under 16 pixels a side) is simply not compared, as `add` takes
    /// what it cannot show.
    func alikeFindings(added: [Int], in selection: Selection) -> [AlikeFinding] {
        guard !added.isEmpty, selection.count > 1 else { return [] }
        let jobs = selection.items.enumerated().map { EntryFile($1, path: absolutePath($1), index: $0 + 1) }
        let prepared = Parallel.map(jobs) { job in
            (try? EntryLikeness.of(job))?.map { AlikeDistance.Prepared($0.fingerprint) }
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

    /// Each entry that looks like an earlier one (`check` and `rules --distinct` over the set).
    func alikeEntries(in selection: Selection) -> [AlikeFinding] {
        selection.count < 2 ? [] : alikeFindings(added: Array(2...selection.count), in: selection)
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
