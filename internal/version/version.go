// Package version is the build's version, set by the linker (make build, the Dockerfile:
// -ldflags "-X …/internal/version.Version=… -X …/internal/version.GitCommit=…"); a leaf, so
// that every package may name it (the downloads' User-Agent, the devices' sw_version, --version).
package version

// Build-time values, set with -ldflags -X.
var (
	Version   = "dev"
	GitCommit = ""
)
