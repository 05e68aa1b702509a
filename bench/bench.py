#!/usr/bin/env python3
"""imgsel against the tools a shell script would use instead (`make bench`).

Each figure runs imgsel and its peer alternately in the same loop, so load
from other processes falls on both alike, and prints the medians, their
ratio and the goal from issue 4. Peak memory is the maxrss `/usr/bin/time`
reports for one extra run of each command (a shell step: its largest
process). Not a test: nothing here fails the build; it only measures.

Usage: bench/bench.py --bin PATH/TO/imgsel [--baseline-bin PATH] [--size-mb 512] [--runs 21] [--big-runs 5]
       [--photos DIR] [--only selection|pixels|terminal|interactive|export|jpeg|alike|avif]

The peers, from Debian: openssl, jq (selection); libvips-tools, imagemagick (pixels); libjpeg-turbo-progs,
Pillow and PyPI's ssimulacra2 (jpeg);
chafa, timg, libsixel-bin (terminal); fzf, timg (interactive); dav1d, libvips-tools, cc (avif). Pillow makes the 12-MP
photos (../shared/tools/make_bench_photos.py) when --photos has none.
"""

import argparse
import os
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import time
import zlib

DEVNULL = os.open(os.devnull, os.O_RDWR)


def spawn(argv, cwd):
    """Wall seconds of one run; stdout and stderr go to /dev/null."""
    path = shutil.which(argv[0]) if "/" not in argv[0] else argv[0]
    if path is None:
        sys.exit(f"bench: {argv[0]} not found")
    actions = [(os.POSIX_SPAWN_DUP2, DEVNULL, 0), (os.POSIX_SPAWN_DUP2, DEVNULL, 1), (os.POSIX_SPAWN_DUP2, DEVNULL, 2)]
    old = os.getcwd()
    os.chdir(cwd)
    try:
        start = time.perf_counter()
        pid = os.posix_spawn(path, argv, os.environ, file_actions=actions)
        _, status = os.waitpid(pid, 0)
        elapsed = time.perf_counter() - start
    finally:
        os.chdir(old)
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"bench: {' '.join(argv)} exited {code}")
    return elapsed


def peak_kib(argv, cwd):
    """maxrss of one run as /usr/bin/time reports it. (Measured from a small
    parent: a child forked from this Python process would inherit its RSS.)"""
    out = os.path.join(cwd, ".maxrss")
    spawn(["/usr/bin/time", "-f", "%M", "-o", out] + argv, cwd)
    with open(out) as f:
        value = int(f.read().split()[-1])
    os.unlink(out)
    return value


class Measure:
    """Alternating runs of several commands; `before` resets state outside the timing."""

    def __init__(self, commands, runs, cwd, before=None):
        self.commands = commands  # name -> argv
        self.times = {name: [] for name in commands}
        self.peak = {}
        for name, argv in commands.items():  # the warm-up run (page cache, loader) also measures memory
            if before:
                before(name)
            self.peak[name] = peak_kib(argv, cwd)
            if name.startswith("imgsel"):
                IMGSEL_PEAKS.append((name, self.peak[name]))
        for _ in range(runs):
            for name, argv in commands.items():
                if before:
                    before(name)
                self.times[name].append(spawn(argv, cwd))

    def median(self, name):
        return statistics.median(self.times[name])

    def peak_mib(self, name):
        return self.peak[name] / 1024

    def spread(self, *names):
        """The fastest to slowest run of each command and the load: a goal held as stable is read with them."""
        runs = ", ".join(f"{name} {min(self.times[name]) * 1000:.1f}-{max(self.times[name]) * 1000:.1f} ms"
                         for name in names)
        return f"spread of the {len(self.times[names[0]])} runs: {runs}; load {os.getloadavg()[0]:.2f}"


IMGSEL_PEAKS = []


def fmt_time(seconds):
    return f"{seconds * 1000:9.1f} ms" if seconds < 10 else f"{seconds:9.2f} s "


RESULTS = []


def report(figure, measure, ours, peer, goal):
    a, b = measure.median(ours), measure.median(peer)
    ratio = a / b
    met = "" if goal is None else ("met" if ratio <= goal else "NOT met")
    goal_text = f"<= {goal:.2f}" if goal is not None else "(info)"
    print(f"{figure:<30} imgsel {fmt_time(a)}  {peer:<16}{fmt_time(b)}  ratio {ratio:5.2f}  goal {goal_text:<7} {met}")
    RESULTS.append((figure, ratio, goal, met))
    sys.stdout.flush()


def memory_lines(measure):
    for name in measure.commands:
        print(f"    peak memory  {name:<22} {measure.peak_mib(name):7.1f} MiB")


# ---------------------------------------------------------------- inputs

def png(width, height, pixels, extra=b""):
    """A real PNG (8-bit RGB, no filter), plus `extra` as an ancillary chunk."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    raw = b"".join(b"\0" + pixels[y * width * 3:(y + 1) * width * 3] for y in range(height))
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
    if extra:
        out += chunk(b"raWd", extra)
    return out + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")


def write_big_png(path, size_mb):
    """A PNG whose bulk is one ancillary chunk of random bytes: an image to `add`, the size of a camera file."""
    header = b"\x89PNG\r\n\x1a\n"
    ihdr = struct.pack(">IIBBBBB", 4000, 3000, 8, 2, 0, 0, 0)
    body_size = size_mb * 1024 * 1024 - 200
    with open(path, "wb") as f:
        f.write(header)
        f.write(struct.pack(">I", len(ihdr)) + b"IHDR" + ihdr + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr)))
        f.write(struct.pack(">I", body_size) + b"raWd")
        crc = zlib.crc32(b"raWd")
        left = body_size
        while left > 0:
            block = os.urandom(min(left, 8 << 20))
            crc = zlib.crc32(block, crc)
            f.write(block)
            left -= len(block)
        f.write(struct.pack(">I", crc & 0xFFFFFFFF))
        f.write(struct.pack(">I", 0) + b"IEND" + struct.pack(">I", zlib.crc32(b"IEND")))


SHELL_ADD = r"""
# What a pipeline writes instead of `imgsel add`: per file, hash, identify, append to a JSON array.
set -e
echo '[]' > shell.json
for f in "$@"; do
    sha=$(sha256sum "$f" | cut -d' ' -f1)
    kind=$(file -b "$f")
    bytes=$(stat -c %s "$f")
    jq --arg path "$f" --arg sha "$sha" --arg kind "$kind" --argjson bytes "$bytes" \
        '. + [{path: $path, sha256: $sha, type: $kind, bytes: $bytes}]' shell.json > shell.json.tmp
    mv shell.json.tmp shell.json
done
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True, help="the release imgsel binary")
    parser.add_argument("--size-mb", type=int, default=512, help="size of the big file (hashing, save)")
    parser.add_argument("--runs", type=int, default=21, help="runs per command for the small figures")
    parser.add_argument("--big-runs", type=int, default=5, help="runs per command for the big-file figures")
    parser.add_argument("--pixel-runs", type=int, default=7, help="runs per command for the picture figures")
    parser.add_argument("--photos", help="a folder with make_bench_photos.py's files (made when missing)")
    parser.add_argument("--only", choices=["selection", "pixels", "terminal", "interactive", "export", "jpeg", "alike",
                                                 "avif"],
                        help="one part of the bench")
    parser.add_argument("--baseline-bin", help="an imgsel from before pictures in the terminal, for view's start-up")
    parser.add_argument("--pty-runs", type=int, default=7, help="runs per command for the full-screen figures")
    args = parser.parse_args()
    imgsel = os.path.abspath(args.bin)
    work = tempfile.mkdtemp(prefix="imgsel-bench-")
    try:
        bench(imgsel, work, args)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def bench(imgsel, work, args):
    print(f"imgsel bench: {imgsel}")
    print(f"  {os.uname().machine}, {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.2f}; temp dir {work}")
    print(f"  medians of alternating runs ({args.runs} small, {args.big_runs} big, {args.pixel_runs} pictures);"
          " ratio = imgsel / peer")
    print()
    env_clear = {k: v for k, v in os.environ.items() if not k.startswith("IMGSEL_")}
    os.environ.clear()
    os.environ.update(env_clear)
    extra_goals = []
    if args.only in (None, "selection"):
        bench_selection(imgsel, work, args)
    if args.only in (None, "pixels"):
        import pixels
        print()
        extra_goals = pixels.bench_pixels(imgsel, work, args, Measure, report, peak_kib)
    if args.only in (None, "terminal"):
        import pixels
        import terminal
        print()
        terminal.bench_terminal(imgsel, work, args, report, peak_kib, pixels.make_photos)
    if args.only in (None, "interactive"):
        import interactive
        import pixels
        print()
        photos = args.photos or os.path.join(work, "photos")
        os.makedirs(photos, exist_ok=True)
        pixels.make_photos(photos)
        extra_goals += interactive.bench_interactive(imgsel, work, photos, args.pty_runs, report)
    if args.only in (None, "export"):
        import export
        import pixels
        print()
        extra_goals += export.bench_export(imgsel, work, args, Measure, report, pixels.make_photos)
    if args.only in (None, "jpeg"):
        import jpeg
        import pixels
        print()
        extra_goals += jpeg.bench_jpeg(imgsel, work, args, Measure, report, pixels.make_photos)
    if args.only in (None, "alike"):
        import alike
        import pixels
        print()
        extra_goals += alike.bench_alike(imgsel, work, args, Measure, report, pixels.make_photos)
    if args.only in (None, "avif"):
        import avif
        import pixels
        print()
        extra_goals += avif.bench_avif(imgsel, work, args, Measure, report, pixels.make_photos)
    print()
    met = sum(1 for r in RESULTS if r[3] == "met" and r[2] is not None) + sum(extra_goals)
    goals = sum(1 for r in RESULTS if r[2] is not None) + len(extra_goals)
    print(f"goals met: {met} of {goals}")


def bench_selection(imgsel, work, args):

    # Nine small, real images.
    names = []
    for i in range(9):
        name = f"img{i + 1}.png"
        with open(os.path.join(work, name), "wb") as f:
            f.write(png(64, 48, os.urandom(64 * 48 * 3)))
        names.append(name)
    with open(os.path.join(work, "add.sh"), "w") as f:
        f.write(SHELL_ADD)

    # Start-up floor: a command that does nothing but answer.
    m = Measure({"imgsel --version": [imgsel, "--version"], "true": ["/bin/true"]}, args.runs, work)
    report("start-up (--version vs /bin/true)", m, "imgsel --version", "true", None)

    # list and view --index of a full selection against jq reading the same file.
    spawn([imgsel, "-f", "full.json", "add"] + names, work)
    m = Measure({"imgsel list": [imgsel, "-f", "full.json", "list"],
                 "imgsel view --index": [imgsel, "-f", "full.json", "view", "--index"],
                 "jq": ["jq", ".", "full.json"]}, args.runs, work)
    report("list (9 entries)", m, "imgsel list", "jq", 0.25)
    report("view --index (9 entries)", m, "imgsel view --index", "jq", 0.25)
    memory_lines(m)

    # add of nine images against the shell step.
    def fresh(_):
        for stale in ("add.json", "add.json.lock", "shell.json"):
            try:
                os.unlink(os.path.join(work, stale))
            except FileNotFoundError:
                pass
    m = Measure({"imgsel add": [imgsel, "-f", "add.json", "add"] + names,
                 "shell step": ["sh", "add.sh"] + names}, args.runs, work, before=fresh)
    report("add of nine images", m, "imgsel add", "shell step", 0.5)
    memory_lines(m)
    print()

    # Hashing a big file.
    big = os.path.join(work, "big.png")
    write_big_png(big, args.size_mb)
    m = Measure({"imgsel info": [imgsel, "info", "big.png"],
                 "openssl dgst": ["openssl", "dgst", "-sha256", "big.png"],
                 "sha256sum": ["sha256sum", "big.png"]}, args.big_runs, work)
    mb = args.size_mb * 1.048576
    print(f"  hashing {args.size_mb} MiB: imgsel {mb / m.median('imgsel info'):.0f} MB/s, "
          f"openssl {mb / m.median('openssl dgst'):.0f} MB/s, sha256sum {mb / m.median('sha256sum'):.0f} MB/s")
    report(f"hash {args.size_mb} MiB (info)", m, "imgsel info", "openssl dgst", 1.0)
    report(f"hash {args.size_mb} MiB (info)", m, "imgsel info", "sha256sum", 0.25)
    memory_lines(m)

    # save of the big file against cp, and against cp followed by an fsync of the copy (what save does).
    spawn([imgsel, "-f", "big.json", "add", "big.png"], work)
    album = os.path.join(work, "album")
    os.mkdir(album)

    def clear_album(_):
        for name in os.listdir(album):
            os.unlink(os.path.join(album, name))
    # save verifies and fsyncs its copy; cp does neither. The last peer does both, as a script would;
    # imgsel info (hashing the same file) is the floor for a save that verifies.
    m = Measure({"imgsel save": [imgsel, "-f", "big.json", "--album", "album", "save"],
                 "imgsel info": [imgsel, "info", "big.png"],
                 "cp": ["cp", "big.png", "album/big.png"],
                 "cp+sync": ["sh", "-c", "cp big.png album/big.png && sync album/big.png"],
                 "cp+openssl+sync": ["sh", "-c", "cp big.png album/big.png && openssl dgst -sha256 album/big.png"
                                     " && sync album/big.png"]},
                args.big_runs, work, before=clear_album)
    report(f"save {args.size_mb} MiB", m, "imgsel save", "cp", 1.2)
    report(f"save {args.size_mb} MiB", m, "imgsel save", "cp+sync", None)
    report(f"save {args.size_mb} MiB", m, "imgsel save", "cp+openssl+sync", None)
    report(f"save {args.size_mb} MiB", m, "imgsel save", "imgsel info", None)
    memory_lines(m)
    clear_album(None)
    os.unlink(big)

    print()
    name, worst = max(IMGSEL_PEAKS, key=lambda p: p[1])
    memory_met = worst < 32 * 1024
    print(f"peak memory: largest imgsel run of the selection commands {worst / 1024:.1f} MiB ({name});"
          f" goal < 32 MiB {'met' if memory_met else 'NOT met'}")
    RESULTS.append(("selection memory", worst / 1024, 32, "met" if memory_met else "NOT met"))


if __name__ == "__main__":
    main()
