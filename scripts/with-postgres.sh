#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL started from this machine's
# server binaries (Debian's postgresql package), with HYBRIDRAG_POSTGRES_DSN
# set; the server and its data are removed when the command ends.
#
#   scripts/with-postgres.sh go test -race ./store/postgres/
#   PG_FSYNC=on scripts/with-postgres.sh go test -run '^$' -bench . ./store/postgres/
set -euo pipefail
if [ $# -eq 0 ]; then
	echo "usage: $0 COMMAND [ARG...]" >&2
	exit 2
fi
# shellcheck source=scripts/postgres-lib.sh
source "$(dirname "$0")/postgres-lib.sh"
trap pg_stop EXIT
trap 'exit 130' INT TERM
pg_start
"$@"
