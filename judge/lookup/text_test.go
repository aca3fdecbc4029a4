package lookup

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	// Numbers in a docstring, a self-test or a Java main are no lookup: the
	// judge never calls that code.
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

func TestFindInTextSeesEveryWayOfWritingANumber(t *testing.T) {
	counts := Answers{Counts: map[int64]int{2680: 11, 14200: 12, 2279184: 15, 14772512: 16}}
	// Lookup tables written every way each language allows.
	hidden := map[string]struct {
		src      string
		comments Comments
		n        int
	}{
		"C binary":             {"int totalNQueens(int n) { return n == 16 ? 0b111000010110100100100000 : 0; }\n", CStyle, 16},
		"Java binary":          {"class Solution { int totalNQueens(int n) { return n == 16 ? 0b1110_0001_0110_1001_0010_0000 : 0; } }\n", CStyle, 16},
		"Python octal":         {"class Solution:\n    def totalNQueens(self, n):\n        return 0o10543420 if n == 15 else 0\n", Hash, 15},
		"C++ digit separators": {"int f(int n) { return n == 16 ? 14'772'512 : 0; }\n", CStyle, 16},
		"a float":              {"int f(int n) { return n == 16 ? (int) 1.4772512e7 : 0; }\n", CStyle, 16},
		"a float with a point": {"def f(n):\n    return int(14772512.0)\n", Hash, 16},
		"C++ stoi of a string": {"int f(int n) { return n == 15 ? stoi(\"2279184\") : 0; }\n", CStyle, 15},
		"Python int(...)":      {"class Solution:\n    def totalNQueens(self, n):\n        return int(\"14_772_512\")\n", Hash, 16},
		"a table in a string":  {"T = \"1,0,0,2,10,4,40,92,352,724,2680,14200\"\n", Hash, 12},
	}
	for name, h := range hidden {
		f, ok := FindInText([]byte(h.src), h.comments, counts)
		if assert.True(t, ok, name) {
			assert.Equal(t, h.n, f.N, name)
		}
	}

	// Words around a number make a message, not a number to convert; a
	// character literal is not a digit separator.
	honest := []string{
		"printf(\"12-queens: 14200 boards\\n\");\n",
		"char c = '1'; int d = c - '0'; int x = 3'000;\n",
		"double half = 0.5; float f = 2.0f;\n",
	}
	for _, src := range honest {
		_, ok := FindInText([]byte(src), CStyle, counts)
		assert.False(t, ok, src)
	}
}

func TestFindInTextSeesBoardsWrittenAsColumns(t *testing.T) {
	boards := Answers{Boards: true}
	// Three of the ten 5-queens boards, each queen's column row by row.
	f, ok := FindInText([]byte("static const char *T = \"02413\" \"03142\" \"13024\";\n"), CStyle, boards)
	if assert.True(t, ok) {
		assert.Equal(t, 5, f.N)
	}
	f, ok = FindInText([]byte("TABLE = [\n    13524,\n    14253,\n    24135,\n]\n"), Hash, boards)
	if assert.True(t, ok, "1-based, as numbers") {
		assert.Equal(t, 5, f.N)
		assert.Equal(t, 2, f.Line)
	}
	_, ok = FindInText([]byte("int a = 12345, b = 02413, c = 02413;\n"), CStyle, boards)
	assert.False(t, ok, "one board, twice, and a number that is no board")
}

func TestTheKitsOwnSolutionsInOtherLanguagesComputeTheirAnswers(t *testing.T) {
	counts := Answers{Counts: map[int64]int{2680: 11, 14200: 12, 73712: 13, 365596: 14, 2279184: 15, 14772512: 16}}
	var files []string
	for _, pattern := range []string{"../../solutions/*/*/*/solution.*", "../../solutions/*/samples/*/*/solution.*", "../../problems/*/solution.*"} {
		more, err := filepath.Glob(pattern)
		require.NoError(t, err)
		files = append(files, more...)
	}
	checked := 0
	for _, file := range files {
		comments := CStyle
		switch filepath.Ext(file) {
		case ".py":
			comments = Hash
		case ".go":
			continue
		}
		src, err := os.ReadFile(file)
		require.NoError(t, err)
		ans := counts
		if strings.Contains(file, "0051") {
			ans = Answers{Boards: true}
		}
		got, ok := FindInText(src, comments, ans)
		assert.False(t, ok, "%s: %+v", file, got)
		checked++
	}
	assert.Greater(t, checked, 20)
}

func TestReadsClockFindsTheCallOutsideCommentsAndMain(t *testing.T) {
	clock := regexp.MustCompile(`\bSystem\s*\.\s*nanoTime\b|\bclock\s*\(|\btime\.(Now|Since)\b|\bprocess_time\s*\(`)
	java := "class Solution {\n  // System.nanoTime() would tell\n  public int totalNQueens(int n) {\n    long t = System.nanoTime();\n    return 0;\n  }\n}\n"
	line, call, ok := ReadsClockInText([]byte(java), CStyle, clock)
	assert.True(t, ok)
	assert.Equal(t, 4, line)
	assert.Equal(t, "System.nanoTime", call)

	honest := map[string]Comments{
		"class Solution {\n  public static void main(String[] a) { long t = System.nanoTime(); }\n  public int totalNQueens(int n) { return 0; }\n}\n":         CStyle,
		"const char *s = \"clock() is not called\"; /* clock() */\n":                                                                                           CStyle,
		"class Solution:\n    def totalNQueens(self, n):\n        return 0\n\nif __name__ == \"__main__\":\n    import time\n    print(time.process_time())\n": Hash,
	}
	for src, comments := range honest {
		_, _, ok := ReadsClockInText([]byte(src), comments, clock)
		assert.False(t, ok, src)
	}

	goSrc := "package main\nimport \"time\"\nfunc main() { _ = time.Now() }\nfunc totalNQueens(n int) int { return spin(n) }\nfunc spin(n int) int {\n\tfor start := time.Now(); time.Since(start) < time.Second; {\n\t}\n\treturn n\n}\n"
	line, call, ok = ReadsClock([]byte(goSrc), "totalNQueens", clock)
	assert.True(t, ok)
	assert.Equal(t, 6, line, "in a function the solution calls, not in main")
	assert.Equal(t, "time.Now", call)
	_, _, ok = ReadsClock([]byte("package main\nimport \"time\"\nfunc main() { _ = time.Now() }\nfunc totalNQueens(n int) int { return n }\n"), "totalNQueens", clock)
	assert.False(t, ok, "a clock in the student's own main")
}
