package lang

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A C++ function is named alone; a lambda for the function it is in.
func TestCppFunction(t *testing.T) {
	assert.Equal(t, "place", cppFunction("Solution::place(int, int)"))
	assert.Equal(t, "search", cppFunction("search"))
	assert.Equal(t, "totalNQueens"+LambdaIn, cppFunction("Solution::totalNQueens(int)::{lambda(int)#1}::operator()(int) const"))
}
