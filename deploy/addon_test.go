package deploy_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/tracker-adsb/tracker-core-health/internal/cli/addon"
)

const addonDir = "home-assistant/addon/tracker/"

func readYAML(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, yaml.Unmarshal(b, v), path)
}

// The Home Assistant add-on as the Supervisor reads it: the repository file at the
// repository's root, the add-on's required keys, ingress on the API's port, the port outside
// Home Assistant off, every secret a password, every option one tracker-addon maps (and the
// other way round), defaults only for options of the schema, and an image whose command is
// tracker-addon.
func TestHomeAssistantAddon(t *testing.T) {
	var repo map[string]any
	readYAML(t, "../repository.yaml", &repo)
	require.NotEmpty(t, repo["name"])

	var cfg struct {
		Name, Version, Slug, Description, URL string
		Arch                                  []string
		Ingress                               bool
		IngressPort                           int `yaml:"ingress_port"`
		Ports                                 map[string]*int
		Services                              []string
		Options                               map[string]any
		Schema                                map[string]string
		Image                                 string
	}
	readYAML(t, addonDir+"config.yaml", &cfg)
	for k, v := range map[string]string{"name": cfg.Name, "version": cfg.Version, "slug": cfg.Slug, "description": cfg.Description} {
		require.NotEmpty(t, v, k)
	}
	require.ElementsMatch(t, []string{"aarch64", "amd64", "armv7"}, cfg.Arch, "the image's three platforms")
	require.True(t, cfg.Ingress)
	require.Equal(t, 8080, cfg.IngressPort, "the API's port (CONFIG_API_ADDR :8080)")
	port, ok := cfg.Ports["8080/tcp"]
	require.True(t, ok)
	require.Nil(t, port, "no host port unless the user gives one")
	require.Contains(t, cfg.Services, "mqtt:want")
	require.Empty(t, cfg.Image, "built from the Dockerfile beside it (build.yaml)")

	mapped := addon.OptionNames()
	var names []string
	for name, typ := range cfg.Schema {
		names = append(names, name)
		secret := strings.Contains(name, "password") || name == "api_token" || name == "notify_urls"
		require.Equal(t, secret, strings.HasPrefix(typ, "password"), "%s: %s (secrets are passwords, and only they)", name, typ)
	}
	require.ElementsMatch(t, mapped, names, "every option is mapped to a variable, and every mapped one is an option")
	for name, def := range cfg.Options {
		require.Contains(t, cfg.Schema, name)
		if def == nil {
			require.False(t, strings.HasSuffix(cfg.Schema[name], "?"), "%s: required (null) yet optional", name)
		}
	}
	for _, required := range []string{"store_host", "store_password"} {
		v, ok := cfg.Options[required]
		require.True(t, ok && v == nil, "%s must be given before the add-on starts", required)
	}

	var build struct {
		BuildFrom map[string]string `yaml:"build_from"`
	}
	readYAML(t, addonDir+"build.yaml", &build)
	for _, a := range cfg.Arch {
		require.True(t, strings.HasPrefix(build.BuildFrom[a], "ghcr.io/tracker-adsb/tracker-core-health:"), a)
	}
	docker, err := os.ReadFile(addonDir + "Dockerfile")
	require.NoError(t, err)
	require.Contains(t, string(docker), `CMD ["/usr/local/bin/tracker-addon"]`)
	require.NotContains(t, string(docker), "\nRUN ", "the image has no shell")
	main, err := os.ReadFile("../Dockerfile")
	require.NoError(t, err)
	require.Contains(t, string(main), "ln -s tracker-core-health /out/tracker-addon")

	var tr struct {
		Configuration map[string]map[string]string
	}
	readYAML(t, addonDir+"translations/en.yaml", &tr)
	var named []string
	for k := range tr.Configuration {
		named = append(named, k)
	}
	slices.Sort(named)
	slices.Sort(names)
	require.Equal(t, names, named, "every option has its name in the UI")
}
