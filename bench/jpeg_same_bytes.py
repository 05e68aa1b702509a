"""Two jpeg-encode builds give the same bytes (issue 25's speed work must not change a bit).

    python3 bench/jpeg_same_bytes.py OLD/jpeg-encode NEW/jpeg-encode [--photo photo.png] [--quick]

Encodes every case with both and compares the files: sizes from 1x1 to odd ones past several MCUs
(partial blocks and MCUs, widths not a multiple of 8 or 16), colour at 4:2:0 (q < 90) and 4:4:4
(q >= 90), grey (R = G = B: one component), q1 to q100, baseline and progressive, from noise,
smooth gradients, flat areas, and crops of a real photo when --photo is given; inputs as PNG,
BMP (24-bit bottom-up, 32-bit) and PPM, the readers jpeg-encode has. Exits 1 on a difference.
Needs Pillow. Not a test of correctness: of sameness, against the build before a change.
"""
import os
import random
import subprocess
import sys
import tempfile

from PIL import Image


def pictures(photo, quick):
    rng = random.Random(25)
    sizes = [(1, 1), (1, 9), (9, 1), (7, 7), (8, 8), (15, 17), (16, 16), (17, 15), (31, 33), (64, 48),
             (100, 75), (129, 7), (257, 130)]
    if not quick:
        sizes += [(333, 211), (640, 480), (1023, 769)]
    for w, h in sizes:
        noise = Image.frombytes("RGB", (w, h), bytes(rng.randrange(256) for _ in range(w * h * 3)))
        yield f"noise-{w}x{h}", noise
        grad = Image.new("RGB", (w, h))
        grad.putdata([((x * 255) // max(w - 1, 1), (y * 255) // max(h - 1, 1), (x + y) % 256)
                      for y in range(h) for x in range(w)])
        yield f"gradient-{w}x{h}", grad
        yield f"grey-{w}x{h}", noise.convert("L").convert("RGB")
        yield f"flat-{w}x{h}", Image.new("RGB", (w, h), (200, 30, 90))
    if photo:
        big = Image.open(photo).convert("RGB")
        for i, (w, h) in enumerate([(1, 1), (13, 29), (200, 150), (517, 389), (1024, 768)]):
            x, y = rng.randrange(big.width - w), rng.randrange(big.height - h)
            crop = big.crop((x, y, x + w, y + h))
            yield f"photo{i}-{w}x{h}", crop
            if i % 2:
                yield f"photo-grey{i}-{w}x{h}", crop.convert("L").convert("RGB")


def main():
    args = sys.argv[1:]
    quick = "--quick" in args
    photo = None
    if "--photo" in args:
        photo = args[args.index("--photo") + 1]
        args = [a for a in args if a not in ("--photo", photo)]
    old, new = [a for a in args if a != "--quick"][:2]
    qualities = [1, 10, 50, 75, 85, 89, 90, 95, 100] if quick else [1, 5, 10, 25, 50, 60, 75, 85, 89, 90, 92, 95, 98, 100]
    work = tempfile.mkdtemp(prefix="jpeg-same-")
    cases = differences = 0
    for n, (name, im) in enumerate(pictures(photo, quick)):
        kind = ["png", "bmp", "ppm", "bmp32"][n % 4]
        source = os.path.join(work, f"{name}.{kind[:3]}")
        (im.convert("RGBA") if kind == "bmp32" else im).save(source, "BMP" if kind.startswith("bmp") else None)
        for q in qualities:
            for flags in ([], ["--baseline"]):
                outs = []
                for label, tool in (("old", old), ("new", new)):
                    out = os.path.join(work, f"{label}.jpg")
                    subprocess.run([tool, source, out, "--quality", str(q)] + flags, check=True)
                    with open(out, "rb") as f:
                        outs.append(f.read())
                cases += 1
                if outs[0] != outs[1]:
                    differences += 1
                    print(f"DIFFERENT: {name} ({kind}) q{q} {' '.join(flags)}: {len(outs[0])} vs {len(outs[1])} bytes")
    print(f"{cases} encodes compared, {differences} different")
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
