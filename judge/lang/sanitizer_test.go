package lang

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The sanitizer's own lines at the end of the program's prints go; the
// student's stay, even when they look alike elsewhere.
func TestWithoutSanitizerLines(t *testing.T) {
	rule := sanitizerLines[0]
	got, n := WithoutSanitizerLines("trying 4\nAddressSanitizer:DEADLYSIGNAL\n" + rule + "\n")
	assert.Equal(t, "trying 4\n", got)
	assert.Equal(t, 2, n)
	got, n = WithoutSanitizerLines(rule + "\ntrying 4\n")
	assert.Equal(t, rule+"\ntrying 4\n", got)
	assert.Zero(t, n)
	got, n = WithoutSanitizerLines("")
	assert.Empty(t, got)
	assert.Zero(t, n)
}

// A C++ function is named alone; a lambda for the function it is in.
func TestCppFunction(t *testing.T) {
	assert.Equal(t, "place", cppFunction("Solution::place(int, int)"))
	assert.Equal(t, "search", cppFunction("search"))
	assert.Equal(t, "totalNQueens"+LambdaIn, cppFunction("Solution::totalNQueens(int)::{lambda(int)#1}::operator()(int) const"))
}

// A report Locate cannot read keeps its mark, with no line made up.
func TestLocateLeavesAReportItCannotRead(t *testing.T) {
	assert.Equal(t, CrashMark+SanitizerMark+"\n", Locate(t.Context(), nil, "/nonexistent", CrashMark+SanitizerMark+"\nsomething else\n"))
	assert.Equal(t, "plain report\n", Locate(t.Context(), nil, "/nonexistent", "plain report\n"))
}
