#!/usr/bin/env python3
"""HEIF files put together box by box from pictures pillow-heif encodes, for what pillow-heif
does not write itself: grids of tiles (as iPhones write 512x512 ones), irot/imir/clap in a
chosen order, an alpha plane over a grid, a file without colr, thumbnail items. The coded
pictures are pillow-heif's (libheif + x265); libheif reads the result back as the oracle.

As a library: `encoded(im, **save_args)` -> the hvcC, colr and data of one coded picture;
`build(items, primary, refs)` -> a file's bytes. As a tool: heif_assemble.py grid IN OUT
[TILE] makes a grid HEIC of IN (with a 320x240 thumbnail item when --thumbnail).
"""
import io, struct, sys

import pillow_heif
from PIL import Image

pillow_heif.register_heif_opener()


def boxes(d, start, end):
    o = start
    while o + 8 <= end:
        size, kind = struct.unpack(">I4s", d[o:o + 8])
        header = 8
        if size == 1:
            size, header = struct.unpack(">Q", d[o + 8:o + 16])[0], 16
        elif size == 0:
            size = end - o
        yield kind.decode("latin-1"), o + header, o + size, d[o:o + size]
        o += size


def child(d, start, end, kind):
    return next(((p, e, raw) for k, p, e, raw in boxes(d, start, end) if k == kind), None)


def encoded(im, **save_args):
    """Encodes `im` with pillow-heif; returns (hvcC box, colr box or None, coded bytes)."""
    buf = io.BytesIO()
    im.save(buf, format="HEIF", **save_args)
    d = buf.getvalue()
    mp, me, _ = child(d, 0, len(d), "meta")
    mp += 4
    ip, ie, _ = child(d, mp, me, "iprp")
    cp, ce, _ = child(d, ip, ie, "ipco")
    props = {k: raw for k, _, _, raw in boxes(d, cp, ce)}
    lp, le, _ = child(d, mp, me, "iloc")
    version = d[lp]
    sizes, more = d[lp + 4], d[lp + 5]
    osz, lsz, bsz = sizes >> 4, sizes & 15, more >> 4
    isz = more & 15 if version >= 1 else 0
    o = lp + 6
    count = struct.unpack(">H" if version < 2 else ">I", d[o:o + (2 if version < 2 else 4)])[0]
    o += 2 if version < 2 else 4

    def num(n):
        nonlocal o
        v = int.from_bytes(d[o:o + n], "big") if n else 0
        o += n
        return v

    data = None
    for _ in range(count):
        item = num(2 if version < 2 else 4)
        if version >= 1:
            num(2)
        num(2)
        base = num(bsz)
        parts = []
        for _ in range(num(2)):
            num(isz)
            off, ln = num(osz), num(lsz)
            parts.append(d[base + off:base + off + ln])
        if item == 1:
            data = b"".join(parts)
    return props["hvcC"], props.get("colr"), data


def box(kind, payload):
    return struct.pack(">I", len(payload) + 8) + kind.encode() + payload


def full(kind, payload, version=0, flags=0):
    return box(kind, bytes([version]) + flags.to_bytes(3, "big") + payload)


def ispe(w, h):
    return full("ispe", struct.pack(">II", w, h))


def clap(w, h, dx=0, dy=0):
    return box("clap", struct.pack(">IIIIiIiI", w, 1, h, 1, dx, 1, dy, 1))


def build(items, primary, refs):
    """items: dicts of id, type, data, props (boxes), idat (bool), hidden (bool); refs: (type, from, [to])."""
    ftyp = box("ftyp", b"heic" + bytes(4) + b"mif1heic")
    props, ipma = [], b""
    for it in items:
        entry = b""
        for p in it["props"]:
            if p not in props:
                props.append(p)
            entry += bytes([0x80 | (props.index(p) + 1)])
        ipma += struct.pack(">HB", it["id"], len(it["props"])) + entry
    iprp = box("iprp", box("ipco", b"".join(props)) + full("ipma", struct.pack(">I", len(items)) + ipma))
    infe = b"".join(full("infe", struct.pack(">HH", it["id"], 0) + it["type"].encode() + b"\0", 2,
                         1 if it.get("hidden") else 0) for it in items)
    iinf = full("iinf", struct.pack(">H", len(items)) + infe)
    iref = full("iref", b"".join(box(t, struct.pack(">HH", f, len(to)) + b"".join(struct.pack(">H", x) for x in to))
                                 for t, f, to in refs))
    hdlr = full("hdlr", bytes(4) + b"pict" + bytes(13))
    pitm = full("pitm", struct.pack(">H", primary))
    idat_items = [it for it in items if it.get("idat")]
    idat = box("idat", b"".join(it["data"] for it in idat_items))

    def meta(mdat_start):
        entries, fo, io_ = b"", mdat_start, 0
        for it in items:
            in_idat = it.get("idat", False)
            entries += struct.pack(">HHHHII", it["id"], 1 if in_idat else 0, 0, 1, io_ if in_idat else fo, len(it["data"]))
            if in_idat:
                io_ += len(it["data"])
            else:
                fo += len(it["data"])
        iloc = full("iloc", bytes([0x44, 0x00]) + struct.pack(">H", len(items)) + entries, 1)
        return full("meta", hdlr + pitm + iinf + iloc + idat + iref + iprp)

    first = meta(0)
    m = meta(len(ftyp) + len(first) + 8)
    return ftyp + m + box("mdat", b"".join(it["data"] for it in items if not it.get("idat")))


def grid_items(im, tile, first_id, save_args, extra=()):
    """A grid item of `im` in `tile`-pixel tiles (edge tiles padded by repeating the edge), its
    tiles, and the reference; the grid's id is first_id."""
    w, h = im.size
    cols, rows = -(-w // tile), -(-h // tile)
    padded = Image.new(im.mode, (cols * tile, rows * tile))
    padded.paste(im, (0, 0))
    if cols * tile > w:
        padded.paste(im.crop((w - 1, 0, w, h)).resize((cols * tile - w, h)), (w, 0))
    if rows * tile > h:
        padded.paste(padded.crop((0, h - 1, cols * tile, h)).resize((cols * tile, rows * tile - h)), (0, h))
    tiles, colr = [], None
    for r in range(rows):
        for c in range(cols):
            hvcc, colr, data = encoded(padded.crop((c * tile, r * tile, (c + 1) * tile, (r + 1) * tile)), **save_args)
            tiles.append({"id": first_id + 1 + len(tiles), "type": "hvc1", "data": data, "props": [hvcc, ispe(tile, tile)],
                          "hidden": True})
    wide = w > 65535 or h > 65535
    gdata = bytes([0, 1 if wide else 0, rows - 1, cols - 1]) + struct.pack(">II" if wide else ">HH", w, h)
    grid = {"id": first_id, "type": "grid", "data": gdata, "idat": True,
            "props": [ispe(w, h)] + ([colr] if colr else []) + list(extra)}
    return [grid] + tiles, ("dimg", first_id, [t["id"] for t in tiles])


def grid_file(im, tile=512, thumbnail=None, save_args=None, extra=(), alpha=None):
    save_args = save_args or {"quality": 90}
    items, ref = grid_items(im, tile, 1, save_args, extra)
    refs = [ref]
    if thumbnail:
        small = im.copy()
        small.thumbnail(thumbnail)
        hvcc, colr, data = encoded(small, **save_args)
        tid = 1000
        items.append({"id": tid, "type": "hvc1", "data": data, "props": [hvcc, ispe(*small.size)] + ([colr] if colr else [])
                      + list(extra)})
        refs.append(("thmb", tid, [1]))
        if alpha is not None:  # a thumbnail of a picture with alpha has its own alpha plane
            small_alpha = alpha.resize(small.size, Image.BOX)
            hvcc, _, data = encoded(small_alpha, **save_args)
            urn = full("auxC", b"urn:mpeg:hevc:2015:auxid:1\0")
            items.append({"id": 1001, "type": "hvc1", "data": data, "props": [hvcc, ispe(*small.size), urn] + list(extra),
                          "hidden": True})
            refs.append(("auxl", 1001, [tid]))
    if alpha is not None:
        hvcc, _, data = encoded(alpha, **save_args)
        aid = 2000
        urn = full("auxC", b"urn:mpeg:hevc:2015:auxid:1\0")
        # The alpha plane is turned as its picture is (libheif writes it so, and scales an alpha of
        # another shape to fit: without its own irot, a turned picture's alpha comes out garbled).
        items.append({"id": aid, "type": "hvc1", "data": data, "props": [hvcc, ispe(*alpha.size), urn] + list(extra),
                      "hidden": True})
        refs.append(("auxl", aid, [1]))
    return build(items, 1, refs)


if __name__ == "__main__":
    if len(sys.argv) < 4 or sys.argv[1] != "grid":
        sys.exit(__doc__)
    args = [a for a in sys.argv[2:] if not a.startswith("--")]
    tile = int(args[2]) if len(args) > 2 else 512
    thumb = (320, 240) if "--thumbnail" in sys.argv else None
    with open(args[1], "wb") as f:
        f.write(grid_file(Image.open(args[0]).convert("RGB"), tile, thumb))
