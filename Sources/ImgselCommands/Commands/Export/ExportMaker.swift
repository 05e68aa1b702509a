import ImageDecoding
import ImageEncoding
import ImageHeaders
import SelectionStore

/// Makes one entry's file, in memory: its verified bytes copied with the metadata removed, or decoded,
/// turned, shrunk and encoded to fit. Runs on a worker; holds one photo's decode at a time.
struct ExportMaker: Sendable {
    let options: ExportOptions
    let limits: ExportLimits
    let signals: HeldSignals
    let encodeJPEG: JPEGEncode
    /// What the pictures made at once may hold (`ExportMemory`).
    let memory: ExportMemory

    struct Job: Sendable {
        let step: ExportStep
        let file: EntryFile
        let shownPath: String

        /// The entry's file, whole and as recorded, or the input error naming the entry as `check` does.
        func contents() throws(ImgselError) -> [UInt8] {
            switch PictureLoader.contents(file) {
            case .success(let bytes): return bytes
            case .failure(let problem): throw .entryFile(index: step.index, path: shownPath, problem: problem)
            }
        }
    }

    func make(_ job: Job) throws(ImgselError) -> MadeFile {
        let step = job.step, entry = step.entry
        if signals.arrived { throw .cancelled(command: "export", what: "stopped") }
        let bytes = try job.contents()
        var changes = step.changes
        // Read only where it decides something: a copy under `--colour keep` keeps the file as it is.
        lazy var colour = PictureColour.of(bytes, type: entry.type)
        // `--colour srgb` makes again a file that could be copied but whose numbers are not sRGB's.
        if step.action == .copy, options.colour == .srgb, colour.changesPixels {
            if let refusal = PictureLoader.refusal(entry.facts, bytes: entry.bytes) {
                throw .undecodable(path: job.shownPath, problem: PictureProblem(refusal))
            }
            changes = remade(entry)
        } else if step.action == .copy, limits.rules[.noAlpha] != nil, Self.hasAlpha(bytes) {
            // `--no-alpha`: a file with an alpha channel is made again without one, laid over white.
            if let refusal = PictureLoader.refusal(entry.facts, bytes: entry.bytes) {
                throw .undecodable(path: job.shownPath, problem: PictureProblem(refusal))
            }
            changes = remade(entry)
        } else if step.action == .copy {
            var copy = bytes
            var hdr: [ExportChange] = []
            if let kept = gainMapCopy(bytes, entry) {
                (copy, hdr) = (kept.bytes, [kept.change])
            } else if !options.keepMetadata {
                switch MetadataStrip.stripped(bytes, type: entry.type) {
                case let .success(stripped): copy = stripped
                case let .failure(problem): throw .metadataUnremovable(path: job.shownPath, problem)
                }
            }
            if limits.maxBytes.map({ copy.count <= $0 }) ?? true {
                let removed: [ExportChange] =
                    copy.count < bytes.count && !options.keepMetadata ? [.metadataRemoved] : []
                let ext = entry.type == .jpeg ? "jpg" : entry.type.rawValue
                return MadeFile(
                    index: step.index, entry: entry, bytes: copy, fileExtension: ext, typeName: entry.type.rawValue,
                    width: step.upright.width, height: step.upright.height, quality: nil,
                    changes: [.copied] + removed + hdr, encodes: 0)
            }
            // Over --max-bytes even without its metadata: it is made again, as any entry that must change.
            if let refusal = PictureLoader.refusal(entry.facts, bytes: entry.bytes) {
                throw .undecodable(path: job.shownPath, problem: PictureProblem(refusal))
            }
            changes = remade(entry)
        }
        if changes.contains(.animated), let frames = PixelDecoders[entry.type]?.frames {
            return try animated(job, bytes: bytes, frames: frames, changes: changes, colour: colour)
        }
        // Counted before it decodes: the workers running at once are as many as the memory budget holds.
        let cost =
            bytes.count
            + ExportPicture.workingBytes(
                bytes, facts: entry.facts, region: region(step), width: step.target.width,
                height: step.target.height)
        let colourOfPixels = colour
        return try memory.holding(cost) { () throws(ImgselError) in
            try encoded(job, bytes: bytes, changes: changes, colour: colourOfPixels)
        }
    }

    /// The entry's picture made and encoded: decoded, turned, cut and shrunk, then written as the format
    /// it goes out in, fitted to `--max-bytes`, its gain map with it.
    private func encoded(
        _ job: Job, bytes: [UInt8], changes: [ExportChange], colour: PictureColour
    ) throws(ImgselError) -> MadeFile {
        let step = job.step, entry = step.entry
        var changes = changes
        var picture: Raster
        do {
            picture = try ExportPicture.make(
                bytes, facts: entry.facts, region: region(step), width: step.target.width, height: step.target.height,
                cmyk: colour.cmyk)
        } catch {
            throw .undecodable(path: job.shownPath, problem: .damaged(error))
        }
        if signals.arrived { throw .cancelled(command: "export", what: "stopped") }
        var transparent = Self.transparent(picture)
        let flattens = limits.rules[.noAlpha] != nil && picture.hasAlpha && (transparent || Self.hasAlpha(bytes))
        if flattens {
            picture = ExportPicture.flattened(picture)
            transparent = false
        }
        guard let format = format(entry, bytes: bytes, transparent: transparent) else {
            throw .exportRefused(
                path: job.shownPath, entry: step.index,
                reason: ExportRefusal.neitherFormat(allowed: limits.types ?? []).words)
        }
        if (format == .jpeg && transparent) || flattens { changes.append(.flattened) }
        var metadata = pictureMetadata(ExportMetadata.read(bytes, type: entry.type), turned: step.turned)
        // A kept Ultra HDR directory would name the old gain map: the pair's own is written again.
        if let xmp = metadata.xmp, GainMap.declared(byXMP: xmp) { metadata.xmp = nil }
        if Self.convertsToSRGB(colour, options.colour) {
            picture = colour.sRGB(picture)
            metadata.icc = nil
            changes.append(.convertedToSRGB)
        } else if options.colour == .srgb || colour.cmyk != nil {
            metadata.icc = nil
        }
        let encoded: EncodedPicture
        do throws(ExportEncoding.DoesNotFit) {
            switch format {
            case .jpeg:
                encoded = try ExportEncoding.jpeg(
                    picture, quality: options.quality, maxBytes: limits.maxBytes, metadata: metadata,
                    encode: encodeJPEG)
            case .png:
                encoded = try ExportEncoding.png(picture, maxBytes: limits.maxBytes, metadata: metadata)
            }
        } catch {
            let limit = limits.maxBytes.map(Self.limitText) ?? "?"
            throw .exportRefused(
                path: job.shownPath, entry: step.index,
                reason: "does not fit \(limit) (--max-bytes): \(RuleNumbers.byteText(error.bytes)) "
                    + "even at \(error.width)×\(error.height)")
        }
        if encoded.shrinkSteps > 0, !changes.contains(.shrunk) {
            changes.insert(.shrunk, at: changes.firstIndex(of: .reEncoded) ?? changes.endIndex)
        }
        if !options.keepMetadata { changes.append(.metadataRemoved) }
        let written = withGainMap(encoded, format: format, original: bytes, step: step)
        if let change = written.change { changes.append(change) }
        return MadeFile(
            index: step.index, entry: entry, bytes: written.bytes, fileExtension: format.fileExtension,
            typeName: format.rawValue, width: encoded.width, height: encoded.height, quality: encoded.quality,
            changes: changes, encodes: encoded.encodes)
    }

    /// The changes of an entry the plan would copy but that is made again after all: `re-encoded`, after
    /// what becomes of its frames when it is an animation.
    func remade(_ entry: Entry) -> [ExportChange] {
        (ExportPlan.animation(entry, limits: limits, options: options).map { [$0] } ?? []) + [.reEncoded]
    }

    /// Whether an encoded picture's pixels are turned into sRGB's: always under `--colour srgb` when they
    /// are not sRGB's already; under `keep` when no profile can go with them (an nclx or cICP description,
    /// a grey profile on RGB pixels, a CMYK profile, whose ink the decode turned into sRGB already).
    static func convertsToSRGB(_ colour: PictureColour, _ wanted: ExportColour) -> Bool {
        guard colour.changesPixels else { return false }
        return wanted == .srgb || colour.rgbProfile == nil
    }

    /// The format an entry made again is written in: its natural one (a transparent picture's is PNG)
    /// unless forced or forbidden; nil when `--types` allows neither.
    func format(_ entry: Entry, bytes: [UInt8], transparent: Bool) -> ExportFormat? {
        let lossyWebP = entry.type == .webp && ExportMetadata.isLossyWebP(bytes)
        let natural = ExportFormat.natural(for: entry.type, lossyWebP: lossyWebP, hasAlpha: transparent)
        return ExportFormat.choose(natural: natural, forced: options.format, allowed: limits.types)
    }

    /// The step's region for ExportPicture; nil for the whole picture.
    func region(_ step: ExportStep) -> ExportPicture.Region? {
        guard step.cropped else { return nil }
        let r = step.region
        return ExportPicture.Region(x: r.x, y: r.y, width: r.width, height: r.height)
    }

    /// The ICC profile always; EXIF (orientation set to 1 when the pixels were turned) and XMP only when kept.
    private func pictureMetadata(_ found: ExportMetadata, turned: Bool) -> PictureMetadata {
        var metadata = PictureMetadata()
        switch found.icc {
        case let .raw(profile)?: metadata.icc = profile
        case let .zlib(compressed)?: metadata.icc = PictureMetadata.inflatedProfile(compressed)
        case nil: break
        }
        if options.keepMetadata {
            metadata.exif = found.exif.map { turned ? ExportMetadata.uprighted($0) : $0 }
            metadata.xmp = found.xmp
        }
        return metadata
    }

    /// `2 KB`, `5 MB`, `1500 B`: the limit as the option took it, as the rules' messages print it.
    static func limitText(_ bytes: Int) -> String {
        let text = Rule.maxBytes(bytes).argument ?? "\(bytes)"
        guard let unit = text.firstIndex(where: { $0.isLetter }) else { return text + " B" }
        return text[..<unit] + " " + text[unit...]
    }

    /// Whether the file's header says it has an alpha channel or transparency (what `--no-alpha` judges).
    static func hasAlpha(_ bytes: [UInt8]) -> Bool {
        (try? ImageProbe.probe(MemoryByteSource(bytes)))?.alpha ?? false
    }

    /// Whether any pixel is less than opaque (a decoder's alpha channel alone promises nothing).
    static func transparent(_ picture: Raster) -> Bool {
        guard picture.hasAlpha else { return false }
        return picture.pixels.withUnsafeBufferPointer { p in
            stride(from: 3, to: p.count, by: 4).contains { p[$0] != 255 }
        }
    }
}
