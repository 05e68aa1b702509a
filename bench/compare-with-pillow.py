#!/usr/bin/env python3
"""Compare `imgsel --json info` with Pillow on the shared image corpus.

usage: bench/compare-with-pillow.py [--corpus DIR] [--imgsel PATH] [--tools DIR] [-v]

Builds the corpus with make_corpus.py (unless --corpus names one), asks oracle.py what Pillow
reads, runs `imgsel --json info` on every file, and compares type, stored size, orientation
(1 where absent or out of range) and frames on every file that Pillow reads in a format imgsel
supports. Needs: pip install pillow==13.0.0 pillow-heif==1.8.1 (not needed by `make test`).

A disagreement is either listed in EXPLAINED below, with the reason imgsel differs on purpose,
or it fails the run (exit 1). Files Pillow cannot read, or reads in a format imgsel does not
support, are listed with imgsel's verdict; accepting one of them is also a failure unless
explained.
"""
import argparse, json, os, subprocess, sys, tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Pillow's format name -> the imgsel type names that agree with it.
SUPPORTED = {"JPEG": {"jpeg"}, "MPO": {"jpeg"}, "PNG": {"png"}, "GIF": {"gif"}, "WEBP": {"webp"},
             "BMP": {"bmp"}, "DIB": {"bmp"}, "TIFF": {"tiff"}, "HEIF": {"heic", "heif"}, "AVIF": {"avif"}}

# Files where imgsel differs from Pillow on purpose.
EXPLAINED = {
    "gif-screen-smaller-than-frame.gif":
        "the contract gives a GIF's logical screen size (10x10); Pillow grows the size to cover a "
        "frame that sticks out of the logical screen",
    "bad-png-first-chunk-not-ihdr.png":
        "the PNG spec requires IHDR first; libpng (browsers, most tools) refuse the file, Pillow is lenient",
    "bad-png-width-2147483648.png":
        "the PNG spec caps width and height at 2^31-1; libpng refuses the file, Pillow does not check",
    "webp-truncated-header-complete.webp":
        "the VP8 frame header (the size) is complete; imgsel reads headers only and accepts a file "
        "cut off in its pixel data, as it does for JPEG and PNG (which Pillow opens too); Pillow's "
        "WebP reader hands the whole file to libwebp's demuxer, which rejects a RIFF size longer "
        "than the data",
}


def run_oracle(tools, corpus):
    out = subprocess.run([sys.executable, os.path.join(tools, "oracle.py"), corpus],
                         check=True, capture_output=True, text=True).stdout
    return {r["file"]: r for r in map(json.loads, out.splitlines())}


def run_imgsel(imgsel, corpus, names):
    # One invocation for all files: exit 3 (some are not images) is expected; stdout is the array.
    p = subprocess.run([imgsel, "--json", "info", "--", *names], cwd=corpus, capture_output=True, text=True)
    if p.returncode not in (0, 3):
        sys.exit(f"imgsel failed with exit {p.returncode}: {p.stderr.strip()}")
    return {o["path"]: o for o in json.loads(p.stdout)}


def pillow_orientation(value):
    return value if isinstance(value, int) and 1 <= value <= 8 else 1


def describe(o):
    if "error" in o:
        return "refused: " + o["error"]["message"].split(": ", 1)[-1]
    return f'{o["type"]} {o["width"]}x{o["height"]} orientation {o["orientation"]} frames {o["frames"]}'


def find_imgsel():
    for config in ("release", "debug"):
        path = os.path.join(REPO, ".build", config, "imgsel")
        if os.access(path, os.X_OK):
            return path
    sys.exit("no built imgsel: run `make build` or pass --imgsel")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", help="an existing corpus directory (default: build one in a temp dir)")
    ap.add_argument("--imgsel", help="the binary to test (default: .build/release or .build/debug)")
    ap.add_argument("--tools", default=os.path.join(REPO, "..", "shared", "tools"),
                    help="folder with make_corpus.py and oracle.py")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every file, not only differences")
    a = ap.parse_args()
    imgsel = os.path.abspath(a.imgsel) if a.imgsel else find_imgsel()

    with tempfile.TemporaryDirectory(prefix="imgsel-corpus-") as tmp:
        corpus = a.corpus
        if not corpus:
            corpus = os.path.join(tmp, "corpus")
            subprocess.run([sys.executable, os.path.join(a.tools, "make_corpus.py"), corpus], check=True)
        oracle = run_oracle(a.tools, corpus)
        ours = run_imgsel(imgsel, corpus, sorted(oracle))

    agree, explained, failures, outside = 0, [], [], []
    for name, r in sorted(oracle.items()):
        o = ours[name]
        if r["format"] in SUPPORTED:
            want = (r["width"], r["height"], pillow_orientation(r["orientation"]), r["frames"])
            got = None if "error" in o else (o["width"], o["height"], o["orientation"], o["frames"])
            same = got == want and o["type"] in SUPPORTED[r["format"]]
            line = f'{name}: Pillow {r["format"]} {want[0]}x{want[1]} orientation {want[2]} frames {want[3]}; imgsel {describe(o)}'
        else:
            # Pillow cannot read it, or reads a format outside the contract: imgsel should refuse it.
            same = "error" in o
            line = f'{name}: Pillow {r["format"] or "cannot open"}; imgsel {describe(o)}'
            outside.append(line)
        if same:
            agree += r["format"] in SUPPORTED
            if a.verbose:
                print("  same      " + line)
        elif name in EXPLAINED:
            explained.append(f"{line}\n            because {EXPLAINED[name]}")
        else:
            failures.append(line)

    supported = sum(r["format"] in SUPPORTED for r in oracle.values())
    print(f"{len(oracle)} files; Pillow reads {supported} in a supported format; imgsel agrees on {agree}")
    print(f"{len(outside)} files Pillow cannot read or reads in another format")
    for line in explained:
        print("  explained " + line)
    for line in failures:
        print("  DIFFERS   " + line)
    if a.verbose:
        for line in outside:
            print("  outside   " + line)
    print(f"{len(failures)} unexplained difference(s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
