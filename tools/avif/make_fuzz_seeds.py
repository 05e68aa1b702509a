#!/usr/bin/env python3
"""The AV1 and AVIF fuzzers' seeds (issue 41, hostile input): small raw OBU streams made with
aomenc --obu, a tool or two each (palette and intra block copy on screen content, filter intra,
CfL, quantiser matrices, delta q and delta lf, tiles, lossless, 10 and 12 bits, 4:4:4, 4:2:2,
monochrome, 128 superblocks, every loop filter on, film grain), into Fuzz/seeds-av1; and small
AVIF files made with avifenc (alpha, a grid, 10 bits, 4:4:4, 4:2:2, monochrome, irot, imir,
clap) into Fuzz/seeds-avif. Each is kept small (a mutation of a small seed is a fast run).

Usage: make_fuzz_seeds.py [--out DIR]   (DIR defaults to Fuzz/; needs aomenc, avifenc, Pillow)
"""
import argparse, os, subprocess, sys, tempfile, zlib

from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from avif_check import make_y4m  # noqa: E402

OFF = ["--loopfilter-control=0", "--enable-cdef=0", "--enable-restoration=0"]
EVERY = ["--enable-cdef=1", "--enable-restoration=1"]
SCREEN = ["--tune-content=screen", "--enable-intrabc=1"]

# (name, width, height, pattern, aomenc switches)
STREAMS = [
    ("plain-32x32", 32, 32, None, ["--cq-level=50"] + OFF),
    ("tiny-1x1", 1, 1, None, ["--cq-level=30"] + OFF),
    ("odd-17x33", 17, 33, None, ["--cq-level=40"]),
    ("filters-64x48", 64, 48, None, ["--cq-level=45"] + EVERY),
    ("filters-sb128-72x40", 72, 40, None, ["--cq-level=50", "--sb-size=128"] + EVERY),
    ("deblock-48x48", 48, 48, None, ["--cq-level=63", "--enable-cdef=0", "--enable-restoration=0"]),
    ("cdef-48x48", 48, 48, None, ["--cq-level=55", "--enable-cdef=1", "--enable-restoration=0"]),
    ("qm-48x32", 48, 32, None, ["--cq-level=40", "--enable-qm=1"]),
    ("deltaq-64x64", 64, 64, None, ["--cq-level=50", "--deltaq-mode=3", "--delta-lf-mode=1"]),
    ("tiles-64x64", 64, 64, None, ["--cq-level=55", "--tile-columns=1", "--tile-rows=1"] + OFF),
    ("lossless-16x16", 16, 16, None, ["--lossless=1"]),
    ("mono-40x24", 40, 24, None, ["--cq-level=45", "--monochrome"]),
    ("10bit-32x32", 32, 32, None, ["--cq-level=45", "--bit-depth=10"]),
    ("444-32x24", 32, 24, None, ["--cq-level=45", "--profile=1"]),
    ("422-12bit-32x24", 32, 24, None, ["--cq-level=50", "--profile=2", "--bit-depth=12"]),
    ("no-cfl-32x32", 32, 32, None, ["--cq-level=40", "--enable-cfl-intra=0"] + OFF),
    ("filter-intra-only-48x32", 48, 32, None, ["--cq-level=35", "--enable-cfl-intra=0", "--enable-palette=0"]),
    ("full-header-24x24", 24, 24, None, ["--cq-level=45", "--full-still-picture-hdr"]),
    ("palette-48x48", 48, 48, "glyphs", ["--cq-level=40", "--tune-content=screen", "--enable-intrabc=0"]),
    ("intrabc-200x72", 200, 72, "glyphs", ["--cq-level=50"] + SCREEN),
    ("intrabc-444-200x48", 200, 48, "glyphs", ["--cq-level=50", "--profile=1"] + SCREEN),
    ("intrabc-lossless-96x24", 96, 24, "glyphs", ["--lossless=1"] + SCREEN),
    ("smooth-tx64-128x64", 128, 64, "horiz", ["--cq-level=50", "--cpu-used=0"] + OFF),
    ("grain-32x32", 32, 32, None, ["--cq-level=45", "--film-grain-test=1"]),
]


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    if p.returncode != 0:
        sys.exit(f"{cmd[0]} failed: {p.stderr.decode()[-300:]}")


def streams(out, work):
    os.makedirs(out, exist_ok=True)
    for name, w, h, pattern, switches in STREAMS:
        sampling = "444" if "444" in name else "422" if "422" in name else "420"
        y4m = os.path.join(work, name + ".y4m")
        make_y4m(y4m, w, h, zlib.crc32(name.encode()), mono="mono" in name, sampling=sampling, pattern=pattern)
        run(["aomenc", "--allintra", "--limit=1", "--obu", "--cpu-used=6", "--end-usage=q",
             "-o", os.path.join(out, name + ".obu"), y4m] + switches)


def picture(w, h, alpha=False, seed=0):
    """Gradients and a ring (RGB or RGBA), small enough for a seed."""
    img = Image.new("RGBA" if alpha else "RGB", (w, h))
    for y in range(h):
        for x in range(w):
            r, g, b = (x * 255 // max(1, w - 1), y * 255 // max(1, h - 1), ((x - w // 2) ** 2 + (y - h // 2) ** 2 + seed) % 256)
            img.putpixel((x, y), (r, g, b, (x + y) * 255 // max(1, w + h - 2)) if alpha else (r, g, b))
    return img


# (name, width, height, alpha, avifenc switches)
FILES = [
    ("plain-32x24", 32, 24, False, []),
    ("alpha-32x32", 32, 32, True, []),
    ("grid-2x2-128x128", 128, 128, False, ["--grid", "2x2"]),
    ("grid-alpha-2x1-128x64", 128, 64, True, ["--grid", "2x1"]),
    ("10bit-24x24", 24, 24, False, ["-d", "10"]),
    ("12bit-422-24x24", 24, 24, False, ["-d", "12", "-y", "422"]),
    ("444-24x16", 24, 16, False, ["-y", "444"]),
    ("mono-32x32", 32, 32, False, ["-y", "400"]),
    ("irot-imir-32x16", 32, 16, False, ["--irot", "1", "--imir", "1"]),
    ("clap-32x32", 32, 32, False, ["--crop", "4,2,24,26"]),
    ("lossless-8x8", 8, 8, False, ["-l"]),
]


def files(out, work):
    os.makedirs(out, exist_ok=True)
    for name, w, h, alpha, switches in FILES:
        png = os.path.join(work, name + ".png")
        picture(w, h, alpha, zlib.crc32(name.encode())).save(png)
        quality = [] if "-l" in switches else ["--min", "30", "--max", "45", "--minalpha", "30", "--maxalpha", "45"]
        run(["avifenc", "-s", "8", "-j", "1"] + quality + switches + [png, os.path.join(out, name + ".avif")])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Fuzz"))
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as work:
        streams(os.path.join(args.out, "seeds-av1"), work)
        files(os.path.join(args.out, "seeds-avif"), work)


if __name__ == "__main__":
    main()
