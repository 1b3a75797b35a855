//go:build integration

package main_test

import (
	"bytes"
	"debug/elf"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// platform is one of the image's three: Docker's architecture and variant, the ELF machine of
// its binaries, and the qemu user emulator that runs them here ("" for this machine's).
type platform struct {
	name, arch, variant string
	machine             elf.Machine
	class               elf.Class
	qemu                string
}

var platforms = []platform{
	{"amd64", "amd64", "", elf.EM_X86_64, elf.ELFCLASS64, ""},
	{"arm64", "arm64", "", elf.EM_AARCH64, elf.ELFCLASS64, "qemu-aarch64-static"},
	{"armv7", "arm", "v7", elf.EM_ARM, elf.ELFCLASS32, "qemu-arm-static"},
}

// make image yields linux/amd64, linux/arm64 and linux/arm/v7 from the one Dockerfile: each
// archive's config names its architecture (and variant), holds the three binaries built for
// it, and is under 46 MB (the aircraft database, 8.6 MB compressed, is in it once, beside the
// binaries; SQLite for the flight log added ≈ 4.4 MB, docs/decisions.md); the OCI archive is the manifest list of the three. The arm64 and
// arm/v7 binaries, run under qemu user emulation, answer exactly as the amd64 ones do:
// --version, validate, replay and from-readsb on the examples.
func TestImagesForThreePlatforms(t *testing.T) {
	t.Parallel()
	buildImages(t)
	dir := t.TempDir()
	for _, p := range platforms {
		t.Run(p.name, func(t *testing.T) {
			path := imageArchives + p.name + ".tar"
			st, err := os.Stat(path)
			require.NoError(t, err)
			require.Less(t, st.Size(), int64(46<<20), "the %s image is under 46 MB", p.name)
			t.Logf("%s: %.1f MB", p.name, float64(st.Size())/(1<<20))
			manifest, cfg, _, binaries := readArchive(t, path)
			require.Equal(t, []any{imageTag}, manifest[0]["RepoTags"])
			require.Equal(t, "linux", cfg["os"])
			require.Equal(t, p.arch, cfg["architecture"])
			if p.variant != "" {
				require.Equal(t, p.variant, cfg["variant"])
			}
			// The one binary (the other two commands are links to it).
			b := binaries["tracker-core-health"]
			require.NotEmpty(t, b)
			f, err := elf.NewFile(bytes.NewReader(b))
			require.NoError(t, err)
			require.Equal(t, p.machine, f.Machine, "built for %s", p.name)
			require.Equal(t, p.class, f.Class)
			require.NoError(t, os.MkdirAll(filepath.Join(dir, p.name), 0o755))
			require.NoError(t, os.WriteFile(filepath.Join(dir, p.name, "tracker-core-health"), b, 0o755))
			for _, link := range []string{"tracker-rules", "tracker-config-api"} {
				require.NoError(t, os.Symlink("tracker-core-health", filepath.Join(dir, p.name, link)))
			}
		})
	}

	// The manifest list: one manifest per platform.
	f, err := os.Open(imageIndex)
	require.NoError(t, err)
	defer f.Close()
	entries := tarEntries(t, f)
	var index struct {
		Manifests []struct {
			MediaType string `json:"mediaType"`
			Digest    string `json:"digest"`
		} `json:"manifests"`
	}
	require.NoError(t, json.Unmarshal(entries["index.json"], &index))
	require.Len(t, index.Manifests, 1)
	var list struct {
		Manifests []struct {
			Platform struct {
				Architecture string `json:"architecture"`
				OS           string `json:"os"`
				Variant      string `json:"variant"`
			} `json:"platform"`
		} `json:"manifests"`
	}
	require.NoError(t, json.Unmarshal(entries["blobs/sha256/"+strings.TrimPrefix(index.Manifests[0].Digest, "sha256:")], &list))
	var got []string
	for _, m := range list.Manifests {
		pl := m.Platform.OS + "/" + m.Platform.Architecture
		if v := m.Platform.Variant; v != "" && (m.Platform.Architecture != "arm64" || v != "v8") { // arm64 is v8
			pl += "/" + v
		}
		got = append(got, pl)
	}
	require.ElementsMatch(t, []string{"linux/amd64", "linux/arm64", "linux/arm/v7"}, got)

	// Emulated runs against this machine's: byte for byte.
	traffic, err := os.ReadFile("../../examples/traffic.jsonl")
	require.NoError(t, err)
	london, err := os.ReadFile("../../examples/readsb-london.json")
	require.NoError(t, err)
	examples, _ := filepath.Abs("../../examples")
	runs := []struct {
		name  string
		bin   string
		args  []string
		stdin []byte
	}{
		{"version", "tracker-core-health", []string{"--version"}, nil},
		{"rules version", "tracker-rules", []string{"--version"}, nil},
		{"validate", "tracker-rules", []string{"validate", "--rules", examples + "/rules.json", "--areas", examples + "/areas.json"}, nil},
		{"replay", "tracker-rules", []string{"replay", "--rules", examples + "/rules.json", "--areas", examples + "/areas.json", "--explain"}, traffic},
		{"from-readsb", "tracker-rules", []string{"from-readsb", "--rounds", "3"}, london},
	}
	for _, r := range runs {
		var want []byte
		for _, p := range platforms {
			bin := filepath.Join(dir, p.name, r.bin)
			name, args := bin, r.args
			if p.qemu != "" {
				name, args = p.qemu, append([]string{bin}, r.args...)
			}
			cmd := exec.Command(name, args...)
			cmd.Stdin = bytes.NewReader(r.stdin)
			out, err := cmd.Output()
			require.NoError(t, err, "%s on %s", r.name, p.name)
			require.NotEmpty(t, out)
			if want == nil {
				want = out
				continue
			}
			require.Equal(t, string(want), string(out), "%s on %s answers as on amd64", r.name, p.name)
		}
	}
}
