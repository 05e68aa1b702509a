"""The pixel figures of `make bench`: thumbnail, sheet, the PNG writer and memory (issue 13).

Called by bench.py with its Measure and report helpers, so every ratio is measured
against its peer in the same run, alternating. Inputs are the photo-like 12-megapixel
files of ../shared/tools/make_bench_photos.py (made here, with Pillow, when missing).
Peers: vipsthumbnail and vips (libvips-tools), convert and montage (imagemagick).
Nothing here fails: a missed goal says by how much.
"""
import os
import shutil
import subprocess
import sys

# /usr/bin first: a stand-in `convert` earlier on PATH (some sandboxes have one) would time itself.
CONVERT = "/usr/bin/convert" if os.path.exists("/usr/bin/convert") else "convert"
MONTAGE = "/usr/bin/montage" if os.path.exists("/usr/bin/montage") else "montage"
SPEC_LIMIT_BYTES_PER_PIXEL = 8
SPEC_LIMIT_EXTRA = 32 << 20


def need(tool, package):
    if shutil.which(tool) is None:
        sys.exit(f"bench: {tool} not found (Debian: apt-get install {package})")


def make_photos(folder):
    wanted = ["photo-baseline.jpg", "photo-progressive.jpg", "photo.png", "photo.webp"] + \
             [f"nine-{i}.jpg" for i in range(1, 10)]
    if all(os.path.exists(os.path.join(folder, n)) for n in wanted):
        return
    # ../shared/tools beside the repository; from a worktree (/work/wt/NAME) that is further up.
    folder_up = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    maker = None
    while maker is None and os.path.dirname(folder_up) != folder_up:
        folder_up = os.path.dirname(folder_up)
        candidate = os.path.join(folder_up, "shared", "tools", "make_bench_photos.py")
        maker = candidate if os.path.exists(candidate) else None
    if maker is None:
        sys.exit("bench: no shared/tools/make_bench_photos.py above the repository; give --photos DIR")
    subprocess.run([sys.executable, maker, folder], check=True, stdout=subprocess.DEVNULL)


def png_size_against_pillow(png_path, scratch):
    """Our PNG's size over the size Pillow writes for the same pixels (its defaults: zlib level 6)."""
    from PIL import Image
    im = Image.open(png_path)
    im.load()
    again = os.path.join(scratch, "pillow-again.png")
    im.save(again, "PNG")
    return os.path.getsize(png_path), os.path.getsize(again)


def bench_pixels(imgsel, work, args, Measure, report, peaks):
    """The figures; returns one True or False for each goal it checks that report() did not."""
    for tool, package in [("vipsthumbnail", "libvips-tools"), ("vips", "libvips-tools"),
                          ("convert", "imagemagick"), ("montage", "imagemagick")]:
        need(tool, package)
    photos = args.photos or os.path.join(work, "photos")
    os.makedirs(photos, exist_ok=True)
    make_photos(photos)
    out = os.path.join(work, "pixels")
    os.makedirs(out, exist_ok=True)

    def p(name):
        return os.path.join(photos, name)

    print("pictures (12-megapixel photo-like inputs; imgsel thumbnail writes a PNG, as its peers here do)")
    runs = args.pixel_runs
    base = {"imgsel thumbnail": [imgsel, "thumbnail", p("photo-baseline.jpg"), "t.png", "--size", "256"],
            "vipsthumbnail": ["vipsthumbnail", p("photo-baseline.jpg"), "-s", "256", "-o", os.path.join(out, "v.png")],
            "convert": [CONVERT, p("photo-baseline.jpg"), "-thumbnail", "256x256", "c.png"]}
    m = Measure(base, runs, out)
    report("thumbnail baseline JPEG", m, "imgsel thumbnail", "vipsthumbnail", 1.5)
    report("thumbnail baseline JPEG", m, "imgsel thumbnail", "convert", 1.0)
    baseline_peak = m.peak_mib("imgsel thumbnail")
    # Issue 23's goals: ahead of vips on every format, progressive JPEG and PNG at half its time; issue 44's:
    # lossy WebP within 0.7 of its time, stable over the runs (so their spread is printed beside the median).
    for name, label, goal in [("photo-progressive.jpg", "progressive JPEG", 0.5), ("photo.png", "PNG", 0.5),
                              ("photo.webp", "lossy WebP", 0.7)]:
        m = Measure({"imgsel thumbnail": [imgsel, "thumbnail", p(name), "t.png", "--size", "256"],
                     "vipsthumbnail": ["vipsthumbnail", p(name), "-s", "256", "-o", os.path.join(out, "v.png")]},
                    runs, out)
        report(f"thumbnail {label}", m, "imgsel thumbnail", "vipsthumbnail", goal)
        print(f"  {m.spread('imgsel thumbnail', 'vipsthumbnail')}")

    # Issue 40: colour management costs at most 10 % of a thumbnail (a ProPhoto-tagged JPEG against the
    # same file untagged: the profile parsed, its tables built, the shrunk picture converted).
    tagged = os.path.join(out, "photo-prophoto.jpg")
    with open(p("photo-baseline.jpg"), "rb") as f:
        jpeg = f.read()
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools", "colour"))
    import files_check
    profile = files_check.prophoto()
    segment = b"ICC_PROFILE\0\x01\x01" + profile
    with open(tagged, "wb") as f:
        f.write(jpeg[:2] + b"\xff\xe2" + len(segment + b"..").to_bytes(2, "big") + segment + jpeg[2:])
    m = Measure({"tagged ProPhoto": [imgsel, "thumbnail", tagged, "t.png", "--size", "256"],
                 "untagged": [imgsel, "thumbnail", p("photo-baseline.jpg"), "t.png", "--size", "256"]}, runs, out)
    report("thumbnail, colour managed", m, "tagged ProPhoto", "untagged", 1.10)

    nine = [p(f"nine-{i}.jpg") for i in range(1, 10)]
    subprocess.run([imgsel, "-f", "nine.json", "add", *nine], cwd=out, check=True, stdout=subprocess.DEVNULL)
    tiles = " ".join(os.path.join(out, f"tile-nine-{i}.png") for i in range(1, 10))
    vips_sheet = (f"vipsthumbnail {' '.join(nine)} -s 256 -o {out}/tile-%s.png"
                  f" && vips arrayjoin '{tiles}' {out}/vsheet.png --across 3")
    m = Measure({"imgsel sheet": [imgsel, "-f", "nine.json", "sheet", "sheet.png"],
                 "vipsthumbnail+arrayjoin": ["sh", "-c", vips_sheet],
                 "montage": [MONTAGE, *nine, "-geometry", "256x256+8+8", "-tile", "3x", "m.png"]},
                max(3, runs // 2), out)
    report("sheet of nine JPEGs", m, "imgsel sheet", "vipsthumbnail+arrayjoin", 0.5)
    report("sheet of nine JPEGs", m, "imgsel sheet", "montage", 0.3)

    import heif_bench
    heif_bench.bench_heif(imgsel, photos, out, Measure, report, runs)

    # The PNG writer: what we wrote, against Pillow writing the same pixels.
    ratios = []
    for label, path in [("thumbnail", os.path.join(out, "t.png")), ("sheet", os.path.join(out, "sheet.png"))]:
        ours, pillow = png_size_against_pillow(path, out)
        ratios.append(ours / pillow)
        print(f"  PNG writer, {label:<9}: imgsel {ours:8d} B, Pillow {pillow:8d} B, ratio {ours / pillow:4.2f}"
              f"  goal <= 1.25 {'met' if ours / pillow <= 1.25 else 'NOT met'}")
    print(f"  peak memory of the 12-MP baseline thumbnail: {baseline_peak:.1f} MiB; goal <= 48 MiB "
          f"{'met' if baseline_peak <= 48 else 'NOT met'}")
    # Issue 23: every 12-MP thumbnail but progressive JPEG's (whose coefficients must be kept) within
    # the baseline JPEG's 48 MiB budget, rows streamed through the shrink.
    streamed = []
    for name, (w, h), budget in [("photo-baseline.jpg", (4000, 3000), 48), ("photo-progressive.jpg", (4000, 3000), None),
                                 ("photo.png", (4000, 3000), 48), ("photo.webp", (4000, 3000), 48)]:
        limit = (w * h * SPEC_LIMIT_BYTES_PER_PIXEL + SPEC_LIMIT_EXTRA) / (1 << 20)
        peak = peaks([imgsel, "thumbnail", p(name), "t.png", "--size", "256"], out) / 1024
        goal = f"; goal <= {budget} MiB {'met' if peak <= budget else 'NOT met'}" if budget else ""
        print(f"  peak memory, thumbnail {name:<22} {peak:7.1f} MiB  (SPEC limit {limit:.0f} MiB: "
              f"{'within' if peak <= limit else 'OVER'}{goal})")
        if budget and name != "photo-baseline.jpg":
            streamed.append(peak <= budget)
    return [r <= 1.25 for r in ratios] + [baseline_peak <= 48] + streamed
