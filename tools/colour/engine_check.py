#!/usr/bin/env python3
"""imgsel's colour engine (icc-apply) against LittleCMS 2 (Pillow's ImageCms), run by
`make colour-engine-check`.

For every device profile in /usr/share/color/icc (RGB, grey, CMYK; matrix/TRC and A2B0 tables), the
profiles profiles.py writes (Display P3 v4 with `para` curves, a v2 `curv` table, mft2 and mAB
tables) and the ICC equivalents of nclx code points, the same 8-bit values go through
`icc-apply` and through ImageCms.profileToProfile(image, profile, createProfile("sRGB")) (intent
perceptual, flags 0): a 17³ RGB cube and the grey, red, green and blue ramps (every grey value;
9⁴ CMYK values and the four ink ramps). Both sRGB results go to Lab against D65 (sRGB's white, own
formula, deltae.py) and the table says, for each profile, the mean and the largest ΔE2000. Goal:
mean ≤ 1.0 and max ≤ 3.0 everywhere; a profile that misses prints FAIL and the exit status is 1.
"""
import argparse
import glob
import io
import os
import subprocess
import sys

from PIL import Image, ImageCms

import profiles
from deltae import delta_e2000, lab

MEAN_LIMIT = 1.0
MAX_LIMIT = 3.0


def rgb_samples():
    levels = [round(i * 255 / 16) for i in range(17)]
    out = bytearray()
    for r in levels:
        for g in levels:
            for b in levels:
                out += bytes([r, g, b])
    for v in range(256):
        out += bytes([v, v, v, v, 0, 0, 0, v, 0, 0, 0, v])
    return bytes(out), 'RGB'


def cmyk_samples():
    levels = [round(i * 255 / 8) for i in range(9)]
    out = bytearray()
    for c in levels:
        for m in levels:
            for y in levels:
                for k in levels:
                    out += bytes([c, m, y, k])
    for v in range(256):
        for channel in range(4):
            pixel = [0, 0, 0, 0]
            pixel[channel] = v
            out += bytes(pixel)
    return bytes(out), 'CMYK'


def grey_samples():
    return bytes(range(256)), 'L'


def kind_of(data):
    """'RGB matrix', 'RGB mAB', 'grey curve', 'CMYK mft2', ... from the profile's own bytes."""
    space = data[16:20].decode('latin1').strip()
    count = int.from_bytes(data[128:132], 'big')
    tags = {}
    for i in range(count):
        entry = data[132 + 12 * i:144 + 12 * i]
        offset = int.from_bytes(entry[4:8], 'big')
        tags[entry[:4]] = data[offset:offset + 4].decode('latin1').strip()
    name = {'GRAY': 'grey'}.get(space, space)
    version = 'v%d' % data[8]
    if b'A2B0' in tags:
        return name, '%s %s %s' % (name, tags[b'A2B0'], version)
    return name, '%s %s %s' % (name, 'curve' if space == 'GRAY' else 'matrix', version)


def compare(icc_apply, path, data, label, args=None):
    space, kind = kind_of(data)
    samples, mode = {'RGB': rgb_samples, 'grey': grey_samples, 'CMYK': cmyk_samples}[space]()
    pixels = len(samples) // len(mode)
    image = Image.frombytes(mode, (pixels, 1), samples)
    profile = ImageCms.ImageCmsProfile(io.BytesIO(data))
    reference = ImageCms.profileToProfile(image, profile, ImageCms.createProfile('sRGB'), outputMode='RGB').tobytes()
    command = [icc_apply] + (args or [path] + (['--cmyk'] if space == 'CMYK' else []))
    run = subprocess.run(command, input=samples, capture_output=True)
    if run.returncode != 0:
        return label, kind, None, None, run.stderr.decode().strip()
    ours = run.stdout
    if len(ours) != 3 * pixels:
        return label, kind, None, None, 'wrong output size %d' % len(ours)
    worst = (0.0, None)
    total = 0.0
    cache = {}
    for i in range(pixels):
        a = reference[3 * i:3 * i + 3]
        b = ours[3 * i:3 * i + 3]
        if a == b:
            continue
        key = (a, b)
        if key not in cache:
            cache[key] = delta_e2000(lab(a), lab(b))
        d = cache[key]
        total += d
        if d > worst[0]:
            worst = (d, '%s in: %s, LittleCMS %s, imgsel %s' % (
                label, samples[len(mode) * i:len(mode) * (i + 1)].hex(), a.hex(), b.hex()))
    return label, kind, total / pixels, worst[0], worst[1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--icc-apply', required=True)
    parser.add_argument('--profiles', default='/usr/share/color/icc')
    parser.add_argument('--verbose', action='store_true', help='print the worst colour of each profile')
    options = parser.parse_args()

    cases = []
    for path in sorted(glob.glob(os.path.join(options.profiles, '**', '*'), recursive=True)):
        if not path.lower().endswith(('.icc', '.icm')):
            continue
        with open(path, 'rb') as f:
            data = f.read()
        if len(data) < 132 or data[16:20] not in (b'RGB ', b'GRAY', b'CMYK') or data[12:16] in (b'link', b'abst',
                                                                                                     b'nmcl'):
            print('skipped %s: not a device profile (%s %s)' % (os.path.relpath(path, options.profiles),
                                                                data[12:16].decode('latin1'),
                                                                data[16:20].decode('latin1')))
            continue
        cases.append((os.path.relpath(path, options.profiles), path, data, None))
    scratch = os.path.join(os.environ.get('TMPDIR', '/tmp'), 'imgsel-colour-engine-check')
    os.makedirs(scratch, exist_ok=True)
    written = {
        'written: Display P3 v4 para': profiles.display_p3_v4(),
        'written: wide v2 curv 1024': profiles.adobe_like_v2_table(),
        'written: RGB mft2 Lab 17': profiles.lut_rgb_mft2(),
        'written: RGB mft2 Lab 33': profiles.lut_rgb_mft2(points=33, primaries='bt2020', gamma=1.8),
        'written: RGB mAB XYZ 9': profiles.lut_rgb_mab(),
        'written: RGB mAB black 2%': profiles.lut_rgb_mab(black=0.02),
        'written: RGB mAB+matrix black': profiles.lut_rgb_mab(with_shaper=True, black=0.02),
        'written: grey v2 gamma 1.8': profiles.grey_v2(1.8),
        'written: CMYK v2 mft2 Lab': profiles.cmyk_mft2(),
        'written: CMYK v4 mft2 Lab': profiles.cmyk_mft2(v4=True),
        'written: CMYK v2 tinted black': profiles.cmyk_mft2(paper_black=(0.016, 0.009, 0.006)),
    }
    for label, data in written.items():
        path = os.path.join(scratch, label.split(': ')[1].replace(' ', '-') + '.icc')
        with open(path, 'wb') as f:
            f.write(data)
        cases.append((label, path, data, None))
    for primaries in (1, 9, 11, 12):
        for transfer in (1, 4, 5, 8, 13, 16, 18):
            if (primaries, transfer) == (1, 13):
                continue
            data = profiles.code_point_profile(primaries, profiles.transfer_curve(transfer))
            cases.append(('nclx %d/%d' % (primaries, transfer), None, data,
                          ['--codepoints', '%d,%d' % (primaries, transfer)]))

    failed = 0
    print('%-34s %-16s %8s %8s' % ('profile', 'kind', 'mean ΔE', 'max ΔE'))
    for label, path, data, args in cases:
        label, kind, mean, worst, detail = compare(options.icc_apply, path, data, label, args)
        if mean is None:
            print('FAIL %-29s %-16s %s' % (label, kind, detail))
            failed += 1
            continue
        ok = mean <= MEAN_LIMIT and worst <= MAX_LIMIT
        print('%s%-34s %-16s %8.3f %8.3f' % ('' if ok else 'FAIL ', label, kind, mean, worst))
        if detail and (options.verbose or not ok):
            print('    worst: %s' % detail)
        failed += not ok
    print('%d profiles, %d missed (goal: mean ΔE2000 ≤ %.1f, max ≤ %.1f; Lab against D65)' % (
        len(cases), failed, MEAN_LIMIT, MAX_LIMIT))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
