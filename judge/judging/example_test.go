package judging_test

import (
	"fmt"

	"github.com/nqueens-kit/nqueens/judge/judging"
)

// A file is "not written yet" only while its solution function keeps the
// starter's own body; a solution above the starter's line, which is then
// never reached, is judged.
func ExampleIsStarter() {
	starter := `func totalNQueens(n int) int {
	// Write your solution here and delete the panic below.
	panic("not written yet: write totalNQueens in problems/0052-n-queens-ii/solution.go")
}`
	written := `func totalNQueens(n int) int {
	return count(n)
	panic("not written yet: write totalNQueens in problems/0052-n-queens-ii/solution.go")
}`
	fmt.Println(judging.IsStarter([]byte(starter), "totalNQueens"), judging.IsStarter([]byte(written), "totalNQueens"))
	// Output: true false
}
