package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/cases"
)

func TestParseArgsRefusesFlagsThatDoNotGoTogether(t *testing.T) {
	tests := []struct {
		args []string
		err  string
	}{
		{[]string{"-verify", "-update"}, "-update and -verify cannot be used together"},
		{[]string{"-bench", "-calibrate"}, "-bench and -calibrate cannot be used together"},
		{[]string{"-update", "-file", "x.go", "52"}, "-file and -update cannot be used together"},
		{[]string{"-json", "-verify"}, "-json and -verify cannot be used together"},
		{[]string{"-json", "-bench", "52"}, "-json and -bench cannot be used together"},
		{[]string{"-calibrate", "-json"}, "-json and -calibrate cannot be used together"},
		{[]string{"-verify", "-file", "x.go", "52"}, "-file and -verify cannot be used together"},
		{[]string{"-bench", "51"}, "-bench times counting problems only: 0051-n-queens returns boards"},
		{[]string{"-file", "x.go"}, "-file judges one problem"},
		{[]string{"52", "-all"}, "flag -all comes after the problems"},
		// A flag with a value moves with it.
		{[]string{"52", "-file", "x.go"}, "as in: go run ./judge -file x.go 52"},
		{[]string{"52", "-run", "n0", "-all"}, "as in: go run ./judge -run n0 -all 52"},
		{[]string{"53"}, `unknown problem "53"`},
		{[]string{"-csv", "x.csv", "52"}, "-csv goes with -grade"},
		{[]string{"-p", "4", "52"}, "-p goes with -grade"},
		{[]string{"-grade", "class", "-p", "0", "52"}, "-p 0: want at least 1"},
		{[]string{"-grade", "class", "-classroom", "-only", "bob", "52"}, "-classroom grades the one student DIR is: it cannot take -only"},
		{[]string{"-grade", "class", "-anonymous", "52"}, "-anonymous numbers the students on the class page: it needs -html FILE"},
		{[]string{"-grade", "class", "-file", "x.go", "52"}, "-file and -grade cannot be used together"},
	}
	for _, tt := range tests {
		_, err := parseArgs(tt.args)
		assert.ErrorContains(t, err, tt.err, "%q", tt.args)
	}
}

func TestParseArgsPicksTheMode(t *testing.T) {
	opts, err := parseArgs([]string{"-bench"})
	require.NoError(t, err)
	assert.Equal(t, modeBench, opts.Mode)
	require.Len(t, opts.Problems, 1, "-bench alone takes the counting problems")
	assert.Equal(t, 52, opts.Problems[0].Number)

	opts, err = parseArgs([]string{"-verify", "-v", "-run", "n1"})
	require.NoError(t, err)
	assert.Equal(t, modeVerify, opts.Mode)
	assert.Len(t, opts.Problems, 2)

	opts, err = parseArgs([]string{"-json", "-all", "-file", "x.go", "52"})
	require.NoError(t, err)
	assert.Equal(t, modeJudge, opts.Mode)

	opts, err = parseArgs([]string{"-grade", "class", "-csv", "-", "52"})
	require.NoError(t, err)
	assert.Equal(t, modeGrade, opts.Mode)
	assert.True(t, opts.Strict, "grading others' code is always strict")
}

// TestDocsQuoteTheUsage keeps the docs' copy of the usage the one -h
// prints.
func TestDocsQuoteTheUsage(t *testing.T) {
	data, err := os.ReadFile("../docs/judge.md")
	require.NoError(t, err)
	_, after, ok := strings.Cut(string(data), "## The judge\n\n```\n")
	require.True(t, ok, "docs/judge.md has a section \"The judge\" opening with the usage")
	quoted, _, ok := strings.Cut(after, "```")
	require.True(t, ok)
	assert.Equal(t, usage, quoted, "docs/judge.md's usage: paste the output of go run ./judge -h")
}

// docReference is a pointer, in the judge's sources and messages, to a
// section of the kit's documents: (docs/judge.md, "Security").
var docReference = regexp.MustCompile(`\((README|docs/[a-z]+\.md), \\?"([^"\\]+)`)

// TestDocReferencesPointAtSections: every (FILE, "Section") in the judge's
// Go files (comments, messages, the usage) names a document of the kit and
// the start of one of its headings (a comment may wrap the name).
func TestDocReferencesPointAtSections(t *testing.T) {
	headings := map[string][]string{}
	for _, doc := range []string{"README.md", "docs/judge.md", "docs/teachers.md", "docs/measurements.md"} {
		data, err := os.ReadFile(filepath.Join("..", doc))
		require.NoError(t, err)
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "#") {
				headings[doc] = append(headings[doc], strings.TrimSpace(strings.TrimLeft(line, "#")))
			}
		}
	}
	headings["README"] = headings["README.md"]
	found := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		for _, m := range docReference.FindAllStringSubmatch(string(data), -1) {
			found++
			doc, section := m[1], strings.Join(strings.Fields(strings.ReplaceAll(m[2], "//", " ")), " ")
			require.Contains(t, headings, doc, "%s: %s", path, m[0])
			assert.True(t, slices.ContainsFunc(headings[doc], func(h string) bool { return strings.HasPrefix(h, section) }),
				"%s: %s names no heading of %s", path, m[0], doc)
		}
		return nil
	})
	require.NoError(t, err)
	assert.Greater(t, found, 5)
}

// factorMentions are the ways the kit's documents and case files state the
// relative limits' factor.
var factorMentions = []*regexp.Regexp{
	regexp.MustCompile(`cpu=(\d+(?:\.\d+)?)x`),
	regexp.MustCompile(`(\d+(?:\.\d+)?)× (?:reference|limit|bitmask|the reference)`),
	regexp.MustCompile(`limit \((\d+(?:\.\d+)?)×`),
	regexp.MustCompile(`"limit_factor":(\d+(?:\.\d+)?)`),
	regexp.MustCompile(`verdict at (\d+(?:\.\d+)?)×`),
	regexp.MustCompile(`(\d+(?:\.\d+)?) times the CPU time of the reference`),
	regexp.MustCompile(`Why (\d+(?:\.\d+)?):`),
}

// TestDocsQuoteTheFactor: the factor of the relative limits is written in
// the case files (limit cpu=2.9x), the README, the docs and the case
// files' comments; each copy must be cases.DefaultFactor, the one the
// judge gives a language's relative cases where a file has none.
func TestDocsQuoteTheFactor(t *testing.T) {
	files, err := filepath.Glob("../testdata/*/*.txtar")
	require.NoError(t, err)
	docs, err := filepath.Glob("../docs/*.md")
	require.NoError(t, err)
	files = append(append(files, docs...), "../README.md")
	want := strconv.FormatFloat(cases.DefaultFactor, 'f', -1, 64)
	found := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for i, line := range strings.Split(string(data), "\n") {
			for _, re := range factorMentions {
				for _, m := range re.FindAllStringSubmatch(line, -1) {
					found++
					assert.Equal(t, want, m[1], "%s:%d: %s", f, i+1, m[0])
				}
			}
		}
	}
	assert.Greater(t, found, 12, "the factor is quoted in the case files and the docs")
}

// TestUsageDescribesEveryFlag keeps the usage true to the flag table: each
// flag is described, and a flag described under a mode (indented below
// it) is one that mode takes.
func TestUsageDescribesEveryFlag(t *testing.T) {
	line := regexp.MustCompile(`^(  |    )-([a-z]+)\b`)
	described := map[string]bool{}
	var under mode
	for _, l := range strings.Split(usage, "\n") {
		m := line.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		name := m[2]
		described[name] = true
		switch {
		case m[1] == "  " && modeOf(name) != "":
			under = modeOf(name)
		case m[1] == "  ":
			under = ""
			assert.Contains(t, flagsOf(modeJudge), name, "-%s is described among the judging flags", name)
		default:
			require.NotEmpty(t, under, "-%s is indented below no mode", name)
			assert.Contains(t, flagsOf(under), name, "-%s is described under -%s, which does not take it", name, under)
		}
	}
	for _, f := range flags {
		assert.True(t, described[f.name], "the usage does not describe -%s", f.name)
	}
}

// -only's list splits at commas, but not at an escaped one: a name with a
// comma in it ("Smith, John", as some rosters write names) can be given.
func TestOnlyTakesANameWithAComma(t *testing.T) {
	assert.Equal(t, []string{"bob", "carol.py"}, splitNames("bob, carol.py,"))
	assert.Equal(t, []string{"Smith, John", "bob"}, splitNames(`Smith\, John,bob`))
	opts, err := parseArgs([]string{"-grade", "class", "-only", `Smith\, John`, "-only", "ana", "52"})
	require.NoError(t, err)
	assert.Equal(t, []string{"Smith, John", "ana"}, opts.Only)
}

// TestReadmeIsForStudents: the README is a student's page, at most 1 000
// words, whose first section is its two commands (the judge, the
// self-test); teachers' and contributors' material is in docs/.
func TestReadmeIsForStudents(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	readme := string(data)
	assert.LessOrEqual(t, len(strings.Fields(readme)), 1000, "words in the README")
	_, rest, ok := strings.Cut(readme, "\n## ")
	require.True(t, ok)
	first, _, _ := strings.Cut(rest, "\n## ")
	assert.True(t, strings.HasPrefix(first, "Two commands\n"), "the first section: %q", first[:min(40, len(first))])
	assert.Contains(t, first, "\ngo run ./judge ")
	assert.Contains(t, first, "\ngo test ./... ")
	for _, doc := range []string{"docs/judge.md", "docs/teachers.md", "docs/contributing.md", "docs/measurements.md"} {
		assert.Contains(t, readme, "("+doc+")", "the README points to %s", doc)
		assert.FileExists(t, "../"+doc)
	}
}

func TestParseDeadlineTakesATimeOfDayAndAZone(t *testing.T) {
	local := time.Date(2026, 12, 24, 23, 59, 0, 0, time.Local)
	for in, want := range map[string]time.Time{
		"2026-12-24T23:59":       local,
		"2026-12-24 23:59":       local,
		"2026-12-24T23:59:00":    local,
		"2026-12-24T23:59Z":      time.Date(2026, 12, 24, 23, 59, 0, 0, time.UTC),
		"2026-12-24T23:59+08:00": time.Date(2026, 12, 24, 15, 59, 0, 0, time.UTC),
	} {
		got, err := parseDeadline(in)
		require.NoError(t, err, in)
		assert.True(t, got.Equal(want), "%s: got %v, want %v", in, got, want)
	}
	_, err := parseDeadline("2026-12-24")
	assert.ErrorContains(t, err, "give the time of day too, as in 2026-12-24T23:59")
	_, err = parseDeadline("Christmas")
	assert.ErrorContains(t, err, "not a time")
}
