#!/usr/bin/env bash
# Build the Docker image and run it, on a machine with no Docker engine and no image
# registry: Debian's buildah builds the Dockerfile on a local stand-in for its base image,
# made from Debian's packages with debootstrap (bookworm ships Python 3.11, like the
# official python:3.11-slim). The built image's own entrypoint and command then run in a
# buildah container (chroot isolation, host network, a host directory as /data): /healthz,
# the home, play, score and guide pages and the image's HEALTHCHECK command must answer
# over loopback, a match is started, and after a restart on the same volume the session
# and the match are still there.
#
# Needs root. Every step prints its time; the check took 4 minutes on a fresh machine
# (debootstrap 40 s to 2.5 min, depending on the mirror; the build about a minute).
# `.ci/docker-check.sh --deps` only installs buildah and debootstrap.
set -euo pipefail
cd "$(dirname "$0")/.."

BASE_IMAGE=${BASE_IMAGE:-docker.io/library/python:3.11-slim}  # the Dockerfile's default base
IMAGE=${IMAGE:-localhost/gin-rummy:ci}
WORK=${DOCKER_CHECK_WORK:-/var/tmp/gin-docker-check}
# Pages that must answer 200.
PAGES=${DOCKER_CHECK_PAGES:-"/healthz / /play /score /guide"}

bah() { buildah --storage-driver vfs "$@"; }
step_start=$SECONDS
step() {
  echo "docker-check: $* (+$((SECONDS - step_start))s)"
}

if [ "$(id -u)" != 0 ]; then
  echo "docker-check: needs root (debootstrap, buildah); skipped" >&2
  # --deps (.ci/run's set-up) lets the tests run; the check itself fails later.
  [ "${1:-}" = "--deps" ] && exit 0
  exit 1
fi

step "installing buildah and debootstrap"
if ! command -v buildah >/dev/null || ! command -v debootstrap >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq buildah debootstrap >/dev/null
fi
# `--deps`: only that (.ci/run installs every Debian package first, one apt at a time, then
# runs this check beside the test lanes).
if [ "${1:-}" = "--deps" ]; then
  exit 0
fi

mkdir -p "$WORK"
server_pid=""
container=""
cleanup() {
  if [ -n "$server_pid" ]; then stop_server; fi
  if [ -n "$container" ]; then bah rm "$container" >/dev/null 2>&1 || true; fi
}
trap cleanup EXIT

# --- 1. The stand-in base image ------------------------------------------------------
if bah inspect --type image "$BASE_IMAGE" >/dev/null 2>&1; then
  step "stand-in base $BASE_IMAGE already built"
else
  # The Debian mirror this machine's apt already uses (deb822 or one-line sources; the
  # host may run a later Debian: the stand-in is bookworm all the same, for Python 3.11).
  mirror=$(cat /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null \
    | awk '$1 == "URIs:" || $1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) print $i }' \
    | grep -v -e '-security' -e 'security\.' | grep -m 1 '/debian/*$' || true)
  if [ -z "$mirror" ]; then
    echo "docker-check: no Debian bookworm mirror found in the apt sources" >&2
    exit 1
  fi
  rootfs="$WORK/rootfs"
  rm -rf "$rootfs"
  step "debootstrap bookworm (python3, python3-venv)"
  debootstrap --variant=minbase --include=python3,python3-venv,ca-certificates \
    bookworm "$rootfs" "$mirror" >"$WORK/debootstrap.log" 2>&1 \
    || { tail -n 30 "$WORK/debootstrap.log" >&2; exit 1; }
  # Outbound HTTPS from this machine may pass a proxy with its own certificate authority:
  # the stand-in trusts what the host trusts, and pip is told to use that bundle.
  cp /etc/ssl/certs/ca-certificates.crt "$rootfs/etc/ssl/certs/ca-certificates.crt"
  printf '[global]\ncert = /etc/ssl/certs/ca-certificates.crt\n' >"$rootfs/etc/pip.conf"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/*
  step "importing the root filesystem as $BASE_IMAGE"
  base=$(bah from scratch)
  mnt=$(bah mount "$base")
  cp -a "$rootfs/." "$mnt/"
  bah umount "$base" >/dev/null
  bah config --env PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --env LANG=C.UTF-8 --cmd python3 "$base"
  bah commit --quiet "$base" "$BASE_IMAGE" >/dev/null
  bah rm "$base" >/dev/null
  rm -rf "$rootfs"
fi

# --- 2. The image ----------------------------------------------------------------------
step "building $IMAGE from the Dockerfile"
# Docker's image format: OCI's has no HEALTHCHECK.
bah bud --format docker --isolation chroot --pull=never --layers=false -t "$IMAGE" . >"$WORK/build.log" 2>&1 \
  || { tail -n 40 "$WORK/build.log" >&2; exit 1; }
tail -n 3 "$WORK/build.log"

# --- 3. Run it -------------------------------------------------------------------------
# The image's own ENTRYPOINT + CMD, user and healthcheck, read from its configuration.
config=$(bah inspect --type image "$IMAGE")
read_config() { python3 -c "import json, sys; c = json.loads(sys.argv[1])['Docker']['config']; $1" "$config"; }
mapfile -t command < <(read_config 'print("\n".join((c.get("Entrypoint") or []) + (c.get("Cmd") or [])))')
mapfile -t healthcheck < <(read_config 'print("\n".join(c["Healthcheck"]["Test"][1:]))')
user=$(read_config 'print(c.get("User") or "root")')

data="$WORK/data"
rm -rf "$data" "$WORK/server.log" "$WORK/cookie" "$WORK/version"
mkdir -p "$data"
chown "$user" "$data"
container=$(bah from --pull=never "$IMAGE")
# buildah 1.28 would mount a fresh anonymous volume over /data, hiding the -v bind mount
# below; drop the image's volume from this working container (a Docker engine binds -v).
bah config --volume /data- "$container"

start_server() {
  port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  step "running '${command[*]}' as $user on port $port (data volume $data)"
  setsid buildah --storage-driver vfs run --isolation chroot --network host --user "$user" \
    -v "$data:/data" -e PORT="$port" -e HOST=127.0.0.1 "$container" -- "${command[@]}" \
    >>"$WORK/server.log" 2>&1 &
  server_pid=$!
}
stop_server() {
  kill -TERM -- "-$server_pid" 2>/dev/null || true
  for _ in $(seq 1 20); do
    kill -0 -- "-$server_pid" 2>/dev/null || break
    sleep 0.5
  done
  kill -KILL -- "-$server_pid" 2>/dev/null || true
  server_pid=""
}
# GET each page until it answers 200 (90 s in all). `first` keeps the session cookie the
# home page sets and starts a match (POST /play/new); `resume` sends the cookie back and
# needs the same session and the same match, at the same version, after a restart.
probe() {
  python3 - "$port" "$WORK" "$@" <<'PY' || { echo "--- server log" >&2; tail -n 40 "$WORK/server.log" >&2; exit 1; }
import re, sys, time, urllib.error, urllib.parse, urllib.request

port, work, mode, paths = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
base = f"http://127.0.0.1:{port}"
cookie = open(f"{work}/cookie").read().strip() if mode == "resume" else ""


def fetch(path, data=None, patient=False):
    global cookie
    request = urllib.request.Request(base + path, data=data)
    if cookie:
        request.add_header("Cookie", cookie)
    deadline = time.monotonic() + (90 if patient else 10)
    while True:
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                body = response.read().decode()
                break
        except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
            if time.monotonic() > deadline:
                sys.exit(f"docker-check: {'POST' if data else 'GET'} {path} failed: {error}")
            time.sleep(0.5)
    print(f"docker-check: {'POST' if data else 'GET'} {path} -> {response.status} ({len(body)} bytes)")
    set_cookies = [c.split(";")[0] for c in response.headers.get_all("Set-Cookie") or []]
    session = [c for c in set_cookies if c.startswith("gin_session=")]
    if session and mode == "resume":
        sys.exit(f"docker-check: {path} made a new session: the old one did not survive")
    if session:
        cookie = session[0]
    return body


def version(page):
    found = re.search(r'name="version" value="(\d+)"', page)
    if not found:
        sys.exit("docker-check: the play page shows no match")
    return found.group(1)


for path in paths:
    fetch(path, patient=True)
if not cookie:
    sys.exit("docker-check: no page set a session cookie")
if mode == "first":
    table = fetch("/play/new", data=urllib.parse.urlencode({"level": "standard"}).encode())
    open(f"{work}/cookie", "w").write(cookie)
    open(f"{work}/version", "w").write(version(table))
else:
    stored = open(f"{work}/version").read()
    if version(fetch("/play")) != stored:
        sys.exit("docker-check: the match is not where it was before the restart")
    print(f"docker-check: the match is still at version {stored}")
PY
}

start_server
probe first $PAGES

step "running the image's HEALTHCHECK command"
bah run --isolation chroot --network host --user "$user" -e PORT="$port" \
  "$container" -- "${healthcheck[@]}"

step "checking the database was created on the volume by $user"
if [ "$(stat -c %u "$data/gin.db" 2>/dev/null)" != "${user%%:*}" ]; then
  ls -ln "$data" >&2
  echo "docker-check: no gin.db owned by $user on the volume" >&2
  exit 1
fi

step "restarting on the same volume: migrations rerun, the session and match are still there"
stop_server
start_server
probe resume $PAGES
stop_server
grep -i "running upgrade" "$WORK/server.log" || true

# The image plays with the engine's compiled core (built in the Dockerfile's first stage).
if ! grep -q "engine: compiled core" "$WORK/server.log"; then
  echo "docker-check: the image runs the pure Python engine, not its compiled core" >&2
  grep "engine: " "$WORK/server.log" >&2 || true
  exit 1
fi

step "done"
