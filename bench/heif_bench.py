"""`make bench`'s HEIC lines (issue 24, Speed): a 12-megapixel HEIC made from the shared bench
photo as iPhones store it (a grid of 512x512 tiles; bench/heif_assemble.py over pillow-heif's
x265), once without and once with a 320x240 thumbnail item; `imgsel thumbnail --size 256`
against `vipsthumbnail -s 256` (libvips decodes HEIC through libheif and libde265), and the full
decode to PNG against `heif-convert` (libheif-examples). Peak memory is reported with the rest.
"""
import os
import shutil
import sys

from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))


def make_heics(photos):
    """photo-grid.heic and photo-grid-thumb.heic beside the bench photos (made once)."""
    import heif_assemble
    plain, thumb = os.path.join(photos, "photo-grid.heic"), os.path.join(photos, "photo-grid-thumb.heic")
    if not (os.path.exists(plain) and os.path.exists(thumb)):
        im = Image.open(os.path.join(photos, "photo.png")).convert("RGB")
        with open(plain, "wb") as f:
            f.write(heif_assemble.grid_file(im, 512, save_args={"quality": 90, "chroma": 420}))
        with open(thumb, "wb") as f:
            f.write(heif_assemble.grid_file(im, 512, thumbnail=(320, 240), save_args={"quality": 90, "chroma": 420}))
    return plain, thumb


def bench_heif(imgsel, photos, out, Measure, report, runs):
    for tool, package in [("vipsthumbnail", "libvips-tools"), ("heif-convert", "libheif-examples")]:
        if not shutil.which(tool):
            sys.exit(f"bench: {tool} is needed (apt-get install {package})")
    plain, thumb = make_heics(photos)
    # Issue 44's goal for the grid without a thumbnail item: at most 0.7 of vipsthumbnail's time.
    for path, label, goal in [(plain, "thumbnail HEIC grid", 0.7), (thumb, "thumbnail HEIC, thumb item", 1.0)]:
        m = Measure({"imgsel thumbnail": [imgsel, "thumbnail", path, "t.png", "--size", "256"],
                     "vipsthumbnail": ["vipsthumbnail", path, "-s", "256", "-o", os.path.join(out, "v.png")]},
                    runs, out)
        report(label, m, "imgsel thumbnail", "vipsthumbnail", goal)
        print(f"  {m.spread('imgsel thumbnail', 'vipsthumbnail')}")
        print(f"  peak: imgsel {m.peak_mib('imgsel thumbnail'):.0f} MiB, vipsthumbnail {m.peak_mib('vipsthumbnail'):.0f} MiB")
    m = Measure({"imgsel thumbnail": [imgsel, "thumbnail", plain, "full.png", "--size", "16384"],
                 "heif-convert": ["heif-convert", plain, os.path.join(out, "hc.png")]}, max(3, runs // 2), out)
    report("HEIC full decode to PNG", m, "imgsel thumbnail", "heif-convert", 2.0)
    print(f"  peak: imgsel {m.peak_mib('imgsel thumbnail'):.0f} MiB, heif-convert {m.peak_mib('heif-convert'):.0f} MiB")
