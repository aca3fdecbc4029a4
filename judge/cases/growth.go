package cases

import (
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/format"
)

// A search's CPU time grows with n as the reference's does (about 5.5
// times from one n to the next at 14–16, whatever the method: the array
// method's grows faster still); an answer looked up behind a CPU spin,
// which the 1/50 check cannot see, stays flat. An honest search with a
// large cost of its own at every run (a big table allocated each time)
// can grow slowly too, but it then takes a good share of the reference's
// time: only a flat run under 1/lookupShare of the reference's search is
// taken for a lookup. To pass, a spin must then grow like a search.
const (
	flatGrowth    = 2                     // a run's own time growing less than this is flat
	searchGrowth  = 4                     // judged only where the reference's grows at least this much
	lookupShare   = 4                     // and where the run's own time is under 1/4 of the reference's search
	minGrowthTime = 50 * time.Millisecond // the larger run's own time, past start-up, to be measured well
)

// NotASearch reports, with the message for the student, an accepted run at
// a relative case of n (cur) whose CPU time beyond start-up did not grow
// from the accepted run at n-1 (prev) the way any search's does, while the
// reference's did: an answer looked up. Times are whole runs; startup is
// what the language's reference needs to start at all.
func NotASearch(prev, cur *Result, n int, startup time.Duration) (string, bool) {
	if prev.RefMs <= 0 || cur.RefMs <= 0 {
		return "", false
	}
	refGrowth := float64(cur.RefMs) / float64(prev.RefMs)
	before, now := prev.CPU-startup, cur.CPU-startup
	search := time.Duration(cur.RefMs)*time.Millisecond - startup
	if refGrowth < searchGrowth || now < minGrowthTime || before <= 0 || now*lookupShare >= search {
		return "", false
	}
	growth := float64(now) / float64(before)
	if growth >= flatGrowth {
		return "", false
	}
	return msg.Sprintf("n = %d: %s of CPU, against %s at n = %d: a search's time grows with n (the reference's %.1f times from n = %d to %d), yours %.1f times. The time is not the search's: is the answer looked up?",
		n, format.Duration(cur.CPU), format.Duration(prev.CPU), n-1, refGrowth, n-1, n, growth), true
}
