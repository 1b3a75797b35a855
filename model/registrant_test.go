package model

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestRegistrantShownKeepsWhatDetailAllows(t *testing.T) {
	person := Registrant{Names: [6]string{"SMITH JOHN A"}, Street: [2]string{"123 MAIN ST"}, City: "WICHITA",
		AdministrativeArea: "KS", PostalCode: "67201", Country: "US", Type: "Individual"}
	company := Registrant{Names: [6]string{"ACME AVIATION INC", "ACME AIR"}, Street: [2]string{"PO BOX 7"}, City: "DENVER",
		PostalCode: "80201", Country: "US", Type: "Corporation", Organisation: true}
	onlyStreet := Registrant{Street: [2]string{"1 SMITH ST"}, PostalCode: "4350"}

	tests := []struct {
		name   string
		record Registrant
		detail RegistrantDetail
		want   Registrant
		ok     bool
	}{
		{"standard hides a person's name, street and postcode", person, DetailStandard,
			Registrant{City: "WICHITA", AdministrativeArea: "KS", Country: "US", Type: "Individual"}, true},
		{"standard keeps an organisation's names", company, DetailStandard,
			Registrant{Names: company.Names, City: "DENVER", Country: "US", Type: "Corporation", Organisation: true}, true},
		{"standard with nothing left is nothing", onlyStreet, DetailStandard, Registrant{}, false},
		{"full keeps everything", person, DetailFull, person, true},
		{"none is nothing", company, DetailNone, Registrant{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := tt.record.Shown(tt.detail)
			require.Equal(t, tt.ok, ok)
			require.Equal(t, tt.want, got)
		})
	}
}

func TestParseRegistrantDetail(t *testing.T) {
	tests := []struct {
		in   string
		want RegistrantDetail
		ok   bool
	}{
		{"", DetailStandard, true}, {"standard", DetailStandard, true}, {" FULL ", DetailFull, true}, {"none", DetailNone, true},
		{"everything", DetailStandard, false},
	}
	for _, tt := range tests {
		got, ok := ParseRegistrantDetail(tt.in)
		require.Equal(t, tt.ok, ok, tt.in)
		require.Equal(t, tt.want, got, tt.in)
	}
}

func TestRegistrantJSONIsTheOriginalsShape(t *testing.T) {
	r := Registrant{Names: [6]string{`ACME "AIR" <INC>`, "ACME CHARTER"}, Street: [2]string{"PO BOX 7"}, City: "DENVER",
		AdministrativeArea: "CO", PostalCode: "80201", Country: "US", Type: "Corporation", Organisation: true}
	got := r.AppendJSON([]byte("x"))
	require.Equal(t, byte('x'), got[0])
	var m map[string]any
	require.NoError(t, json.Unmarshal(got[1:], &m))
	require.Equal(t, map[string]any{"names": []any{`ACME "AIR" <INC>`, "ACME CHARTER"}, "street": []any{"PO BOX 7"},
		"city": "DENVER", "administrative_area": "CO", "postal_code": "80201", "country": "US", "type": "Corporation"}, m)
	want, err := json.Marshal(struct {
		Names  []string `json:"names"`
		Street []string `json:"street"`
		City   string   `json:"city"`
	}{[]string{`ACME "AIR" <INC>`, "ACME CHARTER"}, []string{"PO BOX 7"}, "DENVER"})
	require.NoError(t, err)
	require.Equal(t, string(want[:len(want)-1]), string(got[1:len(want)]), "escaped as encoding/json escapes")

	empty := Registrant{}
	require.Empty(t, empty.AppendJSON(nil))
	onlyType := Registrant{Type: "Individual", Country: "US"}
	require.JSONEq(t, `{"country":"US","type":"Individual"}`, string(onlyType.AppendJSON(nil)))
}

// Hand-rendered strings are escaped as encoding/json escapes them.
func TestAppendJSONStringMatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{"", "Zürich", `quote " back \ slash`, "tab\tnew\nline\r", "<a&b>", "\x00\x1f", "\u2028\u2029", "bad \xff utf8", "日本語"} {
		want, err := json.Marshal(s)
		require.NoError(t, err)
		require.Equal(t, string(want), string(AppendJSONString(nil, s)), "%q", s)
	}
}

func TestRegistrantLabel(t *testing.T) {
	tests := []struct {
		r    Registrant
		want string
	}{
		{Registrant{Names: [6]string{"ACME AVIATION INC"}, City: "DENVER", AdministrativeArea: "CO", Country: "US"}, "ACME AVIATION INC (DENVER, CO, US)"},
		{Registrant{Type: "Individual", City: "WICHITA", Country: "US"}, "Individual (WICHITA, US)"},
		{Registrant{Names: [6]string{"QANTAS"}}, "QANTAS"},
		{Registrant{Country: "AU"}, "AU"},
		{Registrant{}, ""},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, tt.r.Label())
	}
}

func TestContainsFold(t *testing.T) {
	tests := []struct {
		s, sub string
		want   bool
	}{
		{"ACME AVIATION INC", "aviation", true}, {"Café Aviation", "CAFÉ", true}, {"ACME", "ACME AIR", false},
		{"ACME AVIATION", "avn", false}, {"x", "", true},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, ContainsFold(tt.s, tt.sub), "%q in %q", tt.sub, tt.s)
	}
}

// Where the enrichment made the flight's registrant, only that leaves (Owner, cut by
// REGISTRANT_DETAIL): never the input's object as it came; an engine without enrichment passes
// the input's on (CONTRACT.md 6.5).
func TestRegistrantJSONIsTheMadeOneWhereItWasMade(t *testing.T) {
	input := Party{Raw: []byte(`{"names":["INPUT CORP"],"street":["2 DOCK RD"],"postal_code":"88888","type":"Corporation"}`)}
	tests := []struct {
		name  string
		made  bool
		owner Registrant
		want  string
	}{
		{"not made: the input's", false, Registrant{}, string(input.Raw)},
		{"made: the owner alone", true, Registrant{Type: "Corporation"}, `{"type":"Corporation"}`},
		{"made, nothing left: none", true, Registrant{}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := Flight{Registrant: input, Owner: tt.owner}
			f.Enrichment.RegistrantMade = tt.made
			if got := f.RegistrantJSON(); tt.want == "" {
				require.Nil(t, got)
			} else {
				require.JSONEq(t, tt.want, string(got))
			}
		})
	}
}
