#!/usr/bin/env python3
"""Rewrites the README's table of upload targets and the manual's UPLOAD TARGETS list from
`imgsel rules --targets` (IMGSEL, default .build/debug/imgsel), so both say what the table in
Sources/SelectionModel/Rules/UploadTargets.swift says. UploadTargetTests checks they agree."""
import json
import os
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
binary = os.environ.get("IMGSEL", os.path.join(root, ".build/debug/imgsel"))
targets = json.loads(subprocess.run([binary, "--json", "rules", "--targets"], check=True,
                                    capture_output=True, text=True).stdout)
text = subprocess.run([binary, "rules", "--targets"], check=True, capture_output=True, text=True).stdout
rules, name = {}, None
for line in text.split("\n"):
    if line and not line.startswith(" "):
        name = line.split("  ")[0]
    elif line.startswith("  --capacity"):
        rules[name] = line.strip().split(" ", 2)[2]

table = ["| target | capacity | rules | checked | source | note |", "| --- | --- | --- | --- | --- | --- |"]
for t in targets:
    table.append("| `%s` | %d | `%s` | %s | <%s> | %s |" % (
        t["name"], t["capacity"], rules[t["name"]], t["checked"], t["source"], t["note"].replace("|", "\\|")))


def roff(s):
    return s.replace("\\", "\\\\").replace("-", "\\-")


entries = []
for t in targets:
    entries += [".TP", "\\fB%s\\fR (capacity %d)" % (roff(t["name"]), t["capacity"]),
                roff(t["title"]) + ": \\fB" + roff(rules[t["name"]]) + "\\fR.",
                ".br", "Checked %s: %s" % (t["checked"], roff(t["source"])), ".br", roff(t["note"]) + "."]


def replace(path, start, end, lines):
    with open(path) as f:
        s = f.read()
    i = s.index(start)
    j = s.index(end, i)
    s = s[:i] + "\n".join(lines) + "\n" + s[j:]
    with open(path, "w") as f:
        f.write(s)


# The README's table runs from its header row to the blank line after it.
replace(os.path.join(root, "README.md"), table[0] + "\n", "\n\n", table[:-1] + [table[-1]])
replace(os.path.join(root, "man/imgsel.1"), ".ad l\n.TP\n", ".ad b\n", [".ad l"] + entries)
sys.exit(0)
