"""Makes the real-photo tuning set for the JPEG encoder (issue 25), apart from `make bench`'s photos.

    python3 bench/make_jpeg_tune_set.py [--grey | --saturated] DIR

Twelve photos from OpenCV's samples, taken from the opencv-python source distribution on PyPI (fetched
once into ~/.cache/imgsel-bench, its sha256 checked). The larger JPEG sources are halved to dilute
their own artefacts. Then: python3 bench/jpeg_tune.py --bin PATH/jpeg-encode --photos DIR
--ladder 35,45,55,65,72,78,84,89,93,96 (the wider ladder, so every photo reaches cjpeg's q60 score).

--grey writes the same twelve converted to Pillow's mode "L" (ITU-R 601 luma, as the bench's grey
photos are stored), for tuning the one-component frame: jpeg_tune.py then gives cjpeg a PGM, as the
bench does, and the encoder sees R = G = B and writes one component.

--saturated writes another eight from the same archive, none of them in the twelve: strongly coloured
scenes (a house, a street with a car, fruit, a squirrel, a butterfly, sweets, a painting), each cropped to
at most 500 x 500 at its centre (issue 44: a saturated 500 x 500 street scene cost 1.3x jpegli's bytes),
for tuning the class of photos whose chroma carries much of their detail.
"""
import hashlib
import os
import sys
import tarfile
import urllib.request

URL = ("https://files.pythonhosted.org/packages/4a/e7/b70a2d9ab205110d715906fc8ec83fbb00404aeb3a37a0654fdb68eb0c8c/"
       "opencv-python-4.10.0.84.tar.gz")
SHA256 = "72d234e4582e9658ffea8e9cae5b63d488ad06994ef12d81dc303b17472f3526"
PHOTOS = ["baboon.jpg", "fruits.jpg", "building.jpg", "board.jpg", "leuvenA.jpg", "aloeL.jpg", "ela_original.jpg",
          "rubberwhale1.png", "graf1.png", "chicky_512.png", "messi5.jpg", "lena.jpg"]
SATURATED = ["home.jpg", "licenseplate_motion.jpg", "apple.jpg", "orange.jpg", "squirrel_cls.jpg", "butterfly.jpg",
             "smarties.png", "starry_night.jpg"]


def source_archive():
    cache = os.path.join(os.path.expanduser("~"), ".cache", "imgsel-bench")
    os.makedirs(cache, exist_ok=True)
    path = os.path.join(cache, os.path.basename(URL))
    if not os.path.exists(path):
        urllib.request.urlretrieve(URL, path + ".part")
        os.rename(path + ".part", path)
    digest = hashlib.sha256(open(path, "rb").read()).hexdigest()
    if digest != SHA256:
        sys.exit(f"make_jpeg_tune_set: {path} has sha256 {digest}, not {SHA256}")
    return path


def main():
    args = sys.argv[1:]
    grey = "--grey" in args
    saturated = "--saturated" in args
    args = [a for a in args if a not in ("--grey", "--saturated")]
    if len(args) != 1:
        sys.exit(__doc__)
    from PIL import Image
    out = args[0]
    os.makedirs(out, exist_ok=True)
    with tarfile.open(source_archive()) as tar:
        names = SATURATED if saturated else PHOTOS
        for name in names:
            member = tar.getmember(f"opencv-python-4.10.0.84/opencv/samples/data/{name}")
            im = Image.open(tar.extractfile(member)).convert("RGB")
            if saturated:
                w, h = min(im.width, 500), min(im.height, 500)
                left, top = (im.width - w) // 2, (im.height - h) // 2
                im = im.crop((left, top, left + w, top + h))
            elif name.endswith(".jpg") and min(im.size) >= 600:
                im = im.reduce(2)
            if grey:
                im = im.convert("L")
            im.save(os.path.join(out, name.rsplit(".", 1)[0] + ".png"))
    print(f"{len(names)} photos in {out}")


if __name__ == "__main__":
    main()
