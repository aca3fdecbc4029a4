package judging

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/lang"
)

// Every starter of the kit, in every language, is a starter; the same file
// with a solution written above the starter's line (kept, unreachable) is
// not; a file whose function body is still the starter's, helpers added
// beside it, still is.
func TestIsStarterOnlyForTheStartersOwnBody(t *testing.T) {
	for _, folder := range []string{"0051-n-queens", "0052-n-queens-ii"} {
		fn := map[string]string{"0051-n-queens": "solveNQueens", "0052-n-queens-ii": "totalNQueens"}[folder]
		for _, l := range lang.All {
			file := filepath.Join("..", "..", "problems", folder, l.File())
			t.Run(folder+"/"+l.Name, func(t *testing.T) {
				src, err := os.ReadFile(file)
				require.NoError(t, err)
				assert.True(t, IsStarter(src, fn), "the kit's starter")
				assert.True(t, IsStarter([]byte(strings.ReplaceAll(string(src), "\n", "\r\n")), fn), "with Windows line ends")

				lines := strings.Split(string(src), "\n")
				marker := -1
				for i, line := range lines {
					if strings.Contains(line, notWrittenMarker) {
						marker = i
						break
					}
				}
				require.GreaterOrEqual(t, marker, 0)
				indent := lines[marker][:len(lines[marker])-len(strings.TrimLeft(lines[marker], " \t"))]
				written := append(append(append([]string{}, lines[:marker]...), indent+"x = 1"), lines[marker:]...)
				assert.False(t, IsStarter([]byte(strings.Join(written, "\n")), fn), "code before the starter's line")
				// The starter's line left above a solution written under it
				// (in C, its two lines): written, and judged.
				after := marker + 1
				if strings.TrimSpace(lines[after]) == "abort();" {
					after++
				}
				under := append(append(append([]string{}, lines[:after]...), indent+"x = 1"), lines[after:]...)
				assert.False(t, IsStarter([]byte(strings.Join(under, "\n")), fn), "code after the starter's line")

				other := strings.Replace(string(src), fn+"(", "helper(", 1)
				assert.False(t, IsStarter([]byte(other), fn), "the marker in another function")
			})
		}
	}
}

func TestIsStarterWithHelpersBesideTheBody(t *testing.T) {
	src := `package nqueensii

func helper(n int) int { return n }

// totalNQueens is still to write.
func totalNQueens(n int) int {
	// Write your solution here and delete the panic below.

	/* a note */
	panic("not written yet: write totalNQueens in problems/0052-n-queens-ii/solution.go")
}
`
	assert.True(t, IsStarter([]byte(src), "totalNQueens"))
	assert.False(t, IsStarter([]byte("func totalNQueens(n int) int { return 0 }\n"), "totalNQueens"), "no marker at all")
}

// A file of a million bytes of marker lines, none in the solution
// function, is read in one pass: the judge reads it outside the jail,
// before any limit applies. (Scanning up from each marker would visit
// about 2·10⁹ lines.) The bound is a guard against that, not a speed
// target: one pass takes milliseconds, a scan up from each marker 24 s
// here.
func TestIsStarterIsLinearInTheFile(t *testing.T) {
	line := "// \"not written yet\n"
	src := []byte(strings.Repeat(line, (1<<20)/len(line)))
	done := make(chan bool, 1)
	go func() { done <- IsStarter(src, "totalNQueens") }()
	select {
	case got := <-done:
		assert.False(t, got, "no solution function: no starter's body")
	case <-time.After(5 * time.Second):
		t.Fatal("IsStarter did not finish on a 1 MiB file of markers")
	}
}
