#!/usr/bin/env python3
"""Colour held to LittleCMS 2, file by file: every colour description imgsel reads, attached to
every container that carries it, made into a thumbnail no smaller than the image (so nothing is
shrunk) and compared pixel by pixel with Pillow's decode of the same file converted by ImageCms
(LittleCMS, intent perceptual, flags 0: what Pillow's profileToProfile does by default).

Prints one line a file: file, description kind, mean and max ΔE2000; exit 1 when a file's mean is
over 1.0 or its max over 3.0 (SPEC "Colour"), or an untagged/sRGB file changes at all.

    tools/colour/files_check.py IMGSEL [--short]

--short checks one profile of each kind in each container (make test's reach); the long run all.
"""
import io
import os
import struct
import subprocess
import sys
import tempfile

import numpy as np
from PIL import Image, ImageCms

try:
    import pillow_heif
    pillow_heif.register_heif_opener()
except ImportError:  # the HEIC rows are skipped, and said so
    pillow_heif = None

ICC_DIRS = ["/usr/share/color/icc/colord", "/usr/share/color/icc/ghostscript", "/usr/share/color/icc"]


def find_profile(name):
    for d in ICC_DIRS:
        p = os.path.join(d, name)
        if os.path.exists(p):
            return open(p, "rb").read()
    return None


# --- ICC writing: matrix/TRC profiles as LittleCMS's cmsCreateRGBProfile makes them --------------

D50 = np.array([0.9642, 1.0, 0.8249])


def xy_to_xyz(x, y):
    return np.array([x / y, 1.0, (1 - x - y) / y])


BRADFORD = np.array([[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]])


def adapted_matrix(primaries, white):
    """RGB → XYZ (D50) for primaries [(x,y)]*3 and white (x,y), adapted by Bradford."""
    cols = np.stack([xy_to_xyz(*p) for p in primaries], axis=1)
    w = xy_to_xyz(*white)
    s = np.linalg.solve(cols, w)
    m = cols * s
    src = BRADFORD @ w
    dst = BRADFORD @ D50
    adapt = np.linalg.inv(BRADFORD) @ np.diag(dst / src) @ BRADFORD
    return adapt @ m


def s15(v):
    return struct.pack(">i", int(round(v * 65536)))


def xyz_tag(v):
    return b"XYZ \0\0\0\0" + b"".join(s15(c) for c in v)


def para_tag(kind, params):
    return b"para\0\0\0\0" + struct.pack(">H", kind) + b"\0\0" + b"".join(s15(p) for p in params)


def curv_tag(values):
    body = b"curv\0\0\0\0" + struct.pack(">I", len(values)) + b"".join(struct.pack(">H", v) for v in values)
    return body + b"\0" * (-len(body) % 4)


def desc_v2(text):
    t = text.encode() + b"\0"
    return b"desc\0\0\0\0" + struct.pack(">I", len(t)) + t + b"\0" * 12 + b"\0" * 67


def mluc(text):
    t = text.encode("utf-16-be")
    return b"mluc\0\0\0\0" + struct.pack(">II", 1, 12) + b"enUS" + struct.pack(">II", len(t), 28) + t


def icc(tags, version, space=b"RGB ", klass=b"mntr", pcs=b"XYZ "):
    """A profile of `tags` [(sig, bytes)], tag data 4-aligned, header as ICC.1 says."""
    count = len(tags)
    offset = 128 + 4 + 12 * count
    table = b""
    data = b""
    for sig, body in tags:
        while (offset + len(data)) % 4:
            data += b"\0"
        table += sig + struct.pack(">II", offset + len(data), len(body))
        data += body
    size = offset + len(data)
    header = struct.pack(">I", size) + b"lcms" + struct.pack(">I", version) + klass + space + pcs
    header += b"\0" * 12 + b"acsp" + b"APPL" + b"\0" * 4 + b"\0" * 4 + b"\0" * 4 + b"\0" * 8
    header += struct.pack(">I", 0) + b"".join(s15(c) for c in D50) + b"\0" * 4 + b"\0" * 16 + b"\0" * 28
    assert len(header) == 128, len(header)
    return header + struct.pack(">I", count) + table + data


SRGB_PARA = (2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045)
P3 = [(0.680, 0.320), (0.265, 0.690), (0.150, 0.060)]
BT2020 = [(0.708, 0.292), (0.170, 0.797), (0.131, 0.046)]
D65 = (0.3127, 0.3290)


def matrix_profile(name, primaries, curve, version):
    m = adapted_matrix(primaries, D65)
    desc = mluc(name) if version >= 0x04000000 else desc_v2(name)
    tags = [(b"desc", desc), (b"wtpt", xyz_tag(D50))]
    tags += [(b"rXYZ", xyz_tag(m[:, 0])), (b"gXYZ", xyz_tag(m[:, 1])), (b"bXYZ", xyz_tag(m[:, 2]))]
    tags += [(b"rTRC", curve), (b"gTRC", curve), (b"bTRC", curve)]
    return icc(tags, version)


def display_p3_v4():
    return matrix_profile("Display P3 (test, v4 para)", P3, para_tag(3, SRGB_PARA[:5]), 0x04300000)


def table_v2():
    # a 1024-entry curv table of gamma 2.2 on Adobe-like primaries: the table path of curv
    values = [int(round(((i / 1023) ** 2.2) * 65535)) for i in range(1024)]
    adobe = [(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)]
    return matrix_profile("Gamma 2.2 table (test, v2 curv)", adobe, curv_tag(values), 0x02100000)


def prophoto():
    """ProPhoto RGB as its v2 profiles have it: ROMM primaries, D50 white, gamma 1.8 (a one-entry curv)."""
    romm = [(0.7347, 0.2653), (0.1596, 0.8404), (0.0366, 0.0001)]
    m = adapted_matrix(romm, (0.3457, 0.3585))
    curve = curv_tag([int(round(1.8 * 256))])
    tags = [(b"desc", desc_v2("ProPhoto (test)")), (b"wtpt", xyz_tag(D50))]
    tags += [(b"rXYZ", xyz_tag(m[:, 0])), (b"gXYZ", xyz_tag(m[:, 1])), (b"bXYZ", xyz_tag(m[:, 2]))]
    tags += [(b"rTRC", curve), (b"gTRC", curve), (b"bTRC", curve)]
    return icc(tags, 0x02100000)


def bt709_equivalent(primaries, name):
    """nclx's primaries with the sRGB transfer, as an ICC LittleCMS can run (the nclx reference)."""
    return matrix_profile(name, primaries, para_tag(3, SRGB_PARA[:5]), 0x04300000)


def lut_v2():
    """An RGB profile whose A2B0 is an mft2 CLUT (17 points a side, PCS Lab in v2's 16-bit encoding) of
    an Adobe-like gamma 2.2 space: the LUT path of RGB profiles, where no installed one has it."""
    grid = 17
    m = adapted_matrix([(0.64, 0.33), (0.21, 0.71), (0.15, 0.06)], D65)
    v = np.linspace(0, 1, grid)
    rgb = np.stack(np.meshgrid(v, v, v, indexing="ij"), -1).reshape(-1, 3) ** 2.2
    xyz = rgb @ m.T / D50
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    lab = np.stack([116 * f[:, 1] - 16, 500 * (f[:, 0] - f[:, 1]), 200 * (f[:, 1] - f[:, 2])], -1)
    enc = np.stack([lab[:, 0] * 652.80, (lab[:, 1] + 128) * 256, (lab[:, 2] + 128) * 256], -1)
    clut = np.clip(np.round(enc), 0, 65535).astype(">u2").tobytes()
    identity = b"".join(s15(1.0 if i % 4 == 0 else 0.0) for i in range(9))
    ramp = struct.pack(">HH", 0, 65535)
    body = b"mft2\0\0\0\0" + bytes([3, 3, grid, 0]) + identity + struct.pack(">HH", 2, 2)
    body += ramp * 3 + clut + ramp * 3
    tags = [(b"desc", desc_v2("Adobe-like LUT (test, v2 mft2)")), (b"wtpt", xyz_tag(D50)), (b"A2B0", body)]
    return icc(tags, 0x02100000, pcs=b"Lab ")


def has_tag(profile, sig):
    count = struct.unpack(">I", profile[128:132])[0]
    return any(profile[132 + 12 * i:136 + 12 * i] == sig for i in range(min(count, 200)))


def space_of(profile):
    return profile[16:20]


# --- pixels ----------------------------------------------------------------------------------------

def test_pixels(mode):
    """A cube of 17 levels a channel (every primary, secondary and grey among them) and a ramp."""
    levels = np.linspace(0, 255, 17).round().astype(np.uint8)
    if mode == "L":
        ramp = np.arange(256, dtype=np.uint8)
        return Image.fromarray(np.resize(ramp, (16, 32)).astype(np.uint8), "L")
    if mode == "CMYK":
        lv = np.linspace(0, 255, 9).round().astype(np.uint8)
        grid = np.stack(np.meshgrid(lv, lv, lv, lv, indexing="ij"), -1).reshape(-1, 4)
        return Image.fromarray(grid.reshape(81, 81, 4), "CMYK")
    grid = np.stack(np.meshgrid(levels, levels, levels, indexing="ij"), -1).reshape(-1, 3)
    pad = np.zeros((17 * 17 * 17 + 0, 3), np.uint8)
    pad[: len(grid)] = grid
    return Image.fromarray(pad.reshape(17 * 17, 17, 3), "RGB")


def save(image, container, profile, path, nclx=None):
    kw = {} if profile is None else {"icc_profile": profile}
    if container == "jpeg":
        image.save(path, "JPEG", quality=95, subsampling=0, **kw)
    elif container == "png":
        image.save(path, "PNG", **kw)
    elif container == "webp":
        image.save(path, "WEBP", lossless=True, **kw)
    elif container == "tiff":
        image.save(path, "TIFF", **kw)
    elif container == "heic":
        if nclx:
            kw.update(nclx)
        image.save(path, "HEIF", quality=95, **kw)


# --- ΔE2000 -------------------------------------------------------------------------------------

def srgb_to_lab(rgb):
    c = rgb.astype(np.float64) / 255
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.4124564, 0.3575761, 0.1804375], [0.2126729, 0.7151522, 0.0721750],
                  [0.0193339, 0.1191920, 0.9503041]])
    xyz = lin @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > (6 / 29) ** 3, np.cbrt(xyz), xyz / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)


def delta_e2000(lab1, lab2):
    L1, a1, b1 = lab1[..., 0], lab1[..., 1], lab1[..., 2]
    L2, a2, b2 = lab2[..., 0], lab2[..., 1], lab2[..., 2]
    C1, C2 = np.hypot(a1, b1), np.hypot(a2, b2)
    Cm = (C1 + C2) / 2
    G = 0.5 * (1 - np.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)))
    a1p, a2p = (1 + G) * a1, (1 + G) * a2
    C1p, C2p = np.hypot(a1p, b1), np.hypot(a2p, b2)
    h1p = np.degrees(np.arctan2(b1, a1p)) % 360
    h2p = np.degrees(np.arctan2(b2, a2p)) % 360
    dLp, dCp = L2 - L1, C2p - C1p
    dh = h2p - h1p
    dh = np.where(np.abs(dh) > 180, dh - 360 * np.sign(dh), dh)
    dh = np.where(C1p * C2p == 0, 0, dh)
    dHp = 2 * np.sqrt(C1p * C2p) * np.sin(np.radians(dh / 2))
    Lm, Cmp = (L1 + L2) / 2, (C1p + C2p) / 2
    hs = h1p + h2p
    hm = np.where(np.abs(h1p - h2p) > 180, (hs + 360) / 2, hs / 2)
    hm = np.where(C1p * C2p == 0, hs, hm)
    T = (1 - 0.17 * np.cos(np.radians(hm - 30)) + 0.24 * np.cos(np.radians(2 * hm))
         + 0.32 * np.cos(np.radians(3 * hm + 6)) - 0.20 * np.cos(np.radians(4 * hm - 63)))
    dtheta = 30 * np.exp(-(((hm - 275) / 25) ** 2))
    Rc = 2 * np.sqrt(Cmp ** 7 / (Cmp ** 7 + 25 ** 7))
    Sl = 1 + 0.015 * (Lm - 50) ** 2 / np.sqrt(20 + (Lm - 50) ** 2)
    Sc, Sh = 1 + 0.045 * Cmp, 1 + 0.015 * Cmp * T
    Rt = -np.sin(np.radians(2 * dtheta)) * Rc
    return np.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2 + Rt * (dCp / Sc) * (dHp / Sh))


# --- the run ---------------------------------------------------------------------------------------

def reference(path, profile, own=None):
    im = own if own is not None else Image.open(path)
    im.load()
    if profile is None:
        return np.asarray(im.convert("RGB"))
    src = ImageCms.ImageCmsProfile(io.BytesIO(profile))
    out = ImageCms.profileToProfile(im, src, ImageCms.createProfile("sRGB"), outputMode="RGB")
    return np.asarray(out)


def own_numbers(imgsel, path, work):
    """imgsel's own decode of `path` before any colour is applied: `export --colour keep` writes an
    ICC-tagged picture's pixels unconverted (a PNG). For HEIC, whose decode is imgsel's HEVC and
    not the libheif one Pillow reads, so that the table measures the colour step alone."""
    sel, out = os.path.join(work, "sel.json"), os.path.join(work, "own")
    for args in (["init", "--force"], ["add", path], ["export", out, "--format", "png", "--replace"]):
        r = subprocess.run([imgsel, "-f", sel] + args, capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"{path}: imgsel {args[0]} exit {r.returncode}: {r.stderr.strip()}")
    written = [os.path.join(out, n) for n in os.listdir(out)]
    return Image.open(written[0]).convert("RGB")


def ours(imgsel, path, work):
    out = os.path.join(work, "out.png")
    r = subprocess.run([imgsel, "thumbnail", "--size", "4096", path, out], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{path}: imgsel exit {r.returncode}: {r.stderr.strip()}")
    return np.asarray(Image.open(out).convert("RGB"))


def cases(short):
    rgb = [("AdobeRGB1998.icc", "matrix v2"), ("ProPhotoRGB.icc", "matrix"), ("AppleRGB.icc", "matrix"),
           ("WideGamutRGB.icc", "matrix"), ("ECI-RGBv2.icc", "matrix"), ("Rec709.icc", "matrix"),
           ("BestRGB.icc", "matrix"), ("sRGB.icc", "sRGB")]
    if short:
        rgb = rgb[:2] + rgb[-1:]
    found = [(name, find_profile(name), kind) for name, kind in rgb]
    found = [f for f in found if f[1] is not None]
    if not short:
        # every other installed RGB matrix profile, v2 and v4, by its own name
        named = {name for name, _, _ in found}
        for d in ICC_DIRS:
            for n in sorted(os.listdir(d)) if os.path.isdir(d) else []:
                p = open(os.path.join(d, n), "rb").read() if n.lower().endswith(".icc") else b""
                if n not in named and len(p) > 132 and space_of(p) == b"RGB " and has_tag(p, b"rTRC"):
                    named.add(n)
                    found.append((n, p, "matrix v%d" % p[8]))
    found += [("display-p3-v4-para", display_p3_v4(), "matrix v4 para"),
              ("gamma22-v2-curv-table", table_v2(), "matrix v2 curv table")]
    # LUT RGB profiles: any RGB profile among the installed ones with an A2B0 table.
    luts = []
    for d in ICC_DIRS:
        for n in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            if not n.lower().endswith((".icc", ".icm")):
                continue
            p = open(os.path.join(d, n), "rb").read()
            if len(p) > 132 and space_of(p) == b"RGB " and has_tag(p, b"A2B0") and p[12:16] in (b"mntr", b"scnr", b"prtr"):
                luts.append((n, p, "LUT"))
    found += luts[:1 if short else 4]
    found.append(("adobe-like-lut-v2-mft2", lut_v2(), "LUT mft2"))
    containers = ["jpeg", "png", "webp", "tiff", "heic"]
    for name, profile, kind in found:
        for c in containers:
            yield (f"{name}.{c}", "RGB", c, profile, kind, None)
    greys = ["default_gray.icc"] if short else ["default_gray.icc", "ps_gray.icc", "sgray.icc", "Gray.icc",
                                                  "Gray-CIE_L.icc"]
    for name in greys:
        grey = find_profile(name)
        if grey:
            for c in ["jpeg", "png"]:
                yield (f"{name}.{c}", "L", c, grey, "grey kTRC v%d" % grey[8], None)
    for name in ["default_cmyk.icc"] if short else ["default_cmyk.icc", "ps_cmyk.icc", "gray_to_k.icc"]:
        cmyk = find_profile(name)
        if cmyk:
            yield (f"{name}.jpeg", "CMYK", "jpeg", cmyk, "CMYK LUT v%d" % cmyk[8], None)
    for c in ["jpeg", "png", "webp", "tiff", "heic"]:
        yield (f"untagged.{c}", "RGB", c, None, "none", None)
    if pillow_heif:
        for prim, code, label in [(P3, 12, "Display P3"), (BT2020, 9, "BT.2020")]:
            nclx = {"color_primaries": code, "transfer_characteristics": 13, "matrix_coefficients": 6,
                    "full_range_flag": 1}
            yield (f"nclx-{code}.heic", "RGB", "heic", bt709_equivalent(prim, label), f"nclx {label}", nclx)


def main():
    imgsel = sys.argv[1]
    short = "--short" in sys.argv
    failed = False
    print(f"{'file':34} {'kind':22} {'mean ΔE':>8} {'max ΔE':>8}")
    with tempfile.TemporaryDirectory() as work:
        for name, mode, container, profile, kind, nclx in cases(short):
            if container == "heic" and pillow_heif is None:
                print(f"{name:34} skipped: pillow-heif is not installed")
                continue
            path = os.path.join(work, name)
            image = test_pixels(mode)
            # nclx files carry no profile: it is only the reference's equivalent of their code points
            save(image, container, None if nclx else profile, path, nclx)
            own = own_numbers(imgsel, path, work) if container == "heic" and profile and not nclx else None
            expected = reference(path, profile, own)
            got = ours(imgsel, path, work)
            if expected.shape != got.shape:
                print(f"{name:34} {kind:22} FAIL size {got.shape} vs {expected.shape}")
                failed = True
                continue
            de = delta_e2000(srgb_to_lab(expected), srgb_to_lab(got))
            mean, worst = float(de.mean()), float(de.max())
            bad = mean > 1.0 or worst > 3.0
            if kind in ("none", "sRGB") and container != "heic":
                # unchanged: the file's own numbers, not even LittleCMS's rounding of sRGB to sRGB
                bad = bad or not np.array_equal(np.asarray(Image.open(path).convert("RGB")), got)
            failed |= bad
            print(f"{name:34} {kind:22} {mean:8.3f} {worst:8.3f}{'  FAIL' if bad else ''}")
    if failed:
        print("FAIL: a file is off LittleCMS by more than ΔE2000 1.0 on average or 3.0 at worst")
        return 1
    print("ok: every file within ΔE2000 1.0 on average and 3.0 at worst of LittleCMS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
