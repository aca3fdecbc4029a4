package grading

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/problem"
)

// write makes the files of a class folder, each with a little content.
func write(t *testing.T, root string, files ...string) {
	for _, f := range files {
		path := filepath.Join(root, f)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte("func totalNQueens(n int) int { return n }\n"), 0o644))
	}
}

func TestFindReadsTheThreeLayouts(t *testing.T) {
	p52, err := problem.Find("52")
	require.NoError(t, err)
	class := t.TempDir()
	write(t, class,
		"alice.go",  // one file per student
		"bob/52.py", // a folder of files named for the problems
		"carol/problems/0052-n-queens-ii/solution.go", // a clone of the kit
		"notes.txt",
	)
	subs, skipped, err := Find(context.Background(), t.TempDir(), class, []*problem.Problem{p52}, nil, time.Time{})
	require.NoError(t, err)
	got := map[string]string{}
	for _, s := range subs {
		rel, _ := filepath.Rel(class, s.File)
		got[s.Student] = filepath.ToSlash(rel)
	}
	assert.Equal(t, map[string]string{
		"alice": "alice.go",
		"bob":   "bob/52.py",
		"carol": "carol/problems/0052-n-queens-ii/solution.go",
	}, got)
	assert.Len(t, skipped, 1, "notes.txt is named, not guessed at")
}

// bob/ beside bob.py are two entries, graded as two students.
func TestFindKeepsApartTwoEntriesOfOneName(t *testing.T) {
	p52, err := problem.Find("52")
	require.NoError(t, err)
	class := t.TempDir()
	write(t, class, "bob.py", "bob/52.go")
	subs, _, err := Find(context.Background(), t.TempDir(), class, []*problem.Problem{p52}, nil, time.Time{})
	require.NoError(t, err)
	require.Len(t, subs, 2)
	assert.NotEqual(t, subs[0].Student, subs[1].Student)
}

func TestPrintableNameEscapesAndCuts(t *testing.T) {
	assert.Equal(t, `a\x1b[2Jb\x0ac`, printableName("a\x1b[2Jb\nc"))
	long := printableName(string(make([]byte, 200)))
	assert.LessOrEqual(t, len([]rune(long)), maxName)
}
