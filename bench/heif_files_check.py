#!/usr/bin/env python3
"""HEIF files check (`make heic-files-check`, the files half of `make heic-check`): HEIC files
written by pillow-heif (libheif + x265), single pictures and grids (bench/heif_assemble.py),
8 and 10 bit, with alpha, monochrome, every nclx matrix and range, irot/imir/clap in both
orders, of sizes 1x1 to 1200x900; each decoded whole by `imgsel thumbnail` and by pillow-heif
(the oracle), and compared: RGB PSNR and the largest alpha difference. A file imgsel refuses
by name (4:4:4) must be refused with that name. Prints one line a file and every mismatch.

Usage: heif_files_check.py --imgsel PATH [--keep DIR] [--min-psnr DB]
"""
import argparse, math, os, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
try:
    import pillow_heif
    from PIL import Image, ImageChops, ImageDraw
except ImportError:
    sys.exit("heif-files-check needs pillow and pillow-heif (pip install pillow pillow-heif)")
import heif_assemble as A

pillow_heif.register_heif_opener()

# x265's loop filters off (`--loop-filters off`): the pictures then hold only what the
# container, the intra decoding and the colour conversion make, which isolates them.
ENC = {}
# Files whose difference from pillow-heif's decode is libheif's: name -> (the uncut file, the
# box imgsel's picture is of it, why).
EXPLAINED = {}


def picture(w, h, seed=0, mode="RGB"):
    """Gradients, edges and noise, so every intra mode and transform size gets used."""
    im = Image.linear_gradient("L").resize((w, h)).convert("RGB")
    d = ImageDraw.Draw(im)
    for i in range(12):
        x, y = (i * 37 + seed * 11) % max(1, w), (i * 53 + seed * 7) % max(1, h)
        r = 1 + (i * 13) % max(2, w // 3)
        d.ellipse((x - r, y - r, x + r, y + r), fill=((i * 70) % 256, (i * 40 + 90) % 256, (200 - i * 15) % 256))
    noise = Image.effect_noise((w, h), 24).convert("RGB")
    im = ImageChops.add(im, noise, 2, -64)
    if mode == "RGBA":
        alpha = Image.linear_gradient("L").rotate(90).resize((w, h))
        im.putalpha(alpha)
    elif mode == "L":
        im = im.convert("L")
    return im


def corpus(folder):
    """(name, path, expectation): expectation is None (decode and match) or the refusal's words."""
    out = []

    def save(name, im, **kw):
        path = os.path.join(folder, name + ".heic")
        im.save(path, enc_params=ENC, **kw)
        out.append((name, path, None))

    def raw(name, data, expect=None):
        path = os.path.join(folder, name + ".heic")
        with open(path, "wb") as f:
            f.write(data)
        out.append((name, path, expect))

    for w, h in [(1, 1), (2, 2), (3, 5), (17, 9), (64, 64), (65, 33), (300, 200), (1023, 767)]:
        for q in [10, 50, 90, -1]:
            save(f"single-{w}x{h}-q{q}", picture(w, h, w + q), quality=q)
    for w, h in [(33, 17), (300, 200)]:
        save(f"alpha-{w}x{h}", picture(w, h, 3, "RGBA"), quality=80)
        save(f"mono-{w}x{h}", picture(w, h, 4, "L"), quality=80)
        im = picture(w, h, 5)
        import numpy as np
        ten = pillow_heif.from_bytes(mode="RGB;16", size=im.size, data=(np.asarray(im).astype("<u2") * 257).tobytes())
        path = os.path.join(folder, f"ten-bit-{w}x{h}.heic")
        ten.save(path, quality=85, enc_params=ENC)
        out.append((f"ten-bit-{w}x{h}", path, None))
    for matrix, full in [(1, 0), (1, 1), (5, 0), (6, 0), (9, 0), (9, 1), (4, 1), (7, 0)]:
        save(f"nclx-m{matrix}-f{full}", picture(96, 64, matrix), quality=85, matrix_coefficients=matrix,
             full_range_flag=full)
    save("chroma-444", picture(40, 30, 9), quality=85, chroma=444)
    out[-1] = (out[-1][0], out[-1][1], "4:4:4")
    # Assembled: transformations in ipma order, a picture without colr, grids.
    base = picture(120, 80, 11)
    hvcc, colr, data = A.encoded(base, quality=85, chroma=420, enc_params=ENC)
    for name, extra in [("irot1", [A.box("irot", b"\1")]), ("irot2", [A.box("irot", b"\2")]),
                        ("irot3", [A.box("irot", b"\3")]), ("imir0", [A.box("imir", b"\0")]),
                        ("imir1", [A.box("imir", b"\1")]),
                        ("imir1-irot1", [A.box("imir", b"\1"), A.box("irot", b"\1")]),
                        ("irot1-imir1", [A.box("irot", b"\1"), A.box("imir", b"\1")]),
                        ("clap-centre", [A.clap(60, 40)]), ("clap-offset", [A.clap(50, 30, -20, 10)]),
                        ("irot1-clap", [A.box("irot", b"\1"), A.clap(30, 70, 5, -3)]),
                        ("clap-irot1", [A.clap(70, 30, 5, -3), A.box("irot", b"\1")])]:
        item = {"id": 1, "type": "hvc1", "data": data, "props": [hvcc, A.ispe(120, 80), colr] + extra}
        raw(name, A.build([item], 1, []))
    raw("plain", A.build([{"id": 1, "type": "hvc1", "data": data, "props": [hvcc, A.ispe(120, 80), colr]}], 1, []))
    # libheif cuts a 4:2:0 picture's planes before upsampling its chroma, so a clap at an odd
    # offset shifts its chroma by a sample; imgsel cuts after, so it is held to the uncut picture.
    EXPLAINED["clap-offset"] = (os.path.join(folder, "plain.heic"), (15, 35, 65, 65),
                                "libheif cuts the chroma plane at the odd offset before upsampling")
    raw("no-colr", A.build([{"id": 1, "type": "hvc1", "data": data, "props": [hvcc, A.ispe(120, 80)]}], 1, []))
    raw("grid-2x2-64", A.grid_file(picture(100, 90, 12), 64, save_args={"quality": 90, "chroma": 420, "enc_params": ENC}))
    raw("grid-3x2-512", A.grid_file(picture(1200, 900, 13), 512, save_args={"quality": 90, "chroma": 420, "enc_params": ENC}))
    raw("grid-irot1-clap", A.grid_file(picture(200, 130, 14), 64, save_args={"quality": 90, "chroma": 420, "enc_params": ENC}, extra=[A.box("irot", b"\1"), A.clap(120, 180)]))
    raw("grid-alpha", A.grid_file(picture(150, 100, 15), 64, save_args={"quality": 90, "chroma": 420, "enc_params": ENC}, alpha=picture(150, 100, 16, "L")))
    raw("grid-alpha-irot1", A.grid_file(picture(150, 100, 18), 64, save_args={"quality": 90, "chroma": 420, "enc_params": ENC},
                                        alpha=picture(150, 100, 19, "L"), extra=[A.box("irot", b"\1")]))
    raw("grid-thumbnail", A.grid_file(picture(300, 200, 17), 128, save_args={"quality": 90, "chroma": 420, "enc_params": ENC}, thumbnail=(96, 64)))
    return out


def psnr(a, b):
    h = ImageChops.difference(a, b).histogram()
    se = sum(i * i * h[c * 256 + i] for c in range(3) for i in range(256)) / (a.size[0] * a.size[1] * 3)
    return math.inf if se == 0 else 10 * math.log10(255 * 255 / se)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--imgsel", required=True)
    ap.add_argument("--keep")
    ap.add_argument("--min-psnr", type=float, default=40.0)
    ap.add_argument("--loop-filters", choices=["on", "off"], default="on")
    args = ap.parse_args()
    if args.loop_filters == "off":
        ENC.update({"x265:sao": "0", "x265:deblock": "0"})
    folder = args.keep or tempfile.mkdtemp(prefix="heif-check-")
    os.makedirs(folder, exist_ok=True)
    files = corpus(folder)
    worst, bad, exact = math.inf, [], 0
    for name, path, expect in files:
        out = os.path.join(folder, name + ".png")
        oracle = Image.open(path) if expect is None else None
        side = max(oracle.size) if oracle else 1 << 14
        run = subprocess.run([args.imgsel, "thumbnail", path, out, "--size", str(side)], capture_output=True, text=True)
        if expect is not None:
            ok = run.returncode == 3 and expect in run.stderr
            print(f"{name}: refused ({run.stderr.strip()})" if ok else f"{name}: MISMATCH, not refused by name: {run.stderr}")
            if not ok:
                bad.append(name)
            continue
        if run.returncode != 0:
            print(f"{name}: MISMATCH, imgsel failed: {run.stderr.strip()}")
            bad.append(name)
            continue
        mine = Image.open(out)
        alpha = oracle.mode in ("RGBA", "LA") or oracle.info.get("aux")
        ref = oracle.convert("RGBA")
        if mine.size != ref.size:
            print(f"{name}: MISMATCH, size {mine.size} against pillow-heif's {ref.size}")
            bad.append(name)
            continue
        mine = mine.convert("RGBA")
        p = psnr(mine.convert("RGB"), ref.convert("RGB"))
        alpha_diff = max(ImageChops.difference(mine.getchannel("A"), ref.getchannel("A")).getextrema())
        exact += p == math.inf and alpha_diff == 0
        worst = min(worst, p)
        line = f"{name}: {ref.size[0]}x{ref.size[1]} PSNR {p:.2f} dB" + (f", alpha off by {alpha_diff} at most" if alpha else "")
        if p < args.min_psnr and name in EXPLAINED:
            uncut, box, why = EXPLAINED[name]
            q = psnr(mine.convert("RGB"), Image.open(uncut).convert("RGB").crop(box))
            line += f"; explained ({why}): {q:.2f} dB against the uncut picture cut here"
            if q < args.min_psnr:
                line += "  MISMATCH"
                bad.append(name)
        elif p < args.min_psnr or alpha_diff > 1:
            line += "  MISMATCH"
            bad.append(name)
        print(line)
    print(f"{len(files)} HEIF files: {len(files) - len(bad)} as pillow-heif decodes them ({exact} identical), "
          f"worst PSNR {worst:.2f} dB, {len(bad)} mismatched" + (f": {', '.join(bad)}" if bad else ""))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
