package model

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Bidirectional controls are dropped (an owner's name cannot reverse or hide what follows it),
// control characters made spaces, runs of spaces collapsed: the registers' cleaning and the
// input's are this one.
func TestCleanTextDropsBidiAndControlCharacters(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ACME INC", "ACME INC"},
		{"\u202eCNI EMCA", "CNI EMCA"},
		{"SMITH\u202a JOHN\u202c", "SMITH JOHN"},
		{"\u2066JONES\u2069 \u2067MARY\u2068", "JONES MARY"},
		{"A\u200eB\u200fC\u061cD", "ABCD"},
		{"  TAB\tAND\nNEWLINE  ", "TAB AND NEWLINE"},
		{"BELL\x07BYTE\xff", "BELL BYTE"},
		{"Côte-Vertu", "Côte-Vertu"},
		{"", ""},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, CleanText(tt.in), "%q", tt.in)
	}
	require.Zero(t, testing.AllocsPerRun(10, func() { _ = CleanText("ACME AVIATION INC") }), "a clean text costs nothing")
}

// An input's registrant object is cleaned as a register's value is.
func TestRegistrantOfCleansTheInput(t *testing.T) {
	r, ok := RegistrantOf([]byte(`{"names":["\u202eCNI EMCA","  "],"street":["1\u2066 MAIN ST"],"city":"X\u200e","type":"Corporation","extra":1}`))
	require.True(t, ok)
	require.Equal(t, Registrant{Names: [6]string{"CNI EMCA"}, Street: [2]string{"1 MAIN ST"}, City: "X", Type: "Corporation",
		Organisation: true}, r)
}
