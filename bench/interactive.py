"""The full-screen figures of `make bench` (issue 15): `imgsel pick` on a pseudo-terminal.

Every command runs on a fresh pty of 120×40 cells (TIOCSWINSZ) that is its controlling
terminal, so `/dev/tty` is the pty; this process reads the pty and timestamps every read.

- first screen: from the spawn to the read that completes the first full screen. For pick the
  frames, the names and the status line (`0 / 9 selected … 1/50`, drawn last); for
  `fzf --multi` over the same 50 names on stdin, its list and its `50/50` count.
- thumbnails: from the spawn to the read after which every visible thumbnail has been drawn
  (a small emulator follows the cursor and finds `▀` in each slot's picture cells); for
  `timg -pq --grid=6x3` drawing the same 18 images in cells of the same size, its exit.
- memory: the peak RSS (`/usr/bin/time`) of pick over 500 photos, paged through to the last
  with every page's thumbnails drawn, then Esc.

Runs alternate so load falls on both alike; nothing here fails, it measures.
"""
import fcntl
import os
import select
import shutil
import signal
import struct
import sys
import termios
import time

COLUMNS, ROWS = 120, 40
# PickScreen's slot: 20×10 cells; the picture sits inside the frame, 17×7.
SLOT_W, SLOT_H = 20, 10
GRID_COLUMNS, GRID_ROWS = COLUMNS // SLOT_W, (ROWS - 1) // SLOT_H
ESC = b"\x1b"


class PtyRun:
    """One program on its own pty; `wait_for(done)` reads until `done(self)` holds."""

    def __init__(self, argv, cwd, stdin_data=None, env=None):
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        pipe = os.pipe() if stdin_data is not None else None
        environment = dict(env or os.environ)
        environment.update(TERM="xterm-256color")
        for name in ("COLORTERM", "TMUX", "NO_COLOR", "FZF_DEFAULT_OPTS", "FZF_DEFAULT_COMMAND"):
            environment.pop(name, None)
        self.start = time.perf_counter()
        pid = os.fork()
        if pid == 0:  # the child: a session of its own whose controlling terminal is the pty
            os.setsid()
            fcntl.ioctl(slave, termios.TIOCSCTTY, 0)
            os.dup2(pipe[0] if pipe else slave, 0)
            os.dup2(slave, 1)
            os.dup2(slave, 2)
            os.chdir(cwd)
            try:
                os.execvpe(argv[0], argv, environment)
            finally:
                os._exit(127)
        os.close(slave)
        if pipe:
            os.close(pipe[0])
            os.write(pipe[1], stdin_data)
            os.close(pipe[1])
        self.pid, self.master = pid, master
        self.output = bytearray()
        self.screen = Screen()
        self.exited = None

    def read_once(self, timeout):
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 1 << 16)
        except OSError:  # EIO: the program and every holder of the pty are gone
            chunk = b""
        if not chunk:
            self.reap(block=True)
            return False
        self.output += chunk
        # Answer DA1 as a terminal does at once (xterm's answer, no sixel): imgsel asks it
        # before it takes the screen, to choose how pictures are drawn, and would otherwise
        # wait out its 250 ms for an answer no real terminal withholds.
        if b"\x1b[c" in chunk:
            os.write(self.master, b"\x1b[?62;22c")
        self.screen.feed(chunk)
        return True

    def wait_for(self, done, limit=60.0):
        """Seconds from the spawn to the read after which `done(self)` held."""
        end = time.perf_counter() + limit
        while not done(self):
            if self.exited is not None or time.perf_counter() > end:
                raise RuntimeError(f"never happened; the output ends with {bytes(self.output[-300:])!r}")
            self.read_once(0.2)
            self.reap(block=False)
        return time.perf_counter() - self.start

    def wait_exit(self, limit=60.0):
        """Seconds from the spawn to the program's exit (its output read to the end)."""
        end = time.perf_counter() + limit
        while self.exited is None:
            if time.perf_counter() > end:
                raise RuntimeError("did not exit")
            self.read_once(0.05)
        return self.exited

    def reap(self, block):
        if self.exited is not None:
            return
        pid, _ = os.waitpid(self.pid, 0 if block else os.WNOHANG)
        if pid:
            self.exited = time.perf_counter() - self.start

    def send(self, data):
        os.write(self.master, data)

    def close(self):
        if self.exited is None:
            try:
                self.send(ESC)
                end = time.perf_counter() + 5
                while self.exited is None and time.perf_counter() < end:
                    self.read_once(0.05)
                    self.reap(block=False)
            except OSError:
                pass
        if self.exited is None:
            os.kill(self.pid, signal.SIGKILL)
            self.reap(block=True)
        os.close(self.master)


class Screen:
    """Just enough of a terminal to know which cells hold a `▀`: cursor moves (CUP), clears
    (ED 2) and text; every other sequence is skipped."""

    def __init__(self):
        self.cells = [[" "] * COLUMNS for _ in range(ROWS)]
        self.row = self.column = 0
        self.pending = b""

    def feed(self, data):
        data = self.pending + data
        self.pending = b""
        i = 0
        while i < len(data):
            byte = data[i]
            if byte == 0x1B:
                if i + 1 >= len(data):
                    self.pending = data[i:]
                    return
                if data[i + 1] != 0x5B:  # ESC x
                    i += 2
                    continue
                j = i + 2
                while j < len(data) and not (0x40 <= data[j] <= 0x7E):
                    j += 1
                if j >= len(data):
                    self.pending = data[i:]
                    return
                self.csi(data[i + 2:j].decode("ascii", "replace"), chr(data[j]))
                i = j + 1
            elif byte < 0x20:
                if byte == 0x0D:
                    self.column = 0
                elif byte == 0x0A:
                    self.row = min(ROWS - 1, self.row + 1)
                i += 1
            else:
                length = 1 if byte < 0x80 else 2 if byte < 0xE0 else 3 if byte < 0xF0 else 4
                if i + length > len(data):
                    self.pending = data[i:]
                    return
                if self.row < ROWS and self.column < COLUMNS:
                    self.cells[self.row][self.column] = data[i:i + length].decode("utf-8", "replace")
                self.column += 1
                i += length

    def csi(self, parameters, final):
        if final == "H":
            parts = [p for p in parameters.split(";")]
            self.row = max(0, int(parts[0] or 1) - 1) if parts and parts[0] else 0
            self.column = max(0, int(parts[1] or 1) - 1) if len(parts) > 1 and parts[1] else 0
        elif final == "J" and parameters == "2":
            self.cells = [[" "] * COLUMNS for _ in range(ROWS)]

    def slots(self):
        """(frames drawn, frames with a half block inside) over the grid's slots."""
        frames = pictures = 0
        for slot in range(GRID_COLUMNS * GRID_ROWS):
            top, left = (slot // GRID_COLUMNS) * SLOT_H, (slot % GRID_COLUMNS) * SLOT_W
            if self.cells[top][left] not in ("┌", "┏"):
                continue
            frames += 1
            pictures += any("▀" in "".join(self.cells[r][left + 1:left + SLOT_W - 2])
                            for r in range(top + 1, top + SLOT_H - 2))
        return frames, pictures

    def status(self):
        return "".join(self.cells[ROWS - 1])

    def all_pictures(self, frames=None):
        """Every frame on the screen has its picture (and there are `frames` of them)."""
        drawn, pictures = self.slots()
        return drawn > 0 and pictures == drawn and (frames is None or drawn == frames)


class PtyMeasure:
    """Alternating timed runs, with the `median` that bench.py's `report` reads."""

    def __init__(self):
        self.times = {}

    def add(self, name, seconds):
        self.times.setdefault(name, []).append(seconds)

    def median(self, name):
        values = sorted(self.times[name])
        return values[len(values) // 2]


def fifty_photos(photos, folder):
    """50 12-megapixel JPEGs, photo-01.jpg … photo-50.jpg, hard links of the bench photos."""
    sources = sorted(n for n in os.listdir(photos) if n.endswith(".jpg"))
    os.makedirs(folder, exist_ok=True)
    names = []
    for i in range(50):
        name = f"photo-{i + 1:02d}.jpg"
        target = os.path.join(folder, name)
        if not os.path.exists(target):
            os.link(os.path.join(photos, sources[i % len(sources)]), target)
        names.append(name)
    return names


def bench_interactive(imgsel, work, photos, runs, report):
    """The figures; returns one True or False for each goal report() does not check."""
    for tool, package in [("fzf", "fzf"), ("timg", "timg"), ("/usr/bin/time", "time")]:
        if shutil.which(tool) is None:
            sys.exit(f"bench: {tool} not found (Debian: apt-get install {package})")
    folder = os.path.join(work, "fifty")
    names = fifty_photos(photos, folder)
    visible = GRID_COLUMNS * GRID_ROWS
    print(f"full screen ({COLUMNS}×{ROWS} pty; 50 photos of 12 megapixels; {visible} thumbnails visible)")

    def pick_first_screen(run):
        text = bytes(run.output)
        return b"selected" in text and b"1/50" in text

    def fzf_first_screen(run):
        text = bytes(run.output)
        return b"50/50" in text and b"photo-01.jpg" in text

    first, thumbs = PtyMeasure(), PtyMeasure()
    listing = "".join(n + "\n" for n in names).encode()
    timg = ["timg", "-pq", f"--grid={GRID_COLUMNS}x{GRID_ROWS}",
            f"-g{GRID_COLUMNS * (SLOT_W - 3)}x{GRID_ROWS * (SLOT_H - 3)}"] + names[:visible]
    for i in range(runs + 1):  # the first round warms the page cache and is not counted
        run = PtyRun([imgsel, "pick"], folder)
        shown = run.wait_for(pick_first_screen)
        drawn = run.wait_for(lambda r: r.screen.all_pictures(visible))
        run.close()
        fzf = PtyRun(["fzf", "--multi"], folder, stdin_data=listing)
        fzf_shown = fzf.wait_for(fzf_first_screen)
        fzf.close()
        grid = PtyRun(timg, folder)
        timg_done = grid.wait_exit()
        grid.close()
        if i > 0:
            first.add("imgsel pick", shown)
            first.add("fzf --multi", fzf_shown)
            thumbs.add("imgsel pick", drawn)
            thumbs.add("timg --grid", timg_done)
    report("pick: first screen", first, "imgsel pick", "fzf --multi", 1.0)
    report(f"pick: {visible} thumbnails drawn", thumbs, "imgsel pick", "timg --grid", 1.0)

    peak = pick_memory(imgsel, work, photos)
    met = peak < 128 * 1024
    print(f"  peak memory of pick over 500 photos, paged to the last: {peak / 1024:.1f} MiB;"
          f" goal < 128 MiB {'met' if met else 'NOT met'}")
    return [met]


def pick_memory(imgsel, work, photos):
    folder = os.path.join(work, "five-hundred")
    os.makedirs(folder, exist_ok=True)
    sources = sorted(n for n in os.listdir(photos) if n.endswith(".jpg"))
    for i in range(500):
        target = os.path.join(folder, f"photo-{i + 1:03d}.jpg")
        if not os.path.exists(target):
            os.link(os.path.join(photos, sources[i % len(sources)]), target)
    report_path = os.path.join(work, "pick.maxrss")
    run = PtyRun(["/usr/bin/time", "-f", "%M", "-o", report_path, imgsel, "pick"], folder)
    run.wait_for(lambda r: b"selected" in r.output and r.screen.all_pictures())
    # Page down to the end, each page's thumbnails drawn before the next key.
    focus, visible = 1, GRID_COLUMNS * GRID_ROWS
    while focus + visible <= 500:
        focus += visible
        run.send(b"\x1b[6~")  # PgDn
        run.wait_for(lambda r: f" {focus}/500 " in r.screen.status() and r.screen.all_pictures())
    run.send(b"\x1b[F")  # End
    run.wait_for(lambda r: " 500/500 " in r.screen.status() and r.screen.all_pictures())
    run.send(ESC)
    run.wait_exit()
    run.close()
    with open(report_path) as f:
        return int(f.read().split()[-1])
