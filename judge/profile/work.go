// Counted work: what a search's counts say about its method, the same on
// every machine and under any load.

package profile

import (
	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/format"
)

// WorkN is the n a search's work is counted at before its relative cases
// are trusted: large enough for the methods to part (the boolean arrays'
// loop over every column runs n times per position), small enough to count
// in a fraction of a second even by tracing (docs/measurements.md,
// "Counted work").
const WorkN = 10

// Bounds on counted work, per position of the reference's search
// (queens.Calls). The busiest line of a search over free squares (bit
// masks, in any style: recursion, an explicit stack, counting in self or a
// nonlocal) runs at most about twice per position (a loop's test once per
// square and once to leave); a loop over every column, free or not, runs
// about n times (boolean lists, sets), n/2 with mirror symmetry. A search
// visits each position once, half of them with mirror symmetry, n times
// each when it places a queen before checking the square: some line runs
// that often.
const (
	maxWork       = 3.5 // a busiest line above this many runs per position is not the bitmask method
	searchAtLeast = 1.0 / 8
	searchAtMost  = 1.2 // times n
)

// Work is c's counted work at n, whose reference search visits refCalls
// positions: how many times its busiest line ran per position.
func Work(c Counts, refCalls int64) float64 {
	if refCalls <= 0 {
		return 0
	}
	var busiest int64
	for _, count := range c.Lines {
		busiest = max(busiest, count)
	}
	return float64(busiest) / float64(refCalls)
}

// MaxWork is the most runs per position of the reference search a busiest
// line may make in a search over the free squares (the bitmask method).
const MaxWork = maxWork

// TooMuchWork reports, with the message for the student, counts at n of
// display (whose source is src) whose busiest line ran more than maxWork
// times per position of the reference search (refCalls): a method other
// than the bit masks, however fast its run was timed.
func TooMuchWork(c Counts, src []byte, display string, n int, refCalls int64) (string, bool) {
	hot, work, over := overWork(c, src, refCalls)
	if !over {
		return "", false
	}
	return msg.Sprintf("n = %d, run once more with counters: %s:%d ran %s times, %.1f times per position of the reference search (%s positions); the bitmask search's busiest line runs at most about 2 times, so a search over the free squares stays under %.1f. Yours looks at squares that are not free: a loop over every column (boolean lists or sets) or a check of every earlier row. In this language the time alone cannot tell the methods apart, so the counted work decides: use three bit masks and visit only the free squares (x & -x).",
		n, display, hot.Line, format.Thousands(hot.Count), work, format.Thousands(refCalls), maxWork), true
}

// NotForTheHeadline reports, with the message for the student, counts at n
// of display (whose source is src) whose busiest line ran more than
// maxWork times per position of the reference search (refCalls): a method
// other than the bit masks, which the headline n is kept for in every
// language, however fast its run there was timed (a compiled column loop
// runs within a few times the reference, near the limit, passing on one
// machine and failing on another: the counts are the same everywhere).
func NotForTheHeadline(c Counts, src []byte, display string, n, headline int, refCalls int64) (string, bool) {
	hot, work, over := overWork(c, src, refCalls)
	if !over {
		return "", false
	}
	return msg.Sprintf("n = %d is for the bitmask method alone, and the counted work decides it, the same on every machine: counted at n = %d, %s:%d ran %s times, %.1f times per position of the reference search (%s positions); a search over the free squares stays under %.1f. Yours looks at squares that are not free: a loop over every column (boolean arrays, or masks tested column by column), a check of every earlier row, or a loop that finds a column's index bit by bit. Use three bit masks and visit only the free squares (x & -x).",
		headline, n, display, hot.Line, format.Thousands(hot.Count), work, format.Thousands(refCalls), maxWork), true
}

// overWork is c's busiest statement and its work per position of the
// reference search (refCalls), and whether that work is over maxWork: the
// one test TooMuchWork and NotForTheHeadline share.
func overWork(c Counts, src []byte, refCalls int64) (Hot, float64, bool) {
	work := Work(c, refCalls)
	hot := c.Hottest(src, 1)
	if work <= maxWork || len(hot) == 0 {
		return Hot{}, work, false
	}
	return hot[0], work, true
}

// NoSearch reports, with the message for the student, counts at n in which
// nothing ran anything like as often as a search's positions (refCalls):
// no line and no recursive function between 1/8 of them and 1.2·n times
// them. An answer looked up or written in makes no such steps, however
// long a loop beside it spins.
func NoSearch(c Counts, n int, refCalls int64) (string, bool) {
	if refCalls <= 0 {
		return "", false
	}
	low, high := float64(refCalls)*searchAtLeast, float64(refCalls)*searchAtMost*float64(n)
	in := func(count int64) bool { return float64(count) >= low && float64(count) <= high }
	if in(c.Calls) {
		return "", false
	}
	var busiest int64
	for _, count := range c.Lines {
		if in(count) {
			return "", false
		}
		busiest = max(busiest, count)
	}
	return msg.Sprintf("n = %d, run once more with counters: no line of your file ran about as often as a search visits positions: a search runs some line between %s and %s times (the reference visits %s), your busiest line ran %s times. The answer does not come from a search: is it looked up?",
		n, format.Thousands(int64(low)), format.Thousands(int64(high)), format.Thousands(refCalls), format.Thousands(busiest)), true
}
