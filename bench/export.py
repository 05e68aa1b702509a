"""The export figure of `make bench` (issues 25 and 44): `export --max-side 2048` of the nine 12-MP bench
JPEGs against vipsthumbnail writing the same nine at 2048 (Q=85, optimised Huffman, stripped),
with peak memory and the bytes each wrote. Called by bench.py with its Measure and report helpers,
alternating runs in the same session. The machine may be shared with other builds: the timings
say so beside them (the load average is printed), and a ratio is only as good as that quiet.
"""
import os
import shutil
import subprocess

SPEC_BYTES_PER_PIXEL = 8
SPEC_EXTRA = 32 << 20


def folder_bytes(folder):
    return sum(os.path.getsize(os.path.join(folder, n)) for n in os.listdir(folder))


def bench_export(imgsel, work, args, Measure, report, make_photos):
    """Returns one True or False for each goal checked outside report() (the memory one)."""
    photos = args.photos or os.path.join(work, "photos")
    os.makedirs(photos, exist_ok=True)
    make_photos(photos)
    out = os.path.join(work, "export")
    os.makedirs(out, exist_ok=True)
    nine = [os.path.join(photos, f"nine-{i}.jpg") for i in range(1, 10)]
    subprocess.run([imgsel, "-f", "nine.json", "add", *nine], cwd=out, check=True, stdout=subprocess.DEVNULL)

    def fresh(_):
        for d in ("ours", "vips"):
            shutil.rmtree(os.path.join(out, d), ignore_errors=True)
        os.mkdir(os.path.join(out, "vips"))  # vipsthumbnail writes into a folder; export makes its own

    commands = {
        "imgsel export": [imgsel, "-f", "nine.json", "export", "ours", "--max-side", "2048"],
        "vipsthumbnail": ["vipsthumbnail", *nine, "--size", "2048",
                          "-o", os.path.join(out, "vips", "%s.jpg[Q=85,optimize_coding,strip]")],
    }
    print(f"export (nine 12-MP JPEGs to 2048 px; load average {os.getloadavg()[0]:.2f} on a machine shared"
          " with other builds: timings are as quiet as it was)")
    m = Measure(commands, max(3, args.pixel_runs // 2), out, before=fresh)
    # Issue 44's goal: at most 0.75 of vipsthumbnail's time.
    report("export --max-side 2048 (nine)", m, "imgsel export", "vipsthumbnail", 0.75)
    # CPU seconds too: on a shared machine they say more than the wall clock about the work each does.
    for name, argv in commands.items():
        fresh(None)
        times = os.path.join(out, ".times")
        subprocess.run(["/usr/bin/time", "-f", "%U %S", "-o", times] + argv, cwd=out, check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with open(times) as f:
            user, system = (float(v) for v in f.read().split()[-2:])
        print(f"    cpu time     {name:<14} {user + system:6.2f} s (user {user:.2f}, system {system:.2f})")
    # Issue 44: the whole process within one photo's decode budget, however many workers it runs.
    budget = (4000 * 3000 * SPEC_BYTES_PER_PIXEL + SPEC_EXTRA) / (1 << 20)
    ours_peak, vips_peak = m.peak_mib("imgsel export"), m.peak_mib("vipsthumbnail")
    print(f"    peak memory  imgsel export {ours_peak:7.1f} MiB, vipsthumbnail {vips_peak:7.1f} MiB;"
          f" goal the whole process within one photo's decode budget ({budget:.0f} MiB):"
          f" {'met' if ours_peak <= budget else 'NOT met'}")
    fresh(None)
    subprocess.run(commands["imgsel export"], cwd=out, check=True, stdout=subprocess.DEVNULL)
    subprocess.run(commands["vipsthumbnail"], cwd=out, check=True, stdout=subprocess.DEVNULL)
    ours, vips = folder_bytes(os.path.join(out, "ours")), folder_bytes(os.path.join(out, "vips"))
    print(f"    bytes written  imgsel {ours / 1e6:6.2f} MB, vipsthumbnail {vips / 1e6:6.2f} MB"
          f" (ratio {ours / vips:4.2f}; both quality 85)")
    return [ours_peak <= budget]
