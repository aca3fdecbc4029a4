package lang

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/problem"
)

// The course's notes print methods without their class; a student pastes
// them so. The line that defines the solution's method outside any class
// is found, and nothing else is taken for it.
func TestOutsideClassFindsMethodsPastedAlone(t *testing.T) {
	p52, err := problem.Find("52")
	require.NoError(t, err)
	for _, tc := range []struct {
		lang *Language
		src  string
		line int
	}{
		{Python, "def totalNQueens(self, n: int) -> int:\n    return 0\n", 1},
		{Python, "import sys\n\nasync def totalNQueens(self, n):\n    return 0\n", 3},
		{Python, "class Solution:\n    def totalNQueens(self, n):\n        return 0\n", 0},
		// In a class of another name, or named in a string: not a def of the module.
		{Python, "class Sol:\n    def totalNQueens(self, n):\n        return 0\n", 0},
		{Python, "s = '''\ndef totalNQueen(self, n):\n'''\n", 0},
		{Java, "public int totalNQueens(int n) {\n    return 0;\n}\n", 1},
		{Java, "// pasted from the notes\nprivate void dfs(int r) {}\n\npublic int totalNQueens(int n) {\n    return 0;\n}\n", 4},
		{Java, "class Solution {\n    public int totalNQueens(int n) { return 0; }\n}\n", 0},
		{Java, "class Solution { int count; }\n// public int totalNQueens(int n) {\nString s = \"totalNQueens(\";\n", 0},
		{CPP, "int dfs(int r) { return r; }\nint totalNQueens(int n) {\n    return dfs(n);\n}\n", 2},
		{CPP, "class Solution {\npublic:\n    int totalNQueens(int n);\n};\nint Solution::totalNQueens(int n) { return 0; }\n", 0},
		{CPP, "class Solution {\npublic:\n    int totalNQueens(int n) { return 0; }\n};\n", 0},
		// Go and C have no class: their answers are functions.
		{Go, "func totalNQueens(n int) int { return 0 }\n", 0},
		{C, "int totalNQueens(int n) { return 0; }\n", 0},
	} {
		s := NewSubmission(p52, tc.lang, []byte(tc.src), "mine"+tc.lang.Exts[0])
		assert.Equal(t, tc.line, outsideClass(s), "%s: %q", tc.lang.Name, tc.src)
	}
}

// The hint follows the message that the method LeetCode calls is missing,
// with the class of the file's own language.
func TestMissingSolutionSaysToPutTheMethodsInTheClass(t *testing.T) {
	p52, err := problem.Find("52")
	require.NoError(t, err)
	bare := NewSubmission(p52, Python, []byte("import math\ndef totalNQueens(self, n):\n    return 0\n"), "bare.py")
	assert.Equal(t, "bare.py: the judge calls Solution().totalNQueens(n), as LeetCode does: your file has no such method, or gives it another signature\n"+
		"(line 2 defines totalNQueens outside any class: put your methods inside `class Solution:`, indented, as in the starter; LeetCode's editor starts with it)",
		missingSolution(bare, "Solution().totalNQueens(n)"))
	cpp := NewSubmission(p52, CPP, []byte("int totalNQueens(int n) { return 0; }\n"), "bare.cpp")
	assert.Contains(t, missingSolution(cpp, "Solution().totalNQueens(int n) returning int"),
		"\n(line 1 defines totalNQueens outside any class: put your methods inside `class Solution { public: … };`, as in the starter")
	renamed := NewSubmission(p52, Python, []byte("class Solution:\n    def count(self, n):\n        return 0\n"), "renamed.py")
	assert.NotContains(t, missingSolution(renamed, "Solution().totalNQueens(n)"), "outside any class")
}

// javac says "class, interface, enum, or record expected" (before Java 16
// without "record") of every line of methods pasted without their class:
// the student is told once what to do. Other refusals are javac's own.
func TestJavacOnMethodsWithoutAClassIsOneLine(t *testing.T) {
	p52, err := problem.Find("52")
	require.NoError(t, err)
	bare := NewSubmission(p52, Java, []byte("private int count;\n\npublic int totalNQueens(int n) {\n    return count;\n}\n"), "bare.java")
	for _, said := range []string{"error: class, interface, enum, or record expected", "error: class, interface, or enum expected"} {
		out := strings.Join([]string{
			"Solution.java:1: " + said,
			"private int count;",
			"        ^",
			"Solution.java:3: " + said,
			"public int totalNQueens(int n) {",
			"       ^",
			"2 errors",
		}, "\n")
		assert.Equal(t, "bare.java:3: error: totalNQueens is outside any class: put your methods inside `class Solution { … }`, as in the starter; LeetCode's editor starts with it",
			javaMessage(bare, out))
	}
	// A helper pasted below the class's closing brace: the same line, of
	// the helper (the annotation above the class is no method).
	helper := NewSubmission(p52, Java, []byte("@SuppressWarnings(\"unused\")\nclass Solution {\n    public int totalNQueens(int n) { return place(0, n); }\n}\n\nint place(int row, int n) {\n    return row == n ? 1 : 0;\n}\n"), "helper.java")
	said := "Solution.java:6: error: class, interface, enum, or record expected\nint place(int row, int n) {\n^\nSolution.java:8: error: class, interface, enum, or record expected\n}\n^\n2 errors"
	assert.Equal(t, "helper.java:6: error: place is outside any class: put your methods inside `class Solution { … }`, as in the starter; LeetCode's editor starts with it",
		javaMessage(helper, said))
	// A brace too many closes the class early: what follows is no method:
	// javac's words are kept (the lines name the place to look).
	unbalanced := NewSubmission(p52, Java, []byte("class Solution {\n    int totalNQueens(int n) {\n        }\n        for (int i = 0; i < n; i++) {}\n        return 0;\n    }\n}\n"), "braces.java")
	said = "Solution.java:4: error: class, interface, enum, or record expected\n        for (int i = 0; i < n; i++) {}\n        ^\n1 error"
	assert.Equal(t, strings.ReplaceAll(said, "Solution.java", "braces.java"), javaMessage(unbalanced, said))
	inClass := NewSubmission(p52, Java, []byte("class Solution {\n    public int totalNQueens(int n) {\n        return x;\n    }\n}\n"), "mine.java")
	out := "Solution.java:3: error: cannot find symbol\n        return x;\n               ^\n  symbol:   variable x\n  location: class Solution\n1 error"
	assert.Equal(t, strings.ReplaceAll(out, "Solution.java", "mine.java"), javaMessage(inClass, out))
}

// Notes number the methods they compare (totalNQueens1, totalNQueens2):
// a file that has such names and not the one LeetCode calls is told so.
func TestMissingSolutionNamesTheNumberedMethods(t *testing.T) {
	p52, err := problem.Find("52")
	require.NoError(t, err)
	numbered := NewSubmission(p52, Java, []byte("public class NQueens {\n  public static int totalNQueens1(int n) { return f(n); }\n  public static int totalNQueens2(int n) { return totalNQueens1(n); }\n}\n"), "NQueens.java")
	assert.Equal(t, "NQueens.java: the judge calls new Solution().totalNQueens(int n), as LeetCode does: your file has no such method, or gives it another signature\n"+
		"(found totalNQueens1, totalNQueens2: the judge calls totalNQueens, by that name alone)",
		missingSolution(numbered, "new Solution().totalNQueens(int n)"))
	c := NewSubmission(p52, C, []byte("int totalNQueensBits(int n) { return 0; }\n"), "bits.c")
	assert.Contains(t, missingFunction(c, "int totalNQueens(int n)"), "\n(found totalNQueensBits: the judge calls totalNQueens, by that name alone)")
	// The name itself is there (a helper named after it, a wrong
	// signature): no such line.
	helper := NewSubmission(p52, Python, []byte("class Solution:\n    def totalNQueens(self):\n        return self.totalNQueensFrom(0)\n"), "helper.py")
	assert.NotContains(t, missingSolution(helper, "Solution().totalNQueens(n)"), "by that name alone")
}

// The notes' recursive lambda takes itself as C++23's explicit object
// parameter; g++ before 14 refuses it, and the student is told how to
// write it for that g++. A refusal of other code gets no such line.
func TestGxxOnAnExplicitObjectParameterSaysHowToWriteIt(t *testing.T) {
	p52, err := problem.Find("52")
	require.NoError(t, err)
	said := "solution.cpp:5:25: error: expected identifier before 'this'\n    5 |         auto dfs = [&](this auto&& dfs, int row) -> int {\n      |                        ^~~~"
	lambda := NewSubmission(p52, CPP, []byte("class Solution {\npublic:\n    int totalNQueens(int n) {\n        int q = 0;\n        auto dfs = [&](this auto&& dfs, int row) -> int { return row; };\n        return dfs(0);\n    }\n};\n"), "lambda.cpp")
	m := cppMessage(lambda, said)
	assert.True(t, strings.HasPrefix(m, "lambda.cpp:5:25: error: expected identifier before 'this'"), m)
	assert.Contains(t, m, "\n(a lambda's `this auto&&` parameter is C++23's explicit object parameter: LeetCode's compiler takes it, g++ only from version 14 on;")
	plain := NewSubmission(p52, CPP, []byte("class Solution {\npublic:\n    int totalNQueens(int n) { return this; }\n};\n"), "plain.cpp")
	assert.NotContains(t, cppMessage(plain, "solution.cpp:3:38: error: invalid conversion from 'Solution*' to 'int'"), "explicit object parameter")
}
