"""ICC profiles written byte by byte, for the colour checks and the test fixtures: matrix/TRC RGB
(v2 or v4; `para`, `curv` gamma or table curves), grey, and table-based RGB (mft2 in Lab, mAB in XYZ).
Chromaticities become D50 colorants as LittleCMS's cmsCreateRGBProfile makes them (Bradford)."""
import math
import struct

D50 = (0.9642, 1.0, 0.8249)
BRADFORD = ((0.8951, 0.2664, -0.1614), (-0.7502, 1.7135, 0.0367), (0.0389, -0.0685, 1.0296))


def _mul(a, b):
    return [[sum(a[i][k] * b[k][j] for k in range(3)) for j in range(3)] for i in range(3)]


def _mulv(a, v):
    return [sum(a[i][k] * v[k] for k in range(3)) for i in range(3)]


def _inv(m):
    a, b, c = m[0]
    d, e, f = m[1]
    g, h, i = m[2]
    det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    return [[(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
            [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
            [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det]]


def _xyz(x, y):
    return [x / y, 1.0, (1 - x - y) / y]


def rgb_to_d50(primaries, white):
    """Columns: the D50 XYZ of red, green and blue (RGB 1,1,1 the white, adapted by Bradford)."""
    p = [_xyz(*c) for c in primaries]
    m = [[p[j][i] for j in range(3)] for i in range(3)]
    w = _xyz(*white)
    s = _mulv(_inv(m), w)
    m = [[m[i][j] * s[j] for j in range(3)] for i in range(3)]
    cf = _mulv(BRADFORD, w)
    ct = _mulv(BRADFORD, D50)
    scale = [[ct[i] / cf[i] if i == j else 0 for j in range(3)] for i in range(3)]
    adapt = _mul(_inv(BRADFORD), _mul(scale, BRADFORD))
    return _mul(adapt, m)


PRIMARIES = {
    'bt709': ((0.64, 0.33), (0.30, 0.60), (0.15, 0.06)),
    'p3': ((0.680, 0.320), (0.265, 0.690), (0.150, 0.060)),
    'bt2020': ((0.708, 0.292), (0.170, 0.797), (0.131, 0.046)),
}
D65 = (0.3127, 0.3290)


def s15(v):
    return struct.pack('>i', int(round(v * 65536)))


def xyz_tag(v):
    return b'XYZ \0\0\0\0' + b''.join(s15(c) for c in v)


def para_tag(function, params):
    return b'para\0\0\0\0' + struct.pack('>HH', function, 0) + b''.join(s15(p) for p in params)


def curv_gamma(g):
    return b'curv\0\0\0\0' + struct.pack('>IH', 1, int(round(g * 256))) + b'\0\0'


def curv_table(values):
    """values in [0, 1]."""
    body = b'curv\0\0\0\0' + struct.pack('>I', len(values))
    body += b''.join(struct.pack('>H', max(0, min(65535, int(round(v * 65535))))) for v in values)
    return body + b'\0' * (-len(body) % 4)


def desc_tag(text, v4):
    if v4:
        utf16 = text.encode('utf-16-be')
        return b'mluc\0\0\0\0' + struct.pack('>II2s2sII', 1, 12, b'en', b'US', len(utf16), 28) + utf16
    ascii_ = text.encode('ascii') + b'\0'
    return b'desc\0\0\0\0' + struct.pack('>I', len(ascii_)) + ascii_ + b'\0' * 79


def profile(tags, space=b'RGB ', pcs=b'XYZ ', v4=True, device_class=b'mntr'):
    """tags: list of (signature, bytes); equal bytes are written once and shared."""
    count = len(tags)
    offset = 128 + 4 + 12 * count
    table = b''
    data = b''
    placed = {}
    for sig, body in tags:
        if body not in placed:
            placed[body] = offset + len(data)
            data += body + b'\0' * (-len(body) % 4)
        table += sig + struct.pack('>II', placed[body], len(body))
    size = offset + len(data)
    header = struct.pack('>I4sI4s4s4s', size, b'lcms', 0x04300000 if v4 else 0x02100000, device_class, space, pcs)
    header += struct.pack('>HHHHHH', 2026, 1, 1, 0, 0, 0) + b'acsp' + b'\0' * 24 + struct.pack('>I', 0)
    header += s15(D50[0]) + s15(D50[1]) + s15(D50[2]) + b'\0' * 48
    assert len(header) == 128, len(header)
    return header + struct.pack('>I', count) + table + data


def matrix_trc(name, primaries, white, curve, v4=True):
    m = rgb_to_d50(PRIMARIES[primaries] if isinstance(primaries, str) else primaries, white)
    tags = [(b'desc', desc_tag(name, v4)), (b'wtpt', xyz_tag(D50))]
    for i, sig in enumerate((b'rXYZ', b'gXYZ', b'bXYZ')):
        tags.append((sig, xyz_tag([m[0][i], m[1][i], m[2][i]])))
    for sig in (b'rTRC', b'gTRC', b'bTRC'):
        tags.append((sig, curve))
    return profile(tags, v4=v4)


def display_p3_v4():
    """Display P3, v4, sRGB's curve as a `para` of type 3 (as Apple writes it)."""
    return matrix_trc('Display P3', 'p3', D65, para_tag(3, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]))


def adobe_like_v2_table():
    """A v2 profile with a 1024-entry `curv` table (gamma 2.2) and wide primaries."""
    curve = curv_table([(i / 1023) ** 2.2 for i in range(1024)])
    return matrix_trc('Wide v2 table', ((0.7347, 0.2653), (0.1152, 0.8264), (0.1566, 0.0177)), (0.3457, 0.3585),
                      curve, v4=False)


def grey_v2(gamma):
    return profile([(b'desc', desc_tag('Grey %.1f' % gamma, False)), (b'wtpt', xyz_tag(D50)),
                    (b'kTRC', curv_gamma(gamma))], space=b'GRAY', v4=False)


def _lab_encode_v2(l, a, b):
    """16-bit v2 Lab: L 100 at 0xFF00, a and b 0 at 0x8000."""
    return (int(round(l / 100 * 65280)), int(round((a + 128) * 256)), int(round((b + 128) * 256)))


def _xyz_to_lab(x, y, z):
    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    fx, fy, fz = f(x / D50[0]), f(y / D50[1]), f(z / D50[2])
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def lut_rgb_mft2(points=17, primaries='p3', gamma=2.2):
    """A v2 RGB profile whose A2B0 is an mft2 to Lab: the grid samples a gamma-`gamma` matrix profile
    of `primaries` (so its colours are known), identity input and output tables of 256 entries."""
    m = rgb_to_d50(PRIMARIES[primaries], D65)
    grid = b''
    for i in range(points):
        for j in range(points):
            for k in range(points):
                rgb = [(v / (points - 1)) ** gamma for v in (i, j, k)]
                lab = _xyz_to_lab(*_mulv(m, rgb))
                lab = (max(0, min(100, lab[0])), max(-128, min(127, lab[1])), max(-128, min(127, lab[2])))
                grid += struct.pack('>HHH', *_lab_encode_v2(*lab))
    identity = b''.join(struct.pack('>H', int(round(i * 65535 / 255))) for i in range(256))
    body = b'mft2\0\0\0\0' + bytes([3, 3, points, 0])
    body += b''.join(s15(v) for v in (1, 0, 0, 0, 1, 0, 0, 0, 1))
    body += struct.pack('>HH', 256, 256) + identity * 3 + grid + identity * 3
    return profile([(b'desc', desc_tag('LUT mft2 Lab', False)), (b'wtpt', xyz_tag(D50)), (b'A2B0', body)],
                   pcs=b'Lab ', v4=False, device_class=b'scnr')


def lut_rgb_mab(points=9, primaries='bt2020', with_shaper=False, black=0.0):
    """A v4 RGB profile whose A2B0 is an mAB to XYZ: sRGB-curve A curves (para), a linear grid of
    `primaries`' colours (16-bit) lifted by a `black` of that Y, identity M and B curves, identity
    matrix; `with_shaper` adds the matrix-shaper tags of the same primaries beside it."""
    m = rgb_to_d50(PRIMARIES[primaries], D65)
    grid = b''
    for i in range(points):
        for j in range(points):
            for k in range(points):
                xyz = _mulv(m, [black + (1 - black) * v / (points - 1) for v in (i, j, k)])
                grid += b''.join(struct.pack('>H', max(0, min(65535, int(round(c * 32768))))) for c in xyz)
    srgb = para_tag(3, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
    identity = para_tag(0, [1.0])

    def pad(b):
        return b + b'\0' * (-len(b) % 4)
    a_curves = pad(srgb) * 3
    b_curves = pad(identity) * 3
    m_curves = pad(identity) * 3
    matrix = b''.join(s15(v) for v in (1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0))
    clut = bytes([points] * 3 + [0] * 13) + bytes([2, 0, 0, 0]) + grid
    clut = pad(clut)
    off_b = 32
    off_matrix = off_b + len(b_curves)
    off_m = off_matrix + len(matrix)
    off_clut = off_m + len(m_curves)
    off_a = off_clut + len(clut)
    body = b'mAB \0\0\0\0' + bytes([3, 3, 0, 0]) + struct.pack('>IIIII', off_b, off_matrix, off_m, off_clut, off_a)
    body += b_curves + matrix + m_curves + clut + a_curves
    tags = [(b'desc', desc_tag('LUT mAB XYZ', True)), (b'wtpt', xyz_tag(D50)), (b'A2B0', body)]
    if with_shaper:
        for i, sig in enumerate((b'rXYZ', b'gXYZ', b'bXYZ')):
            tags.append((sig, xyz_tag([m[0][i], m[1][i], m[2][i]])))
        for sig in (b'rTRC', b'gTRC', b'bTRC'):
            tags.append((sig, srgb))
    return profile(tags)


def code_point_profile(primaries, transfer_curve):
    """The ICC equivalent of nclx primaries (1, 9, 11, 12) and a transfer curve (a bytes tag)."""
    chroma = {1: (PRIMARIES['bt709'], D65), 9: (PRIMARIES['bt2020'], D65), 12: (PRIMARIES['p3'], D65),
              11: (PRIMARIES['p3'], (0.314, 0.351))}[primaries]
    return matrix_trc('nclx %d' % primaries, chroma[0], chroma[1], transfer_curve)


def transfer_curve(code):
    """The curve of H.273 transfer `code` as imgsel takes it (Sources/Colour/Transfer.swift)."""
    if code in (1, 6, 14, 15):
        return para_tag(3, [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081])
    if code == 13:
        return para_tag(3, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
    if code in (4, 5, 8):
        return para_tag(0, [{4: 2.2, 5: 2.8, 8: 1.0}[code]])
    if code == 16:
        def pq(v):
            m1, m2 = 2610 / 16384, 2523 / 4096 * 128
            c1, c2, c3 = 3424 / 4096, 2413 / 4096 * 32, 2392 / 4096 * 32
            p = v ** (1 / m2)
            return min(1.0, 10000 * (max(p - c1, 0) / (c2 - c3 * p)) ** (1 / m1) / 203)
        return curv_table([pq(i / 4095) for i in range(4096)])
    if code == 18:
        a = 0.17883277
        b = 1 - 4 * a
        c = 0.5 - a * math.log(4 * a)

        def scene(v):
            return v * v / 3 if v <= 0.5 else (math.exp((v - c) / a) + b) / 12
        return curv_table([min(1.0, scene(i / 4095) / scene(0.75)) for i in range(4096)])
    raise ValueError(code)


def cmyk_mft2(points=9, v4=False, paper_black=(0.009, 0.009, 0.009)):
    """A CMYK printer profile whose A2B0 is an mft2 to Lab (v2) of a simple ink model: each ink
    takes away its third of sRGB's light, black all of it, with a dot gain in the input tables and a
    paper black of L* 8 (so black point compensation has work to do), neutral unless `paper_black`
    (linear RGB at full ink) says otherwise."""
    m = rgb_to_d50(PRIMARIES['bt709'], D65)
    grid = b''
    for c in range(points):
        for mg in range(points):
            for y in range(points):
                for k in range(points):
                    ink = [v / (points - 1) for v in (c, mg, y, k)]
                    rgb = [(1 - ink[0]) * (1 - ink[3]), (1 - ink[1]) * (1 - ink[3]), (1 - ink[2]) * (1 - ink[3])]
                    rgb = [floor + (1 - floor) * v ** 2.2 for v, floor in zip(rgb, paper_black)]
                    lab = _xyz_to_lab(*_mulv(m, rgb))
                    lab = (max(0, min(100, lab[0])), max(-128, min(127, lab[1])), max(-128, min(127, lab[2])))
                    grid += struct.pack('>HHH', *_lab_encode_v2(*lab))
    gain = b''.join(struct.pack('>H', int(round((i / 255) ** 0.8 * 65535))) for i in range(256))
    identity = b''.join(struct.pack('>H', int(round(i * 65535 / 255))) for i in range(256))
    body = b'mft2\0\0\0\0' + bytes([4, 3, points, 0])
    body += b''.join(s15(v) for v in (1, 0, 0, 0, 1, 0, 0, 0, 1))
    body += struct.pack('>HH', 256, 256) + gain * 4 + grid + identity * 3
    return profile([(b'desc', desc_tag('CMYK mft2 Lab', v4)), (b'wtpt', xyz_tag(D50)), (b'A2B0', body)],
                   space=b'CMYK', pcs=b'Lab ', v4=v4, device_class=b'prtr')
