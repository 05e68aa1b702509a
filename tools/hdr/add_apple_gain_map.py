#!/usr/bin/env python3
"""Marks a HEIC as carrying Apple's HDR gain map, for imgsel's export tests: an `auxC` property of
URN urn:com:apple:photo:2020:aux:hdrgainmap is appended to ipco (the sizes of ipco, iprp and meta
and iloc's file offsets moved by its length). Only the property is added, no gain map item: what
imgsel's finder reads; the picture still decodes as before (checked by the caller with pillow-heif).

usage: add_apple_gain_map.py IN.heic OUT.heic
"""
import struct
import sys

URN = b"urn:com:apple:photo:2020:aux:hdrgainmap\0"


def boxes(data, start, end):
    i = start
    while i + 8 <= end:
        size, kind = struct.unpack(">I4s", data[i:i + 8])
        if size < 8:
            raise SystemExit("a box size this script does not handle")
        yield kind, i, i + size
        i += size


def child(data, start, end, kind, skip=0):
    for k, s, e in boxes(data, start + 8 + skip, end):
        if k == kind:
            return s, e
    raise SystemExit(f"no {kind!r} box")


def main():
    data = bytearray(open(sys.argv[1], "rb").read())
    aux = b"\0\0\0\0" + URN
    aux_box = struct.pack(">I4s", 8 + len(aux), b"auxC") + aux
    delta = len(aux_box)
    meta_s, meta_e = next((s, e) for k, s, e in boxes(data, 0, len(data)) if k == b"meta")
    iprp_s, iprp_e = child(data, meta_s, meta_e, b"iprp", skip=4)
    ipco_s, ipco_e = child(data, iprp_s, iprp_e, b"ipco")
    iloc_s, iloc_e = child(data, meta_s, meta_e, b"iloc", skip=4)
    # iloc's offsets point past meta, which grows: move each extent (or base) offset.
    p = iloc_s + 8
    version = data[p]
    p += 4
    offset_size, length_size = data[p] >> 4, data[p] & 15
    base_size, index_size = data[p + 1] >> 4, (data[p + 1] & 15 if version in (1, 2) else 0)
    p += 2
    count = struct.unpack(">H", data[p:p + 2])[0] if version < 2 else struct.unpack(">I", data[p:p + 4])[0]
    p += 2 if version < 2 else 4

    def bump(at, size):
        if size == 0:
            return
        value = int.from_bytes(data[at:at + size], "big")
        if value > meta_s:
            data[at:at + size] = (value + delta).to_bytes(size, "big")

    for _ in range(count):
        p += 2 if version < 2 else 4
        method = 0
        if version in (1, 2):
            method = data[p + 1] & 15
            p += 2
        p += 2  # data reference index
        base_at = p
        p += base_size
        extents = struct.unpack(">H", data[p:p + 2])[0]
        p += 2
        moved_by_base = method == 0 and base_size > 0
        if moved_by_base:
            bump(base_at, base_size)
        for _ in range(extents):
            p += index_size
            if method == 0 and not moved_by_base:
                bump(p, offset_size)
            p += offset_size + length_size
    data[ipco_e:ipco_e] = aux_box
    for s in (ipco_s, iprp_s, meta_s):
        size = struct.unpack(">I", data[s:s + 4])[0]
        data[s:s + 4] = struct.pack(">I", size + delta)
    open(sys.argv[2], "wb").write(bytes(data))


if __name__ == "__main__":
    main()
