#!/usr/bin/env bash
# The release as an operator installs it: dist/web and dist/server (from `npm run build`) and the package files in an
# empty folder, production packages only, then the server started on a loopback port with a fresh SQLite file and
# asked for readiness and the app's page; `npm start` there too, which must start without the build tools.
# Prints the size of that install (the target is at most RELEASE_MAX_MEGABYTES). Used by .ci/run.
#
#   check.sh                 installs, then serves the build (run `npm run build` first)
#   check.sh install FOLDER  only the production install, into an empty FOLDER: it needs no build, so .ci/run runs it
#                            beside the type check and lint, which leave a core idle
#   check.sh serve FOLDER    copies the build into FOLDER (installed above), serves it and removes FOLDER
set -euo pipefail
cd "$(dirname "$0")/../.."
max_megabytes="${RELEASE_MAX_MEGABYTES:-250}"
mode="${1:-all}"

case "$mode" in
  all)
    release="$(mktemp -d "${TMPDIR:-/tmp}/wandercards-release-XXXXXX")"
    ;;
  install | serve)
    release="${2:?check.sh $mode needs the release folder}"
    ;;
  *)
    echo "release check: unknown mode $mode (all, install or serve)" >&2
    exit 2
    ;;
esac

server_pid=''
stop_server() {
  if [ -n "$server_pid" ]; then
    kill -TERM -- "-$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=''
  fi
}
# The folder outlives an install-only run, which hands it to `serve`.
if [ "$mode" = install ]; then trap 'stop_server' EXIT; else trap 'stop_server; rm -rf "$release"' EXIT; fi

install_release() {
  mkdir -p "$release/dist" "$release/scripts/build"
  cp package.json package-lock.json "$release/"
  # What `npm start` needs; it builds nothing where there are no sources (scripts/build/targets.mjs).
  cp scripts/start.mjs "$release/scripts/"
  cp scripts/build/targets.mjs "$release/scripts/build/"

  # `npm install`, not `npm ci`: see the install step of .ci/run. It installs the locked versions.
  (cd "$release" && npm install --omit=dev --prefer-offline --no-audit --no-fund)
  if [ -d "$release/node_modules/esbuild" ] || [ -d "$release/node_modules/webpack" ] || [ -d "$release/node_modules/react" ]; then
    echo "release check: a build tool or a browser-only package was installed with --omit=dev" >&2
    exit 1
  fi
  local megabytes
  megabytes="$(du -sm "$release/node_modules" | cut -f1)"
  echo "release check: production install (node_modules) is ${megabytes} MB; target at most ${max_megabytes} MB"
  if [ "$megabytes" -gt "$max_megabytes" ]; then
    echo "release check: the production install is over its ${max_megabytes} MB target" >&2
    du -sm "$release"/node_modules/* "$release"/node_modules/@*/* 2>/dev/null | sort -rn | head -15 >&2
    exit 1
  fi
}

if [ "$mode" != serve ]; then install_release; fi
if [ "$mode" = install ]; then exit 0; fi

for built in dist/web/index.html dist/server/main.js; do
  [ -f "$built" ] || { echo "release check: $built is missing; run npm run build first" >&2; exit 1; }
done
[ -d "$release/node_modules" ] || { echo "release check: $release has no production install; run check.sh install first" >&2; exit 1; }
cp -R dist/web dist/server "$release/dist/"

port="$(node -e "const s=require('node:net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
base="http://127.0.0.1:$port"
log="$release/server.log"

# Starts the release with the given command and waits until it is ready (at most a minute: a fresh database is
# migrated and seeded first).
start_release() {
  # A process group of its own (setsid), so stopping it also stops what `npm start` runs.
  (
    cd "$release"
    exec setsid env PORT="$port" HOST=127.0.0.1 DATABASE_URL="sqlite:$release/data/wandercards.db" \
      DATA_DIR="$release/data" ART_WARMUP=off LOG_LEVEL=warn "$@" >>"$log" 2>&1
  ) &
  server_pid=$!
  for _ in $(seq 1 120); do
    if curl -fsS "$base/api/health/ready" >/dev/null 2>&1; then return 0; fi
    if ! kill -0 "$server_pid" 2>/dev/null; then break; fi
    sleep 0.5
  done
  echo "release check: the server ($*) did not become ready; its log:" >&2
  cat "$log" >&2
  exit 1
}

check_serves_app() {
  curl -fsS "$base/api/health/ready"
  echo
  local page
  page="$(curl -fsS "$base/")"
  if ! grep -q "<title>Wandercards" <<<"$page"; then
    echo "release check: / did not answer the app's page:" >&2
    head -c 2000 <<<"$page" >&2
    exit 1
  fi
  echo "release check: / serves the app's page ($1)"
}

start_release node --enable-source-maps dist/server/main.js
check_serves_app 'node dist/server/main.js'
stop_server
start_release npm start
check_serves_app 'npm start'
stop_server
