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

func TestFindInTextLeavesOutCodeTheJudgeNeverCalls(t *testing.T) {
	counts := Answers{Counts: map[int64]int{2680: 11, 14200: 12, 14772512: 16}}
	// Seen at c25c659: honest bitmask solutions called HC for numbers in a
	// docstring, a self-test, or a Java main.
	honest := map[string]struct {
		src      string
		comments Comments
	}{
		"a Python docstring": {"class Solution:\n    def totalNQueens(self, n):\n        \"\"\"Counts boards: 12-queens has\n        14200 of them, 16-queens 14772512.\n        \"\"\"\n        return self.place(n)\n", Hash},
		"a Python self-test": {"class Solution:\n    def totalNQueens(self, n):\n        return self.place(n)\n\nif __name__ == \"__main__\":\n    assert Solution().totalNQueens(12) == 14200\n    print(2680)\n", Hash},
		"a Java main":        {"class Solution {\n  public int totalNQueens(int n) { return place(n); }\n  public static void main(String[] args) {\n    if (new Solution().totalNQueens(12) != 14200) { throw new AssertionError(); }\n    System.out.println(2680);\n  }\n}\n", CStyle},
	}
	for name, h := range honest {
		_, ok := FindInText([]byte(h.src), h.comments, counts)
		assert.False(t, ok, name)
	}

	// What the judge does call still counts, after such code too.
	hidden := "class Solution:\n    \"\"\"A docstring.\"\"\"\n    def totalNQueens(self, n):\n        return {12: 14200}[n]\n\nif __name__ == \"__main__\":\n    print(1)\nTABLE = [2680]\n"
	f, ok := FindInText([]byte(hidden), Hash, counts)
	assert.True(t, ok)
	assert.Equal(t, 4, f.Line)
	f, ok = FindInText([]byte(hidden), Hash, Answers{Counts: map[int64]int{2680: 11}})
	assert.True(t, ok, "a table after the self-test, at the left margin, is code")
	assert.Equal(t, 8, f.Line)
	java := "class Solution {\n  public static void main(String[] a) { System.out.println(1); }\n  public int totalNQueens(int n) { return n == 12 ? 14200 : 0; }\n}\n"
	f, ok = FindInText([]byte(java), CStyle, counts)
	assert.True(t, ok)
	assert.Equal(t, 3, f.Line)
}
