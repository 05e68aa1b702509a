"""The real terminals the suite runs, each as: what it needs installed, its environment, the
helpers it needs started first (a compositor, for foot), and the command line that opens it
`cols`×`rows` at the screen's top-left corner running `inner`."""

import os


class Terminal:
    def __init__(self, name, needs, argv, env=None, helpers=None, attempts=1, start_seconds=30, imgsel_env=None):
        self.name, self.needs, self.argv = name, needs, argv
        self.env = env or {}
        self.helpers = helpers or (lambda environment, cols, rows: [])
        self.attempts, self.start_seconds = attempts, start_seconds
        # Variables for the imgsel runs only (IMGSEL_GRAPHICS for a second way on one terminal).
        self.imgsel_env = imgsel_env or {}


def xterm(*options):
    return lambda cols, rows, inner: [
        "xterm", *options, "-geometry", "%dx%d+0+0" % (cols, rows), "-fg", "black", "-bg", "white",
        "-xrm", "XTerm*sixelScrolling: true", "-e", *inner]


def weston(environment, cols, rows):
    """foot's Wayland compositor inside Xvfb (pixman: no GL), no panel, never idle."""
    config = os.path.join(environment["XDG_CONFIG_HOME"])
    os.makedirs(config, exist_ok=True)
    with open(os.path.join(config, "weston.ini"), "w") as f:
        f.write("[core]\nidle-time=0\n[shell]\npanel-position=none\nbackground-color=0xff000000\n"
                "startup-animation=none\nanimation=none\n")
    socket = os.path.join(environment["XDG_RUNTIME_DIR"], "wl-test")
    return [{"argv": ["weston", "--backend=x11-backend.so", "--use-pixman", "--width=1200", "--height=1000",
                      "--socket=wl-test", "--idle-time=0"],
             "ready": lambda _: os.path.exists(socket)}]


SOFTWARE_GL = {"LIBGL_ALWAYS_SOFTWARE": "1"}

ALL = {t.name: t for t in [
    Terminal("xterm", ["xterm"], xterm("-ti", "vt100")),
    Terminal("xterm-vt340", ["xterm"], xterm("-ti", "vt340")),
    Terminal("kitty", ["kitty"], lambda cols, rows, inner: [
        "kitty", "--config", "NONE", "-o", "initial_window_width=%dc" % cols, "-o",
        "initial_window_height=%dc" % rows, "-o", "remember_window_size=no", "-o", "window_padding_width=0",
        "-o", "placement_strategy=top-left", "-o", "linux_display_server=x11", *inner], env=SOFTWARE_GL),
    Terminal("mlterm", ["mlterm"], lambda cols, rows, inner: [
        "mlterm", "--geometry=%dx%d+0+0" % (cols, rows), "-e", *inner]),
    Terminal("foot", ["foot", "weston"], lambda cols, rows, inner: [
        "foot", "-o", "csd.preferred=none", "--window-size-chars=%dx%d" % (cols, rows), *inner],
        env={"WAYLAND_DISPLAY": "wl-test"}, helpers=weston, attempts=2),
    Terminal("konsole", ["konsole"], lambda cols, rows, inner: [
        "konsole", "--nofork", "--hide-menubar", "--hide-tabbar", "-p", "TerminalColumns=%d" % cols, "-p",
        "TerminalRows=%d" % rows, "-e", *inner], env={"QT_QPA_PLATFORM": "xcb"}),
    Terminal("konsole-sixel", ["konsole"], lambda cols, rows, inner: [
        "konsole", "--nofork", "--hide-menubar", "--hide-tabbar", "-p", "TerminalColumns=%d" % cols, "-p",
        "TerminalRows=%d" % rows, "-e", *inner], env={"QT_QPA_PLATFORM": "xcb"},
        imgsel_env={"IMGSEL_GRAPHICS": "sixel"}),
    Terminal("alacritty", ["alacritty"], lambda cols, rows, inner: [
        "alacritty", "-o", "window.dimensions.columns=%d" % cols, "-o", "window.dimensions.lines=%d" % rows,
        "-o", "window.position.x=0", "-o", "window.position.y=0", "-e", *inner], env=SOFTWARE_GL),
    Terminal("gnome-terminal", ["gnome-terminal", "dbus-run-session"], lambda cols, rows, inner: [
        "dbus-run-session", "--", "gnome-terminal", "--wait", "--geometry=%dx%d+0+0" % (cols, rows), "--",
        *inner], env={"GSETTINGS_BACKEND": "memory", "NO_AT_BRIDGE": "1", "LANG": "C.UTF-8"}),
]}
