package main

import (
	"bytes"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/activity"
)

func TestATerminalPrintedToThroughTheLiveLineIsStillATerminal(t *testing.T) {
	// A pseudo-terminal's master side answers as a terminal does.
	pty, err := os.OpenFile("/dev/ptmx", os.O_RDWR, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	defer pty.Close()
	require.True(t, isTerminal(pty))

	line := activity.Draw(&bytes.Buffer{}, &activity.Now{})
	defer line.Stop()
	assert.True(t, isTerminal(line.Writer(pty)), "-watch and -grade ask the wrapped writer")
}
