package sheet

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/grading"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/report"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// A Chinese name takes two columns a character on a terminal: the table's
// columns stay in line.
func TestTableLinesUpWideNames(t *testing.T) {
	p := problem.All[1]
	rows := []grading.Row{
		{Student: "王小明", Problem: p.Folder(), Verdict: verdict.AC, Passed: 3, Total: 3, Points: 4, MaxPoints: 4},
		{Student: "alice", Problem: p.Folder(), Verdict: verdict.TLE, Passed: 2, Total: 3, Points: 3, MaxPoints: 4},
		{Student: "bob", Problem: p.Folder(), Verdict: verdict.WA, Passed: 0, Total: 3, MaxPoints: 4},
	}
	var b bytes.Buffer
	Table(report.Printer{W: &b}, rows, []*problem.Problem{p})
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	require.Len(t, lines, 4)
	column := func(line, word string) int {
		i := strings.Index(line, word)
		require.GreaterOrEqual(t, i, 0, "%q in %q", word, line)
		return format.Columns(line[:i])
	}
	want := column(lines[0], p.Folder())
	for _, l := range lines[1:] {
		verdictAt := strings.IndexAny(l, "ATW")
		assert.Equal(t, want, format.Columns(l[:verdictAt]), "the verdict starts under the problem: %q", l)
	}
}

// A feedback file is written beside its name and renamed into place: a
// link left where it goes is replaced, and what it points at is not
// written through it (before, os.WriteFile followed the link).
func TestFeedbackReplacesALinkNotItsTarget(t *testing.T) {
	dir, elsewhere := t.TempDir(), filepath.Join(t.TempDir(), "notes.txt")
	require.NoError(t, os.WriteFile(elsewhere, []byte("the teacher's notes\n"), 0o644))
	require.NoError(t, os.Symlink(elsewhere, FeedbackFile(dir, "alice")))
	require.NoError(t, WriteFeedback(dir, "alice", "test", time.Now(), nil))
	notes, err := os.ReadFile(elsewhere)
	require.NoError(t, err)
	assert.Equal(t, "the teacher's notes\n", string(notes))
	fi, err := os.Lstat(FeedbackFile(dir, "alice"))
	require.NoError(t, err)
	assert.True(t, fi.Mode().IsRegular(), "a file of its own, not the link")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, 1, "nothing left beside it")
}

// A student's feedback says when it was graded and, for each problem, the
// file judged and the start of its SHA-256: what was judged, to settle
// "that is not the file I handed in". A problem with no file has no hash.
func TestFeedbackSaysWhenAndWhichFile(t *testing.T) {
	graded := time.Date(2026, 12, 3, 17, 5, 0, 0, time.Local)
	rows := []grading.Row{
		{Problem: "0051-n-queens", Verdict: verdict.NotWritten, Message: "no solution file"},
		{Problem: "0052-n-queens-ii", Verdict: verdict.AC, File: "alice/52.go", Source: []byte("abc"), SHA256: "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", Points: 4, MaxPoints: 4},
	}
	text := FeedbackText("alice", "v1", graded, rows)
	assert.Contains(t, text, "alice: graded by the N-Queens judge (v1) on 2026-12-03 17:05, protection: \n")
	assert.Contains(t, text, "0052-n-queens-ii: Accepted, 4 of 4 points\n  file alice/52.go, sha256 ba7816bf8f01cfea\n")
	assert.Equal(t, 1, strings.Count(text, "sha256"))
	assert.NotContains(t, text, "commit", "graded as the folder was, not from a commit")

	rows[1].Commit, rows[1].Committed, rows[1].Late = "63da1739c90233182feb70532cdf5dc3804cc59f", graded.Add(-time.Hour), true
	text = FeedbackText("alice", "v1", graded, rows)
	assert.Contains(t, text, "  file alice/52.go, sha256 ba7816bf8f01cfea\n  as committed in 63da1739c902 on 2026-12-03 16:05, the last commit before the deadline\n  late: ")
}
