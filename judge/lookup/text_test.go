package lookup

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFindInTextSeesLiteralsNotComments(t *testing.T) {
	counts := Answers{Counts: map[int64]int{2680: 11, 14772512: 16}}
	java := []byte("class Solution {\n  // 16-queens has 14772512 boards\n  /* 2680\n  */ int totalNQueens(int n) {\n    if (n == 16) return 14_772_512;\n    return 0;\n  }\n}\n")
	f, ok := FindInText(java, CStyle, counts)
	assert.True(t, ok)
	assert.Equal(t, Finding{Line: 5, N: 16, Value: "14772512"}, f)

	honest := []byte("// 16-queens has 14772512 boards\nint totalNQueens(int n) { return n == 1; } /* 2680 */\nconst char *s = \"// 2680\";\n")
	_, ok = FindInText(honest, CStyle, counts)
	assert.False(t, ok, "comments and strings are not counts")

	py := []byte("# 14772512\nclass Solution:\n    def totalNQueens(self, n):\n        return [0, 1, 0, 0, 2][n] if n < 5 else 0xE16920\n")
	f, ok = FindInText(py, Hash, counts)
	assert.True(t, ok)
	assert.Equal(t, 4, f.Line)
	assert.Equal(t, 16, f.N)
}

func TestFindInTextSeesBoardsWrittenDown(t *testing.T) {
	boards := Answers{Boards: true}
	var src string
	for range BoardsWritten {
		src += `{".Q..", "...Q", "Q...", "..Q."},` + "\n"
	}
	f, ok := FindInText([]byte(src), CStyle, boards)
	assert.True(t, ok)
	assert.Equal(t, 4, f.N)
	assert.Equal(t, 1, f.Line)

	_, ok = FindInText([]byte(`string row = string(n, '.'); row[c] = 'Q';`), CStyle, boards)
	assert.False(t, ok)
}
