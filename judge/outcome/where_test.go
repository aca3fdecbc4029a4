package outcome

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

const repeatCrash = `panic: strings: negative Repeat count

goroutine 1 [running]:
strings.Repeat({0x4b8f1e?, 0x1?}, 0xffffffffffffffff?)
	strings/strings.go:632 +0x5c5
main.row(...)
	mine.go:12
main.solveNQueens(0x4)
	mine.go:7 +0x45
main.main()
	submission/judge_harness.go:23 +0x8e
`

func TestWhereNamesTheStudentsLineNotTheLibrarys(t *testing.T) {
	assert.Equal(t, "\n  at mine.go:12 in row", where(repeatCrash, "mine.go"))
	assert.Equal(t, "", where(repeatCrash, "other.go"))
}
