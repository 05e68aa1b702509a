"""The terminal figures of `make bench` (issue 14): `view` drawing the 12-megapixel JPEG on an
80×24 pseudo-terminal, against the tools a user would reach for instead, and the start-up of
`view --no-image` against a build from before pictures (`--baseline-bin`).

Every command runs on a fresh pty of 80×24 cells of 10×20 pixels (TIOCSWINSZ), whose other
end this script plays: it reads everything, and answers the questions terminals answer at
once (DA1, the background colour, the cell and window size), so that a tool that asks (timg
asks for the background colour, and waits 1.5 s for it) is timed as on a real terminal.
imgsel is not asked here (--graphics names the way; the pty is not its controlling terminal).
Peers: chafa, timg (Debian chafa, timg), img2sixel (libsixel-bin). Nothing here fails.
"""
import fcntl
import os
import shutil
import statistics
import struct
import sys
import termios
import time

COLUMNS, ROWS, PIXEL_WIDTH, PIXEL_HEIGHT = 80, 24, 800, 480
ANSWERS = [
    (b"\x1b]11;?", b"\x1b]11;rgb:0000/0000/0000\x1b\\"), (b"\x1b]10;?", b"\x1b]10;rgb:ffff/ffff/ffff\x1b\\"),
    (b"\x1b[16t", b"\x1b[6;20;10t"), (b"\x1b[14t", b"\x1b[4;480;800t"), (b"\x1b[c", b"\x1b[?62;22c"),
    (b"\x1b[0c", b"\x1b[?62;22c"),
]


def on_pty(argv, cwd):
    """Wall seconds of one run on an answering 80×24 pty; stderr to /dev/null."""
    path = shutil.which(argv[0]) if "/" not in argv[0] else argv[0]
    if path is None:
        sys.exit(f"bench: {argv[0]} not found")
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, PIXEL_WIDTH, PIXEL_HEIGHT))
    null = os.open(os.devnull, os.O_WRONLY)
    actions = [(os.POSIX_SPAWN_DUP2, slave, 0), (os.POSIX_SPAWN_DUP2, slave, 1), (os.POSIX_SPAWN_DUP2, null, 2),
               (os.POSIX_SPAWN_CLOSE, master)]
    old = os.getcwd()
    os.chdir(cwd)
    try:
        start = time.perf_counter()
        pid = os.posix_spawn(path, argv, os.environ, file_actions=actions)
    finally:
        os.chdir(old)
    os.close(slave)
    os.close(null)
    tail = b""
    while True:
        try:
            chunk = os.read(master, 1 << 16)
        except OSError:  # EIO: every copy of the slave side is closed
            break
        if not chunk:
            break
        seen = tail + chunk
        for question, answer in ANSWERS:
            if question in seen:
                os.write(master, answer)
        tail = seen[-16:]
    _, status = os.waitpid(pid, 0)
    elapsed = time.perf_counter() - start
    os.close(master)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"bench: {' '.join(argv)} exited {os.waitstatus_to_exitcode(status)} on the pty")
    return elapsed


class PtyMeasure:
    """Alternating runs on the pty, after one warm-up run of each."""

    def __init__(self, commands, runs, cwd):
        self.commands = commands
        self.times = {name: [] for name in commands}
        for argv in commands.values():
            on_pty(argv, cwd)
        for _ in range(runs):
            for name, argv in commands.items():
                self.times[name].append(on_pty(argv, cwd))

    def median(self, name):
        return statistics.median(self.times[name])


def sixel_width(width, height):
    """The width `view --graphics sixel` draws a width×height picture at on this pty (Fit.graphics)."""
    box_width, box_height = PIXEL_WIDTH, PIXEL_HEIGHT * (ROWS - 2) // ROWS
    if width <= box_width and height <= box_height:
        return width
    if width * box_height >= height * box_width:
        return box_width
    return width * box_height // height


def bench_terminal(imgsel, work, args, report, peak_kib, make_photos):
    for tool, package in [("chafa", "chafa"), ("timg", "timg"), ("img2sixel", "libsixel-bin")]:
        if shutil.which(tool) is None:
            sys.exit(f"bench: {tool} not found (Debian: apt-get install {package})")
    photos = args.photos or os.path.join(work, "photos")
    os.makedirs(photos, exist_ok=True)
    make_photos(photos)
    photo = os.path.join(photos, "photo-baseline.jpg")
    out = os.path.join(work, "terminal")
    os.makedirs(out, exist_ok=True)
    os.spawnv(os.P_WAIT, imgsel, [imgsel, "-f", os.path.join(out, "sel.json"), "-q", "add", photo])
    view = [imgsel, "-f", "sel.json", "view"]
    runs = args.pixel_runs * 2 + 1
    print(f"terminal (the 12-megapixel JPEG on an 80×24 pty of 10×20-pixel cells; {runs} runs each)")

    m = PtyMeasure({"imgsel blocks": view + ["--graphics", "blocks"],
                    "chafa symbols": ["chafa", "--size", "80x22", "-f", "symbols", photo],
                    "timg quarter": ["timg", "-g80x22", "-pq", photo]}, runs, out)
    report("view --graphics blocks", m, "imgsel blocks", "chafa symbols", 1.0)
    report("view --graphics blocks", m, "imgsel blocks", "timg quarter", 1.0)

    width = sixel_width(4000, 3000)
    m = PtyMeasure({"imgsel sixel": view + ["--graphics", "sixel"],
                    f"img2sixel -w {width}": ["img2sixel", "-w", str(width), photo]}, runs, out)
    report("view --graphics sixel", m, "imgsel sixel", f"img2sixel -w {width}", 1.0)

    m = PtyMeasure({"imgsel kitty": view + ["--graphics", "kitty"], "timg kitty": ["timg", "-g80x22", "-pk", photo],
                    "imgsel iterm": view + ["--graphics", "iterm"], "timg iterm": ["timg", "-g80x22", "-pi", photo]},
                   runs, out)
    report("view --graphics kitty", m, "imgsel kitty", "timg kitty", None)
    report("view --graphics iterm", m, "imgsel iterm", "timg iterm", None)
    for way in ["blocks", "sixel", "kitty"]:
        peak = peak_kib(view + ["--graphics", way, "--image"], out) / 1024
        print(f"    peak memory  imgsel view --graphics {way:<7} {peak:7.1f} MiB")

    if args.baseline_bin:
        baseline = os.path.abspath(args.baseline_bin)
        os.spawnv(os.P_WAIT, baseline, [baseline, "-f", os.path.join(out, "base.json"), "-q", "add", photo])
        m = PtyMeasure({"imgsel view --no-image": view + ["--no-image"],
                        "baseline --no-image": [baseline, "-f", "base.json", "view", "--no-image"]},
                       args.runs, out)
        report("start-up, view --no-image", m, "imgsel view --no-image", "baseline --no-image", 1.5)
    else:
        print("  start-up of view --no-image: no --baseline-bin given, not compared")
