package deploy_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/tracker-adsb/tracker-core-health/addon"
)

const addonDir = "home-assistant/addon/tracker/"

// supervisorSchemaElement is the grammar the Home Assistant Supervisor accepts for an option's
// type (RE_SCHEMA_ELEMENT in supervisor/addons/options.py, here without its group names): a
// type it does not match makes the Supervisor refuse the add-on's whole configuration. Range
// bounds are digits and dots only: no minus sign.
var supervisorSchemaElement = regexp.MustCompile(`^(?:` +
	`|bool|email|url|port` +
	`|device(?:\(subsystem=[a-z]+\))?` +
	`|str(?:\(\d*,\d*\))?` +
	`|password(?:\(\d*,\d*\))?` +
	`|int(?:\(\d*,\d*\))?` +
	`|float(?:\([\d.]*,[\d.]*\))?` +
	`|match\(.*\)` +
	`|list\(.+\)` +
	`)\??$`)

// The grammar above refuses what the Supervisor refuses.
func TestSupervisorSchemaElement(t *testing.T) {
	for _, tc := range []struct {
		typ string
		ok  bool
	}{
		{"str", true}, {"str?", true}, {"password?", true}, {"port", true}, {"url?", true}, {"float?", true},
		{"int(1,3650)", true}, {"float(0.5,90)?", true}, {"str(,64)", true}, {"list(debug|info|warn|error)", true},
		{"match(^[a-z]+$)?", true}, {"device(subsystem=tty)", true},
		{"float(-90,90)?", false}, {"int(-1,5)", false}, {"string", false}, {"float(a,b)", false}, {"str??", false},
	} {
		t.Run(tc.typ, func(t *testing.T) {
			require.Equal(t, tc.ok, supervisorSchemaElement.MatchString(tc.typ))
		})
	}
}

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
		require.Regexp(t, supervisorSchemaElement, typ, "%s: a type the Supervisor knows, or it refuses the whole configuration", name)
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
