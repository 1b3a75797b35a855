package mqtt

import (
	"testing"

	"github.com/eclipse/paho.golang/paho"
	"github.com/stretchr/testify/require"
)

func TestConnectAsksForASmallReceiveMaximum(t *testing.T) {
	expiry := uint32(30)
	for _, tc := range []struct {
		name string
		in   *paho.Connect
	}{
		{"no properties", &paho.Connect{ClientID: "c"}},
		{"session expiry kept", &paho.Connect{ClientID: "c", Properties: &paho.ConnectProperties{SessionExpiryInterval: &expiry}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			had := tc.in.Properties != nil
			cp, err := withReceiveMaximum(tc.in, nil)
			require.NoError(t, err)
			require.Equal(t, "c", cp.ClientID)
			require.NotNil(t, cp.Properties.ReceiveMaximum)
			require.EqualValues(t, receiveMaximum, *cp.Properties.ReceiveMaximum)
			if had {
				require.Equal(t, &expiry, cp.Properties.SessionExpiryInterval)
			}
		})
	}
}
