#!/usr/bin/env bash
# Writes the text of the chunks a store retrieves for the first N questions
# of a labelled set, one file per chunk (OUT/CHUNK_ID.txt; a chunk several
# questions retrieve is written once), for validate's
# BenchmarkNegationFlips (HYBRIDRAG_VALIDATE_CHUNKS=OUT). BENCHMARKS.md's
# forty-second-session section took the top 4 sources of 40 questions.
#
#   scripts/dump-chunks.sh STORE DOCS QUESTIONS.jsonl N OUT [TOP]
#
# DOCS is the folder the store was indexed from (retrieve runs there, as
# eval-corpora.sh's eval does). BIN names the hybridrag binary (default:
# built from this checkout into OUT/hybridrag).
set -euo pipefail
cd "$(dirname "$0")/.."
store=$(realpath "${1:?usage: dump-chunks.sh STORE DOCS QUESTIONS.jsonl N OUT [TOP]}")
docs=${2:?missing DOCS}
questions=$(realpath "${3:?missing QUESTIONS.jsonl}")
n=${4:?missing N}
out=${5:?missing OUT}
top=${6:-4}
mkdir -p "$out"
out=$(realpath "$out")
bin=${BIN:-}
if [ -z "$bin" ]; then
	bin=$out/hybridrag
	go build -o "$bin" ./examples/hybridrag
fi
cd "$docs"
head -n "$n" "$questions" | python3 -c '
import json, sys
for line in sys.stdin:
    print(json.loads(line)["query"])
' | while IFS= read -r q; do
	"$bin" retrieve --store "$store" --json "$q" | python3 -c '
import json, os, sys
out, top = sys.argv[1], int(sys.argv[2])
for s in json.load(sys.stdin)["sources"][:top]:
    with open(os.path.join(out, s["chunk_id"] + ".txt"), "w") as f:
        f.write(s["text"])
' "$out" "$top"
done
ls "$out"/*.txt | wc -l
