package rules

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Rules that can fire (issue 51): a rule whose registrant conditions can never match is loaded
// (the engine's contract), but its writer is told why, naming what would.

// Owner is what the registrant conditions can see where a rule runs: the registrant types the
// aircraft database's registers use, and whether a registrant is made at all
// (REGISTRANT_DETAIL=none makes none).
type Owner struct {
	Types []string
	None  bool
}

// RegistrantWarnings are the warnings of a rule (one element of config:rules): a registrant
// condition where no registrant is made, and a registrant_type value no loaded register uses
// (a typo such as "Goverment"), each naming the known types.
func RegistrantWarnings(rule json.RawMessage, o Owner) []string {
	var r struct {
		Identifier string `json:"identifier"`
		Enabled    bool   `json:"enabled"`
		Conditions []struct {
			Type  string          `json:"type"`
			Value json.RawMessage `json:"value"`
		} `json:"conditions"`
	}
	if json.Unmarshal(rule, &r) != nil || !r.Enabled {
		return nil
	}
	var out []string
	for j, c := range r.Conditions {
		typ := strings.ToLower(strings.TrimSpace(c.Type))
		if typ != TypeRegistrantType && typ != TypeRegistrantName {
			continue
		}
		at := fmt.Sprintf("rule '%s' condition #%d", r.Identifier, j)
		if o.None {
			out = append(out, at+": REGISTRANT_DETAIL=none makes no registrant, so this owner condition never matches")
			continue
		}
		if typ != TypeRegistrantType {
			continue
		}
		values, _ := oneOrList(c.Value)
		for _, v := range values {
			if !slices.ContainsFunc(o.Types, func(k string) bool { return strings.EqualFold(k, strings.TrimSpace(v)) }) {
				out = append(out, fmt.Sprintf("%s: registrant type '%s' is used by no register in the aircraft database, so it never matches (%s)",
					at, v, known(o.Types)))
			}
		}
	}
	return out
}

func known(types []string) string {
	if len(types) == 0 {
		return "the database has no register: tracker-rules db update adds them"
	}
	return "the types there: " + strings.Join(types, ", ")
}
