# Multi-stage build: a static binary on a distroless, non-root runtime.
FROM golang:1.26-bookworm AS build
ARG VERSION=dev
ARG GIT_COMMIT=unknown
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
RUN CGO_ENABLED=0 go build -trimpath \
      -ldflags "-s -w -X github.com/tracker-adsb/tracker-core-health/config.Version=${VERSION} -X github.com/tracker-adsb/tracker-core-health/config.GitCommit=${GIT_COMMIT}" \
      -o /out/ ./cmd/...

FROM gcr.io/distroless/static-debian12:nonroot
ARG IMAGE=unknown
ARG VERSION=dev
ARG GIT_COMMIT=unknown
# The image name is baked in at build time: "tracker-" + the build matrix entry's name.
ENV COMPONENT_IMAGE=${IMAGE} \
    HEARTBEAT_PATH=/app/health/heartbeat
LABEL org.opencontainers.image.title="${IMAGE}" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${GIT_COMMIT}"
COPY --from=build /out/tracker-core-health /out/tracker-rules /out/tracker-config-api /usr/local/bin/
USER nonroot:nonroot
# /app/health must be a memory-backed mount (tmpfs); see docker-compose.yml.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["/usr/local/bin/tracker-core-health", "healthcheck"]
# The monitor by default; the same image runs the other two by command, e.g.
# ["tracker-rules", "watch", "--readsb", "http://readsb/data/aircraft.json", "--from-store"].
CMD ["/usr/local/bin/tracker-core-health"]
