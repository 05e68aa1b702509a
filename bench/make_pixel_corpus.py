#!/usr/bin/env python3
"""The corpus `make pixel-check` decodes: the shared one, PngSuite, and the cases it lacks.

usage: make_pixel_corpus.py OUT_DIR [--pngsuite PYPNG_SDIST_OR_DIR]

OUT_DIR gets:
  * every file of ../shared/tools/make_corpus.py (run here into OUT_DIR);
  * PngSuite, from the copy that pypng's source distribution carries (code/pngsuite.py),
    written as pngsuite-<name>.png; fetched with `pip download --no-binary :all: pypng`
    when no path is given;
  * px-*: what the shared corpus lacks for pixels: progressive JPEG with restart markers,
    true 4:1:1 and 4:4:0 sampling (cjpeg -sample), CMYK, photo-like JPEGs at odd sizes,
    16-bit PNG in every colour type, interlaced palette PNGs at 1, 2, 4 and 8 bits
    (pypng writes interlaced files; Pillow cannot), WebP lossy with alpha, GIF and BMP
    odd cases.
Needs: Pillow; cjpeg (Debian libjpeg-turbo-progs) for the sampling cases (skipped, and
said so, without it). Deterministic: fixed seeds.
"""
import argparse, glob, io, os, random, shutil, subprocess, sys, tarfile, tempfile

from PIL import Image, ImageDraw, ImageFilter

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "shared", "tools"))


def photo(w, h, seed=7, mode="RGB"):
    """Gradients, shapes and noise: the entropy of a photo at a size tests can afford."""
    rnd = random.Random(seed)
    im = Image.new("RGB", (w, h))
    px = im.load()
    for y in range(h):
        for x in range(w):
            px[x, y] = (x * 255 // max(1, w - 1), y * 255 // max(1, h - 1), (x + y) * 127 // max(1, w + h))
    d = ImageDraw.Draw(im)
    for _ in range(12):
        x, y = rnd.randrange(w), rnd.randrange(h)
        r = rnd.randrange(2, max(3, min(w, h) // 3))
        fill = tuple(rnd.randrange(256) for _ in range(3))
        (d.ellipse if rnd.random() < 0.5 else d.rectangle)((x - r, y - r, x + r, y + r), fill=fill)
    im = im.filter(ImageFilter.GaussianBlur(0.8))
    noise = Image.effect_noise((w, h), 18).convert("L")
    im = Image.merge("RGB", [Image.blend(c, noise, 0.12) for c in im.split()])
    if mode == "RGBA":
        alpha = Image.linear_gradient("L").resize((w, h)).rotate(30)
        im.putalpha(alpha)
    elif mode != "RGB":
        im = im.convert(mode)
    return im


def save(im, out, name, fmt, **kw):
    im.save(os.path.join(out, name), fmt, **kw)


def jpegs(out):
    save(photo(97, 61), out, "px-jpeg-progressive-restart.jpg", "JPEG", quality=88, progressive=True,
         restart_marker_blocks=3)
    save(photo(97, 61), out, "px-jpeg-baseline-restart-rows.jpg", "JPEG", quality=88, restart_marker_rows=1)
    save(photo(203, 150, seed=3), out, "px-jpeg-photo-420-q90.jpg", "JPEG", quality=90, subsampling="4:2:0")
    save(photo(203, 150, seed=3), out, "px-jpeg-photo-422-q90.jpg", "JPEG", quality=90, subsampling="4:2:2")
    save(photo(203, 150, seed=3), out, "px-jpeg-photo-444-q95.jpg", "JPEG", quality=95, subsampling="4:4:4")
    save(photo(203, 150, seed=3), out, "px-jpeg-photo-progressive-q75.jpg", "JPEG", quality=75, progressive=True)
    save(photo(64, 48, seed=5, mode="L"), out, "px-jpeg-grey-progressive.jpg", "JPEG", progressive=True)
    save(photo(64, 48, seed=5, mode="CMYK"), out, "px-jpeg-cmyk.jpg", "JPEG", quality=92)
    save(photo(33, 17, seed=9), out, "px-jpeg-odd-33x17-420.jpg", "JPEG", quality=90)
    save(photo(1, 1, seed=9), out, "px-jpeg-1x1.jpg", "JPEG")
    cjpeg = shutil.which("cjpeg")
    if not cjpeg:
        print("make_pixel_corpus: no cjpeg (Debian libjpeg-turbo-progs): 4:1:1 and 4:4:0 cases left out",
              file=sys.stderr)
        return
    with tempfile.TemporaryDirectory() as tmp:
        ppm = os.path.join(tmp, "in.ppm")
        photo(101, 67, seed=11).save(ppm)
        for name, sample, extra in [("px-jpeg-411.jpg", "4x1,1x1,1x1", []),
                                    ("px-jpeg-440.jpg", "1x2,1x1,1x1", []),
                                    ("px-jpeg-411-progressive.jpg", "4x1,1x1,1x1", ["-progressive"]),
                                    ("px-jpeg-420-restart-progressive.jpg", "2x2,1x1,1x1",
                                     ["-progressive", "-restart", "1"]),
                                    ("px-jpeg-odd-sampling-3x1.jpg", "3x1,1x1,1x1", [])]:
            with open(os.path.join(out, name), "wb") as f:
                subprocess.run([cjpeg, "-quality", "90", "-sample", sample, *extra, ppm], stdout=f, check=True)


def pngs(out):
    rgb = photo(45, 29, seed=13)
    # 16-bit in every colour type that has it: Pillow writes I;16 grey and, through raw
    # bytes, RGB/RGBA 16 are written with pypng below.
    save(rgb.convert("I").point(lambda v: v * 257).convert("I;16"), out, "px-png-grey16.png", "PNG")
    save(rgb.quantize(7), out, "px-png-palette-7.png", "PNG")
    save(photo(45, 29, seed=13, mode="RGBA"), out, "px-png-rgba8.png", "PNG")
    try:
        import png  # pypng, put on sys.path by main()
    except ImportError:
        print("make_pixel_corpus: no pypng: 16-bit RGB(A) and interlaced palette cases left out", file=sys.stderr)
        return
    w, h = 23, 19
    rows16 = [[(x * 2900 + y * 13) % 65536 for x in range(w) for _ in range(3)] for y in range(h)]
    with open(os.path.join(out, "px-png-rgb16.png"), "wb") as f:
        png.Writer(w, h, greyscale=False, bitdepth=16).write(f, rows16)
    rows16a = [[(x * 2900 + y * 13 + c * 7000) % 65536 for x in range(w) for c in range(4)] for y in range(h)]
    with open(os.path.join(out, "px-png-rgba16-interlaced.png"), "wb") as f:
        png.Writer(w, h, greyscale=False, alpha=True, bitdepth=16, interlace=True).write(f, rows16a)
    for depth in (1, 2, 4, 8):
        n = 1 << depth
        palette = [((i * 97) % 256, (i * 53) % 256, (i * 29) % 256, 255 if i % 3 else 128) for i in range(n)]
        for size in ((1, 9), (7, 5), (13, 11)):
            rows = [[(x * 3 + y * 5) % n for x in range(size[0])] for y in range(size[1])]
            name = f"px-png-interlaced-palette-d{depth}-{size[0]}x{size[1]}.png"
            with open(os.path.join(out, name), "wb") as f:
                png.Writer(size[0], size[1], palette=palette, bitdepth=depth, interlace=True).write(f, rows)


def webps(out):
    save(photo(61, 37, seed=17, mode="RGBA"), out, "px-webp-lossy-alpha.webp", "WEBP", quality=85)
    save(photo(61, 37, seed=17, mode="RGBA"), out, "px-webp-lossy-alpha-exact.webp", "WEBP", quality=85,
         exact=True)
    save(photo(203, 150, seed=3), out, "px-webp-photo-q90.webp", "WEBP", quality=90)
    save(photo(203, 150, seed=3), out, "px-webp-photo-q50-m6.webp", "WEBP", quality=50, method=6)
    save(photo(61, 37, seed=17, mode="RGBA"), out, "px-webp-lossless-alpha.webp", "WEBP", lossless=True)
    save(photo(61, 37, seed=17).quantize(12).convert("RGB"), out, "px-webp-lossless-12-colours.webp", "WEBP",
         lossless=True)


def gifs_and_bmps(out):
    save(photo(37, 23, seed=19).quantize(256), out, "px-gif-256-colours.gif", "GIF")
    im = photo(37, 23, seed=19).quantize(5)
    save(im, out, "px-gif-transparent.gif", "GIF", transparency=2)
    save(photo(37, 23, seed=19).quantize(16), out, "px-bmp-4bit.bmp", "BMP")
    save(photo(37, 23, seed=19), out, "px-bmp-24bit-odd-width.bmp", "BMP")
    save(photo(37, 23, seed=19, mode="RGBA"), out, "px-bmp-32bit-rgba.bmp", "BMP")


def pngsuite(out, source):
    """PngSuite from pypng's sdist (code/pngsuite.py holds the files as data)."""
    with tempfile.TemporaryDirectory() as tmp:
        if source is None:
            subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-binary", ":all:",
                            "--no-deps", "-d", tmp, "pypng==0.20220715.0"], check=True)
            source = glob.glob(os.path.join(tmp, "pypng-*.tar.gz"))[0]
        if source.endswith(".tar.gz"):
            with tarfile.open(source) as t:
                t.extractall(tmp, filter="data")
            source = glob.glob(os.path.join(tmp, "pypng-*"))[0]
        code = os.path.join(source, "code")
        sys.path.insert(0, code)
        import pngsuite as suite
        for name, data in sorted(suite.png.items()):
            with open(os.path.join(out, f"pngsuite-{name}.png"), "wb") as f:
                f.write(data)
        pngs(out)  # needs pypng from the same place


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--pngsuite", help="pypng source distribution (.tar.gz) or its unpacked folder")
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    subprocess.run([sys.executable, os.path.join(SHARED, "make_corpus.py"), args.out], check=True,
                   stdout=subprocess.DEVNULL)
    jpegs(args.out)
    webps(args.out)
    gifs_and_bmps(args.out)
    pngsuite(args.out, args.pngsuite)


if __name__ == "__main__":
    main()
