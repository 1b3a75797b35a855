package replay_test

import "time"

func timeOf(ns int64) time.Time { return time.Unix(0, ns).UTC() }
