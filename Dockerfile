# Multi-stage build: static binaries on a distroless, non-root runtime.
#
# The base images are build arguments so that a machine that cannot pull them can supply
# local equivalents (scripts/image.sh does, for `make image` and the tests); users build with
# the defaults: the official Go image and distroless static nonroot.
ARG BUILDER_IMAGE=golang:1.26-bookworm
ARG RUNTIME_IMAGE=gcr.io/distroless/static-debian12:nonroot

# The build stage runs on the machine that builds and cross-compiles for the target platform
# (linux/amd64, linux/arm64, linux/arm/v7: where receivers run); no emulation is needed.
FROM --platform=$BUILDPLATFORM ${BUILDER_IMAGE} AS build
# Set by the builder from --platform (empty with a builder that does not: linux/amd64).
ARG TARGETOS
ARG TARGETARCH
ARG TARGETVARIANT
ARG VERSION=dev
ARG GIT_COMMIT=unknown
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# One binary for the three commands (cmd/tracker: the libraries they share are in it once),
# named tracker-core-health, with tracker-rules, tracker-config-api and tracker-addon (the Home
# Assistant add-on's entry, deploy/home-assistant/addon) as links to it; and
# nodbembed: the aircraft database is not built in, the image carries it once, beside it
# (aircraftdb/shipped.InstalledPath). arm/v7 (and v6): GOARM is the variant's number.
RUN GOARM="${TARGETVARIANT#v}" CGO_ENABLED=0 GOOS="${TARGETOS:-linux}" GOARCH="${TARGETARCH:-amd64}" go build -trimpath -buildvcs=false -tags nodbembed \
      -ldflags "-s -w -X github.com/tracker-adsb/tracker-core-health/internal/version.Version=${VERSION} -X github.com/tracker-adsb/tracker-core-health/internal/version.GitCommit=${GIT_COMMIT}" \
      -o /out/tracker-core-health ./cmd/tracker \
 && ln -s tracker-core-health /out/tracker-rules && ln -s tracker-core-health /out/tracker-config-api \
 && ln -s tracker-core-health /out/tracker-addon

# The runtime stage is the target platform's distroless base: files only, nothing runs here.
# (--platform said again: buildah 1.28 otherwise carries the build stage's platform over.)
FROM --platform=$TARGETPLATFORM ${RUNTIME_IMAGE}
ARG IMAGE=unknown
ARG VERSION=dev
ARG GIT_COMMIT=unknown
# The image name is baked in at build time: "tracker-" + the build matrix entry's name.
# WATCH_STATE: where tracker-rules watch keeps its state across restarts when no data store is
# configured (CONTRACT.md 10.8); mount a volume on /data to keep it across containers.
ENV COMPONENT_IMAGE=${IMAGE} \
    HEARTBEAT_PATH=/app/health/heartbeat \
    WATCH_STATE=/data/watch-state.json \
    FLIGHT_LOG=/data/flights.db
LABEL org.opencontainers.image.title="${IMAGE}" \
      org.opencontainers.image.description="Tracker core health monitor, rules command line and management API" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${GIT_COMMIT}" \
      org.opencontainers.image.source="https://github.com/tracker-adsb/tracker-core-health" \
      org.opencontainers.image.licenses="Apache-2.0"
COPY --from=build /out/ /usr/local/bin/
# /data, the image user's: watch's state without a data store (the build stages have no mkdir).
COPY --chown=65532:65532 deploy/image/data/ /data/
# The aircraft database of tracker-rules and tracker-config-api, once, and its attribution and
# licences.
COPY aircraftdb/shipped/aircraft.db.zst /usr/local/share/tracker-core-health/
COPY aircraftdb/shipped/NOTICE aircraftdb/shipped/LICENSE-mictronics aircraftdb/shipped/LICENSE-standing-data /usr/share/doc/tracker-core-health/
# distroless's nonroot user.
USER 65532:65532
# /app/health must be a memory-backed mount (tmpfs); see docker-compose.yml.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["/usr/local/bin/tracker-core-health", "healthcheck"]
# The monitor by default; the same image runs the other two by command, e.g.
# ["tracker-rules", "watch", "--readsb", "http://readsb/data/aircraft.json", "--from-store"].
CMD ["/usr/local/bin/tracker-core-health"]
