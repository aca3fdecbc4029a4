package profile

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Coverage profiles of the three methods at n = 8 (go build -cover
// -covermode=count, go tool covdata textfmt), each beside its source.
var methods = map[string]struct{ src, profile string }{
	"array": {`package main

func totalNQueens(n int) int {
	cols := make([]int, n)
	var place func(row int) int
	place = func(row int) int {
		if row == n {
			return 1
		}
		c := 0
		for col := 0; col < n; col++ {
			ok := true
			for r := 0; r < row; r++ {
				if cols[r] == col || cols[r]-col == r-row || col-cols[r] == r-row {
					ok = false
					break
				}
			}
			if ok {
				cols[row] = col
				c += place(row + 1)
			}
		}
		return c
	}
	return place(0)
}
`, `mode: count
submission/judge_harness.go:5.13,5.79 2 999
submission/solution.go:3.30,6.28 3 1
submission/solution.go:6.28,7.15 1 2057
submission/solution.go:7.15,9.4 1 92
submission/solution.go:10.3,11.32 2 1965
submission/solution.go:11.32,13.29 2 15720
submission/solution.go:13.29,14.71 1 46752
submission/solution.go:14.71,16.11 2 13664
submission/solution.go:19.4,19.10 1 15720
submission/solution.go:19.10,22.5 2 2056
submission/solution.go:24.3,24.11 1 1965
submission/solution.go:26.2,26.17 1 1
`},
	"booleans": {`package main

func totalNQueens(n int) int {
	cols, d1, d2 := make([]bool, n), make([]bool, 2*n), make([]bool, 2*n)
	var place func(row int) int
	place = func(row int) int {
		if row == n {
			return 1
		}
		c := 0
		for col := 0; col < n; col++ {
			if cols[col] || d1[row+col] || d2[row-col+n] {
				continue
			}
			cols[col], d1[row+col], d2[row-col+n] = true, true, true
			c += place(row + 1)
			cols[col], d1[row+col], d2[row-col+n] = false, false, false
		}
		return c
	}
	return place(0)
}
`, `mode: count
submission/solution.go:3.30,6.28 3 1
submission/solution.go:6.28,7.15 1 2057
submission/solution.go:7.15,9.4 1 92
submission/solution.go:10.3,11.32 2 1965
submission/solution.go:11.32,12.49 1 15720
submission/solution.go:12.49,13.13 1 13664
submission/solution.go:15.4,17.63 3 2056
submission/solution.go:19.3,19.11 1 1965
submission/solution.go:21.2,21.17 1 1
`},
	"bitmask": {`package main

func totalNQueens(n int) int {
	full := 1<<n - 1
	var place func(cols, left, right int) int
	place = func(cols, left, right int) int {
		if cols == full {
			return 1
		}
		c := 0
		for free := full &^ (cols | left | right); free != 0; free &= free - 1 {
			bit := free & -free
			c += place(cols|bit, (left|bit)<<1, (right|bit)>>1)
		}
		return c
	}
	return place(0, 0, 0)
}
`, `mode: count
submission/solution.go:3.30,6.42 3 1
submission/solution.go:6.42,7.19 1 2057
submission/solution.go:7.19,9.4 1 92
submission/solution.go:10.3,11.74 2 1965
submission/solution.go:11.74,14.4 2 2056
submission/solution.go:15.3,15.11 1 1965
submission/solution.go:17.2,17.23 1 1
`},
}

// arrayGo127 is the array method's profile (methods["array"]) as Go 1.27
// writes it: each block starts at its first statement, not at the brace
// before it.
const arrayGo127 = `mode: count
submission/solution.go:4.2,6.28 3 1
submission/solution.go:7.3,7.15 1 2057
submission/solution.go:8.4,9.1 1 92
submission/solution.go:10.3,11.32 2 1965
submission/solution.go:12.4,13.29 2 15720
submission/solution.go:14.5,14.71 1 46752
submission/solution.go:15.6,16.11 2 13664
submission/solution.go:19.4,19.10 1 15720
submission/solution.go:20.5,22.1 2 2056
submission/solution.go:24.3,24.11 1 1965
submission/solution.go:26.2,26.17 1 1
`

func TestGoCountsLinesAndCalls(t *testing.T) {
	m := methods["array"]
	for goVersion, profile := range map[string]string{"Go 1.26": m.profile, "Go 1.27": arrayGo127} {
		c, err := Go([]byte(profile), "submission/solution.go", []byte(m.src))
		require.NoError(t, err, goVersion)
		assert.Equal(t, int64(2057), c.Calls, "%s: the recursive function's calls: the reference's 2057 nodes at n = 8", goVersion)
		assert.Equal(t, int64(46752), c.Lines[14], "%s: the check of every earlier row", goVersion)
		assert.Equal(t, int64(15720), c.Lines[13], "%s: the loop over earlier rows starts once per column", goVersion)
		assert.Equal(t, int64(1), c.Lines[6], "%s: line 6 assigns the literal once; its body's first block is line 7's", goVersion)
		assert.Equal(t, int64(1), c.Lines[5], "%s: the harness's line 5 is not the student's", goVersion)
		hot := c.Hottest([]byte(m.src), 1)
		require.Len(t, hot, 1, goVersion)
		assert.Equal(t, 14, hot[0].Line, goVersion)
		assert.Contains(t, hot[0].Text, "if cols[r] == col", goVersion)
	}
}

func TestExplainNamesEachMethodsCost(t *testing.T) {
	want := map[string]string{
		"array":    "Line 14 runs more times per call than there are columns: a loop inside the loop over columns",
		"booleans": "Line 12 runs about once per column at each call: a loop over every column",
		"bitmask":  "Your search already visits only the free squares",
	}
	for name, m := range methods {
		c, err := Go([]byte(m.profile), "submission/solution.go", []byte(m.src))
		require.NoError(t, err)
		text := Explain(c, []byte(m.src), "mine.go", 8, 2057)
		assert.Contains(t, text, want[name], name)
		assert.Contains(t, text, "your search made 2 057 calls, the reference's 2 057 at n = 8 (1.0 times)", name)
	}

	c, err := Go([]byte(methods["booleans"].profile), "submission/solution.go", []byte(methods["booleans"].src))
	require.NoError(t, err)
	c.Calls *= 4
	assert.Contains(t, Explain(c, []byte(methods["booleans"].src), "mine.go", 8, 2057), "Your search visits 4.0 times the positions it needs")
}

func TestGoRefusesAProfileItCannotRead(t *testing.T) {
	_, err := Go([]byte("mode: count\nsubmission/solution.go:x\n"), "submission/solution.go", []byte("package main\n"))
	assert.Error(t, err)
}

// A C++ lambda's calls are the search's size when it calls itself: through
// the variable it is given to, or through a parameter that is itself.
func TestLambdaCallsItself(t *testing.T) {
	lines := strings.Split(`int totalNQueens(int n) {
    function<int(int)> place = [&](int row) {
        return row == n ? 1 : place(row + 1);
    };
    auto dfs = [&](auto&& self, int row) -> int {
        return row == n ? 1 : self(self, row + 1);
    };
    auto once = [&](int row) { return row + 1; };
    return place(0) + dfs(dfs, 0) + once(0);
}`, "\n")
	lambda := "totalNQueens(int)::{lambda(int)#1}::operator()(int) const"
	assert.True(t, lambdaCallsItself(lambda, lines, 2, 4), "through its variable")
	assert.True(t, lambdaCallsItself(lambda, lines, 5, 7), "through itself")
	assert.False(t, lambdaCallsItself(lambda, lines, 8, 8), "no call of itself")
	assert.False(t, lambdaCallsItself("totalNQueens(int)", lines, 2, 4), "not a lambda")
}

// Hot lines are statements: a Go block's count on its comment, its blank
// line and its closing brace is left out, its statement keeps it.
func TestHottestAreStatements(t *testing.T) {
	src := []byte(`func place(row int) int {
	for col := 0; col < n; col++ {
		// 尝试将第 row 行的皇后放在 col 列

		if cols[col] || down[row+col] { /* taken */
			continue
		}
	}
	# a Python comment
	}, ]
}`)
	c := Counts{Lines: map[int]int64{2: 90, 3: 80, 4: 80, 5: 80, 6: 40, 7: 80, 9: 80, 10: 80}}
	var got []int
	for _, h := range c.Hottest(src, 5) {
		got = append(got, h.Line)
	}
	assert.Equal(t, []int{2, 5, 6}, got)
}

// gcov 9 (Ubuntu 20.04's) writes a count past a million in six digits and
// an exponent: its document (gcov-9 --json-format, a search that calls
// itself 8 times at each of 8 rows; the exact count is 19 173 961) is read
// to those digits, where it was an error and the report was left out.
func TestGCCReadsGcov9sCounts(t *testing.T) {
	src := `static int place(int r, int n) {
    if (r == n) return 1;
    int found = 0;
    for (int c = 0; c < n; c++)
        found += place(r + 1, n);
    return found;
}
int main(void) { return place(0, 8) != 16777216; }
`
	doc := `{"gcc_version": "9.3.0", "files": [{"lines": [{"branches": [], "count": 1.9174e+07, "line_number": 1, "unexecuted_block": false, "function_name": "place"}, {"branches": [], "count": 1.9174e+07, "line_number": 2, "unexecuted_block": false, "function_name": "place"}, {"branches": [], "count": 2.39674e+06, "line_number": 3, "unexecuted_block": false, "function_name": "place"}, {"branches": [], "count": 2.15707e+07, "line_number": 4, "unexecuted_block": false, "function_name": "place"}, {"branches": [], "count": 1.9174e+07, "line_number": 5, "unexecuted_block": false, "function_name": "place"}, {"branches": [], "count": 2.39674e+06, "line_number": 6, "unexecuted_block": false, "function_name": "place"}, {"branches": [], "count": 1, "line_number": 8, "unexecuted_block": false, "function_name": "main"}], "functions": [{"blocks": 8, "end_column": 1, "start_line": 1, "name": "place", "blocks_executed": 8, "execution_count": 1.9174e+07, "demangled_name": "place", "start_column": 12, "end_line": 7}, {"blocks": 3, "end_column": 50, "start_line": 8, "name": "main", "blocks_executed": 3, "execution_count": 1, "demangled_name": "main", "start_column": 5, "end_line": 8}], "file": "place.c"}], "format_version": "1", "data_file": "place.gcda"}`
	c, err := GCC([]byte(doc), "place.c", []byte(src))
	require.NoError(t, err)
	assert.Equal(t, int64(19174000), c.Calls)
	assert.Equal(t, int64(21570700), c.Lines[4])
	assert.Equal(t, int64(1), c.Lines[8])
}
