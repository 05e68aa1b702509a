"""A quick harness for tuning the JPEG encoder's bytes (issue 25), apart from `make bench`'s photos.

    python3 bench/jpeg_tune.py --bin PATH/jpeg-encode --photos DIR [--env K=V ...] [--ladder 45,55,...]

Each PNG in DIR is encoded by the binary at a ladder of qualities and scored with SSIMULACRA2 (PyPI
`ssimulacra2`) as bench/jpeg.py does; cjpeg -optimize's scores and bytes at q60/75/85 (cached beside
the photos) are the reference; prints each photo's bytes ratio at those three scores and their
geometric mean; with PyPI's pyjpegli installed, the same against jpegli (its curve on JPEGLI_LADDER, cached
beside cjpeg's), each photo's mean of the three and their geometric mean. Environment pairs are passed to the encoder: main's encoder reads none; they are for the knobs a
development build adds while tuning.
"""
import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from jpeg import TARGETS, bytes_at, jpegli_missing  # noqa: E402  (the bench's own curve reading, so the two agree)

# jpegli's ladder: wide enough that every photo's curve spans cjpeg's q60 to q85 scores.
JPEGLI_LADDER = [30, 40, 50, 58, 65, 72, 78, 84, 89, 93, 96]


def score(job):
    source, jpeg = job
    from ssimulacra2 import compute_ssimulacra2
    return compute_ssimulacra2(source, jpeg)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--photos", required=True)
    parser.add_argument("--env", nargs="*", default=[])
    parser.add_argument("--ladder", default="45,55,65,72,78,84,89,93")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    from PIL import Image
    photos = sorted(os.path.join(args.photos, n) for n in os.listdir(args.photos) if n.endswith(".png"))
    env = dict(os.environ, **dict(kv.split("=", 1) for kv in args.env))
    ladder = [int(q) for q in args.ladder.split(",")]
    cache_path = os.path.join(args.photos, "cjpeg-reference.json")
    cache = json.load(open(cache_path)) if os.path.exists(cache_path) else {}
    work = tempfile.mkdtemp(prefix="jpeg-tune-")
    jobs, outputs = [], []
    jpegli = jpegli_missing() is None
    for photo in photos:
        stem = os.path.basename(photo)[:-4]
        if jpegli and "jpegli" not in cache.get(stem, {}):
            import pyjpegli
            rgb = Image.open(photo).convert("RGB")
            for q in JPEGLI_LADDER:
                out = os.path.join(work, f"{stem}-j{q}.jpg")
                with open(out, "wb") as f:
                    f.write(pyjpegli.encode(rgb.tobytes(), rgb.width, rgb.height, quality=q))
                jobs.append((photo, out))
                outputs.append(("j", stem, q, out))
        if str(TARGETS[0]) not in cache.get(stem, {}):
            im = Image.open(photo)
            pnm = os.path.join(work, stem + (".pgm" if im.mode == "L" else ".ppm"))
            im.convert("L" if im.mode == "L" else "RGB").save(pnm)
            for q in TARGETS:
                out = os.path.join(work, f"{stem}-c{q}.jpg")
                subprocess.run(["cjpeg", "-quality", str(q), "-optimize", "-outfile", out, pnm], check=True)
                jobs.append((photo, out))
                outputs.append(("c", stem, q, out))
        for q in ladder:
            out = os.path.join(work, f"{stem}-o{q}.jpg")
            subprocess.run([args.bin, photo, out, "--quality", str(q)], check=True, env=env)
            jobs.append((photo, out))
            outputs.append(("o", stem, q, out))
    with Pool(args.jobs) as pool:
        scores = pool.map(score, jobs)
    curves = {}
    for (kind, stem, q, out), s in zip(outputs, scores):
        if kind == "c":
            cache.setdefault(stem, {})[str(q)] = [os.path.getsize(out), s]
        elif kind == "j":
            cache.setdefault(stem, {}).setdefault("jpegli", []).append([os.path.getsize(out), s])
        else:
            curves.setdefault(stem, []).append((os.path.getsize(out), s, q))
        os.remove(out)
    json.dump(cache, open(cache_path, "w"))
    logs, jlogs, worst = [], [], (0, "")
    for stem in sorted(curves):
        row, jrow = [], []
        for t in TARGETS:
            b_ref, s_ref = cache[stem][str(t)]
            b = bytes_at([(b, s) for b, s, _ in curves[stem]], s_ref)
            row.append(f"{b / b_ref:.3f}" if b else "  -  ")
            if b:
                logs.append(math.log(b / b_ref))
            j = bytes_at([tuple(p) for p in cache[stem].get("jpegli", [])], s_ref)
            if b and j:
                jrow.append(math.log(b / j))
        line = f"  {stem:<16} " + " ".join(row)
        if jrow:
            jlogs += jrow
            mean = math.exp(sum(jrow) / len(jrow))
            worst = max(worst, (mean, stem))
            line += "   / jpegli " + " ".join(f"{math.exp(r):.3f}" for r in jrow) + f"  mean {mean:.3f}"
        print(line)
    text = f"geomean {math.exp(sum(logs) / len(logs)):.4f}  ({len(logs)} points)"
    if jlogs:
        text += f"  / jpegli {math.exp(sum(jlogs) / len(jlogs)):.4f}, worst photo {worst[0]:.3f} ({worst[1]})"
    print(text + f"  env {' '.join(args.env)}")
    sys.stdout.flush()
    for name in os.listdir(work):
        os.remove(os.path.join(work, name))
    os.rmdir(work)


if __name__ == "__main__":
    main()
