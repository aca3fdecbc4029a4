package lang

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/nqueens-kit/nqueens/judge/problem"
)

// The rewrite adds counters to every loop's test and to each method that
// calls itself, on the lines where they stood, and nothing elsewhere.
func TestCountJavaWritesCountersIntoLoopsAndRecursiveMethods(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
		methods         int
	}{
		{"for", "for (int i = 0; i < n; i++) x++;",
			"for (int i = 0; NQueensJudgeMain.tick(1) && (i < n); i++) x++;", 0},
		{"for with no test", "for (;;) {}",
			"for (;NQueensJudgeMain.tick(1);) {}", 0},
		{"while", "while (avail != 0) {\n  avail &= avail - 1;\n}",
			"while (NQueensJudgeMain.tick(1) && (avail != 0)) {\n  avail &= avail - 1;\n}", 0},
		{"do-while", "do {\n x--;\n} while (x > 0);",
			"do {\n x--;\n} while (NQueensJudgeMain.tick(3) && (x > 0));", 0},
		{"for-each", "for (int c : cols)\n  if (c == col) return false;",
			"for (int c : cols) if (NQueensJudgeMain.tick(1))\n  if (c == col) return false;", 0},
		{"a lambda's semicolons in a for's parentheses",
			"for (Runnable r = () -> { a(); b(); }; ok(); )",
			"for (Runnable r = () -> { a(); b(); }; NQueensJudgeMain.tick(1) && (ok()); )", 0},
		{"recursive method", "int place(int row) throws Exception {\n return row == n ? 1 : place(row + 1);\n}",
			"int place(int row) throws Exception { NQueensJudgeMain.call(0);\n return row == n ? 1 : place(row + 1);\n}", 1},
		{"a method that does not call itself", "int total(int n) { return place(0); }",
			"int total(int n) { return place(0); }", 0},
		{"no loops in comments, strings, characters and text blocks",
			"// for (;;)\n/* while (x) */ String s = \"for (;;)\"; char c = '\"'; String t = \"\"\"\n  while (x) \\\"\"\"\n\"\"\";",
			"// for (;;)\n/* while (x) */ String s = \"for (;;)\"; char c = '\"'; String t = \"\"\"\n  while (x) \\\"\"\"\n\"\"\";", 0},
		{"an anonymous class, a record, a control block",
			"Runnable r = new Runnable() { public void run() { run(); } }; record P(int a) { P { P(a); } } if (ok(x)) { ok(x); }",
			"Runnable r = new Runnable() { public void run() { NQueensJudgeMain.call(0); run(); } }; record P(int a) { P { P(a); } } if (ok(x)) { ok(x); }", 1},
		{"a constructor that calls another first",
			"Node(int d) { this(d, node(d)); } Node node(int d) { return d == 0 ? null : node(d - 1); }",
			"Node(int d) { this(d, node(d)); } Node node(int d) { NQueensJudgeMain.call(0); return d == 0 ? null : node(d - 1); }", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := countJava([]byte(tc.src))
			assert.Equal(t, tc.want, string(got.Source))
			assert.Equal(t, tc.methods, got.Methods)
			assert.Equal(t, strings.Count(tc.src, "\n")+1, got.Lines)
		})
	}
}

// Each counter names the line of its loop's keyword, however the loop is
// spread over lines.
func TestCountJavaKeepsLines(t *testing.T) {
	src := "class Solution {\n  int f(int n) {\n    int s = 0;\n    for (int i = 0;\n         i < n;\n         i++)\n      s += i;\n    while (s > 0) s--;\n    return s;\n  }\n}\n"
	got := countJava([]byte(src))
	assert.Equal(t, strings.Count(src, "\n"), strings.Count(string(got.Source), "\n"))
	assert.Contains(t, string(got.Source), "NQueensJudgeMain.tick(4) && (i < n)")
	assert.Contains(t, string(got.Source), "while (NQueensJudgeMain.tick(8) && (s > 0))")
}

// The judge reads a Java file's Unicode escapes as javac does, before
// anything else, so that an escape hides nothing from its checks and
// counters; an escaped line break stays as written (the checks refuse it).
func TestJavaUnescapedReadsEscapesAsJavacDoes(t *testing.T) {
	for src, want := range map[string]string{
		`\u0066or (;;)`:          `for (;;)`,
		`\uuu0041`:               `A`,
		`"\\u0041"`:              `"\\u0041"`, // an escaped backslash, then text
		`\u005cu0041`:            `\u0041`,    // a translated backslash starts nothing
		`\ud83d\ude00`:           "😀",
		`// \u000a x`:            `// \u000a x`,
		`\u000D`:                 `\u000D`,
		`\u00g1 and \u12`:        `\u00g1 and \u12`,
		"no escapes\n\t\\n here": "no escapes\n\t\\n here",
	} {
		assert.Equal(t, want, string(javaUnescaped([]byte(src))), src)
	}
}

// A loop written in escapes is counted: the counted build reads the
// translated code.
func TestCountedJavaBuildSeesEscapedLoops(t *testing.T) {
	src := "class Solution {\n  public int totalNQueens(int n) {\n    int c = 0;\n    \\u0066or (int i = 0; i < n; i++) c++;\n    return c;\n  }\n}\n"
	p, err := problem.Find("52")
	require.NoError(t, err)
	s := NewSubmission(p, Java, []byte(src), "x.java")
	r := javaBuild(&Toolchain{Tools: map[string]string{"javac": "javac"}}, s, true)
	assert.Contains(t, string(r.Files["Solution.java"]), "for (int i = 0; NQueensJudgeMain.tick(4) && (i < n); i++) c++;")
	assert.Contains(t, string(r.Files["NQueensJudgeMain.java"]), "COUNTED_LINES = 8, COUNTED_METHODS = 0;")
}

// Brackets pair as they nest, whatever their kind; one left open pairs
// with nothing.
func TestBracketsPairAsTheyNest(t *testing.T) {
	toks := javaTokens([]byte("f(a[i], () -> { g(); }) {"))
	var texts []string
	for _, tk := range toks {
		texts = append(texts, tk.text)
	}
	require.Equal(t, []string{"f", "(", "a", "[", "i", "]", ",", "(", ")", "->", "{", "g", "(", ")", ";", "}", ")", "{"}, texts)
	assert.Equal(t, []int{-1, 16, -1, 5, -1, 3, -1, 8, 7, -1, 15, -1, 13, 12, -1, 10, 1, -1}, brackets(toks))
}
