#!/usr/bin/env python3
"""AV1 check (issue 41): makes AV1 stills with aomenc (all-intra, every filter off, several sizes,
qualities and superblock sizes), avifenc and Pillow, decodes each with dav1d (--filmgrain 0)
and with imgsel's decoder (the av1-yuv helper), and compares the planes' md5s. AVIF files are
decoded whole by av1-yuv (the HEIF item model, in every sampling: avifenc -y 444/422/420/400,
-d 8/10/12) and compared with dav1d's decode of their primary item's OBUs; a file with alpha has
its alpha item (av1-yuv --alpha) compared too, as "NAME/alpha".

A stream imgsel refuses by name ("not yet": a loop filter, or a sampling the AVIF path does not
carry yet) is compared on what its headers say (width, height, bit depth, sampling) against
dav1d's y4m header, and its tiles' syntax is read (av1-yuv --parse): a stream whose every tile
reads exactly to exit_symbol's padding and whose frame turns on deblocking, CDEF or loop
restoration is listed as "filters not yet" by name, not as a failure; others as "syntax read" or
"headers only". None of those is a pixel match. The last lines name the streams that differ and
say how many were bit-exact, filters not yet, syntax read, headers only, and differ.

Usage: avif_check.py --decoder PATH [--quick] [--keep DIR]
"""
import argparse, hashlib, math, os, random, shutil, subprocess, sys, tempfile, zlib

import avif_items


# Smooth patterns that make aomenc choose the large and the 2:1 and 4:1 transforms (64×64, 32×64,
# 64×32, 16×64, 64×16, 8×32, ...), which the noisy default picture never gets.
PATTERNS = {
    "horiz": lambda x, y, k: 0.5 + 0.4 * math.sin(y * 0.05 * k + (0.3 if (y // 16) % 2 else 0) * math.sin(x * 0.3)),
    "vert": lambda x, y, k: 0.5 + 0.4 * math.sin(x * 0.05 * k + (0.3 if (x // 16) % 2 else 0) * math.sin(y * 0.3)),
    "h32": lambda x, y, k: 0.3 + 0.2 * ((y // 32) % 3) + 0.1 * math.sin(y * 0.2 * k) + 0.02 * math.sin(x * 0.05),
    "v32": lambda x, y, k: 0.3 + 0.2 * ((x // 32) % 3) + 0.1 * math.sin(x * 0.2 * k) + 0.02 * math.sin(y * 0.05),
    # Screen content: four glyphs in 12×12 cells, repeated, which aomenc codes by intra block copy.
    "glyphs": lambda x, y, k: (0.9 - 0.15 * k if (
        (x % 12 in (3, 4, 5)) if (x // 12 * 5 + y // 12 * 3) % 4 == 0 else
        (y % 12 in (4, 5, 6)) if (x // 12 * 5 + y // 12 * 3) % 4 == 1 else
        (x % 12 in (1, 10) or y % 12 in (1, 10)) if (x // 12 * 5 + y // 12 * 3) % 4 == 2 else
        (x % 12 - y % 12 in (0, 1))) else 0.1 + 0.1 * k),
}


def make_y4m(path, w, h, seed, mono=False, sampling="420", pattern=None):
    """An 8-bit picture of gradients, rings, flat squares and noise (4:2:0, 4:2:2 or 4:4:4), or
    one of PATTERNS."""
    r = random.Random(seed)

    def plane(pw, ph, k):
        if pattern:
            f = PATTERNS[pattern]
            return bytes(max(0, min(255, int(f(x * w // pw, y * h // ph, k) * 255))) for y in range(ph) for x in range(pw))
        cx, cy = r.uniform(0, pw), r.uniform(0, ph)
        noise = r.uniform(0.0, 0.2)
        out = bytearray()
        for y in range(ph):
            for x in range(pw):
                v = 0.5 + 0.3 * math.sin(x * 0.15 * k + y * 0.07) + 0.2 * math.cos(math.hypot(x - cx, y - cy) * 0.2)
                if (x // 8 + y // 8) % 5 == 0:
                    v = 0.9
                v += r.uniform(-noise, noise)
                out.append(max(0, min(255, int(v * 255))))
        return bytes(out)

    cw = w if sampling == "444" else (w + 1) // 2
    ch = (h + 1) // 2 if sampling == "420" else h
    data = plane(w, h, 1) + (bytes([128]) * (2 * cw * ch) if mono else plane(cw, ch, 2) + plane(cw, ch, 3))
    tag = b"420jpeg" if sampling == "420" else sampling.encode()
    with open(path, "wb") as f:
        f.write(b"YUV4MPEG2 W%d H%d F1:1 Ip A1:1 C%s\nFRAME\n" % (w, h, tag) + data)


def aomenc_streams(quick):
    """(name, size, aomenc switches): every filter off (deblocking, CDEF, restoration)."""
    off = ["--loopfilter-control=0", "--enable-cdef=0", "--enable-restoration=0"]
    sizes = [(1, 1), (2, 2), (8, 8), (17, 33), (64, 64), (65, 63), (129, 127), (200, 120), (256, 256)]
    levels = ["10", "30", "50", "63"]
    if quick:
        sizes, levels = sizes[::2], levels[::2]
    out = []
    for w, h in sizes:
        for q in levels:
            for sb in ["64", "128"]:
                out.append((f"aom-{w}x{h}-q{q}-sb{sb}", (w, h), off + ["--cq-level=" + q, "--sb-size=" + sb]))
    out.append(("aom-64x64-full-header", (64, 64), off + ["--cq-level=30", "--full-still-picture-hdr"]))
    out.append(("aom-96x80-mono", (96, 80), off + ["--cq-level=30", "--monochrome"]))
    # Each tool on its own, with aomenc's defaults (deblocking, CDEF and restoration on) otherwise.
    tools = [
        ("defaults", []), ("no-filters", off), ("qm", ["--enable-qm=1"]), ("deltaq", ["--deltaq-mode=3"]),
        ("tiles", ["--tile-columns=1", "--tile-rows=1"]), ("lossless", ["--lossless=1"]),
        ("screen", ["--tune-content=screen"]), ("intrabc", ["--tune-content=screen", "--enable-intrabc=1"]),
        ("no-filter-intra", ["--enable-filter-intra=0"]), ("no-cfl", ["--enable-cfl-intra=0"]),
        ("no-tx64", ["--enable-tx64=0"]), ("no-rect-tx", ["--enable-rect-tx=0"]), ("sb128", ["--sb-size=128"]),
        ("mono", ["--monochrome"]), ("10bit", ["--bit-depth=10"]), ("full-header", ["--full-still-picture-hdr"]),
        ("deltalf", ["--deltaq-mode=3", "--delta-lf-mode=1"]),
    ]
    # Profiles 1 and 2: 4:4:4, 4:2:2, 12 bits (the input's sampling is in the stream's name).
    tools += [
        ("444", ["--profile=1"]), ("444-screen", ["--profile=1", "--tune-content=screen"]),
        ("422", ["--profile=2"]), ("422-12bit", ["--profile=2", "--bit-depth=12"]),
        ("444-12bit", ["--profile=2", "--bit-depth=12"]),
    ]
    if quick:
        tools = tools[::3]
    for tool, switches in tools:
        for w, h in [(200, 120), (129, 127)]:
            out.append((f"aom-tool-{tool}-{w}x{h}", (w, h), ["--cq-level=30"] + switches))
    # Every speed (each makes other mode and transform choices), and bigger pictures, filters off.
    for speed in range(0, 10, 3 if quick else 1):
        out.append((f"aom-speed{speed}-200x120", (200, 120), off + ["--cq-level=20", f"--cpu-used={speed}"]))
    for w, h, sb in [(320, 240, "64"), (512, 384, "128")] if not quick else []:
        out.append((f"aom-{w}x{h}-sb{sb}", (w, h), off + ["--cq-level=25", "--sb-size=" + sb]))
    # Intra block copy (screen content, glyphs: aomenc turns every loop filter off for a frame
    # that may copy), over sizes, qualities, superblock sizes, 4:4:4, monochrome and 10 bits.
    # A copy must come from 256 samples back along the superblock row or from the rows above:
    # pictures under ~200 wide (and 200x120 with 128 superblocks) copy nothing, and check the
    # frame's syntax only.
    copy = ["--tune-content=screen", "--enable-intrabc=1"]
    for w, h in [(17, 33), (129, 127), (200, 120), (256, 256), (320, 240)] if not quick else [(200, 120)]:
        for q in ["10", "40"]:
            for sb in ["64", "128"]:
                out.append((f"aom-intrabc-{w}x{h}-q{q}-sb{sb}", (w, h), copy + ["--cq-level=" + q, "--sb-size=" + sb]))
    for w, h in [(200, 120), (320, 240)]:
        out.append((f"aom-intrabc-444-{w}x{h}", (w, h), copy + ["--cq-level=30", "--profile=1"]))
        out.append((f"aom-intrabc-mono-{w}x{h}", (w, h), copy + ["--cq-level=30", "--monochrome"]))
        out.append((f"aom-intrabc-10bit-{w}x{h}", (w, h), copy + ["--cq-level=30", "--bit-depth=10"]))
        out.append((f"aom-intrabc-lossless-{w}x{h}", (w, h), copy + ["--lossless=1"]))
    for pattern in PATTERNS if not quick else []:
        for q in ["10", "40"]:
            for sb in ["64", "128"]:
                switches = off + ["--cq-level=" + q, "--sb-size=" + sb, "--cpu-used=0"]
                out.append((f"aom-pattern-{pattern}-q{q}-sb{sb}", (256, 256), switches))
    # The same tools with every filter off: what imgsel reconstructs before the loop filters.
    for tool, switches in tools:
        if tool in ("defaults", "no-filters"):
            continue
        for w, h in [(200, 120), (129, 127)]:
            out.append((f"aom-nofilter-{tool}-{w}x{h}", (w, h), ["--cq-level=30"] + switches + off))
    # Deblocking alone (CDEF and restoration off), over the sizes and with each tool.
    deblock = ["--enable-cdef=0", "--enable-restoration=0"]
    for w, h in sizes:
        for q in ["30", "63"]:
            out.append((f"aom-deblock-{w}x{h}-q{q}", (w, h), deblock + ["--cq-level=" + q]))
    for tool, switches in tools:
        if tool in ("defaults", "no-filters", "lossless"):
            continue
        for w, h in [(200, 120), (129, 127)]:
            out.append((f"aom-deblock-{tool}-{w}x{h}", (w, h), ["--cq-level=30"] + switches + deblock))
    # Deblocking and CDEF (aomenc's all-intra mode leaves CDEF off unless asked), restoration off.
    cdef = ["--enable-cdef=1", "--enable-restoration=0"]
    for w, h in sizes:
        for q in ["30", "63"]:
            out.append((f"aom-cdef-{w}x{h}-q{q}", (w, h), cdef + ["--cq-level=" + q]))
    for tool, switches in tools:
        if tool in ("defaults", "no-filters", "lossless"):
            continue
        for w, h in [(200, 120), (129, 127)]:
            out.append((f"aom-cdef-{tool}-{w}x{h}", (w, h), ["--cq-level=30"] + switches + cdef))
    # Every filter: deblocking, CDEF and loop restoration (Wiener, self-guided or switchable per unit).
    every = ["--enable-cdef=1", "--enable-restoration=1"]
    for w, h in sizes:
        for q in ["30", "63"]:
            for speed in ["2", "6"]:
                out.append((f"aom-lr-{w}x{h}-q{q}-s{speed}", (w, h), every + ["--cq-level=" + q, "--cpu-used=" + speed]))
    for tool, switches in tools:
        if tool in ("defaults", "no-filters", "lossless"):
            continue
        for w, h in [(200, 120), (129, 127)]:
            out.append((f"aom-lr-{tool}-{w}x{h}", (w, h), ["--cq-level=30", "--cpu-used=4"] + switches + every))
    return out


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def y4m_header(path):
    """(width, height, colourspace tag) of a y4m file's header."""
    with open(path, "rb") as f:
        fields = f.readline().decode().split()
    tags = {x[:1]: x[1:] for x in fields[1:]}
    return int(tags["W"]), int(tags["H"]), tags.get("C", "420jpeg")


def tag_of(bits, sampling):
    """dav1d's y4m colourspace tag for what our headers say."""
    base = {"4:2:0": "420", "4:4:4": "444", "4:2:2": "422", "monochrome": "mono"}[sampling]
    if bits == 8:
        return base + ("jpeg" if base == "420" else "")
    return base + ("p%d" % bits if base != "mono" else "%d" % bits)


def plane_md5s(data, w, h, tag):
    """The md5 of each plane of raw planes laid out as dav1d -o x.yuv writes them."""
    wide = any(c.isdigit() for c in tag.replace("420", "").replace("444", "").replace("422", ""))
    size = 2 if wide else 1
    if tag.startswith("mono"):
        dims = [(w, h)]
    elif tag.startswith("420"):
        dims = [(w, h), ((w + 1) // 2, (h + 1) // 2), ((w + 1) // 2, (h + 1) // 2)]
    elif tag.startswith("422"):
        dims = [(w, h), ((w + 1) // 2, h), ((w + 1) // 2, h)]
    else:
        dims = [(w, h)] * 3
    out, at = [], 0
    for pw, ph in dims:
        n = pw * ph * size
        out.append(hashlib.md5(data[at : at + n]).hexdigest())
        at += n
    return out


HEADERS_ONLY_WHY = {}
# Streams whose syntax reads but whose frame turns on a loop filter imgsel does not apply yet:
# {filter: [names]}. Not failures.
FILTERS_NOT_YET = {}
FILTER_NAMES = ("deblocking", "CDEF", "loop restoration")


def check(decoder, name, obu_path, ours_input, work, alpha=False):
    """One stream: 'exact', 'headers' (headers match, pixels not decoded yet) or a mismatch line.
    With `alpha`, ours_input's alpha item is decoded (av1-yuv --alpha)."""
    ref_y4m = os.path.join(work, name + ".ref.y4m")
    ref_yuv = os.path.join(work, name + ".ref.yuv")
    p = run(["dav1d", "-q", "--filmgrain", "0", "--demuxer", "section5", "-i", obu_path, "-o", ref_y4m])
    if p.returncode != 0:
        return f"{name}: dav1d failed: {p.stderr.decode().strip()}"
    run(["dav1d", "-q", "--filmgrain", "0", "--demuxer", "section5", "-i", obu_path, "-o", ref_yuv])
    w, h, tag = y4m_header(ref_y4m)
    ours_yuv = os.path.join(work, name + ".ours.yuv")
    p = run([decoder, ours_input, ours_yuv] + (["--alpha"] if alpha else []))
    refused = p.stderr.decode().strip()
    if p.returncode == 3 and (b"so far" in p.stderr or b"not yet" in p.stderr):
        p = run([decoder, "--headers", ours_input])
        if p.returncode != 0:
            return f"{name}: headers refused: {p.stderr.decode().strip()}"
        size, bits, sampling = p.stdout.decode().split()
        ow, oh = map(int, size.split("x"))
        if (ow, oh, tag_of(int(bits), sampling)) != (w, h, tag):
            return f"{name}: headers say {ow}x{oh} {tag_of(int(bits), sampling)}, dav1d {w}x{h} {tag}"
        p = run([decoder, "--parse", ours_input])
        if p.returncode == 0 and p.stdout.decode().split()[-1] == "conformant":
            for f in FILTER_NAMES:
                if f"AV1 {f} (not yet)" in refused:
                    FILTERS_NOT_YET.setdefault(f, []).append(name)
                    return "filters"
            return "syntax"
        if p.returncode == 0:
            return f"{name}: tiles do not end in their padding: the syntax was misread"
        if b"not yet" in p.stderr:
            HEADERS_ONLY_WHY[name] = p.stderr.decode().strip().split("cannot decode ")[-1]
            return "headers"
        return f"{name}: syntax refused: {p.stderr.decode().strip()}"
    if p.returncode != 0:
        return f"{name}: decoder failed: {p.stderr.decode().strip()}"
    with open(ref_yuv, "rb") as f:
        ref = plane_md5s(f.read(), w, h, tag)
    with open(ours_yuv, "rb") as f:
        ours = plane_md5s(f.read(), w, h, tag)
    if ours != ref:
        planes = ",".join("YUV"[i] for i in range(len(ref)) if ours[i] != ref[i])
        return f"{name}: planes {planes} differ from dav1d's"
    return "exact"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--decoder", required=True)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--keep")
    args = ap.parse_args()
    for tool in ["aomenc", "dav1d", "avifenc"]:
        if not shutil.which(tool):
            sys.exit(f"avif_check: {tool} is not installed")
    work = args.keep or tempfile.mkdtemp(prefix="avif-check-")
    os.makedirs(work, exist_ok=True)
    results = {}
    for name, (w, h), switches in aomenc_streams(args.quick):
        y4m = os.path.join(work, name + ".y4m")
        sampling = "444" if "-444" in name else "422" if "-422" in name else "420"
        pattern = name.split("-")[2] if name.startswith("aom-pattern-") else None
        if name.startswith("aom-intrabc-"):
            pattern = "glyphs"
        make_y4m(y4m, w, h, zlib.crc32(name.encode()), mono="mono" in name, sampling=sampling, pattern=pattern)
        obu = os.path.join(work, name + ".obu")
        p = run(["aomenc", "--allintra", "--limit=1", "--obu", "--cpu-used=6", "--end-usage=q", "-o", obu, y4m]
                + switches)
        if p.returncode != 0:
            results[name] = f"{name}: aomenc failed: {p.stderr.decode().strip()[-200:]}"
            continue
        results[name] = check(args.decoder, name, obu, obu, work)
    for name, avif in avif_items.make_files(work, args.quick):
        obu = os.path.join(work, name + ".obu")
        try:
            avif_items.write_primary_obus(avif, obu)
        except avif_items.NotOneItem as e:
            results[name] = f"{name}: skipped ({e})"
            continue
        results[name] = check(args.decoder, name, obu, avif, work)
        if "alpha" in name:
            obu = os.path.join(work, name + ".alpha.obu")
            avif_items.write_primary_obus(avif, obu, alpha=True)
            results[name + "/alpha"] = check(args.decoder, name + "-alpha", obu, avif, work, alpha=True)
    exact = sum(1 for v in results.values() if v == "exact")
    syntax = sum(1 for v in results.values() if v == "syntax")
    headers = sum(1 for v in results.values() if v == "headers")
    filters = sum(1 for v in results.values() if v == "filters")
    bad = [v for v in results.values() if v not in ("exact", "syntax", "headers", "filters")]
    for f, names in sorted(FILTERS_NOT_YET.items()):
        print(f"filters not yet ({f}; syntax read to the padding, headers match): {', '.join(sorted(names))}")
    for name, why in sorted(HEADERS_ONLY_WHY.items()):
        print(f"{name}: headers only ({why})")
    for line in bad:
        print(line)
    print(f"{len(results)} streams: {exact} bit-exact with dav1d (plane md5s); {filters} filters not yet; "
          f"{syntax} syntax read but pixels refused; {headers} headers only; {len(bad)} differ or failed")
    if not args.keep:
        shutil.rmtree(work)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
