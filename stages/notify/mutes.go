package notify

import (
	"context"
	"fmt"
	"sort"
	"time"

	"github.com/redis/rueidis"

	"github.com/tracker-adsb/tracker-core-health/delivery"
)

// The mutes in the data store's hash (CONTRACT.md 10.5): what tracker-rules watch and the
// management API share. The decision itself never touches the store (delivery is pure): watch
// reads the hash into its MuteSet.

// ReadMutes reads the hash: the mutes still on at now, in field order; expired fields are
// removed.
func ReadMutes(ctx context.Context, c rueidis.Client, now time.Time) ([]delivery.Mute, error) {
	fields, err := c.Do(ctx, c.B().Hgetall().Key(delivery.MutesKey).Build()).AsStrMap()
	if err != nil && !rueidis.IsRedisNil(err) {
		return nil, fmt.Errorf("reading %s: %w", delivery.MutesKey, err)
	}
	var out []delivery.Mute
	var gone []string
	for f, v := range fields {
		m, err := delivery.ParseField(f, v)
		switch {
		case err != nil, !m.Until.After(now):
			gone = append(gone, f)
		default:
			out = append(out, m)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Field() < out[j].Field() })
	if len(gone) > 0 {
		_ = c.Do(ctx, c.B().Hdel().Key(delivery.MutesKey).Field(gone...).Build()).Error() // tidying: a failure costs nothing
	}
	return out, nil
}

// WriteMute stores a mute (Until zero: lifts it).
func WriteMute(ctx context.Context, c rueidis.Client, m delivery.Mute) error {
	var err error
	if m.Until.IsZero() {
		err = c.Do(ctx, c.B().Hdel().Key(delivery.MutesKey).Field(m.Field()).Build()).Error()
	} else {
		err = c.Do(ctx, c.B().Hset().Key(delivery.MutesKey).FieldValue().FieldValue(m.Field(), m.Until.UTC().Format(time.RFC3339Nano)).Build()).Error()
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", delivery.MutesKey, err)
	}
	return nil
}
