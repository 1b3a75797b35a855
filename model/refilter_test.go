package model

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

func TestStoredNotificationsObeyTheReader(t *testing.T) {
	person := `{"names":["SMITH JOHN A"],"street":["123 MAIN ST"],"city":"WICHITA","administrative_area":"KS","postal_code":"672011234","country":"US","type":"Individual","source":"faa","attribution":"FAA"}`
	company := `{"names":["ACME AVIATION INC"],"street":["PO BOX 7"],"city":"DENVER","postal_code":"80201","type":"Corporation","source":"faa"}`
	casa := `{"names":["ANNE SERVICE"],"street":["1 SMITH ST"],"city":"PERTH","source":"casa"}`
	note := func(reg string) string {
		return `{"aircraft":{"icao_hex":"A0B1C2"},"registrant":` + reg + `,"rule":{"identifier":"r"}}`
	}
	tests := []struct {
		name, in string
		d        RegistrantDetail
		opted    bool
		want     string
	}{
		{"full keeps all", note(person), DetailFull, false, note(person)},
		{"standard drops a person's name and street", note(person), DetailStandard, false,
			note(`{"city":"WICHITA","administrative_area":"KS","country":"US","type":"Individual","source":"faa","attribution":"FAA"}`)},
		{"standard keeps a company's name", note(company), DetailStandard, false,
			note(`{"names":["ACME AVIATION INC"],"city":"DENVER","type":"Corporation","source":"faa"}`)},
		{"CASA: SERVICE is a person's word", note(casa), DetailStandard, false, note(`{"city":"PERTH","source":"casa"}`)},
		{"none removes it", note(person), DetailNone, false, `{"aircraft":{"icao_hex":"A0B1C2"},"rule":{"identifier":"r"}}`},
		{"opted out removes it", note(company), DetailFull, true, `{"aircraft":{"icao_hex":"A0B1C2"},"rule":{"identifier":"r"}}`},
		{"first member removed", `{"registrant":` + person + `, "rule":1}`, DetailNone, false, `{"rule":1}`},
		{"only member removed", `{"registrant":` + person + `}`, DetailNone, false, `{}`},
		{"no registrant: untouched", `{"rule": {"x":"registrant"}}`, DetailNone, false, `{"rule": {"x":"registrant"}}`},
		{"not an object: untouched", `"text"`, DetailNone, false, `"text"`},
		{"a registrant that is no object goes", `{"registrant":"SMITH JOHN"}`, DetailStandard, false, `{}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := ObeyingRegistrant([]byte(tt.in), tt.d, tt.opted)
			require.Equal(t, tt.want, string(got))
			require.True(t, json.Valid(got))
		})
	}
}
