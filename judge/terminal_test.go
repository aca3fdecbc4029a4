package main

import (
	"bytes"
	"os"
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
