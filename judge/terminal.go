// What only a terminal gets: colour and a live line saying what runs.

package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"golang.org/x/term"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// useColour: only on a terminal, and never when NO_COLOR is set.
func useColour(w io.Writer) bool {
	if _, ok := os.LookupEnv("NO_COLOR"); ok {
		return false
	}
	return isTerminal(w)
}

// isTerminal reports whether w is a terminal: not a pipe or a file, and not
// /dev/null either, which is a character device too.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func (j *judge) paint(v verdict.Verdict, s string) string { return j.out().Paint(v, s) }

// liveLine shows, on a terminal, what is running and for how long.
type liveLine struct {
	w       io.Writer
	on      bool
	mu      sync.Mutex
	stopped chan struct{}
	done    chan struct{}
}

func newLiveLine(w io.Writer) *liveLine { return &liveLine{w: w, on: isTerminal(w)} }

func (l *liveLine) start(what string) {
	if !l.on {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.stopLocked() // one line at a time: a start without a stop ends the last
	l.stopped, l.done = make(chan struct{}), make(chan struct{})
	go func(stopped, done chan struct{}) {
		defer close(done)
		begin := time.Now()
		tick := time.NewTicker(100 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stopped:
				fmt.Fprint(l.w, "\r\x1b[K")
				return
			case <-tick.C:
				msg.Fprintf(l.w, "\r\x1b[K  running %s … %.1f s", what, time.Since(begin).Seconds())
			}
		}
	}(l.stopped, l.done)
}

func (l *liveLine) stop() {
	if !l.on {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.stopLocked()
}

func (l *liveLine) stopLocked() {
	if l.stopped != nil {
		close(l.stopped)
		<-l.done
		l.stopped = nil
	}
}
