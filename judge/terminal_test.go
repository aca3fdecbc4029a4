package main

import (
	"bytes"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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

func TestLiveLineStartedTwiceStopsTheFirst(t *testing.T) {
	// A start without a stop must not leave the first ticker writing its
	// line forever. Each ticker clears its line as it ends, and stop waits
	// for that: once stop returns, both have cleared theirs.
	var w lockedBuffer
	l := &liveLine{w: &w, on: true}
	l.start("a")
	l.start("b")
	l.stop()
	w.mu.Lock()
	out := w.b.String()
	w.mu.Unlock()
	bare := strings.Count(out, "\r\x1b[K") - strings.Count(out, "\r\x1b[K  running")
	assert.Equal(t, 2, bare, "each ticker ended, clearing its line: %q", out)
	assert.True(t, strings.HasSuffix(out, "\r\x1b[K"), "the last write is the last ticker's clear")
}
