#!/usr/bin/env bash
# Times `retrieve` processes run one after another on an embedded store while
# `index` runs in another process (BENCHMARKS.md, "Readers during an index
# run"). Prints one line per reader: phase (idle/during/after), exit code,
# seconds.
set -u
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
go build -o "$W/hr" ./examples/hybridrag || exit 1
python3 - "$W" <<'PY'
import os, random, sys
random.seed(7)
words = ["w%d" % i for i in range(20000)] + "pump valve seal document".split()
for d, n in (("a", 300), ("c", 600)):
    os.makedirs(f"{sys.argv[1]}/{d}")
    for i in range(n):
        with open(f"{sys.argv[1]}/{d}/doc{i:05d}.md", "w") as f:
            f.write(f"# Document {d}{i}\n\n")
            for _ in range(6):
                f.write(" ".join(random.choice(words) for _ in range(110)) + ".\n\n")
PY
ST=$W/store
"$W/hr" index --store "$ST" --no-log "$W/a" >/dev/null 2>&1
q() { local s e rc; s=$(date +%s.%N); "$W/hr" retrieve --store "$ST" --no-log "pump valve document" >/dev/null 2>&1; rc=$?; e=$(date +%s.%N); echo "$1 $rc $(echo "$e - $s" | bc)"; }
for _ in $(seq 10); do q idle; done
"$W/hr" index --store "$ST" --no-log "$W/c" >/dev/null 2>&1 & IP=$!
while kill -0 $IP 2>/dev/null; do q during; done
wait
for _ in $(seq 10); do q after; done
