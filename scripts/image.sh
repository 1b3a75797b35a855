#!/usr/bin/env bash
# make image: builds the container image for linux/amd64, linux/arm64 and linux/arm/v7 (the
# Raspberry Pis most receivers run on) from the project's one Dockerfile without a Docker
# daemon (Debian's buildah: chroot isolation, vfs storage, host network). The build stage
# runs on this machine and cross-compiles; nothing is emulated. It writes
#   bin/tracker-core-health-image.oci.tar              the manifest list of every platform
#                                                      (OCI archive, tracker-core-health:<version>)
#   bin/tracker-core-health-image-{amd64,arm64,armv7}.tar  one `docker load`-able archive each,
#                                                      in the Docker format (HEALTHCHECK kept)
# PLATFORMS chooses the platforms (default: all three, comma-separated).
#
# Machines that cannot pull the official base images get local equivalents, made from what
# Debian and the Go toolchain give this machine: a builder base holding the host's Go toolchain
# (modules come through the Go module proxy over the host network; the host's module and build
# caches are mounted into the build) and a runtime base per platform made from scratch with
# Debian's CA certificates, time zone data and distroless's nonroot user (65532).
# USE_OFFICIAL_BASES=1 builds with the Dockerfile's defaults instead.
set -euo pipefail
cd "$(dirname "$0")/.."
VERSION=${VERSION:-$(git describe --tags --exact-match 2>/dev/null || echo dev)}
GIT_COMMIT=${GIT_COMMIT:-$(git rev-parse --short HEAD 2>/dev/null || echo unknown)}
PLATFORMS=${PLATFORMS:-linux/amd64,linux/arm64,linux/arm/v7}
ROOT=${BUILDAH_ROOT:-/tmp/tracker-core-health-buildah}
# Fully qualified, so that the archives carry this one name and `docker load` shows it as
# tracker-core-health:<version>.
TAG=docker.io/library/tracker-core-health:$VERSION
OUT=bin/tracker-core-health-image
log() { echo "image: $*" >&2; }

if ! command -v buildah >/dev/null; then
  log "installing buildah"
  sudo=""; [ "$(id -u)" = 0 ] || sudo=sudo
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends buildah >/dev/null
fi
bah() { buildah --root "$ROOT/storage" --runroot "$ROOT/run" --storage-driver vfs "$@"; }

have() { bah inspect --type image "$1" >/dev/null 2>&1; }

builder_base() { # localhost/tracker-builder:<go version>-2: /bin/sh, ln, libc, the host's Go, CA certificates
  local goroot gover name c mnt
  goroot=$(go env GOROOT); gover=$(go env GOVERSION)
  name=localhost/tracker-builder:$gover-2
  if ! have "$name"; then
    log "making $name from the host's Go toolchain"
    c=$(bah from scratch); mnt=$(bah mount "$c")
    mkdir -p "$mnt"/{bin,tmp,etc/ssl/certs,usr/local,lib/x86_64-linux-gnu,lib64}
    chmod 1777 "$mnt/tmp"
    cp /bin/dash "$mnt/bin/sh"
    cp /bin/ln "$mnt/bin/ln"
    cp -L /lib/x86_64-linux-gnu/libc.so.6 "$mnt/lib/x86_64-linux-gnu/"
    cp -L /lib64/ld-linux-x86-64.so.2 "$mnt/lib64/"
    cp /etc/ssl/certs/ca-certificates.crt "$mnt/etc/ssl/certs/"
    cp -a "$goroot" "$mnt/usr/local/go"
    bah umount "$c" >/dev/null
    bah config --env PATH=/usr/local/go/bin:/bin --env GOPATH=/tmp/go --env GOCACHE=/tmp/go-cache \
      --env GOPROXY="$(go env GOPROXY)" --env GOTOOLCHAIN=local "$c"
    bah commit -q "$c" "$name" >/dev/null; bah rm "$c" >/dev/null
  fi
  echo "$name"
}

runtime_base() { # localhost/tracker-runtime:debian-<arch><variant>: like distroless static nonroot, without a shell
  local arch=$1 variant=$2 name c mnt
  name=localhost/tracker-runtime:debian-$arch$variant
  if ! have "$name"; then
    log "making $name (CA certificates, tzdata, nonroot 65532)"
    c=$(bah from scratch); mnt=$(bah mount "$c")
    mkdir -p "$mnt"/{etc/ssl/certs,usr/share,tmp,home/nonroot}
    chmod 1777 "$mnt/tmp"; chown 65532:65532 "$mnt/home/nonroot"
    cp /etc/ssl/certs/ca-certificates.crt "$mnt/etc/ssl/certs/"
    cp -a /usr/share/zoneinfo "$mnt/usr/share/zoneinfo"
    printf 'root:x:0:0:root:/root:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\nnonroot:x:65532:65532:nonroot:/home/nonroot:/sbin/nologin\n' > "$mnt/etc/passwd"
    printf 'root:x:0:\nnobody:x:65534:\nnonroot:x:65532:\n' > "$mnt/etc/group"
    bah umount "$c" >/dev/null
    bah config --os linux --arch "$arch" ${variant:+--variant "$variant"} \
      --env PATH=/usr/local/bin:/usr/bin:/bin --env SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt "$c"
    bah commit -q "$c" "$name" >/dev/null; bah rm "$c" >/dev/null
  fi
  echo "$name"
}

args=(--build-arg IMAGE=tracker-core-health --build-arg VERSION="$VERSION" --build-arg GIT_COMMIT="$GIT_COMMIT")
caches=()
if [ "${USE_OFFICIAL_BASES:-0}" != 1 ]; then
  args+=(--build-arg BUILDER_IMAGE="$(builder_base)")
  # The host's module and build caches: the three cross-compilations reuse what is built.
  caches=(--volume "$(go env GOMODCACHE):/tmp/go/pkg/mod" --volume "$(go env GOCACHE):/tmp/go-cache")
fi
mkdir -p bin
rm -f "$OUT".oci.tar "$OUT"-*.tar
# The name may be held by a manifest list or by a plain image of an earlier (single-platform)
# build in the same storage: free it either way.
bah manifest rm "$TAG" >/dev/null 2>&1 || true
bah rmi -f "$TAG" >/dev/null 2>&1 || true
bah rmi --prune >/dev/null 2>&1 || true # images left untagged by earlier builds (vfs keeps whole copies)
bah manifest create "$TAG" >/dev/null
IFS=, read -ra platforms <<<"$PLATFORMS"
for platform in "${platforms[@]}"; do
  IFS=/ read -r os arch variant <<<"$platform"
  [ "$os" = linux ] || { log "only linux platforms: $platform"; exit 2; }
  name=$arch$variant
  # Buildah 1.28 (Debian 12) sets neither BUILDPLATFORM, TARGETPLATFORM nor TARGETVARIANT from --platform;
  # docker buildx does. Passing all of them makes both builders build the same thing.
  one=(${args[@]+"${args[@]}"} --build-arg BUILDPLATFORM="linux/$(go env GOARCH)" --build-arg TARGETPLATFORM="$platform"
    --build-arg TARGETOS="$os" --build-arg TARGETARCH="$arch" --build-arg TARGETVARIANT="$variant")
  [ "${USE_OFFICIAL_BASES:-0}" = 1 ] || one+=(--build-arg RUNTIME_IMAGE="$(runtime_base "$arch" "$variant")")
  log "building $TAG for $platform"
  bah bud --isolation chroot --network host --format docker --layers=false -q --platform "$platform" \
    ${caches[@]+"${caches[@]}"} "${one[@]}" --iidfile "$ROOT/iid" -f Dockerfile . >/dev/null
  # By image id, untagged: the archive then carries the one name $TAG (pruned at the next build).
  id=$(cat "$ROOT/iid")
  bah manifest add "$TAG" "$id" >/dev/null
  bah push -q "$id" "docker-archive:$OUT-$name.tar:$TAG" >/dev/null
  log "wrote $OUT-$name.tar ($(du -h "$OUT-$name.tar" | cut -f1), $TAG, $platform)"
done
bah manifest push -q --all "$TAG" "oci-archive:$OUT.oci.tar:$TAG" >/dev/null
log "wrote $OUT.oci.tar ($(du -h "$OUT.oci.tar" | cut -f1), the manifest list of $PLATFORMS)"
