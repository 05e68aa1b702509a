import Alike
import SelectionStore

/// An entry's likeness, from its file's pixels with its crop applied, for `similar`, `check` and the
/// warnings of `add`: a file not as recorded, or undecodable, is the command's error as `sheet` words it.
enum EntryLikeness {
    /// nil for a picture too small or too featureless to compare (`Likeness.smallestSide`).
    static func of(_ file: EntryFile) throws(ImgselError) -> Likeness? {
        let entry = file.entry
        let picture = PictureLoader.bytes(file).flatMap { bytes in
            PictureLoader.picture(bytes, facts: entry.facts, crop: entry.crop, within: Likeness.box)
        }
        switch picture {
        case .success(let raster):
            guard Likeness.isComparable(raster) else { return nil }
            let likeness = Likeness.of(upright: raster)
            return likeness.isComparable ? likeness : nil
        case .failure(.entryFile(let problem)):
            throw ImgselError(problem.asInputError(path: file.path, index: file.index))
        case .failure(.input(let error)): throw error
        case .failure(let failure): throw .undecodable(path: file.path, problem: failure.pictureProblem)
        }
    }
}
