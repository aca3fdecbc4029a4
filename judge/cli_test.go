package main

import (
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
		{[]string{"53"}, `unknown problem "53"`},
		{[]string{"-csv", "x.csv", "52"}, "-csv goes with -grade"},
		{[]string{"-p", "4", "52"}, "-p goes with -grade"},
		{[]string{"-grade", "class", "-p", "0", "52"}, "-p 0: want at least 1"},
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

// TestREADMEQuotesTheUsage keeps the README's copy of the usage the one -h
// prints.
func TestREADMEQuotesTheUsage(t *testing.T) {
	data, err := os.ReadFile("../README.md")
	require.NoError(t, err)
	_, after, ok := strings.Cut(string(data), "## The judge\n\n```\n")
	require.True(t, ok, "README.md has a section \"The judge\" opening with the usage")
	quoted, _, ok := strings.Cut(after, "```")
	require.True(t, ok)
	assert.Equal(t, usage, quoted, "README.md's usage: paste the output of go run ./judge -h")
}
