// Package activity says what the judge is running now, and since when, for
// whoever shows it: the packages that run things (calibrate, judging,
// bench) record it, and the command's live line on a terminal reads it.
// Nothing here calls back into the reader.
package activity

import (
	"sync"
	"time"
)

// Now is what runs now. Its zero value is ready to use, and a nil *Now
// records nothing: a judge without a terminal needs none.
type Now struct {
	mu      sync.Mutex
	what    string
	since   time.Time
	turn    uint64        // counts the starts: a stop clears only its own
	changed chan struct{} // closed, and replaced, at every change
}

// Start records what as running, in place of whatever ran before (one
// thing at a time), and returns the stop that clears it unless something
// started since.
func (n *Now) Start(what string) (stop func()) {
	if n == nil {
		return func() {}
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	n.turn++
	turn := n.turn
	n.what, n.since = what, time.Now()
	n.changedLocked()
	return func() {
		n.mu.Lock()
		defer n.mu.Unlock()
		if n.turn == turn && n.what != "" {
			n.what = ""
			n.changedLocked()
		}
	}
}

// Get returns what runs now ("" for nothing) and since when, and a channel
// closed at the next change.
func (n *Now) Get() (what string, since time.Time, changed <-chan struct{}) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.changed == nil {
		n.changed = make(chan struct{})
	}
	return n.what, n.since, n.changed
}

func (n *Now) changedLocked() {
	if n.changed != nil {
		close(n.changed)
	}
	n.changed = make(chan struct{})
}
