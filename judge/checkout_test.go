package main

import (
	"archive/tar"
	"bytes"
	"io"
	"os"
	"os/exec"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestACheckoutByGitForWindowsHasLFLineEnds: Git for Windows checks text
// files out with CRLF line ends unless told otherwise (core.autocrlf=true),
// and with them the judge cannot start (its embedded harnesses), read a
// case or run a test script, nor bash a .ci script. .gitattributes keeps
// every file of the kit as it is in the repository: the test makes the
// files such a checkout writes (git archive, with that setting and this
// tree's attributes) and compares them with the repository's.
func TestACheckoutByGitForWindowsHasLFLineEnds(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git: a kit without it was not checked out by it")
	}
	if _, err := os.Stat("../.git"); err != nil {
		t.Skip("not a clone of the kit")
	}
	stored := archive(t, "core.autocrlf=false")
	windows := archive(t, "core.autocrlf=true")
	require.NotEmpty(t, stored)
	require.Equal(t, len(stored), len(windows))
	for name, data := range windows {
		assert.True(t, bytes.Equal(stored[name], data), "%s is checked out on Windows with other bytes than the repository's", name)
	}
}

// archive is every file of HEAD as a checkout with the git setting writes
// it, by name.
func archive(t *testing.T, setting string) map[string][]byte {
	cmd := exec.Command("git", "-c", setting, "-c", "core.eol=crlf", "archive", "--worktree-attributes", "HEAD")
	cmd.Dir = ".."
	out, err := cmd.Output()
	require.NoError(t, err, "git archive")
	files := map[string][]byte{}
	r := tar.NewReader(bytes.NewReader(out))
	for {
		h, err := r.Next()
		if err == io.EOF {
			return files
		}
		require.NoError(t, err)
		if h.Typeflag == tar.TypeReg {
			data, err := io.ReadAll(r)
			require.NoError(t, err)
			files[h.Name] = data
		}
	}
}
