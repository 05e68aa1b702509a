"""Runs inside a real terminal, as a shell would: the harness (realterm.py) hands it steps
through files in its folder, and it answers each with what only the terminal's own tty can
tell (the window's size, `stty -a` before and after, the cursor where the prompt would go,
bytes the terminal sent that nobody read).

A step is `step.N.json`: {"do": "calibrate"} paints the top-left and bottom-right cells in
the marker colour so that the screenshot says where the cells are; {"do": "run", "argv": [...],
"env": {...}} clears the screen, runs the command on this tty and, once it has ended, prints
a prompt in the marker colour where the cursor is; {"do": "quit"}. The answer is
`done.N.json`. Run as: python3 driver.py FOLDER.
"""

import fcntl
import json
import os
import select
import struct
import subprocess
import sys
import termios
import time

# The 256-colour palette's magenta (#ff00ff): the pictures of the suite never use it.
MARK = "\x1b[48;5;201m"
RESET = "\x1b[0m"


def out(text):
    os.write(1, text.encode())


def window():
    rows, cols, xpixels, ypixels = struct.unpack("HHHH", fcntl.ioctl(0, termios.TIOCGWINSZ, b"\0" * 8))
    return {"rows": rows, "cols": cols, "xpixels": xpixels, "ypixels": ypixels}


def stty():
    return subprocess.run(["stty", "-a"], stdin=0, capture_output=True, text=True).stdout


def raw_read(seconds, until=None):
    """What arrives on the tty within `seconds` (raw, no echo), ending early at `until`."""
    saved = termios.tcgetattr(0)
    mode = termios.tcgetattr(0)
    mode[3] &= ~(termios.ICANON | termios.ECHO)
    mode[6][termios.VMIN], mode[6][termios.VTIME] = 0, 0
    termios.tcsetattr(0, termios.TCSANOW, mode)
    got = b""
    end = time.monotonic() + seconds
    try:
        while True:
            left = end - time.monotonic()
            if left <= 0 or not select.select([0], [], [], left)[0]:
                break
            got += os.read(0, 4096)
            if until is not None and until in got:
                break
    finally:
        termios.tcsetattr(0, termios.TCSANOW, saved)
    return got


def cursor():
    """The cursor's row and column (1-based), asked of the terminal (DSR 6)."""
    saved = termios.tcgetattr(0)
    mode = termios.tcgetattr(0)
    mode[3] &= ~(termios.ICANON | termios.ECHO)
    termios.tcsetattr(0, termios.TCSANOW, mode)
    try:
        out("\x1b[6n")
        answer = raw_read(3, until=b"R")
    finally:
        termios.tcsetattr(0, termios.TCSANOW, saved)
    text = answer.decode("latin-1")
    start = text.rfind("\x1b[")
    if start < 0 or not text.endswith("R"):
        return None, answer
    row, col = text[start + 2 : -1].split(";")
    return [int(row), int(col)], answer[:start]


def calibrate():
    size = window()
    out("\x1b[?25l\x1b[H\x1b[2J" + MARK + " " + RESET)
    out("\x1b[%d;%dH" % (size["rows"], size["cols"]) + MARK + " " + RESET)
    return {"window": size}


def run(step):
    before = stty()
    out("\x1b[?25h\x1b[H\x1b[2J")
    environment = dict(os.environ)
    environment.update(step.get("env", {}))
    started = time.monotonic()
    status = subprocess.run(step["argv"], env=environment, cwd=step.get("cwd")).returncode
    seconds = time.monotonic() - started
    # Answers the command asked for and left unread would be read by the shell next.
    unread = raw_read(0.3)
    position, early = cursor()
    out(MARK + "$ " + RESET + "\x1b[?25l")  # no blinking cursor: the screenshot settles
    after = stty()
    return {
        "status": status,
        "seconds": seconds,
        "stty_before": before,
        "stty_after": after,
        "unread": (unread + early).decode("latin-1"),
        "cursor": position,
        "window": window(),
    }


def main():
    folder = sys.argv[1]
    number = 0
    while True:
        step_file = os.path.join(folder, "step.%d.json" % number)
        while not os.path.exists(step_file):
            time.sleep(0.02)
        with open(step_file) as f:
            step = json.load(f)
        if step["do"] == "quit":
            return
        try:
            answer = calibrate() if step["do"] == "calibrate" else run(step)
        except Exception as error:  # the harness reports it; the terminal must not close first
            answer = {"error": repr(error)}
        with open(os.path.join(folder, "done.%d.json.part" % number), "w") as f:
            json.dump(answer, f)
        os.rename(os.path.join(folder, "done.%d.json.part" % number), os.path.join(folder, "done.%d.json" % number))
        number += 1


if __name__ == "__main__":
    main()
