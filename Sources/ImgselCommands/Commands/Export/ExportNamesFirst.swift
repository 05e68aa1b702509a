import ImageDecoding
import ImageEncoding
import SelectionStore

/// The checks `export` makes of DIR before any picture is decoded or encoded (SPEC, "Export"): a name
/// DIR already holds (the issue waited for nine photos to be encoded, then was refused), and what
/// `--replace` must not remove.
extension ExportRun {
    /// Refuses (exit 1, nothing written) when DIR holds a name to be written and neither `--force`
    /// nor `--replace` was given. A name is known from the plan, but for a picture whose format hangs
    /// on its transparency: that one is decoded first, alone, only when one of its names is taken.
    func refuseTakenNames(_ jobs: [ExportMaker.Job], in folder: ExportFolder, maker: ExportMaker) throws(ImgselError) {
        guard !options.force, !folder.creates, !folder.replaces else { return }
        var extensions = jobs.map { maker.plannedExtension($0.step) }
        func names(_ guess: String) -> [String] {
            ExportNames.assign(
                zip(jobs, extensions).map { job, ext in
                    ExportNames.File(
                        index: job.step.index, sourceName: PathName.baseName(job.step.entry.path),
                        fileExtension: ext ?? guess, copied: job.step.action == .copy && ext != nil)
                }, naming: options.naming)
        }
        let asJPEG = names("jpg"), asPNG = names("png")
        let unsure = jobs.indices.filter {
            extensions[$0] == nil && !folder.taken([asJPEG[$0], asPNG[$0]]).isEmpty
        }
        let settled = Parallel.map(unsure.map { jobs[$0] }) { maker.resolvedExtension($0) }
        for (n, ext) in zip(unsure, settled) { extensions[n] = ext }
        let known = names("jpg").enumerated().filter { extensions[$0.offset] != nil }.map(\.element)
        let taken = folder.taken(known)
        guard !taken.isEmpty else { return }
        folder.discard()
        throw ImgselError.combining(
            taken.map { .fileExists(path: PathName.display(folder.dir + "/" + $0, cwd: context.cwd)) })!
    }

    /// `--replace` removes files only: a folder in DIR, the selection file or an entry's file there is
    /// refused (exit 1) before anything is made, so `export . --replace` cannot take the photos with it.
    func refuseWhatReplaceWouldRemove(_ target: String, _ selection: Selection) throws(ImgselError) {
        let files = [context.store.path] + selection.items.map { context.absolutePath($0) }
        let found = ExportFolder.replaceBlockers(dir: target, keeping: files)
        let shown = { (path: String) in PathName.display(path, cwd: context.cwd) }
        let reason = "--replace would remove it from \(dir); nothing was written"
        var refusals: [ImgselError] = found.folders.map {
            .exportRefused(
                path: nil, entry: nil, reason: "--replace would remove the folder \(shown($0)); nothing was written")
        }
        for n in found.kept {
            refusals.append(
                n == 0
                    ? .exportRefused(
                        path: nil, entry: nil, reason: "the selection file \(shown(files[0])) is in \(dir): \(reason)")
                    : .exportRefused(path: shown(files[n]), entry: n, reason: "its file is in \(dir): \(reason)"))
        }
        if let failure = ImgselError.combining(refusals) { throw failure }
    }
}

extension ExportMaker {
    /// The extension the step's file will have, from the plan alone; nil when it hangs on the pixels
    /// (a transparent photograph is written as PNG) or on the bytes (a copy over `--max-bytes` even
    /// without its metadata is made again, a WebP's as JPEG or PNG by its kind).
    func plannedExtension(_ step: ExportStep) -> String? {
        let entry = step.entry
        if step.changes.contains(.animated) { return "gif" }
        let copied = entry.type == .jpeg ? "jpg" : entry.type.rawValue
        var formats: Set<ExportFormat?> = []
        // A JPEG has no alpha; a WebP's kind is in its bytes.
        for transparent in entry.type == .jpeg ? [false] : [false, true] {
            for lossy in entry.type == .webp ? [false, true] : [false] {
                let natural = ExportFormat.natural(for: entry.type, lossyWebP: lossy, hasAlpha: transparent)
                formats.insert(ExportFormat.choose(natural: natural, forced: options.format, allowed: limits.types))
            }
        }
        let made = formats.count == 1 ? formats.first!.map(\.fileExtension) : nil
        guard step.action == .copy else { return made }
        guard let maxBytes = limits.maxBytes, entry.bytes > maxBytes else { return copied }
        return made == copied ? copied : nil
    }

    /// The extension found by reading the file (and decoding it where its format hangs on its
    /// transparency); nil when it cannot be read or decoded, which making it will report.
    func resolvedExtension(_ job: Job) -> String? {
        let step = job.step, entry = step.entry
        guard let bytes = try? job.contents() else { return nil }
        if step.action == .copy {
            var copy = bytes
            if !options.keepMetadata, case let .success(stripped) = MetadataStrip.stripped(bytes, type: entry.type) {
                copy = stripped
            }
            if copy.count <= limits.maxBytes ?? .max { return entry.type == .jpeg ? "jpg" : entry.type.rawValue }
        }
        if ExportPlan.animation(entry, limits: limits, options: options) == .animated { return "gif" }
        guard
            let picture = try? ExportPicture.make(
                bytes, facts: entry.facts, region: region(step), width: step.target.width, height: step.target.height)
        else { return nil }
        return format(entry, bytes: bytes, transparent: Self.transparent(picture))?.fileExtension
    }
}
