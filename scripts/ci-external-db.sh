#!/usr/bin/env bash
# Runs the integration suite against an external PostgreSQL, in a fresh database that is dropped afterwards.
# Exits with the suite's status.
#
#   scripts/ci-external-db.sh [extra vitest args]
#
# PG_ADMIN_URL  an admin connection used to create and drop the database
#               (default postgres://postgres@127.0.0.1:5432/postgres, the CI machine's server, trust auth).
# REDIS_URL     passed through: when set, the app counts rate limits in that Redis for the whole run and the
#               ratelimit-redis tests run too. Each run gets its own RATE_LIMIT_PREFIX so runs never share budgets.
set -uo pipefail

cd "$(dirname "$0")/.."

admin_url="${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
db="legajo_ci_$(date +%s)_$$_${RANDOM}"
base_url="${admin_url%/*}"

psql_admin() { psql "$admin_url" -v ON_ERROR_STOP=1 -qAt "$@"; }

cleanup() {
  # Terminate leftovers (a crashed worker) so the drop cannot fail on open connections.
  psql_admin -c "select pg_terminate_backend(pid) from pg_stat_activity where datname = '${db}' and pid <> pg_backend_pid()" >/dev/null 2>&1
  psql_admin -c "drop database if exists \"${db}\"" >/dev/null 2>&1 || echo "warning: could not drop database ${db}" >&2
}

if ! psql_admin -c "create database \"${db}\"" >/dev/null; then
  echo "error: could not create database ${db} on ${admin_url##*@}" >&2
  exit 2
fi
trap cleanup EXIT

echo "integration suite against external PostgreSQL: ${base_url##*@}/${db}" >&2
TEST_DATABASE_URL="${base_url}/${db}" \
RATE_LIMIT_PREFIX="${RATE_LIMIT_PREFIX:-legajo-ci-${db}}" \
  npx vitest run --project integration "$@"
status=$?
exit "$status"
