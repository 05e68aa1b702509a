"""Real terminals on a virtual X display, for tests: start one at a size with driver.py
inside, hand it commands, take screenshots of the screen.

    with Display() as display:
        with Session(display, "kitty", cols=120, rows=40) as s:
            shot, state = s.run(["imgsel", "view"], cwd=folder)

`Session.run` gives the screenshot (a Pillow image) once the screen has settled and what
driver.py saw on the tty (status, `stty -a` before and after, unread bytes, the cursor where
the prompt went, the window). `Session.start` runs a command without waiting, for keys sent
with `Session.keys` (xdotool) and screenshots with `Session.shot`; `Session.wait` ends it.
`run_in_terminal` is the one-call form. What each terminal needs under Xvfb (learnt by hand):
kitty Mesa's software GL; foot a Wayland compositor (weston's X11 backend, pixman, retried
once); Konsole a fresh XDG_CONFIG_HOME (it restores its last size); GNOME Terminal a D-Bus
session and a UTF-8 locale. Every terminal runs in a process group of its own, ended whole.
"""

import ctypes
import io
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from PIL import Image

import terminals

HERE = os.path.dirname(os.path.abspath(__file__))
# Room for 120×50 cells in any font a machine's fontconfig picks for monospace: Noto Sans Mono's
# 22-pixel rows (mlterm) and GNOME Terminal's menu bar overflowed 1280×1024, so the bottom corner
# mark was off the screen (CI, after timg's install brought fonts-noto-mono in).
SCREEN = (1600, 1280)


class Unavailable(Exception):
    """The terminal (or a tool it needs) is not installed."""


class Failed(Exception):
    """The terminal did not start, or did not do what it was asked in time."""


def clean_environment(extra=None):
    """No variable of the harness's own terminal (TERM, TMUX, KITTY_WINDOW_ID, …) reaches
    the terminal under test: what imgsel sees there is that terminal's own doing."""
    keep = ("PATH", "LANG", "LC_ALL", "USER", "LOGNAME", "SHELL")
    environment = {k: v for k, v in os.environ.items() if k in keep}
    environment.setdefault("LANG", "C.UTF-8")
    environment["LANG"] = environment["LANG"] if "UTF-8" in environment["LANG"] else "C.UTF-8"
    environment.update(extra or {})
    return environment


def wait_for(predicate, seconds, what):
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise Failed("timed out after %g s: %s" % (seconds, what))


class Display:
    """An Xvfb of its own (`-displayfd` picks a free number), with the input focus on
    PointerRoot: without a window manager, keys sent by xdotool are otherwise lost."""

    def __init__(self, size=SCREEN):
        self.size = size
        self.home = tempfile.mkdtemp(prefix="realterm-")

    def __enter__(self):
        for tool in ("Xvfb", "import", "xdotool"):
            if shutil.which(tool) is None:
                raise Unavailable(tool)
        read, write = os.pipe()
        screen = "%dx%dx24" % self.size
        self.server = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", screen, "-nolisten", "tcp", "-br"],
            pass_fds=[write], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        os.close(write)
        number = b""
        while not number.endswith(b"\n"):
            chunk = os.read(read, 16)
            if not chunk:
                raise Failed("Xvfb did not start")
            number += chunk
        os.close(read)
        self.name = ":" + number.decode().strip()
        self.focus_pointer_root()
        return self

    def focus_pointer_root(self):
        """XSetInputFocus(PointerRoot): keys go to the window under the pointer, put on the
        terminal (at the screen's top-left corner, where every terminal is placed)."""
        x11 = ctypes.CDLL("libX11.so.6")
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XSetInputFocus.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_ulong]
        x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        connection = x11.XOpenDisplay(self.name.encode())
        if not connection:
            raise Failed("cannot open display " + self.name)
        x11.XSetInputFocus(connection, 1, 1, 0)  # PointerRoot, RevertToPointerRoot, CurrentTime
        x11.XCloseDisplay(connection)
        self.xdotool("mousemove", "200", "200")

    def __exit__(self, *_):
        os.killpg(self.server.pid, signal.SIGTERM)
        self.server.wait()
        shutil.rmtree(self.home, ignore_errors=True)

    def environment(self, extra=None):
        return clean_environment(dict({"DISPLAY": self.name}, **(extra or {})))

    def xdotool(self, *arguments):
        return subprocess.run(["xdotool", *arguments], env=self.environment(), capture_output=True, text=True,
                              timeout=20)

    def shot(self):
        """The whole screen, as RGB."""
        png = subprocess.run(["import", "-display", self.name, "-window", "root", "png:-"],
                             capture_output=True, timeout=30, check=True).stdout
        return Image.open(io.BytesIO(png)).convert("RGB")


class Session:
    """One terminal, `cols`×`rows`, with driver.py running in it."""

    def __init__(self, display, terminal, cols=120, rows=40):
        self.display, self.terminal, self.cols, self.rows = display, terminals.ALL[terminal], cols, rows
        self.folder = tempfile.mkdtemp(prefix="session-", dir=display.home)
        self.step = 0
        self.helpers = []

    def __enter__(self):
        missing = [tool for tool in self.terminal.needs if shutil.which(tool) is None]
        if missing:
            raise Unavailable(", ".join(missing))
        for attempt in range(self.terminal.attempts):
            try:
                self._start()
                self.calibration = self._do({"do": "calibrate"}, seconds=self.terminal.start_seconds)
                self.geometry = self._calibrate()
                # Some terminals (xterm) take the focus only when the pointer enters them.
                self.display.xdotool("mousemove", str(SCREEN[0] - 1), str(SCREEN[1] - 1))
                self.display.xdotool("mousemove", "200", "200")
                return self
            except Failed:
                self._end()
                if attempt + 1 == self.terminal.attempts:
                    raise
        raise AssertionError("unreachable")

    def __exit__(self, *_):
        self._end()

    def _start(self):
        home = tempfile.mkdtemp(prefix="home-", dir=self.folder)
        runtime = os.path.join(home, "run")
        os.mkdir(runtime, 0o700)
        extra = {"HOME": home, "XDG_CONFIG_HOME": os.path.join(home, "config"), "XDG_RUNTIME_DIR": runtime,
                 "XDG_CACHE_HOME": os.path.join(home, "cache"), "XDG_DATA_HOME": os.path.join(home, "data")}
        environment = self.display.environment(dict(extra, **self.terminal.env))
        inner = [sys.executable, os.path.join(HERE, "driver.py"), self.folder]
        log = open(os.path.join(self.folder, "terminal.log"), "w")
        for helper in self.terminal.helpers(environment, self.cols, self.rows):
            self.helpers.append(subprocess.Popen(helper["argv"], env=environment, stdout=log, stderr=log,
                                                 start_new_session=True))
            wait_for(lambda: helper["ready"](environment), 15, "%s started" % helper["argv"][0])
        argv = self.terminal.argv(self.cols, self.rows, inner)
        self.process = subprocess.Popen(argv, env=environment, stdout=log, stderr=log, start_new_session=True)

    def _end(self):
        for process in [getattr(self, "process", None)] + self.helpers[::-1]:
            if process is None or process.poll() is not None:
                continue
            try:
                os.killpg(process.pid, signal.SIGTERM)
                process.wait(5)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        self.helpers = []
        self.process = None

    def _send(self, step):
        path = os.path.join(self.folder, "step.%d.json" % self.step)
        with open(path + ".part", "w") as f:
            json.dump(step, f)
        os.rename(path + ".part", path)
        self.step += 1
        return os.path.join(self.folder, "done.%d.json" % (self.step - 1))

    def _answer(self, path, seconds):
        def ready():
            if self.process is not None and self.process.poll() is not None:
                raise Failed("%s ended early: %s" % (self.terminal.name, self.log()))
            return os.path.exists(path)
        wait_for(ready, seconds, "%s answered %s" % (self.terminal.name, os.path.basename(path)))
        with open(path) as f:
            answer = json.load(f)
        if "error" in answer:
            raise Failed("driver: " + answer["error"])
        return answer

    def _do(self, step, seconds=30):
        return self._answer(self._send(step), seconds)

    def log(self):
        with open(os.path.join(self.folder, "terminal.log"), errors="replace") as f:
            return f.read()[-2000:]

    def _calibrate(self):
        """The cells on the screen, from the two marked corner cells (a busy machine may show
        them seconds after the driver wrote them)."""
        import screen
        shot = self.settled(until=lambda shot: screen.corner_cells(shot, self.cols, self.rows) is not None)
        found = screen.corner_cells(shot, self.cols, self.rows)
        if found is None:
            raise Failed("%s: the marked corner cells are not on the screen" % self.terminal.name)
        return found

    def settled(self, seconds=8, quiet=0.3, until=None, changed_from=None, wait=20):
        """A screenshot once two taken `quiet` seconds apart are the same (terminals paint
        late), after first waiting up to `wait` seconds for one that satisfies `until` or
        differs from `changed_from` (two stale shots are the same too)."""
        last = self.display.shot()
        end = time.monotonic() + wait
        def awaited(shot):
            if until is not None and not until(shot):
                return False
            return changed_from is None or shot.tobytes() != changed_from.tobytes()
        while not awaited(last) and time.monotonic() < end:
            time.sleep(0.1)
            last = self.display.shot()
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            time.sleep(quiet)
            now = self.display.shot()
            if now.tobytes() == last.tobytes():
                return now
            last = now
        return last

    def run(self, argv, cwd=None, env=None, seconds=60, record=False):
        """Runs argv to its end; the settled screenshot and what the tty showed. `record`
        runs it under `script`, and state["output"] is then every byte it wrote (its own pty
        between it and the terminal: stty and unread answers are then the outer tty's)."""
        recording = None
        if record:
            recording = os.path.join(self.folder, "recording.%d" % self.step)
            argv = ["script", "-q", "-e", "-c", shlex.join(argv), recording]
        state = self._do({"do": "run", "argv": argv, "cwd": cwd, "env": env or {}}, seconds)
        if recording:
            with open(recording, "rb") as f:
                data = f.read()
            # script frames the recording with a line of its own at each end.
            state["output"] = data[data.find(b"\n") + 1 : data.rfind(b"\nScript done")]
        return self.settled(until=self.prompt_shown(state)), state

    def prompt_shown(self, state):
        """Whether a screenshot shows the prompt driver.py marks at the cursor: the terminal
        has painted everything the command wrote before it."""
        import screen
        if not state.get("cursor"):
            return None
        # The prompt is "$ " on the marker colour: the space's cell is the colour all through.
        row, col = state["cursor"][0] - 1, state["cursor"][1]
        cells = self.geometry
        def shown(shot):
            left, top, right, bottom = cells.row_box(row, col, 1)
            x, y = (left + right) // 2, (top + bottom) // 2
            return all(abs(a - b) <= 8 for a, b in zip(shot.getpixel((x, y)), screen.MARK))
        return shown

    def start(self, argv, cwd=None, env=None):
        """Runs argv without waiting (pick, browse): keys, shots, then `wait`."""
        self.pending = self._send({"do": "run", "argv": argv, "cwd": cwd, "env": env or {}})

    def wait(self, seconds=30):
        """The tty state once the command started by `start` has ended."""
        return self._answer(self.pending, seconds)

    def keys(self, *names, pause=0.3):
        """xdotool key names ("Right", "v", "space", "Return"), to the focused window."""
        for name in names:
            self.display.xdotool("key", name)
            time.sleep(pause)


def run_in_terminal(terminal, argv, cols=120, rows=40, cwd=None, env=None, record=False):
    """Starts Xvfb and the terminal, runs argv once; (screenshot, tty state, cell geometry)."""
    with Display() as display, Session(display, terminal, cols, rows) as session:
        shot, state = session.run(argv, cwd=cwd, env=env, record=record)
        return shot, state, session.geometry
