#!/usr/bin/env bash
# Runs the labelled evaluation sets of testdata/eval against the public
# documentation corpora they were written on, each store indexed fresh, the
# pipeline and plain bleve (--baseline) in the same run. Every figure in
# BENCHMARKS.md's issue-13 sections comes from these commands; this script
# keeps them in one place so that a new machine can repeat them.
#
#   scripts/eval-corpora.sh OUT [SET...]     # SET: file name without .jsonl
#   python3 scripts/eval-summary.py OUT [OUT2]
#
# BIN names the hybridrag binary (default: built from this checkout into
# OUT/hybridrag). CORPORA is where the corpora are copied (default
# /tmp/hybridrag-corpora). The Debian documentation packages are installed
# if missing (root and apt-get needed); the Rust books come from the rustup
# toolchain's docs when present, and the Rust set is skipped otherwise.
# Nothing here runs in CI: the corpora are hundreds of megabytes.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
out=${1:?usage: eval-corpora.sh OUT [SET...]}
shift
mkdir -p "$out"
out=$(cd "$out" && pwd)
corpora=${CORPORA:-/tmp/hybridrag-corpora}
bin=${BIN:-}
if [ -z "$bin" ]; then
	bin=$out/hybridrag
	go build -o "$bin" ./examples/hybridrag
fi

# The corpus each set was written on.
corpus_of() {
	case $1 in
	pg15-*) echo pg ;;
	py311-*) echo py311 ;;
	sqlite-*) echo sqlite ;;
	git-*) echo git ;;
	apache-*) echo apache ;;
	node-*) echo node ;;
	rust-*) echo rust ;;
	django-*) echo django ;;
	cmake-*) echo cmake ;;
	ff-*) echo ffmpeg ;;
	godoc) echo godoc ;;
	quickstart) echo quickstart ;;
	*) return 1 ;;
	esac
}

need_pkg() {
	if [ ! -e "$2" ]; then
		if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
			echo "eval-corpora: $2 is missing; install Debian's $1" >&2
			return 1
		fi
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$1" >/dev/null
	fi
}

# copy_html SRC DST FIND-ARGS...: the *.html files under SRC that the
# find arguments keep, with their folders.
copy_html() {
	local src=$1 dst=$2
	shift 2
	mkdir -p "$dst"
	(cd "$src" && find . -name '*.html' "$@" -exec cp --parents {} "$dst" \;)
}

# corpus_dir NAME prints the folder to index, preparing it once. The file
# rules are those eval/blindset_test.go documents for each set.
corpus_dir() {
	local d=$corpora/$1
	case $1 in
	pg)
		need_pkg postgresql-doc-15 /usr/share/doc/postgresql-doc-15/html
		echo /usr/share/doc/postgresql-doc-15/html
		return
		;;
	apache)
		need_pkg apache2-doc /usr/share/doc/apache2-doc/manual/en
		echo /usr/share/doc/apache2-doc/manual/en
		return
		;;
	godoc)
		go env GOROOT | sed 's|$|/doc|'
		return
		;;
	quickstart)
		echo "$repo/examples/quickstart/docs"
		return
		;;
	esac
	if [ ! -d "$d" ]; then
		case $1 in
		py311)
			need_pkg python3.11-doc /usr/share/doc/python3.11/html
			copy_html /usr/share/doc/python3.11/html "$d.tmp" -not -path './_*'
			;;
		sqlite)
			# sqlite3 itself installs /usr/share/doc/sqlite3: look for a page.
			need_pkg sqlite3-doc /usr/share/doc/sqlite3/lang.html
			copy_html /usr/share/doc/sqlite3 "$d.tmp" ! -name 'doc_*_crossref.html' ! -name keyword_index.html \
				! -name requirements.html ! -name syntaxdiagrams.html ! -name capi3ref.html ! -path ./fileformat.html
			;;
		git)
			need_pkg git-doc /usr/share/doc/git-doc
			copy_html /usr/share/doc/git-doc "$d.tmp"
			;;
		node)
			# Debian's nodejs-doc 18, unpacked beside the system: a Node.js
			# installed from elsewhere may own /usr/share/doc/nodejs with
			# another version's pages.
			local deb=$corpora/nodejs-doc
			if [ ! -d "$deb/usr/share/doc/nodejs/api" ]; then
				mkdir -p "$deb"
				(cd "$deb" && apt-get download nodejs-doc=18.20.4+dfsg-1~deb12u3 >/dev/null 2>&1 && dpkg -x nodejs-doc_*.deb .)
			fi
			copy_html "$deb/usr/share/doc/nodejs/api" "$d.tmp" -maxdepth 1 ! -name all.html ! -name index.html
			;;
		django)
			need_pkg python-django-doc /usr/share/doc/python-django-doc/html
			copy_html /usr/share/doc/python-django-doc/html "$d.tmp" -not -path './_*' ! -name genindex.html \
				! -name py-modindex.html ! -name search.html
			;;
		cmake)
			need_pkg cmake-doc /usr/share/doc/cmake-data/html
			copy_html /usr/share/doc/cmake-data/html "$d.tmp" -not -path './_*' ! -name genindex.html ! -name search.html
			;;
		ffmpeg)
			need_pkg ffmpeg-doc /usr/share/doc/ffmpeg/manual
			copy_html /usr/share/doc/ffmpeg/manual "$d.tmp" -maxdepth 1 ! -name '*-all.html'
			;;
		rust)
			local books
			books=$(ls -d "$HOME"/.rustup/toolchains/*/share/doc/rust/html 2>/dev/null | head -1)
			if [ -z "$books" ]; then
				echo "eval-corpora: no rustup docs; the Rust set is skipped" >&2
				return 1
			fi
			copy_html "$books" "$d.tmp" '(' -path './book/*' -o -path './cargo/*' ')' ! -name print.html ! -name toc.html
			;;
		esac
		mv "$d.tmp" "$d"
	fi
	echo "$d"
}

questions_of() {
	if [ "$1" = quickstart ]; then
		echo "$repo/examples/quickstart/eval.jsonl"
	else
		echo "$repo/testdata/eval/$1.jsonl"
	fi
}

sets=("$@")
if [ ${#sets[@]} = 0 ]; then
	sets=(quickstart)
	for f in testdata/eval/*.jsonl; do sets+=("$(basename "$f" .jsonl)"); done
fi

declare -A indexed
for set in "${sets[@]}"; do
	name=$(corpus_of "$set") || { echo "eval-corpora: no corpus for $set" >&2; exit 2; }
	dir=$(corpus_dir "$name") || continue
	store=$out/stores/$name
	if [ -z "${indexed[$name]:-}" ]; then
		rm -rf "$store"
		(cd "$dir" && "$bin" index --store "$store" --no-log . >/dev/null)
		indexed[$name]=1
	fi
	echo "eval-corpora: $set" >&2
	(cd "$dir" && "$bin" eval --store "$store" --questions "$(questions_of "$set")" --baseline . \
		--strict --no-log --json --report "$out/reports/$set") >"$out/$set.json"
done
