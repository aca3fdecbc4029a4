package main

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestDevContainerIsTheKitsEnvironment: the dev container (README, "On a
// laptop") is made with the same install script as CI's machines, from a
// Go image of go.mod's version, with the two settings the full jail needs
// in a container (user namespaces: no seccomp profile of Docker's; a /proc
// of its own: its system paths unmasked).
func TestDevContainerIsTheKitsEnvironment(t *testing.T) {
	data, err := os.ReadFile("../.devcontainer/devcontainer.json")
	require.NoError(t, err)
	var dc struct {
		Image   string   `json:"image"`
		RunArgs []string `json:"runArgs"`
		Post    string   `json:"postCreateCommand"`
	}
	require.NoError(t, json.Unmarshal(data, &dc))
	assert.Equal(t, "bash .ci/install-toolchains", dc.Post)
	assert.FileExists(t, "../.ci/install-toolchains")
	run, err := os.ReadFile("../.ci/run")
	require.NoError(t, err)
	assert.Contains(t, string(run), "bash .ci/install-toolchains", "CI installs with the same script")

	mod, err := os.ReadFile("../go.mod")
	require.NoError(t, err)
	goVersion := regexp.MustCompile(`(?m)^go (\d+\.\d+)`).FindSubmatch(mod)
	require.NotNil(t, goVersion)
	assert.True(t, strings.HasPrefix(dc.Image, "golang:"+string(goVersion[1])+"-bookworm"), "a Debian 12 image of Go %s: %s", goVersion[1], dc.Image)
	assert.Contains(t, strings.Join(dc.RunArgs, " "), "seccomp=unconfined")
	assert.Contains(t, strings.Join(dc.RunArgs, " "), "systempaths=unconfined")
}
