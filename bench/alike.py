"""`make bench`'s alike figures (issue 43): `similar` over nine 12-MP JPEGs against nine
`thumbnail --size 64` (both decode each photo at its smallest DCT scale, so the difference is the
fingerprint and the comparisons), and `add` of a tenth photo to nine entries whose fingerprints are
kept in the file against one `add` before any entry is there (both decode the new photo once, for its
fingerprint; the goal says the nine entries cost no decode), and that `add` against what one decode
and one hash of the photo cost on their own (`thumbnail --size 64` and `sha256sum`)."""
import os
import subprocess


def bench_alike(imgsel, work, args, Measure, report, make_photos):
    photos = args.photos or os.path.join(work, "photos")
    os.makedirs(photos, exist_ok=True)
    make_photos(photos)
    out = os.path.join(work, "alike")
    os.makedirs(out, exist_ok=True)
    nine = [os.path.join(photos, f"nine-{i}.jpg") for i in range(1, 10)]
    # `similar` exits 1 when two look alike: a shell around both commands keeps the exit 0 the loop wants.
    thumbs = "; ".join(f"'{imgsel}' thumbnail '{p}' '{out}/t{i}.png' --size 64" for i, p in enumerate(nine))
    commands = {
        "imgsel similar": ["sh", "-c", f"'{imgsel}' similar {' '.join(repr(p) for p in nine)} > /dev/null; true"],
        "9 × thumbnail 64": ["sh", "-c", thumbs],
    }
    print(f"alike (nine 12-MP JPEGs; load average {os.getloadavg()[0]:.2f})")
    m = Measure(commands, max(3, args.pixel_runs // 2), out)
    report("similar (nine)", m, "imgsel similar", "9 × thumbnail 64", 1.5)

    subprocess.run([imgsel, "-f", "eight.json", "init", "--capacity", "10"], cwd=out, check=True)
    subprocess.run([imgsel, "-q", "-f", "eight.json", "add", *nine], cwd=out, check=True)
    tenth = os.path.join(photos, "photo-baseline.jpg")

    def fresh(_):
        for name in ("full", "empty"):
            subprocess.run(["cp", "eight.json" if name == "full" else "/dev/null", f"{name}.json"], cwd=out)
        os.unlink(os.path.join(out, "empty.json"))

    commands = {
        "imgsel add (nine there)": [imgsel, "-q", "-f", "full.json", "add", tenth],
        "imgsel add (none)": [imgsel, "-q", "-f", "empty.json", "add", tenth],
    }
    commands["thumbnail 64 + sha256sum"] = [
        "sh", "-c", f"'{imgsel}' thumbnail '{tenth}' '{out}/tenth.png' --size 64 && sha256sum '{tenth}' > /dev/null"]
    m = Measure(commands, max(3, args.pixel_runs // 2), out, before=fresh)
    report("add beside nine entries", m, "imgsel add (nine there)", "imgsel add (none)", 1.2)
    report("add = one decode + hash", m, "imgsel add (nine there)", "thumbnail 64 + sha256sum", 1.5)
    return []
