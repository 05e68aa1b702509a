"""The AVIF figures of `make bench` (issue 41 stage 7): imgsel's own AV1 decoder on a 12-MP photo.

The file: make_bench_photos.py's photo.png saved by Pillow with its defaults (`Image.save(x.avif)`:
libavif with aom, quality 75, 4:2:0, 8 bits), made here once. Figures, alternating runs:
- the whole decode: av1-yuv (beside imgsel) writing the planes, against `dav1d --threads 1
  --filmgrain 0` of the same item's OBUs plus a YUV->RGB pass (yuv2rgb.c below, BT.601 fixed
  point, compiled here with cc -O2), goal <= 2.0x; dav1d alone is printed beside (information);
- `imgsel thumbnail x.avif --size 256` against `vipsthumbnail x.avif -s 256` (libvips reads
  AVIF through libheif), goal <= 1.5x;
- peak memory of the thumbnail, goal <= 8 bytes a pixel + 32 MiB.
Not a test: nothing here fails.
"""
import os
import shutil
import subprocess
import sys

YUV2RGB_C = r"""
#include <stdio.h>
#include <stdlib.h>
/* 8-bit 4:2:0 planes (as dav1d -o x.yuv writes them) to interleaved RGB: BT.601, limited range. */
static unsigned char clip(int v) { return v < 0 ? 0 : v > 255 ? 255 : v; }
int main(int argc, char **argv) {
    if (argc != 5) return 2;
    int w = atoi(argv[2]), h = atoi(argv[3]), cw = (w + 1) / 2, ch = (h + 1) / 2;
    size_t n = (size_t)w * h + 2 * (size_t)cw * ch;
    unsigned char *in = malloc(n), *out = malloc((size_t)w * h * 3);
    FILE *f = fopen(argv[1], "rb");
    if (!f || fread(in, 1, n, f) != n) return 1;
    fclose(f);
    const unsigned char *Y = in, *U = in + (size_t)w * h, *V = U + (size_t)cw * ch;
    for (int y = 0; y < h; y++) {
        unsigned char *o = out + (size_t)y * w * 3;
        for (int x = 0; x < w; x++) {
            int c = 298 * (Y[(size_t)y * w + x] - 16), d = U[(size_t)(y / 2) * cw + x / 2] - 128,
                e = V[(size_t)(y / 2) * cw + x / 2] - 128;
            o[3 * x] = clip((c + 409 * e + 128) >> 8);
            o[3 * x + 1] = clip((c - 100 * d - 208 * e + 128) >> 8);
            o[3 * x + 2] = clip((c + 516 * d + 128) >> 8);
        }
    }
    f = fopen(argv[4], "wb");
    fwrite(out, 1, (size_t)w * h * 3, f);
    fclose(f);
    return 0;
}
"""


def make_avif(photos, work):
    """Pillow's AVIF of the 12-MP photo, with its defaults, and its primary item's OBUs."""
    from PIL import Image
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools", "avif"))
    import avif_items
    avif = os.path.join(work, "photo.avif")
    Image.open(os.path.join(photos, "photo.png")).save(avif)
    obu = os.path.join(work, "photo.obu")
    avif_items.write_primary_obus(avif, obu)
    return avif, obu


def bench_avif(imgsel, work, args, Measure, report, make_photos):
    """The figures; returns one True or False for each goal report() does not check (memory)."""
    for tool, package in [("dav1d", "dav1d"), ("vipsthumbnail", "libvips-tools"), ("cc", "gcc")]:
        if shutil.which(tool) is None:
            print(f"avif: {tool} not found (apt-get install {package}); skipped")
            return []
    av1_yuv = os.path.join(os.path.dirname(imgsel), "av1-yuv")
    if not os.path.exists(av1_yuv):
        print("avif: no av1-yuv beside imgsel (`make bench` builds it); skipped")
        return []
    photos = args.photos or os.path.join(work, "photos")
    os.makedirs(photos, exist_ok=True)
    make_photos(photos)
    avif, obu = make_avif(photos, work)
    source = os.path.join(work, "yuv2rgb.c")
    with open(source, "w") as f:
        f.write(YUV2RGB_C)
    yuv2rgb = os.path.join(work, "yuv2rgb")
    subprocess.run(["cc", "-O2", "-o", yuv2rgb, source], check=True)
    headers = subprocess.run([av1_yuv, "--headers", avif], capture_output=True, text=True, check=True).stdout.split()
    width, height = (int(v) for v in headers[0].split("x"))
    tiles = subprocess.run([av1_yuv, "--tiles", avif], capture_output=True, text=True, check=True).stdout.strip()
    print(f"AVIF: Pillow's defaults, {width}x{height} {headers[1]}-bit {headers[2]}, {tiles},"
          f" {os.path.getsize(avif) / 1e6:.2f} MB")

    dav1d = ["dav1d", "-q", "--threads", "1", "--filmgrain", "0", "--demuxer", "section5", "-i", obu,
             "-o", os.path.join(work, "dav1d.yuv")]
    peer = " ".join(dav1d) + f" && {yuv2rgb} {work}/dav1d.yuv {width} {height} {work}/dav1d.rgb"
    m = Measure({"imgsel av1-yuv": [av1_yuv, avif, os.path.join(work, "ours.yuv")],
                 "dav1d+rgb": ["sh", "-c", peer], "dav1d": dav1d}, args.pixel_runs, work)
    report("AVIF 12 MP whole decode", m, "imgsel av1-yuv", "dav1d+rgb", 2.0)
    report("  (against dav1d alone)", m, "imgsel av1-yuv", "dav1d", None)
    print(f"  peak: av1-yuv {m.peak_mib('imgsel av1-yuv'):.0f} MiB, dav1d {m.peak_mib('dav1d'):.0f} MiB")

    probe = subprocess.run([imgsel, "thumbnail", avif, os.path.join(work, "probe.png"), "--size", "256"],
                           capture_output=True)
    if probe.returncode != 0:
        print(f"AVIF thumbnail: imgsel does not read AVIF here yet (exit {probe.returncode}); skipped")
        return []
    m = Measure({"imgsel thumbnail": [imgsel, "thumbnail", avif, os.path.join(work, "thumb.png"), "--size", "256"],
                 "vipsthumbnail": ["vipsthumbnail", avif, "-s", "256", "-o", os.path.join(work, "vips-thumb.png")]},
                args.pixel_runs, work)
    report("AVIF 12 MP thumbnail 256", m, "imgsel thumbnail", "vipsthumbnail", 1.5)
    budget = (8 * width * height) / 2**20 + 32
    peak = m.peak_mib("imgsel thumbnail")
    met = peak <= budget
    print(f"  peak: imgsel {peak:.0f} MiB (goal <= {budget:.0f} MiB, 8 B/px + 32 MiB: {'met' if met else 'NOT met'}),"
          f" vipsthumbnail {m.peak_mib('vipsthumbnail'):.0f} MiB")
    return [met]
