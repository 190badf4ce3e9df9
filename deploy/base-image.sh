#!/usr/bin/env bash
# Builds the local stand-in for node:20-bookworm-slim when no image registry is reachable
# (issue 28): Debian bookworm by debootstrap (minbase) plus this machine's Node 20 laid out as
# the official image lays it out (/usr/local/bin/node, npm, headers in /usr/local/include/node),
# and the compilers better-sqlite3 needs when it has to build from source. Idempotent: an image
# already present under the name is kept (FORCE=1 rebuilds it).
#   usage: deploy/base-image.sh [IMAGE]   (default localhost/rotalink-node-base:20-bookworm)
set -euo pipefail
image="${1:-localhost/rotalink-node-base:20-bookworm}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
podman=(podman --runtime /usr/sbin/runc)

if [ "${FORCE:-0}" != 1 ] && "${podman[@]}" image exists "$image"; then
  echo "base image $image already present (FORCE=1 rebuilds it)"
  exit 0
fi
node_bin="$(command -v node)"
node_major="$("$node_bin" -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" != 20 ]; then
  echo "base-image: this machine's node is $("$node_bin" --version), the image needs Node 20" >&2
  exit 1
fi
node_prefix="$(cd "$(dirname "$(readlink -f "$node_bin")")/.." && pwd)"
npm_dir="$node_prefix/lib/node_modules/npm"
[ -d "$npm_dir" ] || { echo "base-image: npm not found at $npm_dir" >&2; exit 1; }
[ -d "$node_prefix/include/node" ] || { echo "base-image: node headers not found at $node_prefix/include/node" >&2; exit 1; }

work="$(mktemp -d /var/tmp/rotalink-base.XXXXXX)"
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"
echo "== debootstrap bookworm (minbase) into $root"
debootstrap --variant=minbase --include=ca-certificates,libstdc++6,python3,make,g++,curl \
  bookworm "$root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -30 "$work/debootstrap.log" >&2
  exit 1
}
echo "== Node $("$node_bin" --version) from $node_prefix"
install -D -m 0755 "$node_bin" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/lib/node_modules" "$root/usr/local/include"
cp -a "$npm_dir" "$root/usr/local/lib/node_modules/npm"
cp -a "$node_prefix/include/node" "$root/usr/local/include/node"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
chroot "$root" /usr/local/bin/node --version >/dev/null
# The official image's user (uid 1000) so a Dockerfile written for it runs unchanged.
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
echo "== import as $image"
tar -C "$root" -c . | "${podman[@]}" import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV npm_config_nodedir=/usr/local' \
  --change 'CMD ["node"]' - "$image" >/dev/null
echo "base image $image built"
