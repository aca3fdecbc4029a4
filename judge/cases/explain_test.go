package cases

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
)

func TestAbbreviateNeverCutsACharacter(t *testing.T) {
	s := strings.Repeat("皇后", 100) // three bytes each
	for n := 1; n < 20; n++ {
		got := abbreviate(s, n)
		assert.True(t, utf8.ValidString(got), "n = %d: %q", n, got)
		assert.LessOrEqual(t, len(strings.TrimSuffix(got, "…")), n)
	}
	assert.Equal(t, "short", abbreviate("short", 10))
}

// A crash report as a -trimpath build prints it, after relabelling: the
// innermost frame is in the standard library, the student's line below it.

func TestTrimOutputShowsTheRealStartAndEnd(t *testing.T) {
	var all strings.Builder
	for i := range 50000 {
		fmt.Fprintf(&all, "line %d\n", i)
	}
	s := all.String()
	head, tail := s[:16<<10], s[len(s)-16<<10:]
	got := trimOutput(head, tail, 50000)
	lines := strings.Split(got, "\n")
	assert.Equal(t, "line 0", lines[0])
	assert.Equal(t, "line 19", lines[19])
	assert.Equal(t, "… (49960 lines cut) …", lines[20])
	assert.Equal(t, "line 49980", lines[21])
	assert.Equal(t, "line 49999", lines[len(lines)-1])

	short := "a\nb\n"
	assert.Equal(t, "a\nb", trimOutput(short, "", 2))
}
