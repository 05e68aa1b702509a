import Alike
import SelectionStore

/// An entry's likeness, from its file's pixels with its crop applied, for `similar`, `check` and the
/// warnings of `add`: a file not as recorded, or undecodable, is the command's error as `sheet` words it.
enum EntryLikeness {
    static func of(_ file: EntryFile) throws(ImgselError) -> Likeness {
        let entry = file.entry
        let picture = PictureLoader.bytes(file).flatMap { bytes in
            PictureLoader.picture(bytes, facts: entry.facts, crop: entry.crop, within: Likeness.box)
        }
        switch picture {
        case .success(let raster): return Likeness.of(upright: raster)
        case .failure(.entryFile(let problem)):
            throw ImgselError(problem.asInputError(path: file.path, index: file.index))
        case .failure(.input(let error)): throw error
        case .failure(let failure): throw .undecodable(path: file.path, problem: failure.pictureProblem)
        }
    }
}
