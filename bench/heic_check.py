#!/usr/bin/env python3
"""HEVC corpus check: encodes small synthetic pictures with x265 over many switch sets,
decodes each stream with dec265 (libde265) and with imgsel's decoder (the hevc-yuv helper),
and compares the YUV bit for bit. Prints one line per mismatch and the count bit-exact. Where
ours differs from dec265 but equals x265's own reconstruction (--recon), the line says so: the
encoder's reconstruction is the ground truth, and such a stream counts as bit-exact.

Usage: heic_check.py --decoder PATH [--quick] [--keep DIR]
"""
import argparse, math, os, random, shutil, subprocess, sys, tempfile

DEC265 = shutil.which("dec265") or shutil.which("libde265-dec265")


def make_yuv(path, w, h, seed, depth=8, mono=False):
    """A picture with gradients, rings, flat squares and noise, so every mode and size gets used."""
    r = random.Random(seed)
    maxv = (1 << depth) - 1

    def plane(pw, ph, k):
        cx, cy = r.uniform(0, pw), r.uniform(0, ph)
        noise = r.uniform(0.0, 0.2)
        out = []
        for y in range(ph):
            for x in range(pw):
                v = 0.5 + 0.3 * math.sin(x * 0.15 * k + y * 0.07) + 0.2 * math.cos(math.hypot(x - cx, y - cy) * 0.2)
                if (x // 8 + y // 8) % 5 == 0:
                    v = 0.9
                v += r.uniform(-noise, noise)
                out.append(max(0, min(maxv, int(v * maxv))))
        return out

    data = plane(w, h, 1)
    if not mono:
        cw, ch = (w + 1) // 2, (h + 1) // 2
        data += plane(cw, ch, 2) + plane(cw, ch, 3)
    with open(path, "wb") as f:
        f.write(b"".join(v.to_bytes(2, "little") for v in data) if depth > 8 else bytes(data))


def option_sets(quick):
    base = ["--frames", "1", "-I", "1", "--fps", "1"]
    sets = []
    presets = ["ultrafast", "superfast", "veryfast", "faster", "fast", "medium", "slow", "slower", "veryslow"]
    for p in presets:
        sets.append(["--preset", p])
    for ctu in ["16", "32", "64"]:
        for extra in [[], ["--no-sao"], ["--no-deblock"], ["--no-sao", "--no-deblock"]]:
            sets.append(["--preset", "medium", "--ctu", ctu] + extra)
    for depth in ["1", "2", "3", "4"]:
        sets.append(["--preset", "slow", "--tu-intra-depth", depth, "--max-tu-size", "32"])
    for level in ["0", "1", "2"]:
        sets.append(["--preset", "slow", "--rdoq-level", level])
    sets += [
        ["--preset", "medium", "--signhide"], ["--preset", "medium", "--no-signhide"],
        ["--preset", "medium", "--wpp"], ["--preset", "medium", "--no-wpp"],
        ["--preset", "slow", "--wpp", "--ctu", "16"],
        ["--preset", "medium", "--scaling-list", "default"],
        ["--preset", "slow", "--scaling-list", "default", "--ctu", "16"],
        ["--preset", "medium", "--tskip"], ["--preset", "slow", "--tskip", "--rdoq-level", "2"],
        ["--preset", "medium", "--cu-lossless"], ["--preset", "medium", "--lossless"],
        ["--preset", "medium", "--strong-intra-smoothing"], ["--preset", "medium", "--no-strong-intra-smoothing"],
        ["--preset", "medium", "--constrained-intra"],
        ["--preset", "medium", "--aq-mode", "2"], ["--preset", "medium", "--aq-mode", "3", "--qg-size", "8"],
        ["--preset", "medium", "--min-cu-size", "16"], ["--preset", "medium", "--max-tu-size", "8"],
        ["--preset", "medium", "--max-tu-size", "16"],
        ["--preset", "medium", "--rd", "6"], ["--preset", "medium", "--rd", "1"],
        ["--preset", "medium", "--pmode"],
        ["--preset", "medium", "--slices", "2"], ["--preset", "medium", "--slices", "3", "--wpp"],
        ["--preset", "medium", "--cbqpoffs", "3", "--crqpoffs", "-4"],
        ["--preset", "medium", "--deblock", "3:-2"], ["--preset", "medium", "--deblock", "-3:4"],
        ["--preset", "medium", "--keyint", "1"],
    ]
    for qp in ["0", "4", "12", "22", "32", "42", "51"]:
        sets.append(["--preset", "medium", "--qp", qp])
    if quick:
        sets = sets[::4]
    # Pictures smaller than 64: a CTU of 16.
    sets += [["--preset", p, "--ctu", "16", "--small"] for p in ["ultrafast", "medium", "veryslow"]]
    extra = os.environ.get("HEIC_CHECK_EXTRA", "").split()
    return [base + s + extra for s in sets]


def sizes(quick):
    """x265 wants even sides of at least one CTU (64 unless --ctu says less)."""
    s = [(64, 64), (72, 66), (130, 66), (96, 80), (200, 136), (66, 128)]
    return s[:3] if quick else s


def run(cmd, **kw):
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kw)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--decoder", required=True)
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--keep")
    args = ap.parse_args()
    if not shutil.which("x265") or not DEC265:
        print("heic-check needs x265 and dec265 (apt-get install x265 libde265-examples)")
        return 2
    work = args.keep or tempfile.mkdtemp(prefix="heic-check-")
    os.makedirs(work, exist_ok=True)
    total = passed = skipped = 0
    failures = []
    explained = []
    by_recon = 0
    cases = []
    for i, opts in enumerate(option_sets(args.quick)):
        if "--small" in opts:
            opts = [o for o in opts if o != "--small"]
            for w, h in [(16, 16), (18, 18), (34, 20), (48, 26)]:
                cases.append((opts, w, h, 8, False))
            continue
        # Each set on several sizes (and so several pictures): 3 of them, 1 with --quick.
        for k in range(1 if args.quick else 3):
            w, h = sizes(args.quick)[(i + k * 2) % len(sizes(args.quick))]
            if "--slices" in opts:
                w, h = 130, 200 + 64 * k  # x265 writes a broken slice when there are more slices than CTU rows
            cases.append((opts, w, h, 8, False))
    for depth, mono in [(8, True), (10, False), (10, True)]:
        for opts in option_sets(args.quick):
            if "--small" in opts:
                continue
            extra = (["--input-csp", "i400"] if mono else []) + (["--output-depth", "10"] if depth > 8 else [])
            cases.append((opts + extra, 64, 64, depth, mono))
    for n, (opts, w, h, depth, mono) in enumerate(cases):
        yuv = os.path.join(work, f"{n}.yuv")
        stream = os.path.join(work, f"{n}.hevc")
        make_yuv(yuv, w, h, n, depth, mono)
        recon = os.path.join(work, f"{n}.recon.yuv")
        enc = run(["x265", "--input", yuv, "--input-res", f"{w}x{h}", "--input-depth", str(depth), "-o", stream,
                   "--recon", recon] + opts, timeout=120)
        if enc.returncode != 0 or os.path.getsize(stream) == 0:
            skipped += 1
            continue
        total += 1
        ref = os.path.join(work, f"{n}.ref.yuv")
        ours = os.path.join(work, f"{n}.out.yuv")
        run([DEC265, "-q", stream, "-o", ref])
        res = run([args.decoder, stream, ours])
        name = f"{w}x{h} {depth}-bit{' mono' if mono else ''} " + " ".join(opts[6:])
        if res.returncode != 0:
            failures.append(f"FAIL {n} {name}: {res.stderr.decode().strip()}")
        elif open(ref, "rb").read() == open(ours, "rb").read():
            passed += 1
        elif os.path.exists(recon) and open(recon, "rb").read() == open(ours, "rb").read():
            passed += 1
            by_recon += 1
            explained.append(f"dec265 differs {n} {name}: ours equals x265's reconstruction")
        else:
            failures.append(f"MISMATCH {n} {name}")
    for f in explained + failures:
        print(f)
    print(f"heic-check: {passed} of {total} streams bit-exact ({passed - by_recon} equal to dec265's YUV, "
          f"{by_recon} to x265's own reconstruction where dec265 differs; {skipped} cases x265 refused)")
    if not args.keep:
        shutil.rmtree(work)
    return 0 if passed == total else 1


if __name__ == "__main__":
    sys.exit(main())
