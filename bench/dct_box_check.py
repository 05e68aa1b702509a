"""Part of `make pixel-check`: JPEG thumbnails shrunk from a DCT-scaled decode, against Pillow's
own `Image.thumbnail` (issue 20, item 10).

A JPEG of W×H decoded at 1/s is ceil(W/s)×ceil(H/s), its last column and row only partly image.
`thumbnail()` calls `draft()`, whose box is the exact area W/s × H/s, and hands that box to
`resize()`, so the partial row counts by its share; imgsel must do the same. Odd-sized JPEGs
(baseline 4:2:0, 4:4:4, progressive, grey; wide and tall, so both pass orders run) are made here
and thumbnailed at sizes that decode them at 1/2, 1/4 and 1/8.

Pillow side: `thumbnail(target, Image.BOX, reducing_gap=1.0)` with imgsel's fitted size as the
box, so that `draft()` picks imgsel's DCT scale (the largest of 8, 4, 2 whose whole multiples fit:
reducing_gap 1 asks draft for the target itself); sizes whose drafted box is twice the target or
more are skipped, since resize() would then reduce() first, which imgsel does not, and so are
sizes where thumbnail()'s own aspect rounding picks another size than imgsel's. Turned files
(EXIF 3, 6, 8) are `thumbnail()` then `exif_transpose()`, the order imgsel follows too. Every
thumbnail must be identical.
"""
import os, subprocess

from PIL import Image, ImageChops, ImageDraw, ImageOps

SHAPES = [(150, 103), (61, 43), (333, 237), (97, 131), (43, 301), (1001, 67)]
KINDS = {
    "420": dict(quality=90),
    "444": dict(quality=90, subsampling=0),
    "prog": dict(quality=85, progressive=True),
    "grey": dict(quality=90),
}


def fitted(w, h, n):
    if w <= n and h <= n:
        return w, h
    if w >= h:
        return n, max(1, (2 * h * n + w) // (2 * w))
    return max(1, (2 * w * n + h) // (2 * h)), n


def picture(w, h, grey):
    im = Image.new("RGB", (w, h))
    im.putdata([((x * 255) // max(1, w - 1), (y * 255) // max(1, h - 1), ((x ^ y) * 7) % 256)
                for y in range(h) for x in range(w)])
    d = ImageDraw.Draw(im)
    # Bright bands on the last rows and columns: the padded block's share shows at the far edges.
    d.rectangle([0, h - 3, w, h], fill=(255, 255, 255))
    d.rectangle([w - 3, 0, w, h], fill=(250, 250, 40))
    return im.convert("L") if grey else im


def exif(orientation):
    e = Image.Exif()
    e[0x0112] = orientation
    return e.tobytes()


def scale_for(w, h, target):
    room = min(w // target[0], h // target[1])
    return next(s for s in (8, 4, 2, 1) if room >= s)


def cases(w, h):
    """Sizes N that decode W×H at each of 1/2, 1/4, 1/8 without a reduce() step on Pillow's side."""
    found = {}
    for n in range(max(w, h) - 1, 0, -1):
        target = fitted(w, h, n)
        s = scale_for(w, h, target)
        if s > 1 and (w / s) / target[0] < 2 and (h / s) / target[1] < 2:
            found.setdefault(s, []).append(n)
    # The largest and the smallest size of each scale.
    return sorted((s, n) for s, sizes in found.items() for n in sorted({sizes[0], sizes[-1]}))


def run(imgsel, folder, verbose):
    """Returns (compared, skipped, unexplained lines)."""
    os.makedirs(folder, exist_ok=True)
    compared, skipped, bad = 0, 0, []
    for (w, h) in SHAPES:
        for kind, options in KINDS.items():
            for orientation in (1, 3, 6, 8):
                name = os.path.join(folder, f"dct-{w}x{h}-{kind}-o{orientation}.jpg")
                extra = {} if orientation == 1 else {"exif": exif(orientation)}
                picture(w, h, kind == "grey").save(name, **options, **extra)
                for s, n in cases(w, h):
                    turned = orientation in (6, 8)
                    upright = fitted(*((h, w) if turned else (w, h)), n)
                    stored_target = (upright[1], upright[0]) if turned else upright
                    if scale_for(w, h, stored_target) != s:
                        continue
                    out = name + f".{n}.png"
                    done = subprocess.run([imgsel, "thumbnail", name, out, "--size", str(n)],
                                          capture_output=True, text=True)
                    label = f"{os.path.basename(name)} --size {n} (1/{s})"
                    if done.returncode != 0:
                        bad.append(f"{label}: imgsel refused: {done.stderr.strip()}")
                        continue
                    im = Image.open(name)
                    im.thumbnail(stored_target, Image.BOX, reducing_gap=1.0)
                    if im.size != stored_target:
                        skipped += 1  # Pillow rounds the aspect its own way here: nothing to compare
                        continue
                    ref = ImageOps.exif_transpose(im).convert("RGB")
                    ours = Image.open(out).convert("RGB")
                    compared += 1
                    if ours.size != ref.size:
                        bad.append(f"{label}: size {ours.size}, Pillow {ref.size}")
                        continue
                    worst = max(hi for _, hi in ImageChops.difference(ours, ref).getextrema())
                    if verbose or worst:
                        print(f"{'DIFFERENT ' if worst else 'ok        '} {label}: "
                              f"largest difference {worst} from Pillow's thumbnail")
                    if worst:
                        bad.append(f"{label}: {worst} from Pillow's thumbnail")
    return compared, skipped, bad
