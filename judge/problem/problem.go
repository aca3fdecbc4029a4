// Package problem is the kit's registry: the one place that says what each
// problem is (its function and signature, the kind of answer, the largest n
// its cases may ask, which reference solution relative limits are measured
// against) and where a kit keeps each problem's files.
package problem

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// A Problem is one exercise of the kit.
type Problem struct {
	Number  int
	Slug    string // LeetCode's name for it, e.g. "n-queens-ii"
	Func    string // the function a solution defines; it takes n int
	Results string // that function's result type
	Kind    Kind
	MaxN    int // the largest n a case may ask for
	// Calibrator is the reference, a folder under solutions/<folder>/, whose
	// CPU time relative limits are multiples of.
	Calibrator string
	// LookupFrom is the first n whose answer, written into a solution's
	// source, is taken for a lookup (HC): smaller answers are small numbers
	// that honest code uses. 0: the problem's answers are boards, and rows
	// of a whole board written down are the sign.
	LookupFrom int
	// Hint is one sentence on the calibrator's idea, for a report that says
	// what to read next.
	Hint string
}

// Kind is the kind of answer a problem's function returns.
type Kind int

const (
	Count  Kind = iota // one integer (52)
	Boards             // every board, as a list of rows (51)
)

// Folder is the problem's folder name under problems/, solutions/ and testdata/.
func (p *Problem) Folder() string { return fmt.Sprintf("%04d-%s", p.Number, p.Slug) }

// All lists every problem of the kit, in order.
var All = []*Problem{
	{
		Number: 51, Slug: "n-queens", Func: "solveNQueens", Results: "[][]string",
		Kind: Boards, MaxN: 10, Calibrator: "bitmask",
		Hint: msg.Mark("it keeps the attacked columns and diagonals of the next row in three bit masks, so the free squares of a row are found at once and the board is written only when it is complete"),
	},
	{
		Number: 52, Slug: "n-queens-ii", Func: "totalNQueens", Results: "int",
		Kind: Count, MaxN: 16, Calibrator: "bitmask", LookupFrom: 11,
		Hint: msg.Mark("it keeps the attacked columns and diagonals of the next row in three bit masks, so the free squares of a row are the bits set in none of them, found at once, and x & -x picks them one by one: its loop runs over the free squares only, never over every column (masks that are tested column by column are still a loop over every column)"),
	},
}

// Find resolves a number ("52"), a slug ("n-queens-ii") or a folder name
// ("0052-n-queens-ii").
func Find(name string) (*Problem, error) {
	for _, p := range All {
		if name == p.Slug || name == p.Folder() || name == strconv.Itoa(p.Number) || name == fmt.Sprintf("%04d", p.Number) {
			return p, nil
		}
	}
	var list []string
	for _, p := range All {
		list = append(list, fmt.Sprintf("  %d  %-12s (%s)", p.Number, p.Slug, p.Folder()))
	}
	return nil, msg.Errorf("unknown problem %q; the problems are:\n%s", name, strings.Join(list, "\n"))
}
