package build

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/sandbox"
)

// The jail's helper is built once from the judge's own source and kept:
// a second judge (its own TempDir) gets the kept one without the go
// command, and a build run through it is jailed as through the judge's
// own binary (its tools see their toolchain and the build alone).
func TestJailHelperIsBuiltOnceKeptAndJails(t *testing.T) {
	b := testBuilder(t)
	var built startLog
	b.Activity = &built
	helper, err := b.JailHelper(context.Background())
	require.NoError(t, err)
	assert.Equal(t, startLog{"the build of the jail's helper (once)"}, built, "a first judging's wait, on the live line")
	self, err := os.Executable()
	require.NoError(t, err)
	assert.Less(t, Size(helper), Size(self)/2, "the helper is a program of its own, not the test's binary")

	var kept startLog
	noGo := &Builder{CacheDir: b.CacheDir, TempDir: t.TempDir(), Go: filepath.Join(t.TempDir(), "go"), GoVersion: b.GoVersion, Activity: &kept}
	keptHelper, err := noGo.JailHelper(context.Background())
	require.NoError(t, err, "the kept helper, which needs no go command")
	assert.Empty(t, kept, "nothing to wait for")
	want, err := fileSum(helper)
	require.NoError(t, err)
	got, err := fileSum(keptHelper)
	require.NoError(t, err)
	assert.Equal(t, want, got)

	sandbox.UseHelper(helper)
	t.Cleanup(func() { sandbox.UseHelper("") })
	jail := sandbox.NewJail()
	if !jail.Isolates() {
		t.Skip("no jail here:", jail.Tier())
	}
	b.Jail = jail
	prog, err := b.Build(context.Background(), countSpec([]byte("func totalNQueens(n int) int { return n }\n")))
	require.NoError(t, err, "a build whose tools start through the helper")
	assert.FileExists(t, prog)
}

// A program that is not the helper, or cannot run here (a temporary
// folder on a file system mounted noexec), is refused: the judge's own
// binary stays the helper.
func TestJailHelperThatDoesNotAnswerIsRefused(t *testing.T) {
	notExecutable := filepath.Join(t.TempDir(), "helper")
	require.NoError(t, os.WriteFile(notExecutable, []byte("\x7fELF"), 0o644))
	for _, path := range []string{"/bin/true", notExecutable} {
		assert.Error(t, answers(context.Background(), path), path)
	}
}

// startLog records what a builder says it starts (Builder.Activity).
type startLog []string

func (l *startLog) Start(what string) (stop func()) {
	*l = append(*l, what)
	return func() {}
}
