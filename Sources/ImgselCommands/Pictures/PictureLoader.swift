import ImageDecoding
import ImageEncoding
import ImageHeaders
import SelectionStore

/// The one loader of every command that makes pictures (thumbnail, sheet, export, view,
/// list --grid, pick, browse): an input is refused first by its type and the decode budget of
/// its size (`PictureSource`), then read whole (an entry's file checked against what `add`
/// recorded), then decoded. It words nothing: the failure comes back typed, and each command
/// says it its own way, a placeholder's word on a screen or an error naming the file elsewhere.
enum PictureLoader {
    /// Why there is no picture.
    enum Failure: Error, Sendable {
        /// Refused before reading: a type imgsel does not decode, or more bytes than the
        /// decode budget of its size allows.
        case refused(DecodeRefusal)
        /// An entry's file is gone, unreadable, or not the one recorded.
        case entryFile(EntryFile.Problem)
        /// A file named on the command line or listed for `pick` could not be opened, probed or read.
        case input(ImgselError)
        /// Its bytes do not decode whole.
        case damaged(DecodeError)

        /// The words a screen shows in place of the picture.
        var pictureProblem: PictureProblem {
            switch self {
            case .refused(let refusal): return PictureProblem(refusal)
            case .entryFile(let problem): return problem == .missing ? .missing : .changed(Format.problem(problem))
            case .input(let error): return FullScreen.problem(error)
            case .damaged(let error): return .damaged(error)
            }
        }
    }

    /// Why an image of `bytes` bytes whose header says `facts` is not decoded; nil when it may be.
    /// `export` asks before it reads (a copy needs no decode, so it is asked only of what is made again).
    static func refusal(_ facts: ImageFacts, bytes: Int) -> DecodeRefusal? {
        PictureSource.refusal(facts, bytes: bytes)
    }

    /// An entry's file whole and as recorded, without refusing its type (`export` copies what it
    /// cannot decode).
    static func contents(_ file: EntryFile) -> Result<[UInt8], EntryFile.Problem> {
        do {
            return .success(try file.contents())
        } catch {
            return .failure(error)
        }
    }

    /// The bytes an entry's picture is made from (the grid, view, browse, sheet): refused by type
    /// and decode budget, then read whole and checked against the recorded size and sha256.
    static func bytes(_ file: EntryFile) -> Result<[UInt8], Failure> {
        if let refusal = refusal(file.entry.facts, bytes: file.entry.bytes) { return .failure(.refused(refusal)) }
        return contents(file).mapError { .entryFile($0) }
    }

    /// `bytes` for a screen (the grid, view, browse), whose failure is shown in the picture's place.
    static func shownBytes(_ file: EntryFile) -> Result<[UInt8], PictureProblem> {
        bytes(file).mapError(\.pictureProblem)
    }

    /// A named file's facts and bytes (thumbnail's, pick's), opened as `add` opens files and probed
    /// as it is read, so a file changed since it was listed is seen as it is now. Its type is not
    /// refused here: the decode says a type it cannot read in its own words. A relative `path`
    /// is opened from `cwd`.
    static func file(_ path: String, cwd: String = "/") -> Result<(facts: ImageFacts, bytes: [UInt8]), Failure> {
        do {
            let loaded = try ImageLoader.load(path, cwd: cwd, limit: PictureSource.byteLimit)
            return .success(loaded)
        } catch {
            return .failure(.input(ImgselError(error)))
        }
    }

    /// The picture to write (thumbnail, sheet): decoded, cropped, shrunk into a `box` square and
    /// turned upright; a file missing any pixel it describes fails (`Thumbnailer.picture`).
    static func picture(
        _ bytes: [UInt8], facts: ImageFacts, crop: Crop? = nil, within box: Int
    ) -> Result<Raster, Failure> {
        do {
            return .success(try Thumbnailer.picture(bytes, facts: facts, crop: crop, within: box))
        } catch {
            return .failure(.damaged(error))
        }
    }
}
