import XCTest

@testable import SelectionModel

final class PathNameTests: XCTestCase {
    func testAbsoluteCleansDotsAndSlashes() {
        XCTAssertEqual(PathName.lexicallyAbsolute("a/./b//c/../d.png", base: "/w"), "/w/a/b/d.png")
        XCTAssertEqual(PathName.lexicallyAbsolute("/x/../../y", base: "/w"), "/y")
        XCTAssertEqual(PathName.lexicallyAbsolute(".", base: "/w/"), "/w")
    }

    func testStoredPathIsRelativeOnlyBelowTheSelectionFolder() {
        XCTAssertEqual(PathName.stored("/w/shots/a.jpg", selectionFolder: "/w"), "shots/a.jpg")
        XCTAssertEqual(PathName.stored("/wx/a.jpg", selectionFolder: "/w"), "/wx/a.jpg")
        XCTAssertEqual(PathName.stored("/other/a.jpg", selectionFolder: "/w"), "/other/a.jpg")
        XCTAssertEqual(PathName.stored("/a.jpg", selectionFolder: "/"), "a.jpg")
    }

    func testDisplayWorksFromTheCurrentDirectory() {
        XCTAssertEqual(PathName.display("/w/shots/a.jpg", cwd: "/w"), "shots/a.jpg")
        XCTAssertEqual(PathName.display("/w/shots/a.jpg", cwd: "/elsewhere"), "/w/shots/a.jpg")
        XCTAssertEqual(PathName.display("/w/-x.jpg", cwd: "/w"), "./-x.jpg")
    }

    func testDirectoryAndBaseName() {
        XCTAssertEqual(PathName.directory("/w/a.json"), "/w")
        XCTAssertEqual(PathName.directory("/a.json"), "/")
        XCTAssertEqual(PathName.baseName("/w/a b.png"), "a b.png")
    }
}
