package notify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/redis/rueidis"

	"github.com/tracker-adsb/tracker-core-health/delivery"
	"github.com/tracker-adsb/tracker-core-health/internal/atomicfile"
	"github.com/tracker-adsb/tracker-core-health/internal/fetch"
	"github.com/tracker-adsb/tracker-core-health/model"
	"github.com/tracker-adsb/tracker-core-health/rules"
)

// State is what tracker-rules watch keeps across a restart, so that a restart tells nobody
// anything twice (CONTRACT.md 10.8): each active flight's matched (and held) rules, the
// decider's cooldowns and sends of the hour, the digest's events and when it is due next.
type State struct {
	SavedAt    time.Time              `json:"saved_at"`
	Flights    []rules.FlightMemory   `json:"flights"`
	Delivery   delivery.DeciderMemory `json:"delivery"`
	Digest     []delivery.DigestEvent `json:"digest"`
	NextDigest time.Time              `json:"next_digest,omitzero"`
}

// StateKey is the data-store key of watch's state (when a store is configured).
const StateKey = "notify:watch_state"

// MaxState bounds the state read back (a larger one is refused as unreadable).
const MaxState = 64 << 20

// Keeper is where the state is kept: the data store (StoreKeeper) or a file (FileKeeper).
type Keeper interface {
	// Load is the kept state's bytes (nil and no error: none kept).
	Load(ctx context.Context) ([]byte, error)
	Save(ctx context.Context, b []byte) error
	// Where names the place for a log line.
	Where() string
}

// StoreKeeper keeps the state in the data store under StateKey.
type StoreKeeper struct{ C rueidis.Client }

func (k StoreKeeper) Load(ctx context.Context) ([]byte, error) {
	b, err := k.C.Do(ctx, k.C.B().Get().Key(StateKey).Build()).AsBytes()
	switch {
	case rueidis.IsRedisNil(err):
		return nil, nil
	case err != nil:
		return nil, fmt.Errorf("reading %s: %w", StateKey, err)
	case len(b) > MaxState:
		return nil, model.TooLarge("the kept state", MaxState)
	}
	return b, nil
}

func (k StoreKeeper) Save(ctx context.Context, b []byte) error {
	if err := k.C.Do(ctx, k.C.B().Set().Key(StateKey).Value(rueidis.BinaryString(b)).Build()).Error(); err != nil {
		return fmt.Errorf("writing %s: %w", StateKey, err)
	}
	return nil
}

func (k StoreKeeper) Where() string { return "the data store's " + StateKey }

// FileKeeper keeps the state in a file (WATCH_STATE), replaced atomically: written beside it
// and renamed, so a crash leaves the old file or the new one, never half of one.
type FileKeeper struct{ Path string }

func (k FileKeeper) Load(context.Context) ([]byte, error) {
	f, err := os.Open(k.Path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return fetch.ReadLimited(f, MaxState, "the kept state")
}

// Save replaces the file, private to its owner (0600): the state names the aircraft told about.
func (k FileKeeper) Save(_ context.Context, b []byte) error {
	return atomicfile.WritePrivate(k.Path, b)
}

func (k FileKeeper) Where() string { return k.Path }

// Encode is the state's bytes.
func (s State) Encode() []byte {
	b, _ := json.Marshal(s)
	return b
}

// DecodeState reads kept bytes (an error: unreadable, start empty).
func DecodeState(b []byte) (State, error) {
	var s State
	if err := json.Unmarshal(b, &s); err != nil {
		return State{}, fmt.Errorf("not a watch state: %w", err)
	}
	return s, nil
}
