package main

import (
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
}
