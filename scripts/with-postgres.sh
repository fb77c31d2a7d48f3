#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL cluster (system initdb/pg_ctl, temp dir, free port),
# exported as TEST_DATABASE_URL. The cluster is stopped and deleted afterwards, whatever happens.
set -euo pipefail

bindir=""
for candidate in "$(dirname "$(command -v initdb 2>/dev/null || echo /nonexistent)")" /usr/lib/postgresql/*/bin; do
  if [ -x "$candidate/initdb" ] && [ -x "$candidate/pg_ctl" ]; then bindir="$candidate"; break; fi
done
if [ -z "$bindir" ]; then
  echo "with-postgres: initdb/pg_ctl not found (apt-get install -y postgresql)" >&2
  exit 1
fi

port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
dir=$(mktemp -d /tmp/under-pg.XXXXXX)
# initdb refuses to run as root: run the cluster as an unprivileged user when we are root
runas=()
if [ "$(id -u)" = "0" ]; then
  user=postgres
  id "$user" >/dev/null 2>&1 || user=nobody
  chown "$user" "$dir"
  runas=(runuser -u "$user" --)
fi

cleanup() {
  "${runas[@]}" "$bindir/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT

"${runas[@]}" "$bindir/initdb" -D "$dir/data" -U under --auth=trust -E UTF8 >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; exit 1; }
"${runas[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null ||
  { cat "$dir/server.log" >&2; exit 1; }

export TEST_DATABASE_URL="postgres://under@127.0.0.1:$port/postgres"
echo "with-postgres: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}') on port $port"
set +e
"$@"
status=$?
exit $status
