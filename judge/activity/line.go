package activity

import (
	"fmt"
	"io"
	"sync"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// A Line shows, on a terminal, what runs now and for how long, on one line
// it redraws. Prints meant for the same terminal go through it (Writer),
// which clears the line first: a case's line is never written into a
// drawn one. A nil *Line draws nothing, and its Writer is the writer
// itself: what a judge without a terminal uses.
type Line struct {
	w     io.Writer
	now   *Now
	mu    sync.Mutex // held while drawing, clearing, or printing through Writer
	drawn bool
	done  chan struct{} // closed by Stop
	ended chan struct{} // closed once the drawing has ended
}

// Draw shows now on w, a terminal, until Stop.
func Draw(w io.Writer, now *Now) *Line {
	l := &Line{w: w, now: now, done: make(chan struct{}), ended: make(chan struct{})}
	go l.run()
	return l
}

// run redraws the line at every change, and every 100 ms while something
// runs, until Stop.
func (l *Line) run() {
	defer close(l.ended)
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	for {
		_, _, changed := l.now.Get()
		l.draw()
		select {
		case <-l.done:
			l.mu.Lock()
			l.clearLocked()
			l.mu.Unlock()
			return
		case <-changed:
		case <-tick.C:
		}
	}
}

// draw shows what runs now, or clears the line when nothing does.
func (l *Line) draw() {
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

func (l *Line) clearLocked() {
	if l.drawn {
		fmt.Fprint(l.w, "\r\x1b[K")
		l.drawn = false
	}
}

// Stop clears the line for good, once the drawing has ended: what is
// printed after it is printed alone. Safe to call more than once.
func (l *Line) Stop() {
	if l == nil {
		return
	}
	l.mu.Lock()
	select {
	case <-l.done:
	default:
		close(l.done)
	}
	l.mu.Unlock()
	<-l.ended
}

// Writer is w printed to through the line: each write clears it first.
func (l *Line) Writer(w io.Writer) io.Writer {
	if l == nil {
		return w
	}
	return Writer{l, w}
}

// Writer is a writer printed to through a Line (Line.Writer).
type Writer struct {
	l *Line
	w io.Writer
}

func (lw Writer) Write(p []byte) (int, error) {
	lw.l.mu.Lock()
	defer lw.l.mu.Unlock()
	lw.l.clearLocked()
	return lw.w.Write(p)
}

// Unwrap is the writer printed to.
func (lw Writer) Unwrap() io.Writer { return lw.w }
