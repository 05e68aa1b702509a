"""AVIF files for the AV1 check: made with avifenc and Pillow, and their primary item's OBUs
taken out (with a leading temporal delimiter, which dav1d's section-5 reader wants)."""
import os, struct, subprocess

from PIL import Image


class NotOneItem(Exception):
    pass


def boxes(data, start, end):
    """(type, payload start, payload end) of each box in data[start:end]."""
    at = start
    while at + 8 <= end:
        size, kind = struct.unpack(">I4s", data[at : at + 8])
        header = 8
        if size == 1:
            size = struct.unpack(">Q", data[at + 8 : at + 16])[0]
            header = 16
        elif size == 0:
            size = end - at
        yield kind.decode("latin-1"), at + header, at + size
        at += size


def alpha_item(data, inner, primary):
    """The item whose auxl reference points at `primary` (avifenc's alpha), or None."""
    if "iref" not in inner:
        return None
    s, e = inner["iref"]
    wide = data[s] != 0
    for kind, bs, be in boxes(data, s + 4, e):
        n = 4 if wide else 2
        source = int.from_bytes(data[bs : bs + n], "big")
        count = int.from_bytes(data[bs + n : bs + n + 2], "big")
        targets = [int.from_bytes(data[bs + n + 2 + i * n : bs + 2 * n + 2 + i * n], "big") for i in range(count)]
        if kind == "auxl" and primary in targets:
            return source
    return None


def write_primary_obus(avif, out, alpha=False):
    """Writes `12 00` and the primary item's bytes (one av01 item with its extents) to `out`;
    with `alpha`, its alpha item's."""
    data = open(avif, "rb").read()
    meta = next((s, e) for k, s, e in boxes(data, 0, len(data)) if k == "meta")
    inner = {k: (s, e) for k, s, e in boxes(data, meta[0] + 4, meta[1])}
    s, _ = inner["pitm"]
    version = data[s]
    primary = struct.unpack(">H" if version == 0 else ">I", data[s + 4 : s + (6 if version == 0 else 8)])[0]
    if alpha:
        primary = alpha_item(data, inner, primary)
        if primary is None:
            raise NotOneItem("no alpha item")
    s, e = inner["iinf"]
    version = data[s]
    at = s + (6 if version == 0 else 8)
    for kind, bs, be in boxes(data, at, e):
        v = data[bs]
        if kind == "infe" and v >= 2:
            item = struct.unpack(">H" if v == 2 else ">I", data[bs + 4 : bs + (6 if v == 2 else 8)])[0]
            t = data[bs + (8 if v == 2 else 10) : bs + (12 if v == 2 else 14)]
            if item == primary and t != b"av01":
                raise NotOneItem("primary item is a " + t.decode("latin-1"))
    s, e = inner["iloc"]
    version = data[s]
    sizes = data[s + 4 : s + 6]
    off_size, len_size, base_size = sizes[0] >> 4, sizes[0] & 15, sizes[1] >> 4
    index_size = sizes[1] & 15 if version in (1, 2) else 0
    at = s + 6

    def num(n):
        nonlocal at
        v = int.from_bytes(data[at : at + n], "big") if n else 0
        at += n
        return v

    count = num(2 if version < 2 else 4)
    for _ in range(count):
        item = num(2 if version < 2 else 4)
        method = num(2) & 15 if version in (1, 2) else 0
        num(2)  # data reference index
        base = num(base_size)
        extents = []
        for _ in range(num(2)):
            num(index_size)
            extents.append((base + num(off_size), num(len_size)))
        if item == primary:
            if method != 0:
                raise NotOneItem("item in idat")
            payload = b"".join(data[o : o + n] for o, n in extents)
            with open(out, "wb") as f:
                f.write(b"\x12\x00" + payload)
            return
    raise NotOneItem("primary item not located")


def make_files(work, quick):
    """(name, path) of AVIF files from avifenc and Pillow over a few sizes and qualities."""
    from avif_check import make_y4m  # the same pictures as the raw streams

    sizes = [(1, 1), (33, 17), (64, 64), (200, 120)] if not quick else [(33, 17), (64, 64)]
    out = []
    for w, h in sizes:
        y4m = os.path.join(work, f"src-{w}x{h}.y4m")
        make_y4m(y4m, w, h, w * 1000 + h)
        png = os.path.join(work, f"src-{w}x{h}.png")
        raw = open(y4m, "rb").read().split(b"FRAME\n", 1)[1]
        Image.frombytes("L", (w, h), raw[: w * h]).convert("RGB").save(png)
        for q in [30, 60, 90] if not quick else [60]:
            path = os.path.join(work, f"pillow-{w}x{h}-q{q}.avif")
            Image.open(png).save(path, quality=q)
            out.append((os.path.basename(path)[:-5], path))
        # libaom through libavif with its filters off too (rav1e and SVT-AV1 take no such switch here).
        aom_off = ["-a", "enable-cdef=0", "-a", "enable-restoration=0", "-a", "loopfilter-control=0"]
        for codec, switches in [("aom", []), ("rav1e", []), ("svt", []), ("aom-nofilter", aom_off)]:
            for q in [10, 30, 50] if not quick else [30]:
                path = os.path.join(work, f"avifenc-{codec}-{w}x{h}-q{q}.avif")
                r = subprocess.run(
                    ["avifenc", "-c", codec.split("-")[0], "--min", str(q), "--max", str(q)] + switches + [y4m, path],
                    capture_output=True)
                if r.returncode == 0:  # SVT-AV1 refuses pictures under its minimum size
                    out.append((os.path.basename(path)[:-5], path))
    # Profiles 1 and 2 and deep samples (avifenc takes -y and -d from PNG input only, so a
    # colourful PNG), and alpha (an auxiliary monochrome item: its planes are checked too).
    formats = [("444", 8), ("422", 8), ("420", 10), ("444", 10), ("422", 10), ("420", 12), ("422", 12),
               ("444", 12), ("400", 8), ("400", 10)]
    for w, h in sizes:
        png = colour_png(work, w, h)
        quick_formats = [("444", 8), ("422", 8), ("444", 10), ("422", 12), ("400", 8)]
        for yuv, depth in formats if not quick else quick_formats:
            for q in [10, 40] if not quick else [30]:
                path = os.path.join(work, f"avifenc-y{yuv}-d{depth}-{w}x{h}-q{q}.avif")
                r = subprocess.run(["avifenc", "-y", yuv, "-d", str(depth), "--min", str(q), "--max", str(q),
                                    png, path], capture_output=True)
                if r.returncode == 0:
                    out.append((os.path.basename(path)[:-5], path))
        rgba = colour_png(work, w, h, alpha=True)
        for yuv, depth in [("420", 8), ("444", 10)]:
            path = os.path.join(work, f"avifenc-alpha-y{yuv}-d{depth}-{w}x{h}.avif")
            r = subprocess.run(["avifenc", "-y", yuv, "-d", str(depth), "--min", "20", "--max", "20",
                                "--minalpha", "10", "--maxalpha", "10", rgba, path], capture_output=True)
            if r.returncode == 0:
                out.append((os.path.basename(path)[:-5], path))
        path = os.path.join(work, f"pillow-alpha-{w}x{h}.avif")
        Image.open(rgba).save(path, quality=60)
        out.append((os.path.basename(path)[:-5], path))
    return out


def colour_png(work, w, h, alpha=False):
    """An RGB (or RGBA) PNG whose channels are three (four) different pictures of make_y4m's."""
    from avif_check import make_y4m

    y4m = os.path.join(work, f"rgb-{w}x{h}.y4m")
    make_y4m(y4m, w, h, w * 7919 + h, sampling="444")
    raw = open(y4m, "rb").read().split(b"FRAME\n", 1)[1]
    bands = [Image.frombytes("L", (w, h), raw[i * w * h : (i + 1) * w * h]) for i in range(3)]
    if alpha:
        bands.append(bands[0].transpose(Image.Transpose.ROTATE_180))
    path = os.path.join(work, f"rgb{'a' if alpha else ''}-{w}x{h}.png")
    Image.merge("RGBA" if alpha else "RGB", bands).save(path)
    return path
