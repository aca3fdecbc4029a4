package lookup

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var counts = Answers{Counts: map[int64]int{2680: 11, 14200: 12, 73712: 13, 365596: 14, 2279184: 15, 14772512: 16}}

func TestFindsAnswersTheSolutionCanReach(t *testing.T) {
	tests := []struct {
		name, src string
		line      int
		value     string
	}{
		{"a table in the function", `package main
func totalNQueens(n int) int {
	return []int{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512}[n]
}`, 3, "14772512"},
		{"a folded expression", `package main
func totalNQueens(n int) int {
	if n == 15 { return 2279000 + 184 }
	return 0
}`, 3, "2279184"},
		{"hexadecimal", `package main
func totalNQueens(n int) int {
	if n == 16 {
		return 0xE16920
	}
	return 0
}`, 4, "14772512"},
		{"a package-level table", `package main
var known = map[int]int{16: 14772512}
func totalNQueens(n int) int { return known[n] }`, 2, "14772512"},
		{"a named constant", `package main
const big = 14772 * 1000 + 512
func totalNQueens(n int) int { return big }`, 2, "14772512"},
		{"in a function it calls", `package main
func totalNQueens(n int) int { return helper(n) }
func helper(n int) int {
	if n == 14 { return 365596 }
	return 0
}`, 4, "365596"},
		{"in a method it calls", `package main
type s struct{}
func (s) count(n int) int { return 73712 }
func totalNQueens(n int) int { var x s; return x.count(n) }`, 3, "73712"},
		// Tables written another way.
		{"digits in a string", `package main
import "strconv"
func totalNQueens(n int) int { v, _ := strconv.Atoi("14772512"); return v }`, 3, "14772512"},
		{"a float constant", `package main
const big = 1.4772512e7
func totalNQueens(n int) int { return int(big) }`, 3, "14772512"},
		{"an init function", `package main
var table = map[int]int{}
func init() { table[15] = 2279184 }
func totalNQueens(n int) int { return table[n] }`, 3, "2279184"},
		{"a method called through an interface", `package main
type counter interface{ count(int) int }
type table struct{}
func (table) count(n int) int { return 365596 }
func totalNQueens(n int) int { var c counter = table{}; return c.count(n) }`, 4, "365596"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := Find([]byte(tt.src), "totalNQueens", counts)
			assert.True(t, ok)
			assert.Equal(t, tt.line, got.Line)
			assert.Equal(t, tt.value, got.Value)
		})
	}
}

func TestIgnoresWhatTheSolutionCannotReach(t *testing.T) {
	tests := []struct{ name, src string }{
		{"the student's own main", `package main
func totalNQueens(n int) int { return 0 }
func _() { if totalNQueens(16) != 14772512 { panic("wrong") } }`},
		{"an unused helper", `package main
func check() bool { return totalNQueens(16) == 14772512 }
func totalNQueens(n int) int { return 0 }`},
		{"small counts", `package main
func totalNQueens(n int) int { return []int{1, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724}[n] }`},
		{"a bitmask search", `package main
func totalNQueens(n int) int {
	limit := 1<<n - 1
	var place func(col, left, right int) int
	place = func(col, left, right int) int {
		if col == limit { return 1 }
		c := 0
		for free := limit &^ (col | left | right); free != 0; free &= free - 1 {
			bit := free & -free
			c += place(col|bit, (left|bit)<<1, (right|bit)>>1)
		}
		return c
	}
	return place(0, 0, 0)
}`},
		{"a number in a message", `package main
import "fmt"
func totalNQueens(n int) int { fmt.Sprintf("16-queens has 14772512 boards"); return 0 }`},
		{"methods of a type it never uses", `package main
type table struct{}
func (table) count(n int) int { return 365596 }
func totalNQueens(n int) int { return 0 }`},
		{"a file that does not parse", `package main
func totalNQueens(n int) int { return 14772512`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, ok := Find([]byte(tt.src), "totalNQueens", counts)
			assert.False(t, ok)
		})
	}
}

func TestFindsABoardListWrittenDown(t *testing.T) {
	src := `package main
import "strings"
func solveNQueens(n int) [][]string {
	_ = strings.Repeat
	return boards[n]
}
var boards = map[int][][]string{
	4: {{".Q..", "...Q", "Q...", "..Q."}, {"..Q.", "Q...", "...Q", ".Q.."}},
	6: {{".Q....", "...Q..", ".....Q", "Q.....", "..Q...", "....Q."},
		{"..Q...", ".....Q", ".Q....", "....Q.", "Q.....", "...Q.."},
		{"...Q..", "Q.....", "....Q.", ".Q....", ".....Q", "..Q..."},
		{"....Q.", "..Q...", "Q.....", ".....Q", "...Q..", ".Q...."}},
}`
	got, ok := Find([]byte(src), "solveNQueens", Answers{Boards: true})
	assert.True(t, ok)
	assert.Equal(t, 9, got.Line)
	assert.Equal(t, 6, got.N)

	// One or two boards, as a test of the checker writes them, are no list.
	two := `package main
func solveNQueens(n int) [][]string {
	return [][]string{{".Q..", "...Q", "Q...", "..Q."}, {"..Q.", "Q...", "...Q", ".Q.."}}
}`
	_, ok = Find([]byte(two), "solveNQueens", Answers{Boards: true})
	assert.False(t, ok)

	honest := `package main
func solveNQueens(n int) [][]string {
	row := []byte("....")
	row[1] = 'Q'
	return [][]string{{string(row), "Q"}}
}`
	_, ok = Find([]byte(honest), "solveNQueens", Answers{Boards: true})
	assert.False(t, ok)
}

func TestTheKitsOwnSolutionsComputeTheirAnswers(t *testing.T) {
	files, err := filepath.Glob("../../solutions/*/*/solution.go")
	require.NoError(t, err)
	more, _ := filepath.Glob("../../solutions/*/samples/*/solution.go")
	files = append(files, more...)
	require.NotEmpty(t, files)
	for _, file := range files {
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		fn, ans := "totalNQueens", counts
		if strings.Contains(file, "0051") {
			fn, ans = "solveNQueens", Answers{Boards: true}
		}
		got, ok := Find(src, fn, ans)
		assert.False(t, ok, "%s: %+v", file, got)
	}
}
