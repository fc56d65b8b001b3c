#!/usr/bin/env python3
"""Rewrites README.md's quickstart sample output (the ```text block after
"It prints") from what `go run ./examples/quickstart` prints now: the first
question and answer, "…", and the last one (the refusal).
examples/quickstart/readme_test.go fails until this is run after a change
that alters the answers."""
import os, re, subprocess, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
out = subprocess.run(["go", "run", "./examples/quickstart"], cwd=root,
                     capture_output=True, text=True, check=True).stdout
parts = out.split("\nQ: ")
sample = (parts[0] + "\nQ: " + parts[1]).rstrip("\n") + "\n\n…\n" + ("Q: " + parts[-1]).rstrip("\n") + "\n"
path = os.path.join(root, "README.md")
readme = open(path).read()
new, n = re.subn(r"(It prints[^\n]*\n\n```text\n).*?(```)", lambda m: m.group(1) + sample + m.group(2), readme, count=1, flags=re.S)
if n != 1:
    sys.exit("README.md has no ```text block after \"It prints\"")
open(path, "w").write(new)
