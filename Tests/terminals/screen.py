"""Reading a screenshot in terminal cells: where the cells are (from the two corner cells
driver.py marks), where a picture is (found by its colours, never at fixed pixels: window
placement varies from terminal to terminal), which rows hold text."""

import numpy

MARK = (255, 0, 255)


def pixels(shot):
    return numpy.asarray(shot, dtype=numpy.int16)


def mask(shot, colour, tolerance=48):
    """Pixels within `tolerance` of `colour` in every channel."""
    return (numpy.abs(pixels(shot) - numpy.array(colour, dtype=numpy.int16)) <= tolerance).all(axis=2)


def bbox(flags):
    """(left, top, right, bottom), right and bottom exclusive; None when nothing is set."""
    ys, xs = numpy.nonzero(flags)
    if len(xs) == 0:
        return None
    return int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1


def solid_bbox(flags, radius=2):
    """The box of the pixels set with their whole (2·radius+1)² square set, grown back by the
    radius: lines up to 2·radius pixels thick (frames, box glyphs) are left out."""
    solid = flags.copy()
    for dy in range(-radius, radius + 1):
        for dx in range(-radius, radius + 1):
            solid &= numpy.roll(numpy.roll(flags, dy, axis=0), dx, axis=1)
    box = bbox(solid)
    if box is None:
        return None
    height, width = flags.shape
    left, top, right, bottom = box
    return max(0, left - radius), max(0, top - radius), min(width, right + radius), min(height, bottom + radius)


class Cells:
    """The text area: the top-left cell's corner and a cell's size in pixels."""

    def __init__(self, x, y, width, height, cols, rows):
        self.x, self.y, self.width, self.height, self.cols, self.rows = x, y, width, height, cols, rows

    def row_of(self, y):
        """The 0-based row the pixel row y lies in."""
        return int((y - self.y) // self.height)

    def col_of(self, x):
        return int((x - self.x) // self.width)

    def row_box(self, row, first_col=0, cols=None):
        cols = self.cols - first_col if cols is None else cols
        return (round(self.x + first_col * self.width), round(self.y + row * self.height),
                round(self.x + (first_col + cols) * self.width), round(self.y + (row + 1) * self.height))

    def __repr__(self):
        return "Cells(x=%d y=%d %.2fx%.2f px, %dx%d)" % (self.x, self.y, self.width, self.height, self.cols, self.rows)


def corner_cells(shot, cols, rows):
    """The cells, from the marked top-left and bottom-right cells; None if they are not seen."""
    flags = mask(shot, MARK, 8)
    whole = bbox(flags)
    if whole is None:
        return None
    left, top, right, bottom = whole
    first = bbox(flags[top : top + (bottom - top) // 2, left : left + (right - left) // 2])
    if first is None:
        return None
    width, height = (right - left) / cols, (bottom - top) / rows
    # The corner cell measured alone must agree with the whole area divided: one cell each.
    if abs(first[2] - first[0] - width) > 1.5 or abs(first[3] - first[1] - height) > 1.5:
        return None
    return Cells(left, top, width, height, cols, rows)


def background(shot, cells):
    """The commonest colour of the text area: the terminal's background."""
    area = pixels(shot)[round(cells.y) : round(cells.y + cells.rows * cells.height),
                        round(cells.x) : round(cells.x + cells.cols * cells.width)].reshape(-1, 3)
    packed = (area[:, 0].astype(numpy.int32) << 16) | (area[:, 1].astype(numpy.int32) << 8) | area[:, 2]
    commonest = int(numpy.bincount(packed).argmax())
    return commonest >> 16, (commonest >> 8) & 255, commonest & 255


def ink(shot, cells, row, colour, first_col=0, cols=None):
    """Pixels of cell row `row` that differ from `colour` (the background) by more than 64."""
    if row < 0 or row >= cells.rows:
        return 0
    left, top, right, bottom = cells.row_box(row, first_col, cols)
    area = pixels(shot)[top:bottom, left:right]
    return int((numpy.abs(area - numpy.array(colour, dtype=numpy.int16)).max(axis=2) > 64).sum())


def crop_to(shot, cells):
    """The text area only: what lies outside it (other windows, the root) is not looked at."""
    return shot.crop((round(cells.x), round(cells.y), round(cells.x + cells.cols * cells.width),
                      round(cells.y + cells.rows * cells.height)))


def quadrants(shot, cells, colours, tolerance=60):
    """The picture made of four coloured quadrants (top-left, top-right, bottom-left,
    bottom-right): its box in pixels (relative to the text area) and whether each colour
    is where it belongs; None when a colour is missing."""
    area = crop_to(shot, cells)
    boxes = [bbox(mask(area, c, tolerance)) for c in colours]
    if any(b is None for b in boxes):
        return None
    left = min(b[0] for b in boxes)
    top = min(b[1] for b in boxes)
    right = max(b[2] for b in boxes)
    bottom = max(b[3] for b in boxes)
    mid_x, mid_y = (left + right) / 2, (top + bottom) / 2
    centres = [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in boxes]
    expected = [(-1, -1), (1, -1), (-1, 1), (1, 1)]
    upright = all((cx > mid_x) == (ex > 0) and (cy > mid_y) == (ey > 0)
                  for (cx, cy), (ex, ey) in zip(centres, expected))
    return {"box": (left, top, right, bottom), "upright": upright,
            "aspect": (right - left) / (bottom - top)}


def count(shot, cells, colours, tolerance=60):
    """How many pixels of the text area are near any of `colours`."""
    area = crop_to(shot, cells)
    return int(sum(mask(area, c, tolerance).sum() for c in colours))
