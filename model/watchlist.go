package model

// Watched is what the watchlists say of one aircraft (CONTRACT.md 11): looked up once per
// flight (as enrichment is) from an immutable compiled set, so a watchlist condition reads
// it with no allocation.
type Watched struct {
	// Lists has bit i set when the aircraft is on the i-th list of the set (lists in id order).
	Lists uint32
	// Groups has bit g set for each group its entries have (WatchGroupBit).
	Groups uint8
	// Categories are its entries' categories, trimmed and lower-cased, each once.
	Categories []string
	// Shown is its entry on its first list in id order, as notifications, the traffic, rule
	// tests and kept matches carry it (CONTRACT.md 11.4).
	Shown *WatchEntry
	// Others are its entries on its later lists, in id order (nil: on one list only).
	Others []*WatchEntry
}

// EntryOn is the aircraft's entry on list id (nil: it is not on it).
func (w *Watched) EntryOn(id string) *WatchEntry {
	if w == nil {
		return nil
	}
	if w.Shown != nil && w.Shown.List == id {
		return w.Shown
	}
	for _, e := range w.Others {
		if e.List == id {
			return e
		}
	}
	return nil
}

// WatchEntry is an aircraft's watchlist entry as it is shown: {"list", "group", "category",
// "tags", "link"}, empty values omitted.
type WatchEntry struct {
	List     string   `json:"list"`
	Group    string   `json:"group,omitempty"`
	Category string   `json:"category,omitempty"`
	Tags     []string `json:"tags,omitempty"`
	Link     string   `json:"link,omitempty"`
}

// WatchGroups are the watchlist groups (Plane-Alert-DB's CMPG column), in bit order.
var WatchGroups = [...]string{"civ", "mil", "pol", "gov"}

// WatchGroupBit is the bit of a group (lower-case), 0 when it is none of WatchGroups.
func WatchGroupBit(g string) uint8 {
	for i, name := range WatchGroups {
		if g == name {
			return 1 << i
		}
	}
	return 0
}
