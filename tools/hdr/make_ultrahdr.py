#!/usr/bin/env python3
"""Writes an Ultra HDR JPEG (Google's Ultra HDR 1.0) as a phone would, for imgsel's tests: an SDR
primary (Pillow's JPEG, with EXIF and GPS) carrying the `hdrgm` XMP container directory and an MPF
index, followed by a quarter-size greyscale gain map JPEG with its own `hdrgm` XMP and its own EXIF.
Written from the format's public description, not from imgsel's writer, so the tests compare two
makers; `--iso` adds ISO 21496-1 APP2 segments, `--no-xmp` leaves the primary's XMP out (ISO only).

usage: make_ultrahdr.py OUT.jpg [--width W --height H] [--iso] [--no-xmp] [--orientation N]
"""
import argparse
import io
import struct

from PIL import Image

GAIN_XMP = """<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/" hdrgm:Version="1.0"
 hdrgm:GainMapMin="0" hdrgm:GainMapMax="2.0" hdrgm:Gamma="1" hdrgm:OffsetSDR="0.015625"
 hdrgm:OffsetHDR="0.015625" hdrgm:HDRCapacityMin="0" hdrgm:HDRCapacityMax="2.0" hdrgm:BaseRenditionIsHDR="False"/>
</rdf:RDF></x:xmpmeta>"""


def primary_xmp(gain_length):
    return f"""<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:hdrgm="http://ns.adobe.com/hdr-gain-map/1.0/"
 xmlns:Container="http://ns.google.com/photos/1.0/container/" xmlns:Item="http://ns.google.com/photos/1.0/container/item/"
 xmlns:tiff="http://ns.adobe.com/tiff/1.0/" tiff:Make="PhoneMaker" hdrgm:Version="1.0">
<Container:Directory><rdf:Seq>
<rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="Primary" Item:Mime="image/jpeg"/></rdf:li>
<rdf:li rdf:parseType="Resource"><Container:Item Item:Semantic="GainMap" Item:Mime="image/jpeg" Item:Length="{gain_length}"/></rdf:li>
</rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>"""


def segment(marker, payload):
    return bytes([0xFF, marker]) + struct.pack(">H", len(payload) + 2) + payload


def exif_with_gps(orientation):
    exif = Image.Exif()
    exif[0x010F] = "PhoneMaker"
    exif[0x0112] = orientation
    gps = {1: "N", 2: (52.0, 31.0, 12.0), 3: "E", 4: (13.0, 24.0, 36.0)}
    exif[0x8825] = gps
    return exif.tobytes()


def after_soi(jpeg, segments):
    """`jpeg` with `segments` after SOI and its JFIF APP0."""
    at = 2
    if jpeg[2:4] == b"\xff\xe0":
        at = 4 + struct.unpack(">H", jpeg[4:6])[0]
    return jpeg[:at] + b"".join(segments) + jpeg[at:]


def mpf(primary_size, gain_size, gain_offset):
    entries = struct.pack(">IIIHH", 0x20030000, primary_size, 0, 0, 0) + struct.pack(">IIIHH", 0, gain_size, gain_offset, 0, 0)
    ifd = struct.pack(">H", 3)
    ifd += struct.pack(">HHI4s", 0xB000, 7, 4, b"0100")
    ifd += struct.pack(">HHII", 0xB001, 4, 1, 2)
    ifd += struct.pack(">HHII", 0xB002, 7, 32, 8 + 2 + 36 + 4)
    ifd += struct.pack(">I", 0)
    return b"MPF\0" + b"MM\0\x2a" + struct.pack(">I", 8) + ifd + entries


def picture(width, height):
    image = Image.new("RGB", (width, height))
    px = image.load()
    for y in range(height):
        for x in range(width):
            px[x, y] = ((x * 255) // max(1, width - 1), (y * 255) // max(1, height - 1), ((x + y) * 3) % 256)
    return image


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--width", type=int, default=320)
    parser.add_argument("--height", type=int, default=240)
    parser.add_argument("--iso", action="store_true")
    parser.add_argument("--no-xmp", action="store_true")
    parser.add_argument("--orientation", type=int, default=1)
    args = parser.parse_args()
    iso = b"urn:iso:std:iso:ts:21496:-1\0"

    gain_image = Image.new("L", (args.width // 4, args.height // 4))
    gp = gain_image.load()
    for y in range(gain_image.height):
        for x in range(gain_image.width):
            gp[x, y] = (x * 4 + y * 2) % 256
    buffer = io.BytesIO()
    gain_image.save(buffer, "JPEG", quality=90, exif=exif_with_gps(1))
    gain_segments = [segment(0xE1, b"http://ns.adobe.com/xap/1.0/\0" + GAIN_XMP.encode())]
    if args.iso:
        gain_segments.append(segment(0xE2, iso + bytes([0, 0, 0, 0]) + bytes(range(40))))
    gain = after_soi(buffer.getvalue(), gain_segments)

    buffer = io.BytesIO()
    picture(args.width, args.height).save(buffer, "JPEG", quality=90, exif=exif_with_gps(args.orientation))
    base = buffer.getvalue()
    xmp = b"" if args.no_xmp else segment(0xE1, b"http://ns.adobe.com/xap/1.0/\0" + primary_xmp(len(gain)).encode())
    iso_primary = segment(0xE2, iso + bytes([0, 0, 0, 0])) if args.iso else b""
    mpf_length = 4 + len(mpf(0, 0, 0))
    # The MPF goes after the XMP and the ISO segment; its offsets count from its TIFF header.
    insertion = 4 + struct.unpack(">H", base[4:6])[0] if base[2:4] == b"\xff\xe0" else 2
    primary_size = len(base) + len(xmp) + len(iso_primary) + mpf_length
    tiff_start = insertion + len(xmp) + len(iso_primary) + 8
    index = segment(0xE2, mpf(primary_size, len(gain), primary_size - tiff_start))
    primary = after_soi(base, [xmp, iso_primary, index])
    assert len(primary) == primary_size
    with open(args.out, "wb") as f:
        f.write(primary + gain)


if __name__ == "__main__":
    main()
