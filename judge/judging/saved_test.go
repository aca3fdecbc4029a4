//go:build unix

package judging

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/worker"
)

func TestMain(m *testing.M) {
	worker.Serve()
	os.Exit(m.Run())
}

// repository makes a git repository in a new folder with the real git
// (the test's own, trusted): a.go committed on day 1, b.go on day 2.
func repository(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git here")
	}
	dir := t.TempDir()
	// None of the user's or the system's git settings: a global hooksPath
	// whose hooks refuse, or signed commits, failed these tests.
	home := t.TempDir()
	gitIn := func(date string, args ...string) {
		cmd := exec.Command("git", append([]string{"-C", dir, "-c", "user.name=s", "-c", "user.email=s@example.com"}, args...)...)
		cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home, "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_CONFIG_NOSYSTEM=1",
			"GIT_COMMITTER_DATE="+date, "GIT_AUTHOR_DATE="+date)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	gitIn("", "init", "-q")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a\n"), 0o644))
	gitIn("2026-01-01T10:00:00Z", "add", "a.go")
	gitIn("2026-01-01T10:00:00Z", "commit", "-q", "-m", "a")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.go"), []byte("package b\n"), 0o644))
	gitIn("2026-01-02T10:00:00Z", "add", "b.go")
	gitIn("2026-01-02T10:00:00Z", "commit", "-q", "-m", "b")
	return dir
}

func TestCommittedAtIsTheLastCommitThatChangedTheFile(t *testing.T) {
	dir := repository(t)
	at, ok := committedAt(filepath.Join(dir, "a.go"))
	require.True(t, ok)
	assert.Equal(t, "2026-01-01T10:00:00Z", at.UTC().Format(time.RFC3339), "b's commit did not change a.go")
	at, ok = committedAt(filepath.Join(dir, "b.go"))
	require.True(t, ok)
	assert.Equal(t, "2026-01-02T10:00:00Z", at.UTC().Format(time.RFC3339))

	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.go"), []byte("package a // changed\n"), 0o644))
	_, ok = committedAt(filepath.Join(dir, "a.go"))
	assert.False(t, ok, "uncommitted work counts from the file's own time")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "c.go"), []byte("package c\n"), 0o644))
	_, ok = committedAt(filepath.Join(dir, "c.go"))
	assert.False(t, ok, "never committed")
}

func TestBlobIDIsGitsObjectName(t *testing.T) {
	// git hash-object of an empty file, and of "hello\n".
	assert.Equal(t, "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391", blobID(nil))
	assert.Equal(t, "ce013625030ba8dba906f756967f9e9ca394464a", blobID([]byte("hello\n")))
}

// TestSavedAtRunsNothingAStudentsGitNames is the attack of a student whose
// .git names a promisor remote with an ext:: URL (a shell command) and
// lacks an object: `git rev-parse HEAD:file` fetched it, running the
// command as the teacher (git 2.39 does, with this configuration).
func TestSavedAtRunsNothingAStudentsGitNames(t *testing.T) {
	dir := repository(t)
	pwned := filepath.Join(t.TempDir(), "pwned")
	config := "[core]\n\trepositoryformatversion = 1\n[extensions]\n\tpartialclone = origin\n" +
		"[remote \"origin\"]\n\turl = \"ext::sh -c touch% " + pwned + "\"\n\tpromisor = true\n" +
		"[protocol \"ext\"]\n\tallow = always\n" +
		"[core]\n\tfsmonitor = \"touch " + pwned + "\"\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".git", "config"), []byte(config), 0o644))
	// Drop every loose object but the commits': the trees are "promised".
	objects, err := filepath.Glob(filepath.Join(dir, ".git", "objects", "??", "*"))
	require.NoError(t, err)
	for _, o := range objects {
		out, _ := exec.Command("git", "-C", dir, "cat-file", "-t", filepath.Base(filepath.Dir(o))+filepath.Base(o)).Output()
		if strings.TrimSpace(string(out)) == "tree" {
			require.NoError(t, os.Remove(o))
		}
	}
	file := filepath.Join(dir, "a.go")
	fi, err := os.Stat(file)
	require.NoError(t, err)
	assert.Equal(t, fi.ModTime(), SavedAt(context.Background(), t.TempDir(), file), "the file's own time: the tree is missing")
	assert.NoFileExists(t, pwned, "a command named by the student's .git ran")
}

// TestSavedAtIsBoundedOnAHostileGit: what a student left in .git can block
// a reader (a FIFO) or never end (a link to /dev/zero); the worker's
// limits stop it, and the file's own time counts.
func TestSavedAtIsBoundedOnAHostileGit(t *testing.T) {
	saved := worker.Limits
	worker.Limits.CPU, worker.Limits.Idle = time.Second, time.Second
	t.Cleanup(func() { worker.Limits = saved })
	for _, attack := range []string{"fifo", "zero"} {
		t.Run(attack, func(t *testing.T) {
			dir := repository(t)
			head := filepath.Join(dir, ".git", "HEAD")
			require.NoError(t, os.Remove(head))
			if attack == "fifo" {
				require.NoError(t, syscall.Mkfifo(head, 0o644))
			} else {
				require.NoError(t, os.Symlink("/dev/zero", head))
			}
			file := filepath.Join(dir, "a.go")
			fi, err := os.Stat(file)
			require.NoError(t, err)
			done := make(chan time.Time, 1)
			go func() { done <- SavedAt(context.Background(), t.TempDir(), file) }()
			select {
			case at := <-done:
				assert.Equal(t, fi.ModTime(), at)
			case <-time.After(time.Minute):
				t.Fatal("SavedAt did not return")
			}
		})
	}
}

// TestCommittedAtOpensOnlyRegularFiles: a FIFO in .git is refused before
// it is opened, so that it costs nothing rather than the worker's limit.
// (Bounded: should the FIFO be opened, the test opens its other end.)
func TestCommittedAtOpensOnlyRegularFiles(t *testing.T) {
	dir := repository(t)
	head := filepath.Join(dir, ".git", "HEAD")
	require.NoError(t, os.Remove(head))
	require.NoError(t, syscall.Mkfifo(head, 0o644))
	done := make(chan bool, 1)
	go func() {
		_, ok := committedAt(filepath.Join(dir, "a.go"))
		done <- ok
	}()
	select {
	case ok := <-done:
		assert.False(t, ok)
	case <-time.After(10 * time.Second):
		if f, err := os.OpenFile(head, os.O_WRONLY, 0); err == nil {
			f.Close()
		}
		t.Fatal("committedAt opened a FIFO and waited on it")
	}
}
