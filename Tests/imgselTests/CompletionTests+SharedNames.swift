import Foundation
import XCTest

/// An option name two commands give different values: check's `--format` is a report's
/// (text, github), export's an image's (jpeg, png). Each shell offers what the command on
/// the line takes.
extension CompletionTests {
    func testBashOffersTheValuesOfTheCommandOnTheLine() {
        XCTAssertEqual(bashOffers(["imgsel", "check", "--format", ""]), ["text", "github"])
        XCTAssertEqual(bashOffers(["imgsel", "check", "--format", "g"]), ["github"])
        XCTAssertEqual(
            bashOffers(["imgsel", "check", "--format", "=", ""], commandLine: "imgsel check --format="),
            ["text", "github"])
        XCTAssertEqual(bashOffers(["imgsel", "-q", "check", "--format", ""]), ["text", "github"])
        XCTAssertEqual(bashOffers(["imgsel", "export", "out", "--format", ""]), ["jpeg", "png"])
        XCTAssertEqual(bashOffers(["imgsel", "export", "out", "--format", "p"]), ["png"])
        XCTAssertEqual(bashOffers(["imgsel", "check", "--format", "text", ""]), [], "check takes no argument")
    }

    func testZshOffersTheValuesOfTheCommandOnTheLine() throws {
        let zsh = try installedShell("zsh")
        let url = script("zsh")
        XCTAssertEqual(zshOffers(zsh, url, ["imgsel", "check", "--format", ""]), "text\ngithub\n")
        XCTAssertEqual(zshOffers(zsh, url, ["imgsel", "-q", "check", "--format", ""]), "text\ngithub\n")
        XCTAssertEqual(
            zshOffers(zsh, url, ["imgsel", "export", "out", "--format", ""]), "jpeg\npng\n", "one word, not a list")
    }

    func testFishOffersTheValuesOfTheCommandOnTheLine() throws {
        let fish = try installedShell("fish")
        let url = script("fish")
        func offers(_ line: String) -> [String] { RunResult.lines(fishOffers(fish, url, line)).sorted() }
        XCTAssertEqual(offers("imgsel check --format "), ["github", "text"])
        XCTAssertEqual(offers("imgsel -q check --format t"), ["text"])
        XCTAssertEqual(offers("imgsel export out --format "), ["jpeg", "png"])
        XCTAssertEqual(offers("imgsel export out --format j"), ["jpeg"])
    }
}

/// A value that is one word (export's `--format`, `--hdr`, `rules --target`) is offered as a
/// word: after a comma nothing, where a list (`--types`) offers its next item.
extension CompletionTests {
    func testAOneWordValueOffersNothingAfterAComma() throws {
        XCTAssertEqual(bashOffers(["imgsel", "export", "out", "--hdr", ""]), ["keep", "drop"])
        XCTAssertEqual(bashOffers(["imgsel", "export", "out", "--format", "jpeg,"]), [])
        XCTAssertEqual(bashOffers(["imgsel", "export", "out", "--names", "numbered,"]), [])
        XCTAssertEqual(bashOffers(["imgsel", "rules", "--target", "mastodon,"]), [])
        XCTAssertEqual(bashOffers(["imgsel", "rules", "--types", "jpeg,p"]), ["jpeg,png"], "a list still is one")
        let fish = try installedShell("fish")
        let url = script("fish")
        func offers(_ line: String) -> [String] { RunResult.lines(fishOffers(fish, url, line)).sorted() }
        XCTAssertEqual(offers("imgsel export out --colour "), ["keep", "srgb"])
        XCTAssertEqual(offers("imgsel export out --colour keep,"), [])
    }
}
