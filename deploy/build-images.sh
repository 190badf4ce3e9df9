#!/usr/bin/env bash
# Builds the images the deployment test runs (issue 28): the local base (base-image.sh, kept when
# present) and the API image from deploy/Dockerfile, with podman and runc as docs/deploy.md says.
# .ci/run starts it in the background at the beginning, so the slow part (better-sqlite3 compiled
# from source: no prebuilt binary can be downloaded here) overlaps the other stages.
#   usage: deploy/build-images.sh   (DEPLOY_BASE_IMAGE, DEPLOY_API_IMAGE override the names)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
base="${DEPLOY_BASE_IMAGE:-localhost/rotalink-node-base:20-bookworm}"
api="${DEPLOY_API_IMAGE:-localhost/rotalink-api:test}"

bash "$root/deploy/base-image.sh" "$base"
args=(build --network host --format docker -f "$root/deploy/Dockerfile" -t "$api"
  --build-arg "NODE_IMAGE=$base" --build-arg npm_config_build_from_source=true)
# Where the registry is reached through a TLS-inspecting proxy, the build trusts what this machine trusts.
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  args+=(-v "$NODE_EXTRA_CA_CERTS:$NODE_EXTRA_CA_CERTS:ro" --build-arg "NODE_EXTRA_CA_CERTS=$NODE_EXTRA_CA_CERTS")
fi
started=$(date +%s)
podman --runtime /usr/sbin/runc "${args[@]}" "$root"
echo "API image $api built in $(($(date +%s) - started)) s"
