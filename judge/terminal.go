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
	"github.com/nqueens-kit/nqueens/judge/activity"
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
	if lw, ok := w.(liveWriter); ok {
		w = lw.w
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func (j *judge) paint(v verdict.Verdict, s string) string { return j.out().Paint(v, s) }

// liveLine shows, on a terminal, what the judge runs now (activity.Now)
// and for how long, on one line it redraws. The judge's own prints on a
// terminal go through it (writer), which clears the line first: a case's
// line is never written into a half-drawn one.
type liveLine struct {
	w     io.Writer
	on    bool
	now   *activity.Now
	mu    sync.Mutex // held while drawing, clearing or printing through writer
	drawn bool
	done  chan struct{} // closed by stop
	ended chan struct{} // closed once the drawing has ended
}

// newLiveLine draws now's activity on w, a terminal; on anything else it
// does nothing.
func newLiveLine(w io.Writer, now *activity.Now) *liveLine {
	l := &liveLine{w: w, on: isTerminal(w), now: now, done: make(chan struct{}), ended: make(chan struct{})}
	if !l.on {
		close(l.ended)
		return l
	}
	go l.run()
	return l
}

// run redraws the line at every change, and every 100 ms while something
// runs, until stop.
func (l *liveLine) run() {
	defer close(l.ended)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		_, _, changed := l.now.Get()
		l.draw()
		select {
		case <-l.done:
			l.clear()
			return
		case <-changed:
		case <-tick.C:
		}
	}
}

// draw shows what runs now, or clears the line when nothing does.
func (l *liveLine) draw() {
	l.mu.Lock()
	defer l.mu.Unlock()
	what, since, _ := l.now.Get()
	if what == "" {
		l.clearLocked()
		return
	}
	msg.Fprintf(l.w, "\r\x1b[K  running %s … %.1f s", what, time.Since(since).Seconds())
	l.drawn = true
}

func (l *liveLine) clear() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.clearLocked()
}

func (l *liveLine) clearLocked() {
	if l.drawn {
		fmt.Fprint(l.w, "\r\x1b[K")
		l.drawn = false
	}
}

// stop clears the line for good; the judge prints what it has to say
// after it. Safe to call more than once.
func (l *liveLine) stop() {
	l.mu.Lock()
	select {
	case <-l.done:
	default:
		close(l.done)
	}
	l.mu.Unlock()
	<-l.ended
}

// writer is w, printed to through the line: each write clears it first.
// On anything but a terminal it is w itself.
func (l *liveLine) writer(w io.Writer) io.Writer {
	if !l.on {
		return w
	}
	return liveWriter{l, w}
}

type liveWriter struct {
	l *liveLine
	w io.Writer
}

func (lw liveWriter) Write(p []byte) (int, error) {
	lw.l.mu.Lock()
	defer lw.l.mu.Unlock()
	lw.l.clearLocked()
	return lw.w.Write(p)
}
