import Alike
import CommandLineModel
import ImageDecoding
import SelectionStore

/// `similar`: groups of alike pictures among the entries (crop applied), or among the files given,
/// so the same photo twice or a burst's frames are seen before they take a slot (SPEC, "Alike").
struct SimilarCommand: Command {
    static let spec = CommandSpec(
        name: "similar", usage: "similar [FILE...] [--distance D]",
        summary: "groups of images that look alike (resized, re-encoded, cropped, turned, a burst); exit 1 if any",
        arguments: [("FILE", "images to compare, the sharpest of a group first (default: the selection's entries)")],
        options: [
            OptionSpec(
                names: ["--distance"], value: "D",
                help: "alike when at most D apart (0 the same picture; default \(AlikeDistance.defaultLimit))")
        ],
        examples: ["imgsel similar", "imgsel similar shots/*.jpg", "imgsel --json similar --distance 12"])

    static let distanceRange = 0...100

    let files: [String]
    let limit: Int

    init(validating arguments: ParsedArguments) throws(ImgselError) {
        files = arguments.positionals
        if files.contains(where: \.isEmpty) { throw .usage("similar: FILE needs a path, not an empty string") }
        limit = try PictureOutput.number(
            arguments, "--distance", command: "similar", range: Self.distanceRange,
            default: AlikeDistance.defaultLimit)
    }

    func run(_ context: Context) throws(ImgselError) {
        files.isEmpty ? try entries(context) : try named(context)
    }

    /// The entries' groups, members in index order.
    private func entries(_ context: Context) throws(ImgselError) {
        let selection = try lift(store: context.store.read())
        let jobs = selection.items.enumerated().map { EntryFile($1, path: context.absolutePath($1), index: $0 + 1) }
        let likenesses = try Self.gathered(
            Parallel.map(jobs) { job in Result { () throws(ImgselError) in try EntryLikeness.of(job) } },
            paths: jobs.map { context.displayPath($0.entry) })
        let groups = Self.groups(likenesses, limit: limit, sharpestFirst: false)
        try report(groups, likenesses, context) { position in
            (String(position + 1) + " " + context.displayPath(selection.items[position]), ("index", .int(position + 1)))
        }
    }

    /// The files' groups, each led by its sharpest member.
    private func named(_ context: Context) throws(ImgselError) {
        let files = self.files, cwd = context.cwd
        let likenesses = try Self.gathered(
            Parallel.map(files) { file in Result { () throws(ImgselError) in try Self.likeness(file, cwd) } },
            paths: files)
        let groups = Self.groups(likenesses, limit: limit, sharpestFirst: true)
        try report(groups, likenesses, context) { position in (files[position], ("path", .string(files[position]))) }
    }

    /// The groups among the pictures large enough to compare, positions in the list given.
    private static func groups(_ likenesses: [Likeness?], limit: Int, sharpestFirst: Bool) -> [[AlikeGroups.Member]] {
        let kept = likenesses.indices.filter { likenesses[$0] != nil }
        let compared = kept.compactMap { likenesses[$0] }
        let order =
            sharpestFirst ? compared.indices.sorted { compared[$0].sharpness > compared[$1].sharpness } : nil
        let groups = AlikeGroups.groups(
            of: compared.map { AlikeDistance.Prepared($0.fingerprint) }, limit: limit, order: order)
        return groups.map { $0.map { AlikeGroups.Member(position: kept[$0.position], distance: $0.distance) } }
    }

    private static func likeness(_ file: String, _ cwd: String) throws(ImgselError) -> Likeness? {
        let picture = PictureLoader.file(file, cwd: cwd).flatMap { facts, bytes in
            PictureLoader.picture(bytes, facts: facts, within: Likeness.box)
        }
        switch picture {
        case .success(let raster):
            guard Likeness.isComparable(raster) else { return nil }
            let likeness = Likeness.of(upright: raster)
            return likeness.isComparable ? likeness : nil
        case .failure(.input(let error)): throw error
        case .failure(let failure): throw .undecodable(path: file, problem: failure.pictureProblem)
        }
    }

    /// Every likeness, or every failure (each file named) as one error.
    private static func gathered(
        _ results: [Result<Likeness?, ImgselError>], paths: [String]
    ) throws(ImgselError) -> [Likeness?] {
        var likenesses: [Likeness?] = []
        var failures: [ImgselError] = []
        for result in results {
            switch result {
            case .success(let likeness): likenesses.append(likeness)
            case .failure(let error): failures.append(error)
            }
        }
        if let failure = ImgselError.combining(failures) { throw failure }
        return likenesses
    }

    /// A line a group (`1 a.jpg, 3 b.jpg (distance 4)`), or `--json`'s array of groups; exit 1
    /// when there is a group.
    private func report(
        _ groups: [[AlikeGroups.Member]], _ likenesses: [Likeness?], _ context: Context,
        naming: (Int) -> (text: String, member: (String, JSONValue))
    ) throws(ImgselError) {
        if context.json {
            context.console.json(
                .array(
                    groups.map { group in
                        .array(
                            group.map { m in
                                .object([
                                    naming(m.position).member, ("distance", .int(m.distance)),
                                    (
                                        "sharpness",
                                        .number(((likenesses[m.position]?.sharpness ?? 0) * 10).rounded() / 10)
                                    ),
                                ])
                            })
                    }))
        } else {
            for group in groups {
                let members = group.map { m in
                    naming(m.position).text
                        + (m.distance == 0 && m.position == group[0].position
                            ? "" : " (distance \(m.distance))")
                }
                context.console.out(Format.printable(members.joined(separator: ", ")))
            }
        }
        if !groups.isEmpty { throw .alikeFound(groups: groups.count) }
    }
}
