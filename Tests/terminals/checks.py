"""What the suite checks on a screenshot and a tty state, one function a behaviour; each
returns (ok, what was seen), so the table can say both."""

import screen

QUAD = [(255, 0, 0), (0, 255, 0), (0, 0, 255), (255, 255, 0)]  # top-left, top-right, bottom-left, -right
TALL = [(0, 255, 255), (255, 135, 0)]  # the second picture: cyan above orange
WIDE = [(135, 0, 255), (0, 0, 135)]  # pick's third (2:1): violet left of navy (far from frame colours)


def tty_clean(state):
    """Exit status 0 (or `expected`), `stty -a` as before, no answer left unread."""
    problems = []
    if state["stty_before"] != state["stty_after"]:
        problems.append("stty changed")
    if state["unread"]:
        problems.append("unread %r" % state["unread"])
    return not problems, ", ".join(problems) or "clean"


def picture(shot, cells, aspect, colours=QUAD):
    """The four-colour picture: every colour, each in its quadrant, the aspect within 4 %."""
    found = screen.quadrants(shot, cells, colours)
    if found is None:
        return False, "not found", None
    seen = "%.3f" % found["aspect"]
    ok = found["upright"] and abs(found["aspect"] / aspect - 1) < 0.04
    return ok, ("upright " if found["upright"] else "NOT upright ") + "aspect " + seen, found


def rows_of(found, cells):
    left, top, right, bottom = found["box"]
    return int(top // cells.height), int((bottom - 1) // cells.height)


def text_line(shot, cells, found):
    """The text line is the row right above the picture, and on the screen (not scrolled off)."""
    first, _ = rows_of(found, cells)
    if first == 0:
        return False, "picture on row 1: the text line scrolled off"
    background = screen.background(shot, cells)
    ink = screen.ink(shot, cells, first - 1, background, 0, 40)
    return ink > 40, "row %d, %d px of text" % (first, ink)


def prompt_row(state, found, cells):
    """The prompt on the row right after the picture's last."""
    _, last = rows_of(found, cells)
    row = state["cursor"][0] - 1 if state["cursor"] else None
    if row is None:
        return False, "no cursor position"
    return row == last + 1, "prompt row %d, picture's last %d" % (row + 1, last + 1)


def prompt_after_output(shot, cells, state):
    """Nothing but blank rows between the last row with ink and the prompt (list --grid)."""
    row = state["cursor"][0] - 1 if state["cursor"] else None
    if row is None:
        return False, "no cursor position"
    background = screen.background(shot, cells)
    inked = [r for r in range(row) if screen.ink(shot, cells, r, background) > 0]
    last = inked[-1] if inked else -1
    return last == row - 1, "prompt row %d, last row with output %d" % (row + 1, last + 1)


def gone(before, after, what):
    """After `what`, no more of the pictures' colours than before it (none left over)."""
    return after <= before * 1.05 + 50, "%s: %d px of picture colours, %d before" % (what, after, before)


def edges_below(shot, cells, found_boxes):
    """Under every thumbnail, past blank rows, the first row with ink is its frame's bottom
    edge, inked across 80 % of the picture's columns (the name below is shorter)."""
    background = screen.background(shot, cells)
    worst = 1.0
    for left, top, right, bottom in found_boxes:
        first, last = int(left // cells.width), int((right - 1) // cells.width)
        row = int((bottom - 1) // cells.height) + 1
        while row < cells.rows - 1 and screen.ink(shot, cells, row, background, first, last - first + 1) == 0:
            row += 1
        inked = sum(1 for c in range(first, last + 1) if screen.ink(shot, cells, row, background, c, 1) > 0)
        worst = min(worst, inked / (last - first + 1))
    return worst >= 0.8, "frame under the picture: %d %% of its columns" % round(worst * 100)


def edge_right_of(shot, cells, box):
    """Right of a thumbnail as wide as its cells, past blank columns, the first column with
    ink is its frame's right edge, inked along 80 % of the picture's rows."""
    background = screen.background(shot, cells)
    left, top, right, bottom = box
    first, last = int(top // cells.height), int((bottom - 1) // cells.height)
    column = int((right - 1) // cells.width) + 1
    def inked(col):
        return sum(1 for r in range(first, last + 1) if screen.ink(shot, cells, r, background, col, 1) > 0)
    while column < cells.cols and inked(column) == 0:
        column += 1
    share = inked(column) / (last - first + 1) if column < cells.cols else 0
    return share >= 0.8, "frame right of the picture: %d %% of its rows" % round(share * 100)
