#!/usr/bin/env bash
# Asks the questions of testdata/fresh against the fifteen manuals they were
# written on (documentation sets no labelled set of testdata/eval uses) and
# counts the answers that hold each question's fact string. BENCHMARKS.md's
# thirtieth- to forty-first-session sections quote these counts.
#
#   scripts/fresh-manuals.sh OUT [NAME...]
#
# NAME: haproxy docker bind prometheus postfix exim slurm ntpsec varnish knot manpages manpages-held manpages-gnu zsh imagemagick libcurl
# (manpages and manpages-held: two sets of questions on one folder of manual pages)
#
# Writes OUT/NAME.marks (one line per question: ok, bad, refused or skip,
# then the question), OUT/NAME.answers.jsonl (each question, its fact,
# mark and the answer, to read or re-mark without asking again) and
# prints each manual's totals. BIN names the hybridrag binary (default:
# built from this checkout into OUT/hybridrag);
# CORPORA is where the manuals are unpacked (default /tmp/hybridrag-fresh).
# The Debian packages are fetched with apt-get download (bookworm's
# versions were used), Prometheus's docs from the Go module proxy. Each
# manual is indexed into a fresh store under OUT. Nothing here runs in CI.
#
# A mark is "ok" when the answer holds the fact string (case-insensitive;
# at the start of a word, a figure also at the end of one, "102400" is not
# in "10240000"; an option as a whole token in its own case), or, for
# REFUSE, when the question is refused; "-" questions are skipped.
# The strings are exact: an answer that says "5 days" for "5d", or
# "postqueue [-v] -f" for "postqueue -f", is marked bad.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
out=${1:?usage: fresh-manuals.sh OUT [NAME...]}
shift
mkdir -p "$out"
out=$(cd "$out" && pwd)
corpora=${CORPORA:-/tmp/hybridrag-fresh}
mkdir -p "$corpora"
bin=${BIN:-}
if [ -z "$bin" ]; then
	bin=$out/hybridrag
	go build -o "$bin" ./examples/hybridrag
fi
names=("$@")
[ ${#names[@]} -gt 0 ] || names=(haproxy docker bind prometheus postfix exim slurm ntpsec varnish knot manpages manpages-held manpages-gnu zsh imagemagick libcurl)

# debian PACKAGE DIR: unpack a Debian package into DIR once.
debian() {
	[ -d "$2" ] && return
	(cd "$corpora" && apt-get download "$1" >/dev/null)
	mkdir -p "$2"
	dpkg-deb -x "$corpora"/"$1"_*.deb "$2"
}

# corpus NAME: the folder indexed for a manual, fetched if missing.
corpus() {
	case $1 in
	haproxy) debian haproxy-doc "$corpora/haproxy-doc" && echo "$corpora/haproxy-doc" ;;
	docker) debian docker-doc "$corpora/docker-doc" && echo "$corpora/docker-doc" ;;
	bind) debian bind9-doc "$corpora/bind9-doc" && echo "$corpora/bind9-doc" ;;
	postfix) debian postfix-doc "$corpora/postfix-doc" && echo "$corpora/postfix-doc" ;;
	exim) debian exim4-doc-html "$corpora/exim4-doc-html" && echo "$corpora/exim4-doc-html" ;;
	slurm) debian slurm-wlm-doc "$corpora/slurm-wlm-doc" && echo "$corpora/slurm-wlm-doc" ;;
	ntpsec) debian ntpsec-doc "$corpora/ntpsec-doc" && echo "$corpora/ntpsec-doc" ;;
	varnish) debian varnish-doc "$corpora/varnish-doc" && echo "$corpora/varnish-doc" ;;
	knot) debian knot-doc "$corpora/knot-doc" && echo "$corpora/knot-doc" ;;
	zsh) debian zsh-doc "$corpora/zsh-doc" && echo "$corpora/zsh-doc/usr/share/doc/zsh-common/html" ;;
	imagemagick) debian imagemagick-6-doc "$corpora/imagemagick-6-doc" && echo "$corpora/imagemagick-6-doc/usr/share/doc/imagemagick-6-common/html" ;;
	manpages | manpages-held)
		# The manual page sources of three packages, links kept, as one
		# /usr/share/man would hold them.
		if [ ! -d "$corpora/manpages" ]; then
			for p in openssh-client openssh-server systemd; do
				debian "$p" "$corpora/man-$p"
				mkdir -p "$corpora/manpages"
				cp -a "$corpora/man-$p/usr/share/man/." "$corpora/manpages/"
			done
		fi
		echo "$corpora/manpages"
		;;
	manpages-gnu)
		if [ ! -d "$corpora/manpages-gnu" ]; then
			for p in coreutils grep findutils tar sed gzip; do
				debian "$p" "$corpora/man-$p"
				mkdir -p "$corpora/manpages-gnu"
				cp -a "$corpora/man-$p/usr/share/man/." "$corpora/manpages-gnu/"
			done
		fi
		echo "$corpora/manpages-gnu"
		;;
	libcurl)
		# libcurl's manual pages and its Markdown documents, as
		# /usr/share holds them (the package's copyright and changelog
		# left out).
		if [ ! -d "$corpora/libcurl" ]; then
			debian libcurl4-doc "$corpora/libcurl4-doc"
			mkdir -p "$corpora/libcurl"
			cp -a "$corpora/libcurl4-doc/usr/share/man" "$corpora/libcurl4-doc/usr/share/doc/libcurl4" "$corpora/libcurl/"
		fi
		echo "$corpora/libcurl"
		;;
	prometheus)
		if [ ! -d "$corpora/prometheus" ]; then
			dir=$(cd "$repo" && GOFLAGS=-mod=mod go mod download -json github.com/prometheus/prometheus@v0.48.1 |
				python3 -c 'import json,sys; print(json.load(sys.stdin)["Dir"])')
			cp -r "$dir/docs" "$corpora/prometheus"
			chmod -R u+w "$corpora/prometheus"
		fi
		echo "$corpora/prometheus"
		;;
	*) echo "fresh-manuals: unknown manual $1" >&2 && return 1 ;;
	esac
}

for name in "${names[@]}"; do
	dir=$(corpus "$name")
	store=$out/$name.store
	rm -rf "$store"
	"$bin" index --store "$store" --no-log "$dir" >/dev/null
	marks=$out/$name.marks
	answers=$out/$name.answers.jsonl
	: >"$marks"
	: >"$answers"
	grep -v '^#' "$repo/testdata/fresh/$name.tsv" | while IFS=$'\t' read -r q fact; do
		(cd "$dir" && "$bin" ask --store "$store" --no-log --json "$q" 2>/dev/null || true) |
			python3 -c '
import json, re, sys
q, fact, answers = sys.argv[1], sys.argv[2], sys.argv[3]
try:
    d = json.load(sys.stdin)
except ValueError:
    d = {}
answer, refused = d.get("answer") or "", bool(d.get("refusal_reason"))
if fact == "-":
    mark = "skip"
elif fact == "REFUSE":
    mark = "ok" if refused else "bad"
elif refused:
    mark = "refused"
else:
    # A fact starts a word ("redistribut" is a stem, meant to match
    # "redistributes"); a figure is a whole number ("102400" is not in
    # "10240000", "4" not in "2.4"); an option is a whole token in its
    # own case ("-t" is neither "-T" nor the start of "-time").
    option = fact.startswith("-")
    pat = re.escape(fact)
    if fact[:1].isdigit():
        pat = r"(?<![\w.])" + pat
    elif fact[:1].isalnum():
        pat = r"(?<![A-Za-z0-9])" + pat
    if fact[-1:].isdigit():
        pat += r"(?![A-Za-z0-9]|\.\d)"
    elif option and fact[-1:].isalnum():
        pat += r"(?![A-Za-z0-9])"
    if option:
        pat = r"(?<![\w-])" + pat
    found = re.search(pat, answer, 0 if option else re.IGNORECASE)
    mark = "ok" if found else "bad"
print(mark + "\t" + q)
with open(answers, "a") as f:
    f.write(json.dumps({"question": q, "fact": fact, "mark": mark, "answer": answer}) + "\n")
' "$q" "$fact" "$answers" >>"$marks"
	done
	printf '%-11s %s\n' "$name" "$(cut -f1 "$marks" | sort | uniq -c | tr -s ' ' | tr '\n' ' ')"
done
