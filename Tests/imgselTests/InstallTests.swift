import Foundation
import TerminalTestSupport
import XCTest

/// `make install PREFIX=…` into a temporary prefix. The compiler is a stub that
/// records what it was asked and points at the binary the suite already built,
/// so the test checks the install rules (and that they ask for the static
/// release build) without a second, slow release build.
final class InstallTests: ImgselTestCase {
    func testMakeInstallPutsEverythingInItsConventionalPlace() throws {
        let root = dir.deletingLastPathComponent()
        let prefix = root.appendingPathComponent("my prefix").path  // a space: every path in the rule is quoted
        let log = root.appendingPathComponent("swift-calls").path
        let binFolder = Binary.url!.deletingLastPathComponent().path
        let stub = root.appendingPathComponent("swift-stub")
        try """
        #!/bin/sh
        echo "$*" >> '\(log)'
        case " $* " in *" --show-bin-path "*) echo '\(binFolder)' ;; esac
        exit 0
        """.write(to: stub, atomically: true, encoding: .utf8)
        chmod(stub.path, 0o755)

        let transcriptPath = root.appendingPathComponent("make-output").path
        let status = Spawn.run(
            [
                "make", "--no-print-directory", "-C", ManPageTests.repository.path, "install",
                "PREFIX=\(prefix)", "SWIFT=\(stub.path)", "BUILD_LOCK=\(root.appendingPathComponent("lock").path)",
            ], outputPath: transcriptPath, timeout: HangBound.seconds)
        let transcript = (try? String(contentsOfFile: transcriptPath, encoding: .utf8)) ?? ""
        XCTAssertEqual(status, 0, transcript)

        let calls = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        XCTAssertTrue(
            calls.components(separatedBy: "\n").contains {
                $0.hasPrefix("build -c release --static-swift-stdlib -Xswiftc -static-executable")
                    && !$0.contains("--show-bin-path")
            },
            "install builds the fully static release binary first:\n\(calls)")

        let fm = FileManager.default
        func mode(_ path: String) -> Int {
            ((try? fm.attributesOfItem(atPath: prefix + "/" + path))?[.posixPermissions] as? Int) ?? -1
        }
        func contents(_ path: String) -> Data? { fm.contents(atPath: prefix + "/" + path) }

        XCTAssertEqual(mode("bin/imgsel"), 0o755)
        // Stripped: the built binary as `strip` leaves it, without its debug information (issue 38:
        // the release build installed 23 MB, most of it debug information no user reads).
        let stripped = root.appendingPathComponent("stripped").path
        XCTAssertEqual(
            Spawn.run(
                ["/usr/bin/strip", "-o", stripped, Binary.url!.path], outputPath: stripped + ".out",
                timeout: HangBound.seconds), 0)
        XCTAssertEqual(contents("bin/imgsel"), fm.contents(atPath: stripped), "the installed binary is stripped")
        XCTAssertLessThan(contents("bin/imgsel")?.count ?? .max, fm.contents(atPath: Binary.url!.path)?.count ?? 0)
        XCTAssertEqual(mode("share/man/man1/imgsel.1"), 0o644)
        XCTAssertEqual(
            contents("share/man/man1/imgsel.1"),
            fm.contents(atPath: ManPageTests.repository.appendingPathComponent("man/imgsel.1").path))
        let scripts = [
            "bash": "share/bash-completion/completions/imgsel", "zsh": "share/zsh/site-functions/_imgsel",
            "fish": "share/fish/vendor_completions.d/imgsel.fish",
        ]
        for (shellName, path) in scripts {
            XCTAssertEqual(mode(path), 0o644, path)
            XCTAssertEqual(
                contents(path), run(["completion", shellName]).stdoutData,
                "\(path) is what imgsel completion \(shellName) prints")
        }
        XCTAssertEqual(try fm.contentsOfDirectory(atPath: prefix).sorted(), ["bin", "share"])
    }
}
