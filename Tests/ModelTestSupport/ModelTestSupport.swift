import ImageHeaders
import SelectionModel
import XCTest

// What the model's tests, the store's and the command line's rule-word tests all build their
// cases from, in one place.

/// An image as the rules judge it: its header's facts, its size in bytes, and whether the entry
/// has a crop of its own.
public func ruleImage(
    _ type: ImageType = .png, width: Int = 400, height: Int = 300, orientation: Int = 1, frames: Int = 1,
    bytes: Int = 1000, ownCrop: Bool = false
) -> Rule.Image {
    var image = Rule.Image(
        facts: ImageFacts(type: type, width: width, height: height, orientation: orientation, frames: frames),
        bytes: bytes)
    image.ownCrop = ownCrop
    return image
}

extension Selection {
    public var names: [String] { items.map(\.path) }
    /// The path of the entry under the cursor.
    public var currentPath: String? { current.map { items[$0 - 1].path } }
}

/// Asserts that `body` throws exactly `expected`.
public func assertThrows<T, Failure: Error & Equatable>(
    _ expected: Failure, _ body: () throws(Failure) -> T,
    file: StaticString = #filePath, line: UInt = #line
) {
    do {
        _ = try body()
        XCTFail("expected \(expected), got a result", file: file, line: line)
    } catch {
        XCTAssertEqual(error, expected, file: file, line: line)
    }
}
