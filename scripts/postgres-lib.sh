# shellcheck shell=bash
# Throwaway PostgreSQL for tests, from the machine's own server binaries.
# Source this file, then call pg_start (which exports HYBRIDRAG_POSTGRES_DSN)
# and make sure pg_stop runs at exit:
#
#   source scripts/postgres-lib.sh
#   pg_start
#   trap pg_stop EXIT
#
# The server runs as the postgres user when started by root (initdb refuses
# root), listens on a free port on 127.0.0.1 only, keeps its data directory
# and unix socket in one temporary directory, trusts local connections, and
# is stopped and removed by pg_stop. Set PGBIN to choose the binaries (the
# newest /usr/lib/postgresql/*/bin by default) and PG_FSYNC=on for durable
# commits (benchmarks comparing against the fsyncing embedded store).

pg_find_bin() {
	if [ -n "${PGBIN:-}" ]; then
		echo "$PGBIN"
		return
	fi
	local d
	d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
	if [ -z "$d" ] && command -v initdb >/dev/null 2>&1; then
		d=$(dirname "$(command -v initdb)")
	fi
	echo "$d"
}

# pg_as_owner runs a command as the server's owner.
pg_as_owner() {
	if [ "$(id -u)" = 0 ]; then
		runuser -u postgres -- "$@"
	else
		"$@"
	fi
}

# pg_free_port prints a TCP port nothing listens on.
pg_free_port() {
	local port
	for _ in $(seq 1 50); do
		port=$((20000 + RANDOM % 40000))
		if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
			echo "$port"
			return 0
		fi
	done
	echo "pg_free_port: no free port found" >&2
	return 1
}

pg_start() {
	PG_BIN_DIR=$(pg_find_bin)
	if [ -z "$PG_BIN_DIR" ] || [ ! -x "$PG_BIN_DIR/initdb" ]; then
		echo "pg_start: no PostgreSQL server binaries (initdb) found; install Debian's postgresql package or set PGBIN" >&2
		return 1
	fi
	if [ "$(id -u)" = 0 ] && ! getent passwd postgres >/dev/null; then
		echo "pg_start: running as root but there is no postgres user to run the server" >&2
		return 1
	fi
	PG_TMP=$(mktemp -d "${TMPDIR:-/tmp}/hybridrag-pg.XXXXXX")
	if [ "$(id -u)" = 0 ]; then
		chown postgres: "$PG_TMP"
	fi
	chmod 700 "$PG_TMP"
	pg_as_owner "$PG_BIN_DIR/initdb" -D "$PG_TMP/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 --no-sync >"$PG_TMP/initdb.log" 2>&1 || {
		cat "$PG_TMP/initdb.log" >&2
		return 1
	}
	local try
	for try in 1 2 3; do
		PG_PORT=$(pg_free_port) || return 1
		if pg_as_owner "$PG_BIN_DIR/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/server.log" -w -t 60 \
			-o "-p $PG_PORT -k $PG_TMP -c listen_addresses=127.0.0.1 -c fsync=${PG_FSYNC:-off} -c max_connections=200" \
			start >/dev/null; then
			export HYBRIDRAG_POSTGRES_DSN="postgres://postgres@127.0.0.1:$PG_PORT/postgres?sslmode=disable"
			echo "pg_start: PostgreSQL ($("$PG_BIN_DIR/postgres" --version)) on 127.0.0.1:$PG_PORT, data in $PG_TMP" >&2
			return 0
		fi
		echo "pg_start: start on port $PG_PORT failed (try $try):" >&2
		tail -n 5 "$PG_TMP/server.log" >&2 || true
	done
	return 1
}

pg_stop() {
	if [ -n "${PG_TMP:-}" ] && [ -d "$PG_TMP" ]; then
		if [ -f "$PG_TMP/data/postmaster.pid" ]; then
			pg_as_owner "$PG_BIN_DIR/pg_ctl" -D "$PG_TMP/data" -m immediate -w stop >/dev/null 2>&1 || true
		fi
		rm -rf "$PG_TMP"
	fi
	PG_TMP=
}
