#!/usr/bin/env bash
# Build the Docker image and run it, on a machine with no Docker engine and no image
# registry: Debian's buildah builds the Dockerfile on a local stand-in for its base image,
# made from Debian's packages with debootstrap (bookworm ships Python 3.11, like the
# official python:3.11-slim). The built image's own entrypoint and command then run in a
# buildah container (chroot isolation, host network) and /healthz, the home page and the
# image's HEALTHCHECK command must answer over loopback.
#
# Needs root. Every step prints its duration; the whole check takes about two minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

BASE_IMAGE=${BASE_IMAGE:-docker.io/library/python:3.11-slim}  # the Dockerfile's default base
IMAGE=${IMAGE:-localhost/gin-rummy:ci}
WORK=${DOCKER_CHECK_WORK:-/var/tmp/gin-docker-check}
# Pages that must answer 200; a play page joins once it exists.
PAGES=${DOCKER_CHECK_PAGES:-"/healthz /"}

bah() { buildah --storage-driver vfs "$@"; }
step_start=$SECONDS
step() {
  echo "docker-check: $* (+$((SECONDS - step_start))s)"
}

if [ "$(id -u)" != 0 ]; then
  echo "docker-check: needs root (debootstrap, buildah); skipped" >&2
  exit 1
fi

step "installing buildah and debootstrap"
if ! command -v buildah >/dev/null || ! command -v debootstrap >/dev/null; then
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq buildah debootstrap >/dev/null
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
rm -rf "$data" "$WORK/server.log" "$WORK/cookie"
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
# GET each page until it answers 200 (90 s in all). The session cookie the home page sets
# is kept in $WORK/cookie; with `resume`, it is sent back and must not be replaced.
probe() {
  python3 - "$port" "$WORK/cookie" "$@" <<'PY' || { echo "--- server log" >&2; tail -n 40 "$WORK/server.log" >&2; exit 1; }
import sys, time, urllib.error, urllib.request

port, cookie_file, mode, paths = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
deadline = time.monotonic() + 90
for path in paths:
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}")
    if mode == "resume" and path == "/":
        request.add_header("Cookie", open(cookie_file).read().strip())
    while True:
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                body = response.read()
                cookies = [c.split(";")[0] for c in response.headers.get_all("Set-Cookie") or []]
                break
        except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
            if time.monotonic() > deadline:
                sys.exit(f"docker-check: GET {path} failed: {error}")
            time.sleep(0.5)
    print(f"docker-check: GET {path} -> {response.status} ({len(body)} bytes)")
    session = [c for c in cookies if c.startswith("gin_session=")]
    if path == "/" and mode == "first":
        if not session:
            sys.exit("docker-check: the home page set no session cookie")
        open(cookie_file, "w").write(session[0])
    if path == "/" and mode == "resume" and session:
        sys.exit("docker-check: the session did not survive the restart")
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

step "restarting on the same volume: migrations rerun, the session is still there"
stop_server
start_server
probe resume $PAGES
stop_server
grep -i "running upgrade" "$WORK/server.log" || true

step "done"
