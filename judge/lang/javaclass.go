package lang

import (
	"bytes"
	"unicode"
	"unicode/utf8"

	"github.com/nqueens-kit/nqueens/judge/problem"
)

// LeetCodeClass is the class LeetCode and the judge call in Java.
const LeetCodeClass = "Solution"

// A javaClass is a top-level class of a Java file.
type javaClass struct {
	name     string
	public   int  // the offset of its "public", or -1
	declares bool // its body declares the problem's method itself
}

// JavaClass is the class of src the judge calls for p: Solution when the
// file has a top-level class of that name, or else the one top-level class
// whose own body declares p's method (a file pasted from a repository that
// names its classes after problems, "public class _51"). With no such
// class, or several, it is Solution, and the build says what is missing.
func JavaClass(src []byte, p *problem.Problem) string {
	name, _ := javaEntry(src, p)
	return name
}

// javaEntry is JavaClass, with the offset of that class's "public" (-1 for
// none, or for Solution): a public class must be in a file of its own
// name, and the judge compiles the file as Solution.java.
func javaEntry(src []byte, p *problem.Problem) (string, int) {
	var found []javaClass
	for _, c := range javaClasses(src, p.Func) {
		if c.name == LeetCodeClass {
			return LeetCodeClass, -1
		}
		if c.declares {
			found = append(found, c)
		}
	}
	if len(found) != 1 {
		return LeetCodeClass, -1
	}
	return found[0].name, found[0].public
}

// javaClasses lists src's top-level classes, and which declare method in
// their own body (not in a nested class): a scan that skips comments,
// strings, text blocks and character literals, and follows braces.
func javaClasses(src []byte, method string) []javaClass {
	var classes []javaClass
	depth := 0
	public := -1        // a "public" at depth 0 since the last declaration
	wantName := false   // "class" seen at depth 0: its name comes next
	var open *javaClass // named, its body not yet opened
	inside := -1        // the top-level class whose body holds depth 1
	prevWord := ""
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case bytes.HasPrefix(src[i:], []byte("//")):
			i = skipTo(src, i+2, "\n")
		case bytes.HasPrefix(src[i:], []byte("/*")):
			i = skipTo(src, i+2, "*/")
		case bytes.HasPrefix(src[i:], []byte(`"""`)):
			i = skipQuoted(src, i+3, `"""`)
		case c == '"' || c == '\'':
			i = skipQuoted(src, i+1, string(c))
		case c == '{':
			if depth == 0 && open != nil {
				classes = append(classes, *open)
				inside, open = len(classes)-1, nil
			}
			depth++
			i++
		case c == '}':
			depth = max(0, depth-1)
			if depth == 0 {
				inside, public = -1, -1
			}
			i++
		case c == ';' && depth == 0:
			public = -1
			i++
		case isJavaLetter(src, i):
			j := i
			for j < len(src) && isJavaPart(src, j) {
				_, size := utf8.DecodeRune(src[j:])
				j += size
			}
			word := string(src[i:j])
			switch {
			case depth == 0 && wantName:
				open, wantName = &javaClass{name: word, public: public}, false
			case depth == 0 && word == "class" && prevWord != ".":
				wantName = true
			case depth == 0 && word == "public":
				public = i
			case depth == 1 && inside >= 0 && word == method && nextIs(src, j, '('):
				classes[inside].declares = true
			}
			prevWord = word
			i = j
		default:
			if c == '.' {
				prevWord = "."
			} else if !unicode.IsSpace(rune(c)) {
				prevWord = ""
			}
			i++
		}
	}
	return classes
}

// skipTo is the offset just past the next end in src from i, or len(src).
func skipTo(src []byte, i int, end string) int {
	if k := bytes.Index(src[i:], []byte(end)); k >= 0 {
		return i + k + len(end)
	}
	return len(src)
}

// skipQuoted is the offset just past the quote that closes a literal
// opened before i, backslash escapes skipped.
func skipQuoted(src []byte, i int, quote string) int {
	for i < len(src) {
		switch {
		case src[i] == '\\':
			i += 2
		case bytes.HasPrefix(src[i:], []byte(quote)):
			return i + len(quote)
		case src[i] == '\n' && len(quote) == 1:
			return i // an unclosed literal ends with its line
		default:
			i++
		}
	}
	return len(src)
}

// nextIs reports whether the first byte from i that is not a space is b.
func nextIs(src []byte, i int, b byte) bool {
	for i < len(src) && unicode.IsSpace(rune(src[i])) {
		i++
	}
	return i < len(src) && src[i] == b
}

// isJavaLetter reports whether an identifier starts at src[i].
func isJavaLetter(src []byte, i int) bool {
	r, _ := utf8.DecodeRune(src[i:])
	return r == '_' || r == '$' || unicode.IsLetter(r)
}

// isJavaPart reports whether src[i] continues an identifier.
func isJavaPart(src []byte, i int) bool {
	r, _ := utf8.DecodeRune(src[i:])
	return isJavaLetter(src, i) || unicode.IsDigit(r)
}
