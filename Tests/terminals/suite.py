"""imgsel in real terminals on Xvfb: view and list --grid at 120×40 and 120×50, pick and
browse driven by keys, each checked on a screenshot. `make terminals` runs it; CI runs that.

    python3 Tests/terminals/suite.py --imgsel .build/debug/imgsel [--only kitty,foot] [--shots DIR]

Under CI=true a terminal that is not installed is a failure; elsewhere it is skipped, loudly.
Prints the table (terminal × way × picture × text line × prompt row × old pictures gone)
and exits 1 when any check failed.
"""

import argparse
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import checks  # noqa: E402
import realterm  # noqa: E402
import screen  # noqa: E402
import seen  # noqa: E402
import terminals  # noqa: E402
from PIL import Image  # noqa: E402


def painted(path, size, parts):
    """A PNG of rectangles: (x, y, w, h, colour) in fractions of the size."""
    image = Image.new("RGB", size)
    for x, y, w, h, colour in parts:
        image.paste(colour, (round(x * size[0]), round(y * size[1]), round((x + w) * size[0]),
                             round((y + h) * size[1])))
    image.save(path)


def fixtures(folder, imgsel):
    """quad.png (3:2, four colours), t.png (1:2, two), a selection of both in `folder`; w.png
    (2:1, two more) for pick only."""
    q = checks.QUAD
    painted(os.path.join(folder, "quad.png"), (1800, 1200), [
        (0, 0, .5, .5, q[0]), (.5, 0, .5, .5, q[1]), (0, .5, .5, .5, q[2]), (.5, .5, .5, .5, q[3])])
    t = checks.TALL
    painted(os.path.join(folder, "t.png"), (600, 1200), [(0, 0, 1, .5, t[0]), (0, .5, 1, .5, t[1])])
    w = checks.WIDE
    painted(os.path.join(folder, "w.png"), (1200, 600), [(0, 0, .5, 1, w[0]), (.5, 0, .5, 1, w[1])])
    subprocess.run([imgsel, "-q", "add", "quad.png", "t.png"], cwd=folder, check=True)
    subprocess.run([imgsel, "-q", "view", "1"], cwd=folder, check=True)


def way_of(data):
    """The way imgsel drew, from the bytes `imgsel view` wrote."""
    for pattern, way in [(rb"\x1b_Ga=T", "kitty"), (rb"\x1b\]1337;File", "iterm"), (rb"\x1bP[0-9;]*q", "sixel"),
                         ("▀".encode(), "blocks"), (rb"\x1b\[48;", "blocks")]:
        if re.search(pattern, data):
            return way
    return "none"


# Failures known today, each an item of issue 22 (terminal, size or "*", column); a known
# failure that passes is a failure too, so that this list only ever shrinks.
KNOWN = set()  # items 1-3 fixed; add (terminal, size, column) here only with the issue that tracks it


class Run:
    def __init__(self, name, size, shots):
        self.name, self.size, self.shots = name, size, shots
        self.cells, self.failures = {}, []

    def check(self, column, result):
        ok, seen = result[0], result[1]
        known = (self.name, self.size, column) in KNOWN or (self.name, "*", column) in KNOWN
        if known and ok:
            self.cells[column] = "XPASS"
            self.failures.append("%s %s: %s passes now: take it out of KNOWN" % (self.name, self.size, column))
        elif known:
            self.cells[column] = "known (" + seen + ")"
        else:
            self.cells[column] = "ok" if ok else "FAIL (" + seen + ")"
            if not ok:
                self.failures.append("%s %s: %s: %s" % (self.name, self.size, column, seen))
        return ok

    def save(self, shot, what):
        if self.shots:
            shot.save(os.path.join(self.shots, "%s-%s-%s.png" % (self.name, self.size, what)))


WAYS = {}  # the way each terminal drew, recorded at its first size


def view_and_grid(session, run, folder, imgsel, env):
    if run.size.endswith("x40"):
        _, recorded = session.run([imgsel, "view"], cwd=folder, env=env, record=True)
        WAYS[run.name] = way_of(recorded["output"])
    run.cells["way"] = WAYS.get(run.name, "")
    shot, state = session.run([imgsel, "view"], cwd=folder, env=env)
    run.save(shot, "view")
    cells = session.geometry
    ok, seen, found = checks.picture(shot, cells, 1.5)
    run.check("picture", (ok, seen))
    if found:
        run.check("text line", checks.text_line(shot, cells, found))
        run.check("prompt row", checks.prompt_row(state, found, cells))
    run.check("tty", checks.tty_clean(state))
    shot, state = session.run([imgsel, "list", "--grid"], cwd=folder, env=env)
    run.save(shot, "grid")
    found = screen.quadrants(shot, cells, checks.QUAD) and screen.count(shot, cells, checks.TALL)
    run.check("grid pictures", (bool(found), "both pictures" if found else "a picture missing"))
    run.check("grid prompt", checks.prompt_after_output(shot, cells, state))
    run.check("grid tty", checks.tty_clean(state))


def pick_and_browse(session, run, folder, imgsel, env):
    cells = session.geometry
    both = checks.QUAD + checks.TALL + checks.WIDE
    session.start([imgsel, "pick", "quad.png", "t.png", "w.png"], cwd=folder, env=env)
    grid = session.settled(until=lambda shot: screen.count(shot, cells, checks.WIDE) > 0)
    run.save(grid, "pick")
    area = screen.crop_to(grid, cells)
    quad = screen.quadrants(grid, cells, checks.QUAD)
    # Solid areas only: a frame's colour is chosen against the background from the 256-colour
    # cube and may be near a picture's (navy 19 on white is within 40 of w.png's navy, the
    # selected frame's green within 60 of quad.png's), but a frame is a line a few pixels thick.
    tall = screen.solid_bbox(screen.mask(area, checks.TALL[0]) | screen.mask(area, checks.TALL[1]))
    wide = screen.solid_bbox(screen.mask(area, checks.WIDE[0], 40) | screen.mask(area, checks.WIDE[1], 40))
    # The unfocused thumbnails' frames (light lines, in every font): the bottom edge under each,
    # and the right edge beside the one as wide as its cells.
    if quad and tall and wide:
        below = checks.edges_below(grid, cells, [tall, wide])
        right = checks.edge_right_of(grid, cells, wide)
        run.check("pick frames", (below[0] and right[0], below[1] + ", " + right[1]))
    else:
        run.check("pick frames", (False, "thumbnails not found"))
    before = screen.count(grid, cells, both)
    session.keys("v")
    viewed = session.settled(changed_from=grid)
    run.save(viewed, "pick-v")
    session.keys("v")
    back = session.settled(changed_from=viewed)
    run.save(back, "pick-back")
    run.check("pick v gone", checks.gone(before, screen.count(back, cells, both), "back from v"))
    session.keys("Escape")
    state = session.wait()
    run.check("pick tty", checks.tty_clean(state))
    session.start([imgsel, "browse", "1"], cwd=folder, env=env)
    first = session.settled(until=lambda shot: screen.count(shot, cells, checks.QUAD) > 0)
    run.save(first, "browse")
    session.keys("Right")
    second = session.settled(changed_from=first)
    run.save(second, "browse-next")
    shown = screen.count(second, cells, checks.TALL) > 0
    run.check("browse paged gone", (shown and screen.count(second, cells, checks.QUAD) < 50,
                                    "after →: %d px of the first picture, second %s" % (
                                        screen.count(second, cells, checks.QUAD), "shown" if shown else "MISSING")))
    session.keys("q")
    state = session.wait()
    run.check("browse tty", checks.tty_clean(state))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--imgsel", required=True)
    parser.add_argument("--only", default=",".join(terminals.ALL))
    parser.add_argument("--sizes", default="120x40,120x50")
    parser.add_argument("--shots", help="keep the screenshots in this folder")
    arguments = parser.parse_args()
    # Ended from outside (a CI timeout): the terminals and Xvfb are ended on the way out.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    imgsel = os.path.abspath(arguments.imgsel)
    ci = os.environ.get("CI") == "true"
    if arguments.shots:
        os.makedirs(arguments.shots, exist_ok=True)
    started = time.monotonic()
    runs, failures = [], []
    try:
        display = realterm.Display().__enter__()
    except realterm.Unavailable as missing:
        print("!!! terminal suite SKIPPED: %s is not installed" % missing, file=sys.stderr)
        return 1 if ci else 0
    try:
        for name in arguments.only.split(","):
            for size in arguments.sizes.split(","):
                cols, rows = (int(n) for n in size.split("x"))
                run = Run(name, size, arguments.shots)
                runs.append(run)
                folder = tempfile.mkdtemp(prefix="imgsel-", dir=display.home)
                fixtures(folder, imgsel)
                env = dict(terminals.ALL[name].imgsel_env)
                try:
                    with realterm.Session(display, name, cols, rows) as session:
                        view_and_grid(session, run, folder, imgsel, env)
                        if rows == 40:
                            pick_and_browse(session, run, folder, imgsel, env)
                            seen.check(session, run, folder, imgsel, env)
                except realterm.Unavailable as missing:
                    message = "%s: not installed (%s)" % (name, missing)
                    print("!!! " + message + (": a failure under CI=true" if ci else ": SKIPPED"), file=sys.stderr)
                    run.cells["way"] = "MISSING"
                    if ci:
                        run.failures.append(message)
                    break
                except realterm.Failed as error:
                    run.failures.append("%s %s: %s" % (name, size, error))
                    run.cells["way"] = "FAILED"
                failures += run.failures
    finally:
        display.__exit__(None, None, None)
    print_table(runs)
    print("terminal suite: %d failures, %.0f s" % (len(failures), time.monotonic() - started))
    for failure in failures:
        print("FAIL " + failure)
    return 1 if failures else 0


COLUMNS = ["way", "picture", "text line", "prompt row", "tty", "grid pictures", "grid prompt", "pick frames",
           "pick v gone", "browse paged gone", "pick tty", "browse tty"] + seen.COLUMNS


def print_table(runs):
    print("| terminal | size | " + " | ".join(COLUMNS) + " |")
    print("|" + "---|" * (len(COLUMNS) + 2))
    for run in runs:
        print("| %s | %s | " % (run.name, run.size) + " | ".join(run.cells.get(c, "") for c in COLUMNS) + " |")


if __name__ == "__main__":
    sys.exit(main())
