package activity

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// lockedBuffer is a bytes.Buffer the line's goroutine may write to.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (w *lockedBuffer) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.Write(p)
}

func (w *lockedBuffer) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

func TestLineIsClearedBeforeEveryPrint(t *testing.T) {
	var w lockedBuffer
	now := &Now{}
	l := Draw(&w, now)
	out := l.Writer(&w)

	stop := now.Start("0052-n-queens-ii n16")
	// The line is drawn at the change, not at the next tick; 10 s only
	// bounds a machine that never schedules the goroutine.
	require.Eventually(t, func() bool { return strings.Contains(w.String(), "running 0052-n-queens-ii n16") }, 10*time.Second, time.Millisecond)
	// A print while the line is drawn (a calibration's note, or a case's
	// line printed before the line noticed the stop) clears it first.
	fmt.Fprint(out, "  AC   n16\n")
	stop()
	l.Stop()
	l.Stop() // twice is harmless

	got := w.String()
	assert.Contains(t, got, "\r\x1b[K  AC   n16\n", "the case's line starts on a cleared line: %q", got)
	last := got[strings.LastIndex(got, "\r\x1b[K")+len("\r\x1b[K"):]
	assert.NotContains(t, last, "running", "Stop leaves no line drawn: %q", got)
}

func TestNoLinePrintsAsIs(t *testing.T) {
	var l *Line
	var plain bytes.Buffer
	fmt.Fprint(l.Writer(&plain), "x")
	assert.Equal(t, "x", plain.String())
	assert.NotPanics(t, l.Stop)
}
