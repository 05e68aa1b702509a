#!/usr/bin/env python3
"""`make alike-check`: imgsel's alike distance against imagehash's pHash and dHash on real photographs
(tools/alike/make_corpus.py) and their transformations. Prints recall for each transformation, recall on
bursts, and precision over every pair of files from different photographs: imgsel at its default
`--distance`, imagehash at its best single threshold on the same pairs (the one of highest F1).

    check.py --matrix BIN/alike-matrix --corpus DIR [--distance 20]
Exit 1 when imgsel misses the issue's goals (recall 0.95 on transformations, 0.8 on bursts, precision 0.99)."""
import argparse
import os
import subprocess
import sys

import imagehash
from PIL import Image, ImageOps


def imgsel_distances(matrix, files):
    run = subprocess.run([matrix], input="\n".join(files) + "\n", capture_output=True, text=True, check=True)
    lines = run.stdout.splitlines()
    heads, rows = lines[:len(files)], lines[len(files):]
    bad = [h for h in heads if h.startswith("-")]
    if bad:
        sys.exit("not decoded:\n" + "\n".join(bad))
    dist = {}
    for i, row in enumerate(rows):
        for j, value in enumerate(row.split()):
            dist[(i, j)] = dist[(j, i)] = int(value)
    return lambda i, j: dist[(i, j)]


def imagehash_distances(files, hasher):
    # Upright as imgsel sees them (imagehash itself ignores EXIF orientation).
    hashes = [hasher(ImageOps.exif_transpose(Image.open(f)).convert("RGB")) for f in files]
    return lambda i, j: hashes[i] - hashes[j]


def source(path):
    return os.path.dirname(path)


def evaluate(distance, positives, negatives, limit):
    recall = {}
    for kind, i, j in positives:
        recall.setdefault(kind, []).append(distance(i, j) <= limit)
    tp = sum(distance(i, j) <= limit for _, i, j in positives)
    fp = sum(distance(i, j) <= limit for i, j in negatives)
    return {k: sum(v) / len(v) for k, v in recall.items()}, tp, fp


def best_threshold(distance, positives, negatives, candidates):
    best = None
    for t in candidates:
        _, tp, fp = evaluate(distance, positives, negatives, t)
        f1 = 2 * tp / (2 * tp + fp + (len(positives) - tp))
        if best is None or f1 > best[0]:
            best = (f1, t)
    return best[1]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--matrix", required=True)
    parser.add_argument("--corpus", required=True)
    parser.add_argument("--distance", type=int, default=20)
    args = parser.parse_args()
    pairs = [line.rstrip("\n").split("\t") for line in open(os.path.join(args.corpus, "pairs.tsv"))]
    files = sorted({p for _, a, b in pairs for p in (a, b)})
    index = {f: i for i, f in enumerate(files)}
    paths = [os.path.join(args.corpus, f) for f in files]
    positives = [(kind, index[a], index[b]) for kind, a, b in pairs]
    negatives = [(i, j) for i in range(len(files)) for j in range(i) if source(files[i]) != source(files[j])]
    methods = [("imgsel", imgsel_distances(args.matrix, paths), args.distance)]
    for name, hasher in (("pHash", imagehash.phash), ("dHash", imagehash.dhash)):
        d = imagehash_distances(paths, hasher)
        methods.append((name, d, best_threshold(d, positives, negatives, range(0, 33))))
    results = [(name, limit) + evaluate(d, positives, negatives, limit) for name, d, limit in methods]
    kinds = list(dict.fromkeys(kind for kind, _, _ in positives))
    print(f"{len(set(source(f) for f in files))} photographs, {len(files)} files, {len(positives)} alike pairs, "
          f"{len(negatives)} distinct pairs")
    print(f"{'':24}" + "".join(f"{f'{n} ≤{t}':>14}" for n, t, *_ in results))
    for kind in kinds:
        print(f"{kind:24}" + "".join(f"{r[2][kind]:14.2f}" for r in results))
    goals = []
    for label, group in (("transformations", [k for k in kinds if not k.startswith("burst")]),
                         ("bursts", [k for k in kinds if k.startswith("burst")])):
        line = f"{'recall, ' + label:24}"
        for name, _, recall, _, _ in results:
            cases = [(k, i, j) for k, i, j in positives if k in group]
            hit = sum(recall[k] * sum(1 for c in cases if c[0] == k) for k in group) / len(cases)
            line += f"{hit:14.3f}"
            if name == "imgsel":
                goals.append((label, hit, 0.95 if label == "transformations" else 0.8))
        print(line)
    line = f"{'precision':24}"
    for name, _, _, tp, fp in results:
        precision = tp / (tp + fp) if tp + fp else 1.0
        line += f"{precision:14.4f}"
        if name == "imgsel":
            goals.append(("precision", precision, 0.99))
    print(line)
    print(f"{'false alike (of distinct)':24}" + "".join(f"{r[4]:14d}" for r in results))
    missed = [f"{label} {value:.3f} < {goal}" for label, value, goal in goals if value < goal]
    if missed:
        print("alike-check: under the goal: " + ", ".join(missed))
        return 1
    print("alike-check: every goal met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
