#!/usr/bin/env python3
"""Writes Tests/ColourTests/Fixtures (profiles from profiles.py) and prints, for each, LittleCMS's
sRGB of a few colours (Pillow's ImageCms, perceptual, to createProfile("sRGB")) as the Swift table
ColourOracleTests holds: run it again only to renew that snapshot."""
import os
import sys

from PIL import Image, ImageCms

import profiles

HERE = os.path.dirname(os.path.abspath(__file__))
FIXTURES = os.path.join(HERE, '..', '..', 'Tests', 'ColourTests', 'Fixtures')
COLOURS = [(0, 0, 0), (255, 255, 255), (40, 160, 60), (255, 0, 0), (0, 255, 0), (0, 0, 255), (128, 128, 128),
           (12, 34, 56), (200, 150, 100), (250, 10, 240)]
GREYS = [0, 1, 4, 16, 64, 128, 200, 255]

FILES = {
    'display-p3-v4-para.icc': profiles.display_p3_v4(),
    'wide-v2-curv1024.icc': profiles.adobe_like_v2_table(),
    'lut-mft2-lab.icc': profiles.lut_rgb_mft2(),
    'lut-mab-xyz.icc': profiles.lut_rgb_mab(),
    'grey-v2-gamma18.icc': profiles.grey_v2(1.8),
    'cmyk-v2-mft2-lab.icc': profiles.cmyk_mft2(),
}
INKS = [(0, 0, 0, 0), (255, 255, 255, 255), (0, 0, 0, 255), (255, 0, 0, 0), (0, 128, 255, 0), (20, 40, 60, 80),
        (200, 100, 50, 25)]


def main():
    os.makedirs(FIXTURES, exist_ok=True)
    srgb = ImageCms.createProfile('sRGB')
    for name, data in FILES.items():
        path = os.path.join(FIXTURES, name)
        with open(path, 'wb') as f:
            f.write(data)
        prof = ImageCms.getOpenProfile(path)
        space = prof.profile.xcolor_space.strip()
        if space == 'CMYK':
            im = Image.frombytes('CMYK', (len(INKS), 1), bytes(c for ink in INKS for c in ink))
            inputs = INKS
        elif space == 'GRAY':
            im = Image.frombytes('L', (len(GREYS), 1), bytes(GREYS))
            inputs = [(g, g, g) for g in GREYS]
        else:
            im = Image.frombytes('RGB', (len(COLOURS), 1), bytes(c for rgb in COLOURS for c in rgb))
            inputs = COLOURS
        out = ImageCms.profileToProfile(im, prof, srgb, outputMode='RGB').tobytes()
        rows = ', '.join('(%s)' % ', '.join(str(v) for v in (*i, *out[3 * n:3 * n + 3])) for n, i in enumerate(inputs))
        print('"%s": [%s],' % (name, rows))


if __name__ == '__main__':
    sys.exit(main())
