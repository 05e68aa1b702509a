import Foundation
import XCTest

/// The README's CI recipe, run exactly as printed on what a phone hands over: three 12-MP JPEGs of
/// 3 MB and a HEIC, under rules that allow 2 MB of JPEG or PNG. Each file breaks a rule that
/// export mends, so each is added with a note, and the upload gets four JPEGs within the rules.
final class ReadmeRecipeTests: ImgselTestCase {
    private let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    func testTheCIRecipeUploadsPhonePhotosAndAHEICWithinTheRules() throws {
        let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let rest = readme[try XCTUnwrap(readme.range(of: "A CI recipe"), "README has no CI recipe").upperBound...]
        let start = try XCTUnwrap(rest.range(of: "```sh\n"))
        let end = try XCTUnwrap(rest[start.upperBound...].range(of: "```"))
        let recipe = String(rest[start.upperBound..<end.lowerBound])
        XCTAssertTrue(recipe.contains("imgsel add shots/*.jpg shots/*.heic"), recipe)
        XCTAssertTrue(recipe.contains("curl --fail"), recipe)

        // Noise over a gradient: a JPEG of 3 MB at 4032×3024, as a phone writes; the HEIC smaller,
        // so that the debug build's HEVC decode stays within seconds.
        pillow(
            """
            import os, pillow_heif
            pillow_heif.register_heif_opener()
            os.makedirs('shots')
            W, H = 4032, 3024
            base = Image.linear_gradient('L').resize((W, H))
            noise = Image.effect_noise((W, H), 30)
            for i in range(3):
                mixed = Image.blend(base, noise, 0.25 + 0.05 * i)
                Image.merge('RGB', (mixed, base, noise)).save('shots/IMG_%d.jpg' % (i + 1), quality=88)
            Image.merge('RGB', (base, noise, base)).resize((2016, 1512)).save('shots/IMG_4.heic', quality=80)
            """)
        for name in ["IMG_1.jpg", "IMG_2.jpg", "IMG_3.jpg"] {
            let bytes = try XCTUnwrap(size(of: "shots/" + name))
            XCTAssertGreaterThan(bytes, 3 << 20, "\(name) is a phone's 3 MB, over the recipe's 2 MB")
        }

        // curl stands in for the upload: it prints the file it would send.
        let stub = "curl() { printf 'UPLOAD %s\\n' \"${3#file=@}\"; }\nUPLOAD_URL=https://upload.invalid/\n"
        let path =
            Binary.url!.deletingLastPathComponent().path + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = run(
            ["-euo", "pipefail", "-c", stub + recipe], env: ["PATH": path, "NO_COLOR": "1"],
            program: URL(fileURLWithPath: "/bin/bash"))
        assertExit(result, 0)
        let uploads = result.stdoutLines.filter { $0.hasPrefix("UPLOAD ") }.map { String($0.dropFirst(7)) }
        XCTAssertEqual(
            uploads, ["upload/01-IMG_1.jpg", "upload/02-IMG_2.jpg", "upload/03-IMG_3.jpg", "upload/04-IMG_4.jpg"],
            result.transcript)
        // add said what export would do, and check passed with the same notes.
        XCTAssertTrue(
            result.stderr.contains(
                "imgsel: note: shots/IMG_4.heic: export makes it a JPEG (--types jpeg,png) "
                    + "within 2 MB (--max-bytes)\n"),
            result.transcript)
        XCTAssertTrue(
            result.stderr.contains(
                "imgsel: note: entry 1 (shots/IMG_1.jpg): export fits it within 2 MB (--max-bytes)\n"),
            result.transcript)
        // What was uploaded keeps the rules, read by Pillow: JPEG, within 2 MB, at most 2048 a side.
        let facts = pillow(
            """
            import os
            for name in sorted(os.listdir('upload')):
                with Image.open('upload/' + name) as im:
                    print(name, im.format, max(im.size) <= 2048, os.path.getsize('upload/' + name) <= 2 << 20)
            """)
        XCTAssertEqual(
            facts.split(separator: "\n").map(String.init),
            (1...4).map { "0\($0)-IMG_\($0).jpg JPEG True True" })
    }

    private func size(of relative: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: url(relative).path)[.size] as? NSNumber)?.intValue
    }
}
