package main

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// TestQuickScriptsJudgeEveryLanguageAndVerdict keeps the quick suite a
// check of the whole judge, though most scripts, or their later parts, run
// only with NQUEENS_EXHAUSTIVE=1: the scripts it runs, without their [long]
// lines, judge a file in Go, C, Java and Python and expect every verdict,
// as a report's row or in its words. (C++ is exhaustive: its first build
// precompiles <bits/stdc++.h>, 14 s of CPU; judge/lang's quick tests
// compile its harness.)
func TestQuickScriptsJudgeEveryLanguageAndVerdict(t *testing.T) {
	scripts, err := filepath.Glob("testdata/*.txtar")
	require.NoError(t, err)
	judged := regexp.MustCompile(`\bjudge .*-file \S+\.(go|c|java|py)\b`)
	languages := map[string][]string{}
	verdicts := map[verdict.Verdict][]string{}
	for _, script := range scripts {
		name := filepath.Base(script)
		for _, line := range quickLines(t, script) {
			if m := judged.FindStringSubmatch(line); m != nil {
				languages[m[1]] = append(languages[m[1]], name)
			}
			for _, v := range verdict.All {
				if strings.Contains(line, "'^  "+string(v)+" ") || strings.Contains(line, v.Long()) {
					verdicts[v] = append(verdicts[v], name)
				}
			}
		}
	}
	for _, ext := range []string{"go", "c", "java", "py"} {
		assert.NotEmpty(t, languages[ext], "no quick script judges a .%s file", ext)
	}
	for _, v := range verdict.All {
		assert.NotEmpty(t, verdicts[v], "no quick script expects %s (%s)", v, v.Long())
	}
	for ext, names := range languages {
		t.Logf(".%s: judged in %d quick scripts", ext, len(slices.Compact(names)))
	}
}

// quickLines returns the commands of a script that the quick suite runs:
// none if it skips the whole script there.
func quickLines(t *testing.T, script string) []string {
	a, err := txtar.ParseFile(script)
	require.NoError(t, err)
	var lines []string
	for _, line := range strings.Split(string(a.Comment), "\n") {
		switch {
		case strings.HasPrefix(line, "[!long] skip"):
			return nil
		case strings.HasPrefix(line, "#"), strings.HasPrefix(line, "[long]"):
			continue
		}
		lines = append(lines, line)
	}
	return lines
}
