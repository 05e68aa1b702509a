import ImageDecoding
import ImageHeaders
import SelectionStore
import TestImages
import XCTest

@testable import ImgselCommands

/// The one loader: refusals come before any read, an entry's file is checked against what was
/// recorded, and each failure comes back typed for the command to word.
final class PictureLoaderTests: ImgselTestCase {
    private func entryFile(_ recorded: [UInt8], type: ImageType = .png, at path: String, width: Int = 8) -> EntryFile {
        let entry = Entry(
            path: path, type: type, width: width, height: width, orientation: 1, frames: 1, bytes: recorded.count,
            sha256: SHA256.hash(recorded), added: "x")
        return EntryFile(entry, path: path, index: 2)
    }

    func testAnEntryAsRecordedLoadsAndDecodes() throws {
        let bytes = ImageBytes.mutedPhotoPNG(width: 8, height: 8)
        let path = write(Data(bytes), to: "a.png").path
        let loaded = try PictureLoader.bytes(entryFile(bytes, at: path)).get()
        XCTAssertEqual(loaded, bytes)
        let facts = ImageFacts(type: .png, width: 8, height: 8)
        let picture = try PictureLoader.picture(loaded, facts: facts, within: 4).get()
        XCTAssertEqual([picture.width, picture.height], [4, 4])
    }

    func testAFileOverItsDecodeBudgetIsRefusedBeforeItIsRead() {
        let gone = url("gone.png").path
        let huge = [UInt8](repeating: 0, count: DecodeLimits.budget(width: 8, height: 8) + 1)
        guard case .failure(.refused(.tooLarge(8, 8))) = PictureLoader.bytes(entryFile(huge, at: gone)) else {
            return XCTFail("more bytes than an 8×8 picture's budget is refused by its size")
        }
    }

    func testAnEntrysFileGoneOrChangedIsTheEntryFilesProblem() {
        let bytes = ImageBytes.mutedPhotoPNG(width: 8, height: 8)
        let gone = url("gone.png").path
        guard case .failure(.entryFile(.missing)) = PictureLoader.bytes(entryFile(bytes, at: gone)) else {
            return XCTFail("a missing file is the entry file's problem")
        }
        var changed = bytes
        changed[changed.count - 5] ^= 1
        let path = write(Data(changed), to: "b.png").path
        let failure = PictureLoader.bytes(entryFile(bytes, at: path))
        guard case .failure(.entryFile(.contentChanged)) = failure else {
            return XCTFail("other bytes of the same size: \(failure)")
        }
        guard case .failure(let problem) = failure, case .changed = problem.pictureProblem else {
            return XCTFail("a screen shows a changed file as changed")
        }
    }

    func testANamedFileIsProbedAsItIsNowAndItsReadProblemIsTheCommandsError() throws {
        let bytes = ImageBytes.mutedPhotoPNG(width: 6, height: 3)
        _ = write(Data(bytes), to: "c.png")
        let (facts, read) = try PictureLoader.file("c.png", cwd: dir.path).get()
        XCTAssertEqual([facts.width, facts.height], [6, 3])
        XCTAssertEqual(read, bytes)
        guard
            case .failure(.input(.inputMissing(path: "nothing.png"))) = PictureLoader.file("nothing.png", cwd: dir.path)
        else { return XCTFail("a missing named file is the command's input error, naming it as given") }
    }

    func testBytesThatDoNotDecodeAreDamaged() {
        let broken = ImageBytes.png(width: 8, height: 8)  // its IDAT holds two bytes, not 8 rows
        let facts = ImageFacts(type: .png, width: 8, height: 8)
        guard case .failure(.damaged) = PictureLoader.picture(broken, facts: facts, within: 4) else {
            return XCTFail("a PNG whose data ends early is damaged")
        }
    }
}
