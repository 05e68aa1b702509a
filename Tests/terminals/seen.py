"""What imgsel sees and shows, checked in the real terminals (issue 22, items 4 to 7):

- reason: `imgsel --json terminal` in every terminal, its way and reason in the table; in
  kitty with KITTY_WINDOW_ID unset and TERM=xterm-256color, kitty must be chosen by the query,
  with kitty's own DA1 (`[?62;c`) named as what ended the wait (it used to be missed, and the
  wait ran out its 250 ms);
- focus seen: pick's focus in xterm's default font on a white background: the frame around
  the focused thumbnail found on the screenshot in a colour of at least 3:1 against the
  background, and the unfocused one not framed by it;
- photo: a photo of muted colours in 256-colour half blocks (xterm, no COLORTERM): each
  region's mean colour on the screenshot near Pillow's downscale of the same photo, nearer
  than the nearest palette colour alone would draw it.

suite.py calls `check(session, run, folder, imgsel, env)` once a terminal is up at its first size.
"""

import json
import math
import os
import shutil
import subprocess

import numpy
from PIL import Image

import screen

COLUMNS = ["reason", "focus seen", "photo"]

FOCUS_ON = ("xterm", "xterm-vt340")  # black on white, xterm's default font: no heavy box glyphs
PHOTO_ON = ("xterm",)  # TERM=xterm, no COLORTERM: 256-colour half blocks


def check(session, run, folder, imgsel, env):
    reason(session, run, folder, imgsel, env)
    if run.name in FOCUS_ON:
        noted(run, "focus seen", focus(session, run, folder, imgsel, env))
    if run.name in PHOTO_ON:
        noted(run, "photo", photo(session, run, folder, imgsel, env))


def noted(run, column, result):
    """As `run.check`, and what was seen kept in the table when it passed too (the figures)."""
    if run.check(column, result):
        run.cells[column] = "ok (%s)" % result[1]


def report(session, folder, imgsel, env):
    """`imgsel --json terminal > file`: stdout a file, so the controlling terminal is asked."""
    path = os.path.join(folder, "terminal.json")
    shot, state = session.run(["sh", "-c", '"$0" --json terminal > "$1"', imgsel, path], cwd=folder, env=env)
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return {"graphics": "?", "reason": "imgsel terminal failed (exit %s)" % state["status"]}


def reason(session, run, folder, imgsel, env):
    seen = report(session, folder, imgsel, env)
    shown = "%s: %s" % (seen["graphics"], seen["reason"])
    if run.name != "kitty":
        run.cells["reason"] = shown
        return
    # `env -u KITTY_WINDOW_ID TERM=xterm-256color`: an empty variable is no hint either.
    asked = report(session, folder, imgsel, dict(env, KITTY_WINDOW_ID="", TERM="xterm-256color"))
    ok = asked["graphics"] == "kitty" and asked["reason"].startswith("query: kitty graphics answered OK, then DA1 [")
    noted(run, "reason", (ok, "%s; KITTY_WINDOW_ID unset: %s: %s" % (shown, asked["graphics"], asked["reason"])))


def contrast(a, b):
    def luminance(colour):
        def linear(c):
            c = c / 255
            return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
        return 0.2126 * linear(colour[0]) + 0.7152 * linear(colour[1]) + 0.0722 * linear(colour[2])
    la, lb = luminance(a), luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def edge_colour(area, cells, box, background, step):
    """The commonest colour of the first inked cell row above (`step` -1) or below (+1) a
    thumbnail's box, over its columns: its frame's edge; None when nothing is drawn there."""
    left, top, right, bottom = box
    first, last = int(left // cells.width), int((right - 1) // cells.width)
    row = int(top // cells.height) - 1 if step < 0 else int((bottom - 1) // cells.height) + 1
    origin = cells_at_origin(cells)
    while 0 <= row < cells.rows and screen.ink(area, origin, row, background, first, last - first + 1) == 0:
        row += step
    if not 0 <= row < cells.rows:
        return None
    pixels = screen.pixels(area)
    band = pixels[round(row * cells.height):round((row + 1) * cells.height),
                  round(first * cells.width):round((last + 1) * cells.width)].reshape(-1, 3)
    far = band[numpy.abs(band - numpy.array(background)).max(axis=1) > 64]
    if len(far) == 0:
        return None
    colours, counts = numpy.unique(far, axis=0, return_counts=True)
    return tuple(int(c) for c in colours[counts.argmax()])


def cells_at_origin(cells):
    """The same cells measured from the cropped text area's corner."""
    return screen.Cells(0, 0, cells.width, cells.height, cells.cols, cells.rows)


def focus(session, run, folder, imgsel, env):
    """The focus (on the first thumbnail) framed above and below in one colour that shows on
    the background, the other thumbnail's frame in another."""
    import checks
    # A folder of its own, no selection: no badge, no picked frame, only the focus stands out.
    place = os.path.join(folder, "focus")
    os.makedirs(place, exist_ok=True)
    for name in ("quad.png", "t.png"):
        shutil.copy(os.path.join(folder, name), place)
    session.start([imgsel, "pick", "quad.png", "t.png"], cwd=place, env=env)
    shot = session.settled()
    run.save(shot, "focus")
    session.keys("Escape")
    session.wait()
    cells = session.geometry
    area = screen.crop_to(shot, cells)
    background = screen.background(shot, cells)
    quad = screen.quadrants(shot, cells, checks.QUAD)
    tall = screen.bbox(screen.mask(area, checks.TALL[0]) | screen.mask(area, checks.TALL[1]))
    if quad is None or tall is None:
        return False, "thumbnails not found"
    above, below = (edge_colour(area, cells, quad["box"], background, step) for step in (-1, 1))
    other = edge_colour(area, cells, tall, background, -1)
    if above is None or below is None:
        return False, "no frame drawn around the focused thumbnail (the glyphs vanished)"
    ratio = contrast(above, background)
    same = max(abs(a - b) for a, b in zip(above, below)) <= 24
    apart = other is None or max(abs(a - b) for a, b in zip(above, other)) > 48
    return ratio >= 3 and same and apart, "focus frame rgb%s, %.1f:1 on rgb%s, below rgb%s, other frame rgb%s" % (
        above, ratio, background, below, other)


def muted_photo(width, height):
    """The photo of HalfBlockPhotoTests (Tests/TestImages/ImageBytes+MutedPhoto.swift), less its
    noise: a grey-blue sky, olive hills, an ochre field, a roof, a wall, a face."""
    y, x = numpy.mgrid[0:height, 0:width]
    fx, fy = x / width, y / height
    hill = 0.42 + 0.08 * numpy.sin(fx * 7.0)
    image = numpy.zeros((height, width, 3))
    sky, hills = fy < hill, (fy >= hill) & (fy < 0.62)
    field = ~sky & ~hills
    for channel, (s, h, f) in enumerate([
        (150 + 30 * fy, 108 + 20 * fx, 146 - 20 * fy), (168 + 20 * fy, 118 + 10 * fx, 128 - 15 * fy),
        (192 - 10 * fy, 88 + 0 * fx, 84 + 10 * fx)]):
        image[..., channel] = numpy.where(sky, s, numpy.where(hills, h, f))
    roof = (fx >= 0.12) & (fx < 0.38) & (fy >= 0.50) & (fy < 0.62)
    wall = (fx >= 0.15) & (fx < 0.35) & (fy >= 0.62) & (fy < 0.80)
    dy = (fy - 0.62) * height / width
    face = (fx - 0.70) ** 2 + dy ** 2 < 0.012
    image[roof] = (152, 86, 70)
    image[wall] = (196, 184, 160)
    image[face] = numpy.stack([206 - 30 * dy, 164 - 20 * dy, 138 + 0 * dy], axis=-1)[face]
    return Image.fromarray(numpy.clip(image.round(), 0, 255).astype(numpy.uint8), "RGB")


def xterm_palette():
    levels = [0, 95, 135, 175, 215, 255]
    colours = [(levels[i // 36], levels[i // 6 % 6], levels[i % 6]) for i in range(216)]
    return colours + [(8 + 10 * i,) * 3 for i in range(24)]


def region_means(pixels, cells, box, columns=4, rows=2):
    """Mean colours of regions of `columns`×`rows` cells over the picture's box."""
    left, top, right, bottom = box
    means = []
    for r in range(0, int(round((bottom - top) / cells.height)) - rows + 1, rows):
        for c in range(0, int(round((right - left) / cells.width)) - columns + 1, columns):
            y0, y1 = round(top + r * cells.height), round(top + (r + rows) * cells.height)
            x0, x1 = round(left + c * cells.width), round(left + (c + columns) * cells.width)
            means.append(pixels[y0:y1, x0:x1].reshape(-1, 3).mean(axis=0))
    return numpy.array(means)


def photo(session, run, folder, imgsel, env):
    """The photo drawn in 256 colours, region by region against Pillow's downscale."""
    place = os.path.join(folder, "photo")
    os.makedirs(place, exist_ok=True)
    muted_photo(480, 320).save(os.path.join(place, "photo.png"))
    subprocess.run([imgsel, "-q", "add", "photo.png"], cwd=place, check=True)
    shot, _ = session.run([imgsel, "view"], cwd=place, env=dict(env, COLORTERM=""))
    run.save(shot, "photo")
    return photo_error(shot, session.geometry, os.path.join(place, "photo.png"))


def photo_error(shot, cells, png):
    """The photo on the screenshot against Pillow's downscale of `png`, region by region."""
    area = screen.crop_to(shot, cells)
    pixels = screen.pixels(area).astype(numpy.float64)
    # The background from the text line's row: the picture fills most of the screen.
    line = pixels[:round(cells.height)].reshape(-1, 3).astype(numpy.int64)
    packed = (line[:, 0] << 16) | (line[:, 1] << 8) | line[:, 2]
    commonest = int(numpy.bincount(packed).argmax())
    background = numpy.array([commonest >> 16, (commonest >> 8) & 255, commonest & 255])
    # The picture: the cells below the text line whose pixels are neither background nor text.
    prompt = (numpy.abs(pixels - numpy.array(screen.MARK)).max(axis=2) <= 40)
    coloured = (numpy.abs(pixels - background).max(axis=2) > 40) & (pixels.max(axis=2) > 60) & ~prompt
    found = screen.bbox(coloured[round(cells.height):])
    if found is None:
        return False, "no picture"
    left, top, right, bottom = found
    top += round(cells.height)
    # Snapped to whole cells: half blocks fill them.
    box = (math.floor(left / cells.width) * cells.width, math.floor(top / cells.height) * cells.height,
           math.ceil(right / cells.width) * cells.width, math.ceil(bottom / cells.height) * cells.height)
    width_cells = int(round((box[2] - box[0]) / cells.width))
    height_cells = int(round((box[3] - box[1]) / cells.height))
    source = Image.open(png).convert("RGB")
    size = (round(box[2] - box[0]), round(box[3] - box[1]))
    reference = numpy.zeros_like(pixels)
    nearest_shown = numpy.zeros_like(pixels)
    y0, x0 = round(box[1]), round(box[0])
    box_pixels = numpy.asarray(source.resize(size, Image.Resampling.BOX), dtype=numpy.float64)
    reference[y0:y0 + size[1], x0:x0 + size[0]] = box_pixels
    # What the nearest palette colour alone would show: the half-block pixels, quantised, enlarged.
    half = source.resize((width_cells, 2 * height_cells), Image.Resampling.BOX)
    onto = Image.new("P", (1, 1))
    flat = [v for colour in xterm_palette() for v in colour]
    onto.putpalette(flat + flat[:3] * 16)
    nearest = half.quantize(palette=onto, dither=Image.Dither.NONE).convert("RGB").resize(size, Image.Resampling.NEAREST)
    nearest_shown[y0:y0 + size[1], x0:x0 + size[0]] = numpy.asarray(nearest, dtype=numpy.float64)
    shown, wanted, plain = (region_means(p, cells, box) for p in (pixels, reference, nearest_shown))
    error = float(numpy.linalg.norm(shown - wanted, axis=1).mean())
    nearest_error = float(numpy.linalg.norm(plain - wanted, axis=1).mean())
    ok = error < 10 and error < nearest_error / 1.5
    return ok, "region error %.1f, nearest colour alone %.1f (%d×%d cells)" % (
        error, nearest_error, width_cells, height_cells)
