import ImageDecoding
import ImageEncoding
import SelectionStore

extension ExportMaker {
    /// An animation made again as an animated GIF: every frame decoded, fitted and given its palette
    /// (`ExportAnimation`), its colours turned into sRGB's where they are not (a GIF carries no profile).
    func animated(
        _ job: Job, bytes: [UInt8], frames: AnimationFrames, changes planned: [ExportChange], colour: PictureColour
    ) throws(ImgselError) -> MadeFile {
        let step = job.step, entry = step.entry
        var changes = planned
        var fitted: ExportAnimation.Fitted
        do {
            fitted = try ExportAnimation.make(
                bytes, facts: entry.facts, frames: frames, region: region(step), width: step.target.width,
                height: step.target.height)
        } catch {
            throw .undecodable(path: job.shownPath, problem: .damaged(error))
        }
        if signals.arrived { throw .cancelled(command: "export", what: "stopped") }
        if colour.changesPixels {
            for n in fitted.frames.indices { fitted.frames[n].canvas = colour.sRGB(fitted.frames[n].canvas) }
            changes.append(.convertedToSRGB)
        }
        let encoded: EncodedPicture
        do throws(ExportEncoding.DoesNotFit) {
            encoded = try ExportAnimation.gif(fitted, maxBytes: limits.maxBytes)
        } catch {
            let limit = limits.maxBytes.map(Self.limitText) ?? "?"
            throw .exportRefused(
                path: job.shownPath, entry: step.index,
                reason: "does not fit \(limit) (--max-bytes): \(RuleNumbers.byteText(error.bytes)) "
                    + "even at \(error.width)×\(error.height)")
        }
        if encoded.shrinkSteps > 0, !changes.contains(.shrunk) {
            changes.insert(.shrunk, at: changes.firstIndex(of: .animated) ?? changes.endIndex)
        }
        if !options.keepMetadata { changes.append(.metadataRemoved) }
        return MadeFile(
            index: step.index, entry: entry, bytes: encoded.bytes, fileExtension: "gif", typeName: "gif",
            width: encoded.width, height: encoded.height, quality: nil, changes: changes, encodes: encoded.encodes)
    }
}
