import ImageDecoding
import SelectionStore

/// One `export`, from the selection to DIR: the plan (SelectionStore, pure), the pictures (on every
/// core, each within one photo's decode budget), the names, then one commit of the hidden folder.
/// Signals INT, TERM and HUP are held for the whole run: a worker that sees one stops, the hidden
/// folder goes, and the signal then takes its ordinary effect, so DIR is as it was.
struct ExportRun {
    let dir: String
    let options: ExportOptions
    let context: Context

    func run(_ selection: Selection) throws(ImgselError) -> [ExportedFile] {
        let limits = ExportLimits(selection: selection.rules, options: options)
        // `--no-alpha` decides copy or encode (and so a name's extension) before any picture is made.
        let looked = selection.lookingUpAlpha(under: limits.rules, folder: context.store.folder)
        let items = looked.items.map { ExportPlan.Item(entry: $0, shownPath: context.displayPath($0)) }
        let files = selection.items.enumerated().map { EntryFile($1, path: context.absolutePath($1), index: $0 + 1) }
        // An input file's problem (3) comes before the selection's state (1): a stat of each file first.
        var failures = files.compactMap { file in file.quickProblem().map { inputError($0, file) } }
        var steps: [ExportStep] = []
        do {
            steps = try ExportPlan.steps(items, limits: limits, options: options) { facts, bytes in
                PictureLoader.refusal(facts, bytes: bytes)
            }
        } catch {
            failures += ImgselError(error).parts
        }
        if let failure = ImgselError.combining(failures) { throw failure }

        let signals = HeldSignals.hold()
        defer { signals.release() }
        let target = PhysicalPath.absoluteOnDisk(dir, base: context.cwd)
        if options.replace { try refuseWhatReplaceWouldRemove(target, selection) }
        let folder: ExportFolder
        do {
            folder = try ExportFolder(dir: target, replace: options.replace)
        } catch {
            throw ImgselError(error).replacingPath(target, with: dir)
        }
        let budget = steps.map { DecodeLimits.budget(width: $0.entry.facts.width, height: $0.entry.facts.height) }
        let maker = ExportMaker(
            options: options, limits: limits, signals: signals, encodeJPEG: ExportJPEG.encode,
            memory: ExportMemory(budget: budget.max() ?? 0))
        let jobs = zip(steps, files).map {
            ExportMaker.Job(step: $0, file: $1, shownPath: context.displayPath($0.entry))
        }
        try refuseTakenNames(jobs, in: folder, maker: maker)
        let results = Parallel.map(jobs) { job in Result { () throws(ImgselError) in try maker.make(job) } }
        var made: [MadeFile] = []
        failures = []
        for result in results {
            switch result {
            case let .success(file): made.append(file)
            case let .failure(error): failures += error.parts
            }
        }
        if signals.arrived { throw cancelled(folder) }
        if let failure = ImgselError.combining(failures.sorted { $0.exitCode > $1.exitCode }) {
            folder.discard()
            throw failure.replacingPath(target, with: dir)
        }
        let names = ExportNames.assign(
            made.map {
                ExportNames.File(
                    index: $0.index, sourceName: PathName.baseName($0.entry.path), fileExtension: $0.fileExtension,
                    copied: $0.changes.contains(.copied))
            }, naming: options.naming)
        let shown = { (name: String) in PathName.display(folder.dir + "/" + name, cwd: context.cwd) }
        let taken = folder.taken(names)
        if !taken.isEmpty, !options.force {
            folder.discard()
            throw ImgselError.combining(taken.map { .fileExists(path: shown($0)) })!
        }
        do throws(ImgselError) {
            for (file, name) in zip(made, names) {
                if signals.arrived { throw cancelled(folder) }
                try lift(store: folder.write(name, bytes: file.bytes))
            }
            if signals.arrived { throw cancelled(folder) }
            let paths = try lift(store: folder.commit(names, replace: options.force))
            if folder.replaces {
                return zip(made, names).map {
                    // Named through DIR as typed (a link to a folder stays a link).
                    ExportedFile(
                        made: $0, path: target + "/" + $1,
                        shownPath: PathName.display(target + "/" + $1, cwd: context.cwd))
                }
            }
            return zip(made, paths).map {
                ExportedFile(made: $0, path: $1, shownPath: PathName.display($1, cwd: context.cwd))
            }
        } catch {
            folder.discard()
            throw error
        }
    }

    private func cancelled(_ folder: ExportFolder) -> ImgselError {
        folder.discard()
        return .cancelled(command: "export", what: "\(dir) was left as it was")
    }

    /// Named as `check` names an entry's file: `entry 2 (photos/flower.jpg): file is missing`.
    private func inputError(_ problem: EntryFile.Problem, _ file: EntryFile) -> ImgselError {
        .entryFile(index: file.index, path: context.displayPath(file.entry), problem: problem)
    }
}

/// One file made, not yet named.
struct MadeFile: Sendable {
    let index: Int
    let entry: Entry
    let bytes: [UInt8]
    let fileExtension: String
    /// The type written: the entry's own for a copy.
    let typeName: String
    let width: Int
    let height: Int
    let quality: Int?
    let changes: [ExportChange]
    /// How many encodes it took (the `--max-bytes` search).
    let encodes: Int
}

/// One file in DIR.
struct ExportedFile {
    let made: MadeFile
    let path: String
    let shownPath: String
}
