#!/usr/bin/env python3
"""Writes Tests/ImageDecodingTests/Fixtures/jpeg/thumbnails-pillow.txt: what Pillow's own
Image.thumbnail makes of some odd-sized JPEG fixtures at sizes that decode them at 1/2, 1/4
and 1/8 in the DCT, which ThumbnailBoxTests pins without needing Pillow.

usage: make_thumbnail_box_fixture.py   (needs pillow==13.0.0; run from the repository root)

Each line: fixture, --size N, width, height, scale, the thumbnail's RGB bytes in hex.
thumbnail() is given imgsel's fitted size (ThumbnailSize.fitting) as its box, BOX as the
filter and reducing_gap=1.0, so that draft() picks the DCT scale imgsel picks (the largest
of 8, 4, 2 whose whole multiples fit) and resize() gets draft()'s exact box, W/s × H/s; the
sizes are chosen so that resize() does no reduce() step (the box is under twice the size).
A turned file (EXIF orientation 6) is thumbnail()ed as stored, then ImageOps.exif_transpose'd.
pil-150x103-o6.jpg is pil-150x103-420.jpg's picture saved the same way with orientation 6.
"""
import os, sys
from PIL import Image, ImageOps

HERE = os.path.join("Tests", "ImageDecodingTests", "Fixtures", "jpeg")
CASES = [
    ("pil-150x103-420.jpg", [64, 32, 16]),
    ("pil-150x103-prog.jpg", [32, 16]),
    ("pil-150x103-o6.jpg", [64, 32, 16]),
    ("pil-61x43-420.jpg", [16, 8, 4]),
    ("seq-61x43-3x2.jpg", [16, 8, 4]),
    ("gray-61x43-prog.jpg", [16, 8, 4]),
]


def fitted(w, h, n):
    """ThumbnailSize.fitting: within n×n, aspect kept, the short side rounded half up."""
    if w <= n and h <= n:
        return w, h
    if w >= h:
        return n, max(1, (2 * h * n + w) // (2 * w))
    return max(1, (2 * w * n + h) // (2 * h)), n


def main():
    lines = []
    for name, sizes in CASES:
        for n in sizes:
            im = Image.open(os.path.join(HERE, name))
            w, h = im.size
            turned = im.getexif().get(0x0112, 1) in (5, 6, 7, 8)
            upright = fitted(h, w, n) if turned else fitted(w, h, n)
            target = (upright[1], upright[0]) if turned else upright
            room = min(w // target[0], h // target[1])
            scale = next(s for s in (8, 4, 2, 1) if room >= s)
            assert scale > 1 and (w / scale) / target[0] < 2 and (h / scale) / target[1] < 2, (name, n)
            im.thumbnail(target, Image.BOX, reducing_gap=1.0)
            assert im.size == target, (name, n, im.size, target)
            rgb = ImageOps.exif_transpose(im).convert("RGB").tobytes()
            lines.append(f"{name} {n} {upright[0]} {upright[1]} {scale} {rgb.hex()}")
    with open(os.path.join(HERE, "thumbnails-pillow.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{len(lines)} thumbnails written")


if __name__ == "__main__":
    sys.exit(main())
