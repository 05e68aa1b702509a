import Foundation
import XCTest

/// Every help text pinned word for word, so that a change to one is a visible
/// diff. A command added to the registry fails `testEveryCommandsHelpIsPinned`
/// until its text is pinned here. A help line too long for the file's 120 columns is
/// continued on the next with `\#` at its end, which adds no newline to the pin.
final class HelpPinTests: ImgselTestCase {
    static let main = #"""
        imgsel: an ordered selection of images (nine by default, up to 99), kept in a JSON file

        Usage:
          imgsel [global options] COMMAND [options] [arguments]

        Commands:
          init        create an empty selection
          add         append images in the given order, all or nothing
          replace     put FILE at INDEX, keeping the position (the re-pick)
          delete      remove entries (indices as they were before the command); later entries move up
          move        reorder: the entry at FROM ends up at TO
          toggle      add each file that is not selected, remove each that is (matched by content)
          clear       empty the selection
          list        the entries in order (a table by default, the current entry marked)
          view        move the cursor and show the current entry: 3 / 9  path  4032×3024 JPEG 2.1 MB
          save        copy the current entry (or INDEX, or all) into the album; never overwrites
          pick        the album picker, full screen: toggle thumbnails into the selection, Enter writes
          browse      the paging browser, full screen: one image at a time, fitted, with 3 / 9, save, delete and crop
          info        what add would record for each file, touching no selection
          check       every entry's file still has its recorded size and sha256 and keeps the rules; exit 1 if not
          rules       show or set the upload rules each image must keep
          crop        keep a crop of an entry (the edited image): shown, judged by the rules and exported as cropped
          export      write the upload set: each entry upright, shrunk, re-encoded or copied to fit the rules
          html        write a self-contained HTML page of the selection: the nine-grid and a pager
          thumbnail   decode an image, turn it upright and shrink it into a PNG; touches no selection
          sheet       the nine-grid as one PNG: a contact sheet for a CI artifact or a review
          similar     groups of images that look alike (resized, re-encoded, cropped, turned, a burst); exit 1 if any
          terminal    show how pictures would be drawn here, and why: the way, the answers, the window, the colours
          help        show help for imgsel or one command
          completion  print a shell completion script

        Global options (before or after COMMAND):
          -f, --file PATH  the selection file (else $IMGSEL_FILE, else ./.imgsel.json)
          --album DIR      where save copies to (else $IMGSEL_ALBUM, else saved-album/ beside the selection file)
          --json           machine-readable output on stdout, errors as JSON on stderr
          -q, --quiet      no confirmation lines
          --no-color       no colour (also when NO_COLOR is set)
          --graphics WAY   how pictures are drawn: auto, kitty, iterm, sixel, blocks, none (else $IMGSEL_GRAPHICS)
          -h, --help       show help
          --version        show the version

        Environment:
          IMGSEL_FILE          the selection file when -f is not given
          IMGSEL_ALBUM         the album folder when --album is not given
          IMGSEL_LOCK_TIMEOUT  seconds to wait for another imgsel (default 10)
          IMGSEL_GRAPHICS      how pictures are drawn when --graphics is not given
          NO_COLOR             no colour when set and not empty

        Exit status:
          0    done
          1    refused by the selection's state (full, out of range, duplicate, path taken, rule broken, empty, no next)
          2    usage error; or pick and browse without a terminal
          3    an input file is missing, unreadable or not an image
          4    the selection file is missing, invalid or newer (left untouched)
          5    writing failed (nothing changed)
          5    the command ran, but its output could not be written to stdout (output-failed)
          6    timed out waiting for another imgsel's lock
          130  cancelled: pick left with Esc, q or Ctrl-C (nothing written), browse with Ctrl-C

        Examples:
          imgsel init && imgsel add shots/*.jpg
          imgsel list --grid
          imgsel view next
          imgsel --json list | jq -r '.items[].display_path'

        See 'imgsel help COMMAND' for one command.
        """#

    static let commands: [String: String] = [
        "init": #"""
        imgsel init: create an empty selection

        Usage:
          imgsel init [--capacity N] [rule options] [--force]

        Options:
          --capacity N      how many images it holds, 1–99 (default 9)
          --target TARGET   a known upload target's rules and capacity (rules --targets lists them); rule options \#
        adjust them
          --max-bytes SIZE  each image has at most SIZE bytes (500KB, 5MB or 5M, 5.5MB: 1024-based)
          --min-width PX    each image is at least PX wide, upright
          --min-height PX   each image is at least PX high, upright
          --max-width PX    each image is at most PX wide, upright
          --max-height PX   each image is at most PX high, upright
          --max-pixels N    each image has at most N pixels, width × height (12M: 12,000,000)
          --min-aspect R    each image's upright width / height is at least R (0.8, 4:5)
          --max-aspect R    each image's upright width / height is at most R (1.91, 16:9)
          --sizes SIZES     each image's upright size is one of SIZES, comma-separated (1320x2868,2868x1320)
          --types LIST      each image's type is in LIST, comma-separated: jpeg, png, gif, webp, bmp, tiff, heic, \#
        heif, avif
          --no-animation    each image has one frame
          --no-alpha        no image has an alpha channel or transparency
          --min-count N     the selection holds at least N images (only check enforces it)
          --as-is           the files are uploaded as they are: every rule judged on the file, none left to export
          --distinct        no image looks like another entry (as similar finds them); add refuses one that does
          --force           replace an existing selection file, rules and all

        Examples:
          imgsel init
          imgsel -f upload.json init --capacity 4
          imgsel init --capacity 4 --max-bytes 5MB --types jpeg,png,webp --min-width 320
          imgsel init --target app-store-iphone-6.9

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "add": #"""
        imgsel add: append images in the given order, all or nothing

        Usage:
          imgsel add [-0] FILE...

        Arguments:
          FILE  an image file; '-' reads paths from stdin, one a line

        Options:
          -0  paths on stdin are NUL-separated (find -print0)

        Examples:
          imgsel add shot1.png shot2.jpg
          find shots -name '*.jpg' -print0 | imgsel add -0 -

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "replace": #"""
        imgsel replace: put FILE at INDEX, keeping the position (the re-pick)

        Usage:
          imgsel replace INDEX FILE

        Arguments:
          INDEX  the entry to replace: 1, 2, … or 'last'
          FILE   the new image

        Examples:
          imgsel replace 3 better.jpg

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "delete": #"""
        imgsel delete: remove entries (indices as they were before the command); later entries move up

        Usage:
          imgsel delete INDEX...

        Arguments:
          INDEX  an entry: 1, 2, … or 'last'

        Examples:
          imgsel delete 2
          imgsel delete 1 last

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "move": #"""
        imgsel move: reorder: the entry at FROM ends up at TO

        Usage:
          imgsel move FROM TO

        Arguments:
          FROM  the entry to move
          TO    where it ends up

        Examples:
          imgsel move last 1

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "toggle": #"""
        imgsel toggle: add each file that is not selected, remove each that is (matched by content)

        Usage:
          imgsel toggle [-0] FILE...

        Arguments:
          FILE  an image file; '-' reads paths from stdin, one a line

        Options:
          -0  paths on stdin are NUL-separated

        Examples:
          imgsel toggle shot3.png

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "clear": #"""
        imgsel clear: empty the selection

        Usage:
          imgsel clear

        Examples:
          imgsel clear

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "list": #"""
        imgsel list: the entries in order (a table by default, the current entry marked)

        Usage:
          imgsel list [--paths | -0 | --grid [--image | --no-image]]

        Options:
          --paths     one path a line
          -0          each path followed by a NUL, as find -print0
          --grid      the nine-grid, with a + cell while there is room
          --image     a picture in each grid cell even on a pipe
          --no-image  the grid as text, without pictures

        Examples:
          imgsel list
          imgsel list -0 | xargs -0 ls -l
          imgsel list --grid
          imgsel list --grid --no-image

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "view": #"""
        imgsel view: move the cursor and show the current entry: 3 / 9  path  4032×3024 JPEG 2.1 MB

        Usage:
          imgsel view [INDEX | next | prev | first | last] [--index] [--image | --no-image]

        Arguments:
          INDEX        go to this entry: 1, 2, … or 'last'
          next, prev   go to the entry after or before the current one; exit 1 at the end
          first, last  go to the first or the last entry

        Options:
          --index     print only '3 / 9'
          --image     draw the picture even on a pipe or with -q
          --no-image  only the text line, never the picture

        Examples:
          imgsel view first; while imgsel view next; do :; done
          imgsel view --index
          imgsel view 3 --no-image
          imgsel view --graphics sixel

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "save": #"""
        imgsel save: copy the current entry (or INDEX, or all) into the album; never overwrites

        Usage:
          imgsel save [INDEX] [--all]

        Arguments:
          INDEX  save this entry instead of the current one

        Options:
          --all  save every entry, in order

        Examples:
          imgsel save
          imgsel --album ~/Pictures/upload save --all

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "pick": #"""
        imgsel pick: the album picker, full screen: toggle thumbnails into the selection, Enter writes

        Usage:
          imgsel pick [PATH...]

        Arguments:
          PATH  an image, or a folder whose images are shown (default: the current folder)

        Examples:
          imgsel pick shots/ && upload
          imgsel pick a.jpg b.jpg c.jpg

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "browse": #"""
        imgsel browse: the paging browser, full screen: one image at a time, fitted, with 3 / 9, save, delete and \#
        crop

        Usage:
          imgsel browse [INDEX]

        Arguments:
          INDEX  start at this entry: 1, 2, … or 'last' (default: the current one)

        Examples:
          imgsel browse
          upload "$(imgsel browse 3)"

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "info": #"""
        imgsel info: what add would record for each file, touching no selection

        Usage:
          imgsel info FILE...

        Arguments:
          FILE  an image file

        Examples:
          imgsel info shot.jpg
          imgsel --json info *.png

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "check": #"""
        imgsel check: every entry's file still has its recorded size and sha256 and keeps the rules; exit 1 if not

        Usage:
          imgsel check [--format FORMAT]

        Options:
          --format FORMAT  text (the default) or github: each problem a GitHub Actions annotation on stdout

        Examples:
          imgsel check || echo 'the upload set changed'
          imgsel check --format github

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "crop": #"""
        imgsel crop: keep a crop of an entry (the edited image): shown, judged by the rules and exported as cropped

        Usage:
          imgsel crop INDEX 1:1|4:5|1.91|WxH+X+Y|none [--force]

        Arguments:
          INDEX                 the entry to crop
          ASPECT|GEOMETRY|none  an aspect's largest centred rectangle (1:1, 4:5, 1.91), WxH+X+Y in upright \#
        pixels, or none

        Options:
          --force  keep a crop that breaks a rule; check reports it

        Examples:
          imgsel crop 2 1:1
          imgsel crop 1 3000x2000+500+0
          imgsel crop last none

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "export": #"""
        imgsel export: write the upload set: each entry upright, shrunk, re-encoded or copied to fit the rules

        Usage:
          imgsel export DIR [OPTIONS]

        Arguments:
          DIR  the folder to write; made whole in one step when it does not exist

        Options:
          --max-bytes SIZE  each file at most SIZE bytes (5MB): JPEG quality lowered to 50, then the picture shrunk
          --max-width PX    each picture at most PX wide
          --max-height PX   each picture at most PX high
          --max-pixels N    each picture at most N pixels (12M: 12,000,000)
          --max-side PX     each picture's longer side at most PX
          --types LIST      only these types are written (jpeg,png); a forbidden format is replaced by the other
          --quality Q       JPEG quality 1-100 on libjpeg's scale (default 85)
          --format FORMAT   encode every entry as jpeg or png, even one that could be copied
          --names NAMING    numbered (01-NAME.jpg, the default) or keep (each file's own name, " (1)" on a clash)
          --keep-metadata   keep EXIF and XMP (orientation set to 1 when turned); otherwise only the ICC profile \#
        stays
          --colour COLOUR   keep (own colours, with their profile; the default) or srgb (converted to sRGB, no profile)
          --hdr HDR         keep (an Ultra HDR gain map written with its picture; the default) or drop (SDR alone)
          --first-frame     write an animation as its first frame instead of an animated GIF
          --force           replace files in DIR of the names written
          --replace         DIR holds the new set and nothing else, swapped in for the old one in one rename

        Examples:
          imgsel export upload/
          imgsel export out/ --max-side 1080 --quality 80 --format jpeg
          imgsel export mail/ --max-bytes 2MB --names keep

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "rules": #"""
        imgsel rules: show or set the upload rules each image must keep

        Usage:
          imgsel rules [rule options] [--clear RULE] [--force]

        Options:
          --target TARGET   a known upload target's rules and capacity (rules --targets lists them); rule options \#
        adjust them
          --max-bytes SIZE  each image has at most SIZE bytes (500KB, 5MB or 5M, 5.5MB: 1024-based)
          --min-width PX    each image is at least PX wide, upright
          --min-height PX   each image is at least PX high, upright
          --max-width PX    each image is at most PX wide, upright
          --max-height PX   each image is at most PX high, upright
          --max-pixels N    each image has at most N pixels, width × height (12M: 12,000,000)
          --min-aspect R    each image's upright width / height is at least R (0.8, 4:5)
          --max-aspect R    each image's upright width / height is at most R (1.91, 16:9)
          --sizes SIZES     each image's upright size is one of SIZES, comma-separated (1320x2868,2868x1320)
          --types LIST      each image's type is in LIST, comma-separated: jpeg, png, gif, webp, bmp, tiff, heic, \#
        heif, avif
          --no-animation    each image has one frame
          --no-alpha        no image has an alpha channel or transparency
          --min-count N     the selection holds at least N images (only check enforces it)
          --as-is           the files are uploaded as they are: every rule judged on the file, none left to export
          --distinct        no image looks like another entry (as similar finds them); add refuses one that does
          --clear RULE      remove a rule: its option without dashes (max-bytes), or all; may be repeated
          --force           set rules that entries break; check then reports them
          --targets         list the known upload targets, their rules, when they were checked and where from

        Examples:
          imgsel rules
          imgsel rules --max-bytes 5MB --types jpeg,png,webp --min-count 2
          imgsel rules --clear max-bytes
          imgsel -f b.json rules $(imgsel -f a.json rules)
          imgsel rules --target app-store-iphone-6.9
          imgsel rules --targets

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "html": #"""
        imgsel html: write a self-contained HTML page of the selection: the nine-grid and a pager

        Usage:
          imgsel html [OUT] [--link]

        Arguments:
          OUT  the page to write (default: imgsel.html beside the selection file; a folder: imgsel.html in it)

        Options:
          --link  reference the images by path relative to the page instead of embedding them

        Examples:
          imgsel html
          imgsel html build/upload.html --link
          xdg-open "$(imgsel html)"

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "thumbnail": #"""
        imgsel thumbnail: decode an image, turn it upright and shrink it into a PNG; touches no selection

        Usage:
          imgsel thumbnail FILE OUT [--size N]

        Arguments:
          FILE  the image
          OUT   the PNG to write, whole or not at all ('-': standard output)

        Options:
          --size N  fit within N×N pixels, aspect kept, never enlarged (default 256)

        Examples:
          imgsel thumbnail shot.jpg shot-small.png
          imgsel thumbnail scan.tif - --size 64 > icon.png

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "sheet": #"""
        imgsel sheet: the nine-grid as one PNG: a contact sheet for a CI artifact or a review

        Usage:
          imgsel sheet OUT [--size N] [--columns C] [--no-labels]

        Arguments:
          OUT  the PNG to write, whole or not at all ('-': standard output)

        Options:
          --size N     each cell's side in pixels; images fit inside, never enlarged (default 256)
          --columns C  cells a row (default 3, as the nine-grid)
          --no-labels  no index badges in the cells' corners

        Examples:
          imgsel sheet upload-set.png
          imgsel sheet - --size 128 --columns 5 > review.png

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "similar": #"""
        imgsel similar: groups of images that look alike (resized, re-encoded, cropped, turned, a burst); exit 1 if any

        Usage:
          imgsel similar [FILE...] [--distance D]

        Arguments:
          FILE  images to compare, the sharpest of a group first (default: the selection's entries)

        Options:
          --distance D  alike when at most D apart (0 the same picture; default 20)

        Examples:
          imgsel similar
          imgsel similar shots/*.jpg
          imgsel --json similar --distance 12

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "terminal": #"""
        imgsel terminal: show how pictures would be drawn here, and why: the way, the answers, the window, the \#
        colours

        Usage:
          imgsel terminal

        Examples:
          imgsel terminal
          imgsel --json terminal
          imgsel terminal --graphics sixel

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "help": #"""
        imgsel help: show help for imgsel or one command

        Usage:
          imgsel help [COMMAND]

        Arguments:
          COMMAND  the command to describe

        Examples:
          imgsel help add

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
        "completion": #"""
        imgsel completion: print a shell completion script

        Usage:
          imgsel completion bash|zsh|fish

        Arguments:
          SHELL  bash, zsh or fish

        Examples:
          source <(imgsel completion bash)
          imgsel completion zsh > ~/.zfunc/_imgsel
          imgsel completion fish > ~/.config/fish/completions/imgsel.fish

        Global options (-f, --album, --json, -q, --no-color, --graphics) apply too; see 'imgsel --help'.
        """#,
    ]

    /// The registered commands, as `--json help` lists them (html joins when it is registered).
    func registeredCommands(file: StaticString = #filePath, line: UInt = #line) -> [String] {
        let r = run(["--json", "help"])
        assertSuccess(r, file: file, line: line)
        let object = parseJSON(r.stdout, file: file, line: line) as? [String: Any]
        let commands = object?["commands"] as? [[String: Any]] ?? []
        return commands.compactMap { $0["name"] as? String }
    }

    func testTheMainHelpIsPinned() {
        for args in [["--help"], ["-h"], ["help"], ["-q", "help"]] {
            let r = run(args)
            assertSuccess(r)
            XCTAssertEqual(r.stdout, Self.main + "\n", "imgsel \(args.joined(separator: " "))")
        }
        let bare = run([])
        assertExit(bare, 2)
        XCTAssertEqual(bare.stdout, "")
        XCTAssertEqual(bare.stderr, Self.main + "\n", "no command: the usage on stderr")
    }

    func testEveryCommandsHelpIsPinned() {
        let names = registeredCommands()
        XCTAssertGreaterThanOrEqual(names.count, 16, "init … completion")
        for name in names {
            guard let pinned = Self.commands[name] else {
                XCTFail("no pinned help for '\(name)': add `imgsel help \(name)` to HelpPinTests.commands")
                continue
            }
            let r = run(["help", name])
            assertSuccess(r)
            XCTAssertEqual(r.stdout, pinned + "\n", "imgsel help \(name)")
        }
        XCTAssertEqual(Set(Self.commands.keys), Set(names), "a pinned help for a command that is not registered")
    }

    func testTheThreeWaysToAskForACommandsHelpAgree() {
        for name in registeredCommands() {
            let help = run(["help", name])
            for args in [[name, "--help"], [name, "-h"], ["--help", name], ["-q", name, "--help"]] {
                let other = run(args)
                assertSuccess(other)
                let shown = args.joined(separator: " ")
                XCTAssertEqual(other.stdout, help.stdout, "imgsel \(shown) and imgsel help \(name)")
            }
        }
        XCTAssertEqual(listing("."), [], "help touches no selection")
    }

    func testHelpSectionsComeInTheirFixedOrderWithAlignedColumns() {
        for name in registeredCommands() {
            let lines = run(["help", name]).stdoutLines
            let headers = lines.filter { $0.hasSuffix(":") && !$0.hasPrefix(" ") }
            let order = ["Usage:", "Arguments:", "Options:", "Examples:"]
            XCTAssertEqual(headers, order.filter(headers.contains), "\(name): sections in order")
            XCTAssertTrue(headers.contains("Usage:") && headers.contains("Examples:"), "\(name) has usage and examples")
            // In each two-column section the descriptions start in one column.
            for header in ["Arguments:", "Options:"] {
                guard let start = lines.firstIndex(of: header) else { continue }
                let rows = lines[(start + 1)...].prefix { !$0.isEmpty }
                let columns = Set(
                    rows.map { row -> Int in
                        let body = row.dropFirst(2)
                        let gap = body.range(of: "  ")!.lowerBound
                        return body.distance(from: body.startIndex, to: body[gap...].firstIndex { $0 != " " }!)
                    })
                XCTAssertEqual(columns.count, 1, "\(name) \(header) aligned: \(rows)")
            }
        }
    }

    func testJSONHelpDescribesEveryCommandAndOption() {
        let r = run(["--json", "help"])
        assertSuccess(r)
        guard let object = parseJSON(r.stdout) as? [String: Any] else { return XCTFail(r.transcript) }
        let version = run(["--version"]).stdout.dropFirst("imgsel ".count).trimmingCharacters(in: .newlines)
        XCTAssertEqual(object["version"] as? String, version)
        let globals = object["global_options"] as? [[String: Any]] ?? []
        XCTAssertEqual(
            globals.compactMap { ($0["names"] as? [String])?.first },
            ["--file", "--album", "--json", "--quiet", "--no-color", "--graphics", "--help", "--version"])
        let one = run(["--json", "help", "view"])
        assertSuccess(one)
        let view = parseJSON(one.stdout) as? [String: Any]
        XCTAssertEqual(
            view?["usage"] as? String,
            "imgsel view [INDEX | next | prev | first | last] [--index] [--image | --no-image]")
        let options = (view?["options"] as? [[String: Any]])?.compactMap { ($0["names"] as? [String])?.first }
        XCTAssertEqual(options, ["--index", "--image", "--no-image"])
        XCTAssertEqual(run(["--json", "view", "--help"]).stdout, one.stdout)
    }

    func testVersionAndNoCommandInJSON() {
        let version = run(["--json", "--version"])
        assertSuccess(version)
        XCTAssertNotNil((parseJSON(version.stdout) as? [String: Any])?["version"] as? String)
        let none = run(["--json"])
        assertFailure(none, 2)
        let error = (parseJSON(none.stderr) as? [String: Any])?["error"] as? [String: Any]
        XCTAssertEqual(error?["code"] as? String, "usage")
        XCTAssertEqual(error?["exit"] as? Int, 2)
    }

    // MARK: - Did you mean

    func testSuggestionsNameTheNearestCommandOptionShellOrWord() {
        let cases: [([String], String)] = [
            (["lsit"], "imgsel: unknown command 'lsit' (did you mean 'list'?)"),
            (["compleiton", "bash"], "imgsel: unknown command 'compleiton' (did you mean 'completion'?)"),
            (["hlep"], "imgsel: unknown command 'hlep' (did you mean 'help'?)"),
            (["list", "--gird"], "imgsel: unknown option --gird for 'list' (did you mean '--grid'?)"),
            (["--no-colour", "list"], "imgsel: unknown option --no-colour for 'list' (did you mean '--no-color'?)"),
            (["view", "--no-imgae"], "imgsel: unknown option --no-imgae for 'view' (did you mean '--no-image'?)"),
            (["help", "chekc"], "imgsel: help: unknown command 'chekc' (did you mean 'check'?)"),
            (
                ["completion", "bsh"],
                "imgsel: completion: unknown shell 'bsh', not one of bash, zsh, fish (did you mean 'bash'?)"
            ),
            (
                ["view", "nxt"],
                "imgsel: view: 'nxt' is not an index or one of next, prev, first, last (did you mean 'next'?)"
            ),
        ]
        for (args, message) in cases {
            let r = run(args)
            assertUsage(r)
            XCTAssertEqual(r.stderrLines.first, message, r.transcript)
        }
        let json = run(["--json", "lsit"])
        let error = (parseJSON(json.stderr) as? [String: Any])?["error"] as? [String: Any]
        XCTAssertEqual(error?["message"] as? String, "unknown command 'lsit' (did you mean 'list'?)")
        XCTAssertEqual(listing("."), [])
    }
}
