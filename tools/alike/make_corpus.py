#!/usr/bin/env python3
"""Builds `make alike-check`'s corpus: real photographs from Debian's and PyPI's sample sets, and
for each one the transformations imgsel must find alike (made with Pillow), and two simulated
burst frames. Writes DIR/<source>/<name>.<ext> and DIR/pairs.tsv (kind, a, b)."""
import io
import os
import sys

from PIL import Image, ImageEnhance, ImageFilter

SKIMAGE = ["astronaut.png", "camera.png", "coffee.png", "chelsea.png", "rocket.jpg", "motorcycle_left.png",
           "hubble_deep_field.jpg", "coins.png", "moon.png", "page.png", "retina.jpg"]
OPENCV = ["baboon.jpg", "building.jpg", "fruits.jpg", "butterfly.jpg", "home.jpg", "messi5.jpg", "orange.jpg",
          "apple.jpg", "aero1.jpg", "aero3.jpg", "graf1.png", "graf3.png", "HappyFish.jpg", "starry_night.jpg",
          "squirrel_cls.jpg", "stuff.jpg", "board.jpg", "left01.jpg", "left07.jpg", "left13.jpg", "lena.jpg",
          "smarties.png", "box_in_scene.png", "rubberwhale1.png", "basketball1.png", "Blender_Suzanne1.jpg",
          "pic1.png", "pic3.png", "left.jpg", "leuvenA.jpg"]
JXL = ["external/wesaturate/500px/cvo9xd_keong_macan_srgb8.png",
       "external/wesaturate/500px/tmshre_riaphotographs_srgb8.png",
       "external/wesaturate/500px/u76c0g_bliznaca_srgb8.png", "jxl/flower/flower.png", "jxl/hdr_room.png"]
# Real neighbouring frames (optical-flow sequences): a burst as a camera gives it.
REAL_BURSTS = [("opencv", "rubberwhale1.png", "rubberwhale2.png"), ("opencv", "basketball1.png", "basketball2.png"),
               ("opencv", "Blender_Suzanne1.jpg", "Blender_Suzanne2.jpg")]


def sources():
    import skimage
    roots = {"skimage": os.path.join(os.path.dirname(skimage.__file__), "data"),
             "opencv": "/usr/share/doc/opencv-doc/examples/data", "jxl": "/usr/share/libjxl-testdata"}
    for root, names in (("skimage", SKIMAGE), ("opencv", OPENCV), ("jxl", JXL)):
        for name in names:
            path = os.path.join(roots[root], name)
            if os.path.exists(path):
                yield root, path
    return roots


def save(img, path, **kw):
    fmt = {"jpg": "JPEG", "png": "PNG", "webp": "WEBP"}[path.rsplit(".", 1)[1]]
    if fmt == "JPEG" and img.mode != "RGB" and img.mode != "L":
        img = img.convert("RGB")
    img.save(path, fmt, **kw)
    return path


def burst(img, dx, dy, tilt):
    """A frame of a burst: the scene seen through a 90 % window moved by (dx, dy) of the picture's sides
    and turned by `tilt` degrees, as a hand-held camera between two frames."""
    w, h = img.size
    if tilt:
        img = img.rotate(tilt, resample=Image.BICUBIC)
    x0, y0 = int(w * (0.05 + dx)), int(h * (0.05 + dy))
    return img.crop((x0, y0, x0 + int(w * 0.9), y0 + int(h * 0.9)))


def transforms(img):
    w, h = img.size
    exif = Image.Exif()
    exif[0x0112] = 6
    blur = max(1.0, max(w, h) / 400)
    return [
        ("quarter", "jpg", img.resize((max(1, w // 4), max(1, h // 4)), Image.LANCZOS), {"quality": 90}),
        ("jpeg-q40", "jpg", img, {"quality": 40}),
        ("webp", "webp", img, {"quality": 80}),
        ("png-of-jpeg", "png", Image.open(io.BytesIO(_jpeg(img))), {}),
        ("crop-tenth-side", "jpg", img.crop((0, 0, w - w // 10, h)), {"quality": 90}),
        ("crop-tenth-corner", "jpg", img.crop((w // 10, h // 10, w, h)), {"quality": 90}),
        ("rotate-90", "jpg", img.transpose(Image.ROTATE_90), {"quality": 90}),
        ("rotate-180", "jpg", img.transpose(Image.ROTATE_180), {"quality": 90}),
        ("rotate-270", "jpg", img.transpose(Image.ROTATE_270), {"quality": 90}),
        ("mirror", "jpg", img.transpose(Image.FLIP_LEFT_RIGHT), {"quality": 90}),
        ("flip", "jpg", img.transpose(Image.FLIP_TOP_BOTTOM), {"quality": 90}),
        ("transpose", "jpg", img.transpose(Image.TRANSPOSE), {"quality": 90}),
        ("transverse", "jpg", img.transpose(Image.TRANSVERSE), {"quality": 90}),
        ("exif-orientation-6", "jpg", img, {"quality": 90, "exif": exif.tobytes()}),
        ("brighter-12", "jpg", ImageEnhance.Brightness(img).enhance(1.12), {"quality": 90}),
        ("darker-12", "jpg", ImageEnhance.Brightness(img).enhance(0.88), {"quality": 90}),
        ("blur", "jpg", img.filter(ImageFilter.GaussianBlur(blur)), {"quality": 90}),
    ]


def _jpeg(img):
    out = io.BytesIO()
    img.convert("RGB").save(out, "JPEG", quality=85)
    return out.getvalue()


def main(out):
    os.makedirs(out, exist_ok=True)
    pairs = []
    for root, path in sources():
        img = Image.open(path)
        img.load()
        img = img.convert("L" if img.mode in ("L", "I", "I;16", "1") else "RGB")
        name = os.path.splitext(os.path.basename(path))[0][:24]
        folder = os.path.join(out, f"{root}-{name}")
        os.makedirs(folder, exist_ok=True)
        original = save(img, os.path.join(folder, "original.png"))
        for kind, ext, made, kw in transforms(img):
            pairs.append((kind, original, save(made, os.path.join(folder, f"{kind}.{ext}"), **kw)))
        for kind, dx, dy, tilt in (("burst-shift-3", 0.03, 0.01, 0), ("burst-shift-3-tilt-1", 0.03, 0.01, 1.0),
                                   ("burst-shift-5-tilt-1", 0.0, 0.05, -1.0)):
            a = save(burst(img, 0, 0, 0), os.path.join(folder, "burst-0.jpg"), quality=90)
            b = save(burst(img, dx, dy, tilt), os.path.join(folder, f"{kind}.jpg"), quality=90)
            pairs.append((kind, a, b))
    import skimage
    roots = {"opencv": "/usr/share/doc/opencv-doc/examples/data"}
    for root, a, b in REAL_BURSTS:
        pa, pb = os.path.join(roots[root], a), os.path.join(roots[root], b)
        if os.path.exists(pa) and os.path.exists(pb):
            name = os.path.splitext(a)[0][:24]
            folder = os.path.join(out, f"{root}-{name}")
            fa = save(Image.open(pa).convert("RGB"), os.path.join(folder, "frame-a.png"))
            fb = save(Image.open(pb).convert("RGB"), os.path.join(folder, "frame-b.png"))
            pairs.append(("burst-real-frames", fa, fb))
    with open(os.path.join(out, "pairs.tsv"), "w") as f:
        for kind, a, b in pairs:
            f.write(f"{kind}\t{os.path.relpath(a, out)}\t{os.path.relpath(b, out)}\n")
    print(f"{len(pairs)} pairs in {out}", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1])
