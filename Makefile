# Tracker Core Health. `make demo` runs the monitor against real local services with demo
# traffic; `make test` runs every test (unit and integration, race detector on).
GO        ?= go
VERSION   ?= $(shell git describe --tags --exact-match 2>/dev/null || echo dev)
GIT_COMMIT?= $(shell git rev-parse --short HEAD 2>/dev/null)
LDFLAGS   := -s -w -X github.com/tracker-adsb/tracker-core-health/internal/version.Version=$(VERSION) -X github.com/tracker-adsb/tracker-core-health/internal/version.GitCommit=$(GIT_COMMIT)
GOLANGCI  ?= github.com/golangci/golangci-lint/v2/cmd/golangci-lint@v2.15.0

.PHONY: build test unit bench lint fmt demo services-up services-down clean ui-vendor image scale fuzz soak

build:
	CGO_ENABLED=0 $(GO) build -trimpath -tags '$(BUILD_TAGS)' -ldflags '$(LDFLAGS)' -o bin/ ./cmd/...

# Every test: starts the real services, runs unit + integration tests, stops the services.
test:
	bash scripts/test.sh

# Every fuzz target of the parsers that face the network, FUZZTIME each (default 1m).
fuzz:
	bash scripts/fuzz.sh

# Unit tests only (no services needed).
unit:
	$(GO) test -race -count=1 ./...

bench: services-up
	. /tmp/tracker-core-health-services/env && $(GO) test -tags integration -run '^$$' -bench . -benchmem ./bench/...

lint:
	$(GO) vet ./...
	$(GO) vet -tags integration ./...
	$(GO) vet -tags pprof ./monitor
	$(GO) run $(GOLANGCI) run --build-tags integration ./...

fmt:
	gofmt -w .

demo: build
	bash scripts/demo.sh

services-up:
	bash scripts/services.sh up

services-down:
	bash scripts/services.sh down

# The container image from the Dockerfile, without a Docker daemon (buildah), for linux/amd64,
# linux/arm64 and linux/arm/v7 (PLATFORMS to choose): `docker load`-able archives
# bin/tracker-core-health-image-{amd64,arm64,armv7}.tar and the manifest list
# bin/tracker-core-health-image.oci.tar.
image:
	bash scripts/image.sh

# The monitor at 1,000 queues: CPU per cycle against the broker API's time, peak RSS, counter
# latency (a measurement, never a test).
scale:
	bash scripts/scale.sh

# The monitor for SOAK_MINUTES (default 30) with churn and backend restarts: RSS, goroutines,
# FDs every 5 minutes (a measurement, never a test).
soak:
	bash scripts/soak.sh

# Refresh the UI's vendored libraries from the npm registry (maintainers; the files are committed).
ui-vendor:
	bash scripts/ui-vendor.sh

clean:
	rm -rf bin
