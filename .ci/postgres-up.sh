#!/usr/bin/env bash
# Install (when missing) and start a PostgreSQL server from Debian's packages on loopback,
# with role gin/gin and an empty database gin_test, for the tests marked `postgres`.
# Prints the URL the tests read from TEST_POSTGRES_URL on its last line of stdout.
# Needs root; without it, or on any failure, it says why on stderr and exits non-zero, and
# the PostgreSQL tests skip with their own reason.
set -euo pipefail

log() { echo "postgres-up: $*" >&2; }

if [ "$(id -u)" != 0 ]; then
  log "not root: cannot install or start PostgreSQL"
  exit 1
fi

if ! command -v pg_ctlcluster >/dev/null || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  log "installing postgresql"
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

# The Debian package makes one cluster; make one if the image had the binaries but no cluster.
if [ -z "$(pg_lsclusters -h 2>/dev/null)" ]; then
  version=$(ls /usr/lib/postgresql | sort -V | tail -n 1)
  log "creating cluster $version/main"
  pg_createcluster "$version" main >&2
fi
read -r version cluster port status _ < <(pg_lsclusters -h | head -n 1)
if [ "$status" != online ]; then
  log "starting cluster $version/$cluster on port $port"
  pg_ctlcluster "$version" "$cluster" start >&2
fi

for _ in $(seq 1 30); do
  if runuser -u postgres -- pg_isready -q -h 127.0.0.1 -p "$port"; then break; fi
  sleep 1
done
runuser -u postgres -- pg_isready -h 127.0.0.1 -p "$port" >&2

psql_admin() { runuser -u postgres -- psql -p "$port" -v ON_ERROR_STOP=1 -qtA "$@"; }
if [ "$(psql_admin -c "SELECT 1 FROM pg_roles WHERE rolname = 'gin'")" != 1 ]; then
  psql_admin -c "CREATE ROLE gin LOGIN PASSWORD 'gin'" >&2
fi
# A fresh database every run: the tests create and drop the schema themselves.
psql_admin -c "DROP DATABASE IF EXISTS gin_test WITH (FORCE)" >&2
psql_admin -c "CREATE DATABASE gin_test OWNER gin" >&2

echo "postgresql+psycopg://gin:gin@127.0.0.1:$port/gin_test"
