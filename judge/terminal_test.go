package main

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/activity"
)

func TestDevNullIsNoTerminal(t *testing.T) {
	// /dev/null is a character device: a check of the file mode took it
	// for a terminal, and the judge's live line and colours went to it.
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	require.NoError(t, err)
	defer null.Close()
	assert.False(t, isTerminal(null))
	assert.False(t, isTerminal(&bytes.Buffer{}))
}

// lockedBuffer is a bytes.Buffer the live line's goroutine may write to.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (w *lockedBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *lockedBuffer) Len() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Len()
}

func (w *lockedBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

func TestLiveLineIsClearedBeforeEveryPrint(t *testing.T) {
	var w lockedBuffer
	now := &activity.Now{}
	l := &liveLine{w: &w, on: true, now: now, done: make(chan struct{}), ended: make(chan struct{})}
	go l.run()
	out := l.writer(&w)

	stop := now.Start("0052-n-queens-ii n16")
	// The line is drawn at the change, not at the next tick; 10 s only
	// bounds a machine that never schedules the goroutine.
	require.Eventually(t, func() bool { return strings.Contains(w.String(), "running 0052-n-queens-ii n16") }, 10*time.Second, time.Millisecond)
	// A print while the line is drawn (a calibration's note, or a case's
	// line printed before the line noticed the stop) clears it first.
	fmt.Fprint(out, "  AC   n16\n")
	stop()
	l.stop()
	l.stop() // twice is harmless

	got := w.String()
	assert.Contains(t, got, "\r\x1b[K  AC   n16\n", "the case's line starts on a cleared line: %q", got)
	last := got[strings.LastIndex(got, "\r\x1b[K")+len("\r\x1b[K"):]
	assert.NotContains(t, last, "running", "stop leaves no line drawn: %q", got)
	// Only a drawn line is cleared: a judge without one prints as is.
	var plain bytes.Buffer
	quiet := &liveLine{w: &plain, now: now}
	fmt.Fprint(quiet.writer(&plain), "x")
	assert.Equal(t, "x", plain.String())
}
