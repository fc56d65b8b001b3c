#!/bin/sh
# measure-root-cost.sh TREE [RUNS]: stripped size and cold build time of
# examples/minimal in the checkout TREE (modules already downloaded; each
# run gets a fresh, empty GOCACHE, so the standard library is compiled
# too). Prints one line per run: wall and CPU seconds, stripped bytes,
# third-party packages.
# Usage for a before/after pair: run it on both trees alternately.
set -eu
tree=$1
runs=${2:-3}
cd "$tree"
pkgs=$(go list -deps ./examples/minimal | grep '^[a-z0-9-]*\.[a-z]*/' | grep -vc '^github.com/hybridrag/' || true)
for i in $(seq "$runs"); do
	cache=$(mktemp -d)
	out=$(mktemp)
	times=$(mktemp)
	start=$(date +%s.%N)
	GOCACHE=$cache /usr/bin/time -f '%U %S' -o "$times" go build -ldflags='-s -w' -o "$out" ./examples/minimal
	end=$(date +%s.%N)
	printf '%s run %d: %.1f s wall, %.1f s CPU (user+sys), %d bytes, %d third-party packages\n' "$tree" "$i" \
		"$(echo "$end - $start" | bc)" "$(awk '{print $1 + $2}' "$times")" "$(stat -c %s "$out")" "$pkgs"
	rm -f "$times"
	rm -rf "$cache" "$out"
done
