package grading

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

func TestResolveFindsTheClassOfOneStudent(t *testing.T) {
	p52, err := problem.Find("52")
	require.NoError(t, err)
	ps := []*problem.Problem{p52}
	class := t.TempDir()
	write(t, class, "hugo.go", "ines/52.py", "notes.txt")
	never := func(string) bool { return false }
	before := func(dir string) bool { return dir == class }

	for _, tt := range []struct {
		name   string
		path   string
		only   []string
		graded func(string) bool
		want   Target
	}{
		{"a class", class, nil, before, Target{Class: class}},
		{"some of a class", class, []string{"hugo", "ines"}, never, Target{Class: class, Only: []string{"hugo", "ines"}, Merge: true}},
		{"a file of a class graded before", filepath.Join(class, "hugo.go"), nil, before, Target{Class: class, Only: []string{"hugo.go"}, Merge: true}},
		{"a file of a class never graded", filepath.Join(class, "hugo.go"), nil, never, Target{Class: class, Only: []string{"hugo.go"}}},
		{"a folder of a class graded before", filepath.Join(class, "ines"), nil, before, Target{Class: class, Only: []string{"ines"}, Merge: true}},
		{"a folder of a class never graded: alone", filepath.Join(class, "ines"), nil, never, Target{Class: filepath.Join(class, "ines")}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Resolve(tt.path, tt.only, ps, tt.graded)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}

	t.Run("the folder one is in", func(t *testing.T) {
		t.Chdir(filepath.Join(class, "ines"))
		got, err := Resolve(".", nil, ps, before)
		require.NoError(t, err)
		assert.Equal(t, Target{Class: class, Only: []string{"ines"}, Merge: true}, got)
	})

	got, err := ResolveClassroom(filepath.Join(class, "ines"))
	require.NoError(t, err)
	assert.Equal(t, Target{Class: filepath.Join(class, "ines")}, got, "-classroom: one student's clone is never merged")
	_, err = ResolveClassroom(filepath.Join(class, "hugo.go"))
	assert.ErrorContains(t, err, "give a class folder, one student's folder, or one student's solution file (without -only or -classroom)")
	_, err = Resolve(filepath.Join(class, "notes.txt"), nil, ps, before)
	assert.ErrorContains(t, err, "give a class folder, one student's folder, or one student's solution file")
	_, err = Resolve(filepath.Join(class, "nobody.go"), nil, ps, before)
	assert.ErrorContains(t, err, "no such file")
}

func TestTargetJudgesTheStudentsItNames(t *testing.T) {
	p52, err := problem.Find("52")
	require.NoError(t, err)
	class := t.TempDir()
	write(t, class, "hugo.go", "ines/52.py", "jo/52.c")
	target := Target{Class: class, Only: []string{"hugo", "ines", "kim"}, Merge: true}
	subs, _, err := Find(context.Background(), t.TempDir(), class, []*problem.Problem{p52}, target.Entries(), time.Time{})
	require.NoError(t, err)
	require.Len(t, subs, 3, "a merged target finds the whole class")
	var judged []string
	for _, s := range subs {
		if target.Judges(s) {
			judged = append(judged, s.Student)
		}
	}
	assert.ElementsMatch(t, []string{"hugo", "ines"}, judged)
	assert.Equal(t, []string{"kim"}, target.Unmatched(subs))

	alone := Target{Class: class, Only: []string{"hugo.go"}}
	subs, _, err = Find(context.Background(), t.TempDir(), class, []*problem.Problem{p52}, alone.Entries(), time.Time{})
	require.NoError(t, err)
	require.Len(t, subs, 1, "a student graded alone: the rest of the folder is not read")
	assert.Equal(t, "hugo", subs[0].Student)
}

func TestStoreKeepsAReportUnderItsKey(t *testing.T) {
	s := Store{Dir: t.TempDir()}
	_, _, ok := s.Get("k1")
	assert.False(t, ok)
	rep := &judging.Report{Verdict: verdict.TLE, StoppedBy: verdict.TLE, Skipped: []string{"n16"}}
	judged := time.Date(2026, 12, 3, 20, 0, 0, 0, time.UTC)
	require.NoError(t, s.Put("k1", rep, judged))
	got, when, ok := s.Get("k1")
	require.True(t, ok)
	assert.True(t, when.Equal(judged), "when it was judged is kept: %v", when)
	assert.Equal(t, rep.Verdict, got.Verdict)
	assert.Equal(t, rep.StoppedBy, got.StoppedBy, "why the larger cases were not run is kept")
	_, _, ok = s.Get("k2")
	assert.False(t, ok, "another key is another report")

	assert.False(t, s.Graded("/some/class"))
	require.NoError(t, s.MarkGraded("/some/class"))
	require.NoError(t, s.MarkGraded("/other/class"))
	assert.True(t, s.Graded("/some/class"))
	assert.True(t, s.Graded("/other/class"))
	assert.False(t, Store{}.Graded("/some/class"), "no cache, nothing graded before")
}
