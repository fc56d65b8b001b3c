#!/usr/bin/env bash
# check-report.sh renders an evaluation report (report.html written by
# `hybridrag eval --report DIR`) with headless Chromium and checks that the
# screenshot is a non-empty PNG. Chromium runs offline: background
# networking and component updates are off and the profile is a throwaway
# directory.
#
#   scripts/check-report.sh DIR/report.html [OUT.png]
#
# Install Chromium on Debian with: apt-get install -y chromium
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
	echo "usage: $0 REPORT.html [OUT.png]" >&2
	exit 2
fi
report=$(realpath "$1")
out=${2:-${report%.html}.png}
out=$(realpath -m "$out")
chromium=${CHROMIUM:-/usr/bin/chromium}

if [[ ! -f "$report" ]]; then
	echo "check-report: $report not found" >&2
	exit 1
fi
if [[ ! -x "$chromium" ]]; then
	echo "check-report: $chromium not found (apt-get install -y chromium, or set CHROMIUM)" >&2
	exit 1
fi

profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
rm -f "$out"

"$chromium" --headless --no-sandbox --disable-gpu --disable-background-networking \
	--disable-component-update --no-first-run --user-data-dir="$profile" \
	--hide-scrollbars --window-size=1280,3200 --screenshot="$out" "file://$report" \
	>"$profile/chromium.log" 2>&1 || {
	echo "check-report: chromium failed:" >&2
	cat "$profile/chromium.log" >&2
	exit 1
}

if [[ ! -s "$out" ]]; then
	echo "check-report: no screenshot written" >&2
	exit 1
fi
if [[ "$(head -c 8 "$out" | od -An -tx1 | tr -d ' \n')" != "89504e470d0a1a0a" ]]; then
	echo "check-report: $out is not a PNG" >&2
	exit 1
fi
echo "rendered $report -> $out ($(stat -c %s "$out") bytes)"
