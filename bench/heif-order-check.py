#!/usr/bin/env python3
"""Check imgsel's HEIF orientation against libheif when irot, imir and clap come in unusual orders.

usage: bench/heif-order-check.py [--imgsel PATH] [-v]

pillow-heif (libheif) writes irot before imir and clap first. This script encodes a 40x24 picture
with a dark block at its top-left for each EXIF orientation 1-8, then rewrites the primary item's
ipma list in place (same length, so no offset moves): irot and imir exchanged, and clap moved
last, where it crops the already turned picture. libheif (through pillow-heif) decodes each file
with the transforms applied; imgsel's stored size and orientation must show the same picture:
the same displayed size and, where the crop does not cut into the encoder's padding, the dark
block in the same corner. Needs: pip install pillow==13.0.0 pillow-heif==1.8.1.
"""
import argparse, json, os, struct, subprocess, sys, tempfile

import pillow_heif
from PIL import Image

pillow_heif.register_heif_opener()
REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Where the block at the stored top-left shows for each EXIF orientation.
CORNER = {1: "TL", 2: "TR", 3: "BR", 4: "BL", 5: "TL", 6: "TR", 7: "BR", 8: "BL"}


def boxes(b, start, end):
    while start + 8 <= end:
        size, kind = struct.unpack(">I4s", b[start:start + 8])
        yield kind.decode("latin1"), start, start + size
        start += size


def find(b, path):
    start, end = 0, len(b)
    for name in path:
        _, s, e = next(k for k in boxes(b, start, end) if k[0] == name)
        start, end = s + 8 + (4 if name == "meta" else 0), e
    return s, e


def rewrite_primary_list(b, change):
    """Calls change(names, entries) on each ipma entry list; a returned list replaces it in place."""
    ps, pe = find(b, ["meta", "iprp", "ipco"])
    props = [k[0] for k in boxes(b, ps + 8, pe)]
    ms, _ = find(b, ["meta", "iprp", "ipma"])
    version, flags = b[ms + 8], int.from_bytes(b[ms + 9:ms + 12], "big")
    count, p = int.from_bytes(b[ms + 12:ms + 16], "big"), ms + 16
    w, mask = (2, 0x7FFF) if flags & 1 else (1, 0x7F)
    changed = False
    for _ in range(count):
        p += 2 if version == 0 else 4
        n = b[p]
        p += 1
        entries = [bytes(b[p + w * i:p + w * i + w]) for i in range(n)]
        names = [props[(int.from_bytes(e, "big") & mask) - 1] for e in entries]
        new = change(names, entries)
        if new is not None:
            b[p:p + w * n] = b"".join(new)
            changed = True
        p += w * n
    return changed


def swap_irot_imir(names, entries):
    if "irot" in names and "imir" in names:
        a, c = names.index("irot"), names.index("imir")
        entries[a], entries[c] = entries[c], entries[a]
        return entries


def clap_last(names, entries):
    if "clap" in names and ("irot" in names or "imir" in names):
        k = names.index("clap")
        return entries[:k] + entries[k + 1:] + [entries[k]]


def make_files(folder):
    names = []
    for o in range(1, 9):
        im = Image.new("RGB", (40, 24), (200, 30, 30))
        im.paste((0, 0, 0), (0, 0, 10, 8))
        exif = Image.Exif()
        exif[0x0112] = o
        base = os.path.join(folder, f"o{o}")
        im.save(base + ".heic", exif=exif.tobytes(), quality=90)
        variants = {"": bytes(open(base + ".heic", "rb").read())}
        swapped = bytearray(variants[""])
        if rewrite_primary_list(swapped, swap_irot_imir):
            variants["-swapped"] = bytes(swapped)
        for suffix, data in list(variants.items()):
            b = bytearray(data)
            if rewrite_primary_list(b, clap_last):
                variants[suffix + "-clap-last"] = bytes(b)
        for suffix, data in variants.items():
            open(base + suffix + ".heic", "wb").write(data)
            names.append(f"o{o}{suffix}.heic")
    return names


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--imgsel", default=os.path.join(REPO, ".build", "debug", "imgsel"))
    ap.add_argument("-v", "--verbose", action="store_true", help="print every file, not only differences")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="imgsel-heif-order-") as folder:
        files = make_files(folder)
        out = subprocess.run([a.imgsel, "--json", "info", *files], cwd=folder, capture_output=True, text=True)
        ours = {o["path"]: o for o in json.loads(out.stdout)}
        differ = 0
        for f in files:
            im = Image.open(os.path.join(folder, f)).convert("L")
            w, h = im.size
            spots = {"TL": (2, 2), "TR": (w - 3, 2), "BL": (2, h - 3), "BR": (w - 3, h - 3)}
            dark = min(spots, key=lambda k: im.getpixel(spots[k]))
            o = ours[f]
            shown = (o["height"], o["width"]) if o["orientation"] >= 5 else (o["width"], o["height"])
            # With clap last the crop takes in the encoder's padding: only the size can be judged.
            same = shown == (w, h) and ("clap-last" in f or dark == CORNER[o["orientation"]])
            differ += not same
            if a.verbose or not same:
                print(f"  {'same   ' if same else 'DIFFERS'} {f}: libheif shows {w}x{h}, block {dark}; "
                      f"imgsel {o['width']}x{o['height']} orientation {o['orientation']}")
        print(f"{len(files)} files; {differ} differ from libheif")
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
