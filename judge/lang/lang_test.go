package lang

import (
	"io/fs"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
)

// output's error wraps the tool's, so that a caller can tell a missing
// tool from one that failed.
func TestOutputWrapsTheToolsError(t *testing.T) {
	_, err := output("/nonexistent/python3", "-V")
	assert.ErrorIs(t, err, fs.ErrNotExist)

	_, err = output("/bin/sh", "-c", "echo broken; exit 3")
	var exit *exec.ExitError
	if assert.ErrorAs(t, err, &exit) {
		assert.Equal(t, 3, exit.ExitCode())
	}
	assert.Contains(t, err.Error(), "broken")
}
