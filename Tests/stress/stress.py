#!/usr/bin/env python3
"""Stress imgsel the way CI pipelines do: many processes on one selection at
once, SIGKILL at random moments, full and read-only file systems.

Prints what it tried and what it found, and exits 1 if anything was lost,
torn, left behind or reported wrongly. Standard library only.

    python3 Tests/stress/stress.py            # the full run (a few minutes at most)
    python3 Tests/stress/stress.py --quick    # the short form .ci/run uses

The disk cases mount a small tmpfs, which needs root (CAP_SYS_ADMIN); where
that is impossible they fail the run, unless --disk-optional says to report
them as not run instead.
"""

import argparse
import errno
import fcntl
import hashlib
import json
import os
import random
import shutil
import signal
import struct
import subprocess
import sys
import tempfile
import threading
import time
import zlib

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
TEMP_MARKERS = (".imgsel-tmp", ".imgsel-save-")


# ---------------------------------------------------------------- fixtures

def png_bytes(seed, padding=0):
    """A valid 4x3 PNG; `seed` makes its bytes unique, `padding` makes it big
    (a private ancillary chunk, so probing stays quick while hashing does not)."""
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 4, 3, 8, 2, 0, 0, 0))
    data += chunk(b"tEXt", b"Comment\0stress seed " + str(seed).encode())
    if padding:
        data += chunk(b"stRs", hashlib.sha256(str(seed).encode()).digest() * (padding // 32 + 1))
    raw = b"".join(b"\0" + bytes([seed % 256, 0x40, 0x80]) * 4 for _ in range(3))
    data += chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    return data


def write_png(path, seed, padding=0):
    with open(path, "wb") as f:
        f.write(png_bytes(seed, padding))
    return path


# ---------------------------------------------------------------- running imgsel

class Imgsel:
    def __init__(self, binary):
        self.binary = binary
        self.running = 0
        self.most_at_once = 0
        self.started = 0
        self._guard = threading.Lock()

    def env(self, extra=None):
        env = {k: v for k, v in os.environ.items() if not k.startswith("IMGSEL_")}
        env["NO_COLOR"] = "1"
        env["IMGSEL_LOCK_TIMEOUT"] = "60"
        env.update(extra or {})
        return env

    def run(self, args, cwd, env=None, timeout=90):
        with self._guard:
            self.running += 1
            self.started += 1
            self.most_at_once = max(self.most_at_once, self.running)
        try:
            p = subprocess.run([self.binary] + args, cwd=cwd, env=self.env(env), capture_output=True,
                               timeout=timeout, stdin=subprocess.DEVNULL)
            return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            return "hang", "", "did not finish within %d s" % timeout
        finally:
            with self._guard:
                self.running -= 1

    def start(self, args, cwd, env=None):
        return subprocess.Popen([self.binary] + args, cwd=cwd, env=self.env(env), stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def parse_selection(data):
    """The selection as imgsel defines it, or raises ValueError saying why not."""
    obj = json.loads(data.decode("utf-8"))
    if not isinstance(obj, dict) or obj.get("format") != "imgsel" or obj.get("version") != 1:
        raise ValueError("not an imgsel version 1 object")
    items, cap, cur = obj.get("items"), obj.get("capacity"), obj.get("current")
    if not isinstance(items, list) or not isinstance(cap, int) or len(items) > cap:
        raise ValueError("items or capacity wrong")
    if (cur is None) != (len(items) == 0) or (cur is not None and not 1 <= cur <= len(items)):
        raise ValueError("current %r out of range for %d items" % (cur, len(items)))
    if len({i.get("sha256") for i in items}) != len(items):
        raise ValueError("two items of one sha256")
    return obj


def normalised(obj):
    """The selection without the `added` times, which differ between two runs of one command."""
    return {**obj, "items": [{k: v for k, v in i.items() if k != "added"} for i in obj["items"]]}


def leftovers(*folders):
    found = []
    for folder in folders:
        if os.path.isdir(folder):
            found += [os.path.join(folder, n) for n in os.listdir(folder) if any(m in n for m in TEMP_MARKERS)]
    return found


class Report:
    def __init__(self):
        self.problems = []
        self.numbers = {}

    def problem(self, text):
        self.problems.append(text)
        print("  PROBLEM: " + text, flush=True)

    def say(self, text):
        print(text, flush=True)


# ---------------------------------------------------------------- concurrency

def concurrency_round(imgsel, report, base, round_no, rng, lock_timeout=None):
    """Adders, togglers, deleters, cursor movers and readers all at once on
    one selection, built so that the final file is predictable exactly:
    deleters only ever remove the seeded victims at the front, each toggler
    owns one file, each adder its own files. With a tiny `lock_timeout` some
    commands give up (exit 6); those must have had no effect at all."""
    folder = os.path.join(base, "round%d" % round_no)
    os.makedirs(folder)
    sel = os.path.join(folder, "sel.json")
    victims = [write_png(os.path.join(folder, "v%02d.png" % i), 1000 + i) for i in range(24)]
    rc, _, err = imgsel.run(["-f", sel, "init", "--capacity", "99"], folder)
    rc2, _, err2 = imgsel.run(["-f", sel, "add"] + [os.path.basename(v) for v in victims], folder)
    if rc != 0 or rc2 != 0:
        report.problem("round %d: setup failed: %s %s" % (round_no, err, err2))
        return

    results = {"adds": [], "toggles": {}, "deletes": 0, "views": 0, "reads": 0, "failures": [], "timeouts": 0}
    guard = threading.Lock()
    stop = threading.Event()

    def run(args):
        rc, out, err = imgsel.run(["-f", sel] + args, folder,
                                  env={"IMGSEL_LOCK_TIMEOUT": lock_timeout} if lock_timeout else None)
        if rc == 6 and lock_timeout:
            with guard:
                if sel in err and "IMGSEL_LOCK_TIMEOUT" in err and len(err.strip().splitlines()) == 1:
                    results["timeouts"] += 1
                else:
                    results["failures"].append("%s: exit 6 without naming the file: %s" % (args, err.strip()))
            return None, out, err
        return rc, out, err

    def adder(w):
        for k in range(2):
            name = "a%02d-%d.png" % (w, k)
            write_png(os.path.join(folder, name), 2000 + w * 10 + k)
            rc, _, err = run(["add", name])
            with guard:
                if rc is None:
                    pass
                elif rc == 0:
                    results["adds"].append(name)
                else:
                    results["failures"].append("add %s: exit %s %s" % (name, rc, err.strip()))

    def toggler(w):
        name = "t%02d.png" % w
        write_png(os.path.join(folder, name), 3000 + w)
        ok = 0
        for _ in range(rng.randint(1, 4)):
            rc, _, err = run(["toggle", name])
            if rc == 0:
                ok += 1
            elif rc is not None:
                with guard:
                    results["failures"].append("toggle %s: exit %s %s" % (name, rc, err.strip()))
        with guard:
            results["toggles"][name] = ok

    def deleter(_):
        for _ in range(3):
            rc, _, err = run(["delete", "1"])
            with guard:
                if rc == 0:
                    results["deletes"] += 1
                elif rc is not None:
                    results["failures"].append("delete 1: exit %s %s" % (rc, err.strip()))

    def viewer(_):
        for step in ["first", "next", "next", "last", "prev", "next"]:
            rc, out, err = run(["view", step])
            with guard:
                if rc is None:
                    pass
                elif rc in (0, 1) and (rc == 0) == (err == ""):
                    results["views"] += 1
                else:
                    results["failures"].append("view %s: exit %s %s" % (step, rc, err.strip()))

    def lister(_):
        for _ in range(6):
            rc, out, err = run(["--json", "list"])
            if rc is None:
                continue
            try:
                if rc != 0:
                    raise ValueError("exit %s %s" % (rc, err.strip()))
                listed = json.loads(out)
                if not isinstance(listed, dict) and not isinstance(listed, list):
                    raise ValueError("not a JSON object")
                with guard:
                    results["reads"] += 1
            except ValueError as e:
                with guard:
                    results["failures"].append("list --json: %s" % e)

    def raw_reader():
        # Reads the file itself, without the lock: a rename-replaced file is never torn.
        while not stop.is_set():
            try:
                with open(sel, "rb") as f:
                    data = f.read()
                parse_selection(data)
                with guard:
                    results["reads"] += 1
            except (ValueError, UnicodeDecodeError) as e:
                with guard:
                    results["failures"].append("torn read: %s" % e)

    workers = ([threading.Thread(target=adder, args=(w,)) for w in range(12)]
               + [threading.Thread(target=toggler, args=(w,)) for w in range(10)]
               + [threading.Thread(target=deleter, args=(w,)) for w in range(6)]
               + [threading.Thread(target=viewer, args=(w,)) for w in range(6)]
               + [threading.Thread(target=lister, args=(w,)) for w in range(6)])
    rng.shuffle(workers)
    reader = threading.Thread(target=raw_reader)
    reader.start()
    for t in workers:
        t.start()
    for t in workers:
        t.join()
    stop.set()
    reader.join()

    for f in results["failures"]:
        report.problem("round %d: %s" % (round_no, f))
    with open(sel, "rb") as f:
        final = parse_selection(f.read())
    paths = [i["path"] for i in final["items"]]
    deleted = results["deletes"]
    expected_front = [os.path.basename(v) for v in victims][deleted:]
    expected_rest = sorted(results["adds"] + [n for n, ok in results["toggles"].items() if ok % 2 == 1])
    if paths[:len(expected_front)] != expected_front or sorted(paths[len(expected_front):]) != expected_rest:
        report.problem("round %d: final items differ from the successful commands' effects:\n    got %s\n    want %s + %s"
                       % (round_no, paths, expected_front, expected_rest))
    rc, _, _ = imgsel.run(["-f", sel, "list"], folder)
    left = leftovers(folder)
    if left:
        report.problem("round %d: temporary files after the next command: %s" % (round_no, left))
    commands = len(results["adds"]) + sum(results["toggles"].values()) + deleted + results["views"]
    report.numbers["concurrent commands that succeeded"] = report.numbers.get("concurrent commands that succeeded", 0) + commands
    report.numbers["reads checked"] = report.numbers.get("reads checked", 0) + results["reads"]
    report.numbers["lock timeouts (exit 6, no effect)"] = report.numbers.get("lock timeouts (exit 6, no effect)", 0) + results["timeouts"]
    report.say("  round %d%s: %d workers, %d adds, %d toggles, %d deletes, %d cursor moves, %d reads%s; final %d items as predicted%s"
               % (round_no, " (IMGSEL_LOCK_TIMEOUT=%s)" % lock_timeout if lock_timeout else "", len(workers),
                  len(results["adds"]), sum(results["toggles"].values()), deleted, results["views"], results["reads"],
                  ", %d gave up on the lock (exit 6)" % results["timeouts"] if lock_timeout else "",
                  len(paths), "" if not results["failures"] else " (with failures)"))


def lock_timeout_case(imgsel, report, base):
    """An imgsel that cannot get the lock gives up after IMGSEL_LOCK_TIMEOUT with exit 6 naming the file."""
    folder = os.path.join(base, "locked")
    os.makedirs(folder)
    sel = os.path.join(folder, "sel.json")
    write_png(os.path.join(folder, "x.png"), 7)
    imgsel.run(["-f", sel, "add", "x.png"], folder)
    with open(sel + ".lock", "a") as holder:
        fcntl.flock(holder, fcntl.LOCK_EX)
        for args in (["delete", "1"], ["list"]):
            start = time.monotonic()
            rc, _, err = imgsel.run(["-f", sel] + args, folder, env={"IMGSEL_LOCK_TIMEOUT": "0.5"})
            waited = time.monotonic() - start
            ok = rc == 6 and sel in err and len(err.strip().splitlines()) == 1
            report.say("  lock held elsewhere, `%s` with IMGSEL_LOCK_TIMEOUT=0.5: exit %s after %.2f s: %s"
                       % (" ".join(args), rc, waited, err.strip()))
            if not ok:
                report.problem("lock timeout: expected exit 6 naming %s, got exit %s: %s" % (sel, rc, err.strip()))
            if waited > 5:
                report.problem("lock timeout: waited %.1f s for a 0.5 s timeout" % waited)


# ---------------------------------------------------------------- kills

class KillCase:
    def __init__(self, name, args, album=False, fresh=False):
        # fresh: the command starts with no selection file at all (its first write creates it).
        self.name, self.args, self.album, self.fresh = name, args, album, fresh


def kill_phase(imgsel, report, base, trials, rng, big_bytes):
    folder = os.path.join(base, "kill")
    album = os.path.join(folder, "album")
    os.makedirs(folder)
    sel = os.path.join(folder, "sel.json")
    for i in range(4):
        write_png(os.path.join(folder, "s%d.png" % i), 4000 + i)
    write_png(os.path.join(folder, "big.png"), 4100, big_bytes)
    write_png(os.path.join(folder, "big2.png"), 4101, big_bytes)
    write_png(os.path.join(folder, "new.png"), 4200)
    imgsel.run(["-f", sel, "add", "s0.png", "s1.png", "big.png", "s2.png"], folder)
    with open(sel, "rb") as f:
        base_bytes = f.read()
    cases = [
        KillCase("add big", ["add", "big2.png"]),
        KillCase("add small", ["add", "new.png", "s3.png"]),
        KillCase("add to no selection yet", ["add", "new.png", "big2.png"], fresh=True),
        KillCase("toggle", ["toggle", "s1.png", "new.png"]),
        KillCase("replace", ["replace", "2", "big2.png"]),
        KillCase("delete", ["delete", "1", "3"]),
        KillCase("move", ["move", "1", "4"]),
        KillCase("view next", ["view", "next"]),
        KillCase("clear", ["clear"]),
        KillCase("init --force", ["init", "--force", "--capacity", "5"]),
        KillCase("save big", ["--album", album, "save", "3"], album=True),
        KillCase("save --all", ["--album", album, "save", "--all"], album=True),
    ]
    entry_hashes = {i["sha256"] for i in parse_selection(base_bytes)["items"]}

    def reset(case):
        if case.fresh:
            if os.path.exists(sel):
                os.unlink(sel)
            return
        with open(sel, "wb") as f:
            f.write(base_bytes)
        shutil.rmtree(album, ignore_errors=True)

    def album_state():
        if not os.path.isdir(album):
            return {}
        state = {}
        for n in os.listdir(album):
            with open(os.path.join(album, n), "rb") as f:
                state[n] = hashlib.sha256(f.read()).hexdigest()
        return state

    # Rehearse each case uncontested: its after-state and how long it takes.
    for case in cases:
        reset(case)
        start = time.monotonic()
        rc, _, err = imgsel.run(["-f", sel] + case.args, folder)
        case.duration = time.monotonic() - start
        if rc != 0:
            report.problem("kill rehearsal %s: exit %s %s" % (case.name, rc, err.strip()))
        with open(sel, "rb") as f:
            case.after = normalised(parse_selection(f.read()))
        case.album_after = album_state()
    before = normalised(parse_selection(base_bytes))

    tried = killed = finished = 0
    outcome = {"before": 0, "after": 0}
    killed_after = 0
    stale_seen = 0
    partial_albums = 0
    for trial in range(trials):
        case = cases[trial % len(cases)]
        reset(case)
        # A third of the kills come within the first 2 ms, the rest anywhere in the command's run.
        delay = rng.uniform(0, 0.002) if rng.random() < 0.33 else rng.uniform(0, case.duration * 1.2)
        p = imgsel.start(["-f", sel] + case.args, folder)
        time.sleep(delay)
        p.send_signal(signal.SIGKILL)
        rc = p.wait()
        tried += 1
        if rc == -signal.SIGKILL:
            killed += 1
        else:
            finished += 1
        try:
            now = None
            if os.path.exists(sel) or not case.fresh:
                with open(sel, "rb") as f:
                    now = normalised(parse_selection(f.read()))
        except (ValueError, UnicodeDecodeError) as e:
            report.problem("kill %s after %.1f ms: the selection does not parse: %s" % (case.name, delay * 1000, e))
            continue
        if now == (None if case.fresh else before):
            outcome["before"] += 1
        elif now == case.after:
            outcome["after"] += 1
            if rc == -signal.SIGKILL:
                killed_after += 1
        else:
            report.problem("kill %s after %.1f ms: the selection is neither the before nor the after state"
                           % (case.name, delay * 1000))
        copies = album_state()
        for name, digest in copies.items():
            if digest not in entry_hashes:
                report.problem("kill %s: album file %s is not a complete copy of an entry" % (case.name, name))
        if case.album and copies and copies != case.album_after:
            partial_albums += 1
        if leftovers(folder, album):
            stale_seen += 1
        # The next command, a reader, must leave no temporary file behind. Where a killed
        # `add` never made the selection, that reader says there is none (exit 4, no-selection).
        rc2, out, err = imgsel.run(["-f", sel, "--json", "list"], folder)
        no_selection = now is None and rc2 == 4 and '"code":"no-selection"' in err
        if rc2 != 0 and not no_selection:
            report.problem("kill %s: the next `list` failed: exit %s %s" % (case.name, rc2, err.strip()))
        left = leftovers(folder, album)
        if left:
            report.problem("kill %s: temporary files outlived the next command: %s" % (case.name, left))
    report.numbers["kills tried"] = tried
    report.numbers["kills that landed mid-command"] = killed
    report.say("  %d kills over %d commands (%s): %d landed mid-command, %d came after the command had finished"
               % (tried, len(cases), ", ".join(c.name for c in cases), killed, finished))
    report.say("  afterwards the selection equalled the before state %d times, the after state %d times, anything else 0 times"
               % (outcome["before"], outcome["after"]) if tried == outcome["before"] + outcome["after"] else
               "  some kills left a selection that is neither state (see problems)")
    report.say("  of the kills that landed mid-command, %d came after the new file was in place (the after state), %d before"
               % (killed_after, killed - killed_after))
    report.say("  %d kills left a temporary file; the next command (a `list`) removed every one" % stale_seen)
    report.say("  killed `save --all` left some but not all copies %d times (each copy whole)" % partial_albums)
    report.numbers["kill outcomes before/after"] = "%d/%d" % (outcome["before"], outcome["after"])


# ---------------------------------------------------------------- disks

def mount_tmpfs(point, size):
    p = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=%s,mode=0755" % size, "tmpfs", point],
                       capture_output=True, text=True)
    return p.returncode == 0, p.stderr.strip()


def fill(folder, leave=0):
    """Fills the file system under `folder` until at most `leave` bytes are free."""
    filler = os.path.join(folder, "filler")
    with open(filler, "ab") as f:
        while True:
            st = os.statvfs(folder)
            free = st.f_bavail * st.f_frsize
            if free <= leave:
                break
            try:
                f.write(b"\0" * min(free - leave, 1 << 16))
                f.flush()
            except OSError as e:
                if e.errno != errno.ENOSPC:
                    raise
                break


def snapshot(folder):
    """Every file under `folder` but the filler, with its bytes' hash."""
    state = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        for d in dirnames:
            state[os.path.relpath(os.path.join(dirpath, d), folder) + "/"] = "dir"
        for n in filenames:
            if n == "filler":
                continue
            p = os.path.join(dirpath, n)
            with open(p, "rb") as f:
                state[os.path.relpath(p, folder)] = hashlib.sha256(f.read()).hexdigest()
    return state


WRITES = [
    ["add", "fresh.png"], ["add", "fresh.png", "fresh2.png"], ["replace", "1", "fresh.png"], ["delete", "1"],
    ["move", "1", "3"], ["toggle", "fresh.png"], ["toggle", "p1.png"], ["clear"], ["view", "next"], ["view", "3"],
    ["init", "--force"], ["save"], ["save", "2"], ["save", "--all"],
]


def disk_phase(imgsel, report, base, optional, quick):
    point = os.path.join(base, "small")
    os.makedirs(point)
    ok, why = mount_tmpfs(point, "1m")
    if not ok:
        text = "disk cases NOT RUN: cannot mount a tmpfs here (%s)" % why
        report.numbers["disk cases"] = "not run"
        if optional:
            report.say("  " + text + "; --disk-optional given, so this is reported, not failed")
        else:
            report.problem(text)
        return
    cases = 0
    try:
        cases += disk_scenarios(imgsel, report, point, quick)
    finally:
        subprocess.run(["umount", "-l", point])
    report.numbers["disk cases"] = cases


def prepare(imgsel, report, folder, entries, big=0):
    os.makedirs(folder)
    sel = os.path.join(folder, "sel.json")
    names = [write_png(os.path.join(folder, "p%d.png" % i), 5000 + i, big if i == 1 else 0) for i in range(1, entries + 1)]
    write_png(os.path.join(folder, "fresh.png"), 5900)
    write_png(os.path.join(folder, "fresh2.png"), 5901)
    rc, _, err = imgsel.run(["-f", sel, "init", "--capacity", "99"], folder)
    rc2, _, err2 = imgsel.run(["-f", sel, "add"] + [os.path.basename(n) for n in names], folder)
    if rc or rc2:
        report.problem("disk setup in %s failed: %s %s" % (folder, err.strip(), err2.strip()))
    return sel


def expect_refusals(imgsel, report, label, folder, sel, album, cause, commands):
    """Each command must exit 5 naming a path and `cause`, leaving every file as it was."""
    tried = 0
    for args in commands:
        before = snapshot(folder)
        album_before = snapshot(album) if album and os.path.isdir(album) else None
        extra = ["--album", album] if album else []
        rc, out, err = imgsel.run(["-f", sel] + extra + args, folder)
        tried += 1
        line = err.strip()
        lines = line.splitlines()
        # `save --all` reports each entry it could not save, one line each.
        if rc != 5 or not lines or any(cause not in l or "/" not in l for l in lines) \
                or (len(lines) != 1 and args != ["save", "--all"]):
            report.problem("%s: `%s` gave exit %s: %s" % (label, " ".join(args), rc, line or "(no message)"))
        after = snapshot(folder)
        if after != before:
            changed = sorted(set(after.items()) ^ set(before.items()))
            report.problem("%s: `%s` changed files: %s" % (label, " ".join(args), changed))
        if album and (snapshot(album) if os.path.isdir(album) else None) != album_before:
            report.problem("%s: `%s` changed the album" % (label, " ".join(args)))
    # Readers still work where nothing can be written.
    rc, out, err = imgsel.run(["-f", sel, "list"], folder)
    rc2, _, err2 = imgsel.run(["-f", sel, "check"], folder)
    if rc != 0 or rc2 != 0:
        report.problem("%s: readers failed: list exit %s %s; check exit %s %s" % (label, rc, err.strip(), rc2, err2.strip()))
    report.say("  %s: %d writing commands, each exit 5 naming the path and \"%s\", nothing changed; list and check still work"
               % (label, tried, cause))
    return tried


def disk_scenarios(imgsel, report, point, quick):
    cases = 0
    # 1. Completely full: not one more byte.
    full = os.path.join(point, "full")
    sel = prepare(imgsel, report, full, 4)
    os.makedirs(os.path.join(full, "album"))
    fill(point)
    example = imgsel.run(["-f", sel, "add", "fresh.png"], full)[2].strip()
    report.say("  e.g. on a full tmpfs: " + example)
    cases += expect_refusals(imgsel, report, "full tmpfs, album present", full, sel, os.path.join(full, "album"),
                             "No space left on device", WRITES)
    cases += expect_refusals(imgsel, report, "full tmpfs, album to be created", full, sel, os.path.join(full, "new-album"),
                             "No space left on device", [["save"], ["save", "--all"]])
    os.unlink(os.path.join(point, "filler"))
    shutil.rmtree(full)

    # 2. Nearly full: room for the first part of a write, not the rest (so not
    # `clear` or `init`, whose small files fit and rightly succeed).
    nearly = os.path.join(point, "nearly")
    sel = prepare(imgsel, report, nearly, 60 if not quick else 40, big=256 * 1024)
    os.makedirs(os.path.join(nearly, "album"))
    fill(point, leave=8192)
    cases += expect_refusals(imgsel, report, "tmpfs with 8 KiB free", nearly, sel, os.path.join(nearly, "album"),
                             "No space left on device", [a for a in WRITES if a[0] not in ("save", "clear", "init")] + [["save", "1"]])
    os.unlink(os.path.join(point, "filler"))

    # 3. Read-only: the same folder, remounted.
    p = subprocess.run(["mount", "-o", "remount,ro", point], capture_output=True, text=True)
    if p.returncode != 0:
        report.problem("cannot remount the tmpfs read-only: " + p.stderr.strip())
        return cases
    cases += expect_refusals(imgsel, report, "read-only tmpfs", nearly, sel, os.path.join(nearly, "album"),
                             "Read-only file system", WRITES)
    subprocess.run(["mount", "-o", "remount,rw", point])
    return cases


# ---------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="the short form for CI (under a minute)")
    parser.add_argument("--bin", help="an imgsel binary to use instead of building one with make")
    parser.add_argument("--disk-optional", action="store_true",
                        help="report the disk cases as not run, instead of failing, where no tmpfs can be mounted")
    parser.add_argument("--seed", type=int, default=None, help="random seed, to repeat a run")
    options = parser.parse_args()

    seed = options.seed if options.seed is not None else random.randrange(1 << 30)
    rng = random.Random(seed)
    binary = options.bin
    if not binary:
        subprocess.run(["make", "-C", ROOT, "build"], check=True, stdout=subprocess.DEVNULL)
        binary = os.path.join(ROOT, ".build", "debug", "imgsel")
    imgsel = Imgsel(os.path.abspath(binary))
    report = Report()
    started = time.monotonic()
    report.say("imgsel stress (%s form), binary %s, random seed %d" % ("short" if options.quick else "full", binary, seed))

    base = tempfile.mkdtemp(prefix="imgsel-stress-")
    try:
        report.say("\n[concurrency] dozens of add, toggle, delete, view and list processes on one selection")
        rounds = 2 if options.quick else 8
        for r in range(rounds):
            concurrency_round(imgsel, report, base, r, rng)
        # Contended with a tiny timeout: the commands that give up must leave no trace.
        for r in range(rounds, rounds + (1 if options.quick else 3)):
            concurrency_round(imgsel, report, base, r, rng, lock_timeout="0.05")
        report.numbers["most imgsel processes running at once"] = imgsel.most_at_once
        report.say("  at most %d imgsel processes ran at once" % imgsel.most_at_once)
        lock_timeout_case(imgsel, report, base)

        report.say("\n[kills] SIGKILL at a random moment of every writing command")
        kill_phase(imgsel, report, base, 72 if options.quick else 720, rng, (1 << 20) if options.quick else (4 << 20))

        report.say("\n[disks] full and read-only file systems (a tmpfs mounted here)")
        disk_phase(imgsel, report, base, options.disk_optional, options.quick)
    finally:
        shutil.rmtree(base, ignore_errors=True)

    report.say("\n[summary] %.0f s, %d imgsel processes started" % (time.monotonic() - started, imgsel.started))
    for key, value in report.numbers.items():
        report.say("  %s: %s" % (key, value))
    if report.problems:
        report.say("FAILED: %d problems (random seed %d)" % (len(report.problems), seed))
        return 1
    report.say("nothing lost, nothing torn, nothing left behind")
    return 0


if __name__ == "__main__":
    sys.exit(main())
