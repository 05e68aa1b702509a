// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "imgsel",
    products: [
        .executable(name: "imgsel", targets: ["imgsel"]),
        .library(name: "SelectionStore", targets: ["SelectionStore"]),
    ],
    targets: [
        // The thin executable: hands the process's arguments, environment, current directory and
        // descriptors to ImgselCommands, and exits with the status it returns.
        .executableTarget(name: "imgsel", dependencies: ["ImgselCommands", "Posix"]),
        // The command line as a library: the parser, global options, every command, their output and
        // help, the full-screen commands, and ImgselError and ExitStatus: the libraries' typed errors wrapped,
        // and the one place an error gets its words, `--json` code and exit status. Takes what it needs from
        // the process as a ProcessIO and never prints or exits itself, so the tests run it in process.
        .target(
            name: "ImgselCommands",
            dependencies: [
                "SelectionStore", "SelectionPage", "ImageHeaders", "ImageDecoding", "ImageEncoding", "ByteCoding",
                "JPEGCodec", "PNGCodec", "CommandLineModel", "TextWidth",
                "TerminalImage", "TerminalUI", "Posix", "Alike",
            ]),
        // The command line's pure parts, so they have unit tests: option and command specs, did-you-mean,
        // the completion model and the three shells' scripts. A leaf.
        .target(name: "CommandLineModel"),
        // A leaf: how many terminal columns text takes and how it is shortened to fit, one table and one
        // shortening for the command line's grid and the full screen.
        .target(name: "TextWidth"),
        // The selection as pure values: Selection, Entry, Rules (and the built-in upload targets), Crop, export's plan
        // and names, the selection file's JSON, and what it refuses as typed values (SelectionError,
        // SelectionFileError, RuleParseError; a broken rule, a mend, a conflict), which the command line words and
        // spells the options of. Imports nothing of the platform (`.ci/check-sources` says so), only ImageHeaders'
        // value types, so it is tested without a disk.
        .target(name: "SelectionModel", dependencies: ["ImageHeaders"]),
        // The selection on disk: locking, atomic writes, the album, inspecting and hashing inputs, export's folder
        // and metadata, and StoreError, what it could not do (the model's refusals wrapped). Re-exports
        // SelectionModel. Reads image headers, never pixels, so `add` stays fast.
        .target(
            name: "SelectionStore", dependencies: ["SelectionModel", "ImageHeaders", "Posix", "CSHA256"]),
        // The platform: the libc calls the libraries share, retried on EINTR in one place (`retryingInterrupts`),
        // write-all, errno as words, file types, folders, termios and signals (with CTerminal's C), the kernel's
        // copy and exchange (with CFileCopy's C), threads, libm, the environment and the clock. The only Swift
        // library that imports Glibc (`.ci/check-sources` says so); each Linux-only call sits in one function
        // with a fallback elsewhere, so a port is this target.
        .target(name: "Posix", dependencies: ["CTerminal", "CFileCopy"]),
        // What a file's header says (type, size, orientation, frames), one file a format and the format registry.
        // Reads bytes through ByteSource, never files; `make fuzz` builds it alone.
        .target(name: "ImageHeaders", dependencies: ["ByteCoding"]),
        // SHA-256 in C, so hashing can use the CPU's SHA instructions (chosen at run time).
        .target(name: "CSHA256"),
        // copy_file_range(2), sync_file_range(2) and renameat2(2), which Swift's Glibc module does not declare, for
        // Posix's KernelCopy, startWriteback and exchange (`save`, `export --replace`).
        .target(name: "CFileCopy"),
        // `imgsel html`: the page's markup, style, script and escaping; builds text, touches no disk.
        .target(name: "SelectionPage", dependencies: ["SelectionStore", "ImageHeaders", "ByteCoding"]),
        // A leaf: byte codings shared by the page, the terminal renderers and the probe (base64 both ways, CRC-32).
        .target(name: "ByteCoding"),
        // A leaf: inflate and deflate (zlib and raw), which the PNG and TIFF decoders and the PNG writer share,
        // and DecodeError, which inflate throws as every decoder does. Bytes in, bytes out.
        .target(name: "Deflate", dependencies: ["ByteCoding", "Posix"]),
        // What every codec shares, and nothing of any format: Raster, the decode limits and budget, the bands a
        // decoder hands its rows to (RowSink, RasterRows), Parallel, SendablePointer, HugePages, the planes a video
        // codec decodes to (YCbCrPlanes, alias HEVCPicture: HEIF's seam) and DecodeError (Deflate's, which inflate
        // throws).
        .target(name: "ImageCore", dependencies: ["Deflate", "Posix"]),
        // JPEG alone, so it can be opened alone: the baseline and progressive decoder (scaled, in bands) and
        // imgsel's JPEG encoder.
        .target(name: "JPEGCodec", dependencies: ["ImageCore", "ImageHeaders", "Posix"]),
        // PNG alone: the decoder (threaded inflate, in bands) and the PNG writer, over Deflate.
        .target(name: "PNGCodec", dependencies: ["ImageCore", "ImageHeaders", "Deflate", "ByteCoding"]),
        // GIF's decoder (the first frame, LZW; GIFAnimation: every frame composited), a codec of its own.
        .target(name: "GIFCodec", dependencies: ["ImageCore"]),
        // BMP's decoder (uncompressed and run-length, in bands), a codec of its own; BMPRows reads an uncompressed
        // BMP's rows one at a time from a file it never holds (jpeg-encode).
        .target(name: "BMPCodec", dependencies: ["ImageCore"]),
        // TIFF's decoder (strips and tiles, LZW, Deflate, PackBits, in bands), a codec of its own.
        .target(name: "TIFFCodec", dependencies: ["ImageCore", "ImageHeaders", "Deflate"]),
        // WebP's decoders (VP8 lossy, VP8L lossless, alpha, the canvas, in bands): one format, two codings.
        .target(name: "WebPCodec", dependencies: ["ImageCore", "ImageHeaders"]),
        // HEVC still pictures to planes; knows nothing of HEIF (`make heic-check` runs it alone, hevc-yuv).
        .target(name: "HEVCCodec", dependencies: ["ImageCore"]),
        // AV1 still pictures to planes (AVIF's coding); knows nothing of HEIF (`make avif-check` runs it alone,
        // av1-yuv). Issue 41 so far: intra frames decoded and filtered (deblocking, CDEF, restoration) bit-exact with
        // dav1d, intra block copy included; not registered yet. Posix for calloc (the frame's zeroed buffers),
        // ByteCoding for the quantizer matrices' generated base64.
        .target(name: "AV1Codec", dependencies: ["ImageCore", "ByteCoding", "Posix"]),
        // The HEIF item model (grids, clap/irot/imir, alpha, thumbnails, colour), generic over the coded item
        // (HEIFCodec: HEVC and AV1 are plugged in by the registry) and so free of any codec.
        .target(name: "HEIFPictures", dependencies: ["ImageCore", "ImageHeaders", "Posix"]),
        // The registry of decoders (PixelDecoders: one PixelDecoder value a format, looked up by ImageType) and the
        // picture source. Re-exports ImageCore, so `import ImageDecoding` gives Raster and the limits as before.
        .target(
            name: "ImageDecoding",
            dependencies: [
                "ImageCore", "ImageHeaders", "JPEGCodec", "PNGCodec", "GIFCodec", "BMPCodec", "TIFFCodec",
                "WebPCodec", "HEVCCodec", "AV1Codec", "HEIFPictures",
            ]),
        // Pictures made from pictures, over Raster: orientation, shrinking and enlarging, the thumbnailer (decode,
        // turn upright, shrink), the contact sheet, export's encoding (the encoders are in their codecs' targets, but
        // the GIF writer of export's animations, GIF/, is here).
        .target(
            name: "ImageEncoding",
            dependencies: ["ImageDecoding", "ImageHeaders", "PNGCodec", "Deflate", "Colour", "Posix"]),
        // Alike pictures: a fingerprint of the upright picture from the pixels imgsel decodes (grids of luma and
        // chroma, kept in the selection file), its sharpness, the distance (turns, mirrors, crops and shifts
        // allowed for) and the groups `similar`, `add` and `--distinct` report.
        .target(name: "Alike", dependencies: ["ImageEncoding", "ImageDecoding", "ImageHeaders", "ByteCoding"]),
        // A developer tool for `make alike-check`: fingerprints and distances of files, as imgsel computes them.
        .executableTarget(name: "alike-matrix", dependencies: ["Alike", "ImageDecoding", "ImageHeaders"]),
        // Pictures on a terminal: which way to draw (--graphics, $IMGSEL_GRAPHICS, the environment, one query on
        // the terminal), its window size, the fit, the ways of drawing (kitty, iTerm2, sixel, half blocks) and a
        // facade over them (PictureRenderer). The renderers are pure: pixels and a cell box in, bytes out.
        .target(
            name: "TerminalImage",
            dependencies: ["ImageEncoding", "ImageDecoding", "PNGCodec", "ImageHeaders", "ByteCoding", "Posix"]),
        // Full-screen terminal: raw I/O on /dev/tty, keys, a diffing screen, the picker and browser models, and
        // their pictures (made in the background from bytes the caller reads, drawn through one PictureDrawer).
        .target(
            name: "TerminalUI",
            dependencies: [
                "TerminalImage", "ImageDecoding", "ImageHeaders", "Posix", "TextWidth",
            ]),
        // signalfd(2), and the terminal's last-resort restore on a crash: C, since it runs in a signal handler.
        .target(name: "CTerminal"),
        // A developer tool and test helper: the picker and browser on fake items, text only, for tmux tests.
        .executableTarget(name: "tui-demo", dependencies: ["TerminalUI"]),
        // A developer tool and bench helper: imgsel's JPEG encoder on one BMP, PNG or PPM (make bench, the
        // encoder's compatibility tests); a BMP's or PPM's rows are read from the file as the encoder asks.
        .executableTarget(name: "jpeg-encode", dependencies: ["ImageCore", "JPEGCodec", "BMPCodec", "PNGCodec"]),
        // A test helper: a process that writes through the library, for multi-process tests.
        .executableTarget(name: "selection-writer", dependencies: ["SelectionStore", "Posix"]),
        // Colour: ICC profiles (v2, v4: matrix/TRC, grey, mft1/mft2/mAB tables) and nclx/cICP code points,
        // parsed within a memory budget, and the conversions of 8-bit pixels to sRGB held to LittleCMS 2.
        .target(name: "Colour", dependencies: ["ImageCore", "Posix"]),
        // A developer tool and test helper: raw 8-bit RGB or CMYK through a profile to sRGB (stdin to stdout),
        // for `make colour-engine-check` against LittleCMS.
        .executableTarget(name: "icc-apply", dependencies: ["Colour"]),
        // A developer tool and test helper: a raw HEVC stream through imgsel's own decoder to YUV, for
        // `make heic-check` against dec265.
        .executableTarget(name: "hevc-yuv", dependencies: ["ImageCore", "HEVCCodec"]),
        // A developer tool and test helper: an AVIF file's primary item (or raw AV1 OBUs) through imgsel's own
        // AV1 decoder to YUV, for `make avif-check` against dav1d; `--headers` says what the headers say.
        .executableTarget(name: "av1-yuv", dependencies: ["ImageCore", "AV1Codec", "HEIFPictures"]),
        // Test support: minimal image files built byte by byte, shared by every test target that needs them.
        .target(name: "TestImages", path: "Tests/TestImages"),
        // Test support: what the model's, the store's and the rule-word tests build their cases from
        // (an image as the rules judge it, a selection's names, assertThrows), written once.
        .target(
            name: "ModelTestSupport", dependencies: ["SelectionModel", "ImageHeaders"], path: "Tests/ModelTestSupport"),
        // Test support: a tmux pane of its own (text and coloured cells) and a clean terminal environment, for
        // the tests that drive imgsel and tui-demo in a real terminal.
        .target(name: "TerminalTestSupport", path: "Tests/TerminalTestSupport"),
        // Depends on selection-writer so `swift test` builds it first.
        .testTarget(
            name: "SelectionStoreTests",
            dependencies: ["SelectionStore", "ImageHeaders", "selection-writer", "TestImages", "ModelTestSupport"]),
        // The model without a disk: selections, rules, crops, the selection file's JSON, names.
        .testTarget(
            name: "SelectionModelTests",
            dependencies: ["SelectionModel", "ImageHeaders", "TestImages", "ModelTestSupport"]),
        .testTarget(name: "ImageHeadersTests", dependencies: ["ImageHeaders", "TestImages"]),
        // Runs the command line in process (ImgselCommands), and spawns the built binary where the
        // process matters; depends on it so `swift test` builds it first.
        .testTarget(
            name: "imgselTests",
            dependencies: [
                "imgsel", "ImgselCommands", "SelectionStore", "ImageDecoding", "TestImages", "ImageHeaders",
                "TerminalTestSupport", "ModelTestSupport",
            ]),
        .testTarget(name: "SelectionPageTests", dependencies: ["SelectionPage", "SelectionStore", "ImageHeaders"]),
        .testTarget(name: "ByteCodingTests", dependencies: ["ByteCoding", "TestImages"]),
        .testTarget(name: "CommandLineModelTests", dependencies: ["CommandLineModel"]),
        .testTarget(name: "TextWidthTests", dependencies: ["TextWidth"]),
        // Fixtures are read from beside the test files (#filePath), not bundled as resources.
        .testTarget(
            name: "ImageDecodingTests",
            dependencies: [
                "ImageDecoding", "ImageCore", "JPEGCodec", "PNGCodec", "GIFCodec", "BMPCodec", "TIFFCodec", "WebPCodec",
                "HEVCCodec", "HEIFPictures", "ImageEncoding", "Deflate", "ImageHeaders", "ByteCoding", "TestImages",
            ],
            exclude: ["Fixtures"]),
        // The AV1 decoder's parts (bits, OBUs, headers) and AVIF's av01 items on the HEIF item model.
        .testTarget(name: "AV1CodecTests", dependencies: ["AV1Codec", "ImageCore", "HEIFPictures"]),
        .testTarget(name: "DeflateTests", dependencies: ["Deflate", "TestImages"]),
        // The ICC parser's bounds on hostile profiles and the conversions against values taken from LittleCMS.
        .testTarget(name: "ColourTests", dependencies: ["Colour", "ImageCore"], exclude: ["Fixtures"]),
        // The encoders and picture making (orient, shrink, the sheet, export's encoding); the JPEG encoder's
        // files are also checked by cjpeg, djpeg, ImageMagick, Pillow and Chromium where installed.
        .testTarget(
            name: "ImageEncodingTests",
            dependencies: [
                "ImageEncoding", "ImageDecoding", "ImageHeaders", "JPEGCodec", "PNGCodec", "Deflate", "TestImages",
                "TerminalTestSupport",
            ]),
        // The fingerprint, its distance, sharpness and groups, on painted pictures (real photos: `make alike-check`).
        .testTarget(
            name: "AlikeTests", dependencies: ["Alike", "ImageEncoding", "ImageDecoding", "ImageHeaders", "TestImages"]),
        .testTarget(
            name: "TerminalImageTests",
            dependencies: [
                "TerminalImage", "ImageEncoding", "ImageDecoding", "PNGCodec", "ImageHeaders", "TestImages",
            ]),
        // Spawns tui-demo in tmux; depends on it so `swift test` builds it first.
        // Spawns imgsel pick and browse in tmux too.
        .testTarget(
            name: "TerminalUITests",
            dependencies: [
                "TerminalUI", "tui-demo", "imgsel", "TerminalImage", "ImageDecoding", "ImageHeaders", "TestImages",
                "TerminalTestSupport", "TextWidth",
            ]),
    ]
)
