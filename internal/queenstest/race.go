//go:build race

package queenstest

// RaceEnabled reports whether the race detector is on: it slows the searches
// down about tenfold, so the long checks are left to the normal run.
const RaceEnabled = true
