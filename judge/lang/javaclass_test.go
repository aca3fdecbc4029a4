package lang

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/nqueens-kit/nqueens/judge/problem"
)

func TestJavaClassIsTheOneWithTheMethod(t *testing.T) {
	p52, err := problem.Find("52")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ src, class string }{
		{"class Solution { public int totalNQueens(int n) { return 0; } }", "Solution"},
		{"public class _52 {\n public int totalNQueens(int n) { return 0; }\n}", "_52"},
		{"class Helper {}\nclass NQueens { int totalNQueens(int n) { return new Helper().hashCode(); } }", "NQueens"},
		// Solution wins even where another class has the method too.
		{"class A { int totalNQueens(int n) { return 1; } }\nclass Solution { int solve() { return 0; } }", "Solution"},
		// Two candidates: none is guessed.
		{"class A { int totalNQueens(int n) { return 1; } }\nclass B { int totalNQueens(int n) { return 2; } }", "Solution"},
		// The method in a nested class, a comment, a string or a text block
		// is not the outer class's.
		{"class Outer { static class In { int totalNQueens(int n) { return 0; } } }", "Solution"},
		{"class C { // int totalNQueens(int n) {\n /* totalNQueens( */ String s = \"totalNQueens(\"; char q = '\"'; }", "Solution"},
		{"class D { String t = \"\"\"\n totalNQueens( } class E {\n\"\"\"; int totalNQueens(int n) { return 0; } }", "D"},
		// A class literal is no declaration.
		{"class F { Object o = String.class; int totalNQueens(int n) { return 0; } }", "F"},
		{"", "Solution"},
	} {
		assert.Equal(t, tc.class, JavaClass([]byte(tc.src), p52), "%s", tc.src)
	}
}

func TestJavaPublicsAreTheTopLevelTypesWithoutSolution(t *testing.T) {
	src := "/** public docs */\npublic final class _52 { public int totalNQueens(int n) { return 0; } }\n" +
		"public @Deprecated interface Helper { }\n" +
		"public record Point(int row, int col) { public Point { } }\n" +
		"String s = \"public class Inside\";\n"
	var blanked []string
	for _, at := range javaPublics([]byte(src)) {
		rest := src[at:]
		blanked = append(blanked, rest[:strings.Index(rest, "{")])
	}
	assert.Equal(t, []string{"public final class _52 ", "public @Deprecated interface Helper ", "public record Point(int row, int col) "}, blanked,
		"members keep their public")
	assert.Empty(t, javaPublics([]byte(src+"class Solution { public int count; }\n")),
		"beside class Solution, another public type is javac's error, as on LeetCode")
}
