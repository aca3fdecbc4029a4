package lang

import (
	"bytes"
	"strconv"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/nqueens-kit/nqueens/judge/problem"
)

// LeetCodeClass is the class LeetCode and the judge call in Java.
const LeetCodeClass = "Solution"

// A javaClass is a top-level class of a Java file.
type javaClass struct {
	name     string
	declares bool // its body declares the problem's method itself
}

// JavaClass is the class of src the judge calls for p: Solution when the
// file has a top-level class of that name, or else the one top-level class
// whose own body declares p's method (a file pasted from a repository that
// names its classes after problems, "public class _51"). With no such
// class, or several, it is Solution, and the build says what is missing.
func JavaClass(src []byte, p *problem.Problem) string {
	var found []javaClass
	for _, c := range javaClasses(src, p.Func) {
		if c.name == LeetCodeClass {
			return LeetCodeClass
		}
		if c.declares {
			found = append(found, c)
		}
	}
	if len(found) != 1 {
		return LeetCodeClass
	}
	return found[0].name
}

// javaPublics are the offsets of the "public" of src's top-level types,
// when src has no class Solution: javac wants a public type in a file of
// its own name, and the judge compiles the file as Solution.java (a file
// pasted whole from the course's notes holds "public class NQueens"). A
// file with class Solution is compiled as LeetCode compiles it: another
// public type in it is javac's error there too.
func javaPublics(src []byte) []int {
	var at []int
	toks := javaTokens(src)
	for _, k := range topLevel(toks) {
		switch {
		case toks[k].text == "class" && k+1 < len(toks) && toks[k+1].text == LeetCodeClass:
			return nil
		case toks[k].text == "public" && declared(toks[k+1:]) != "":
			at = append(at, toks[k].start)
		}
	}
	return at
}

// topLevel lists the indexes of the tokens of toks outside every brace
// (Java's, or C++'s), braces left out.
func topLevel(toks []javaToken) []int {
	var at []int
	depth := 0
	for k, t := range toks {
		switch {
		case t.text == "{":
			depth++
		case t.text == "}":
			depth = max(0, depth-1)
		case depth == 0:
			at = append(at, k)
		}
	}
	return at
}

// javaStrayMethod is the first method s declares outside any class, the
// one LeetCode calls before the others: its name and line ("", 0 if none).
// A helper pasted below class Solution's closing brace is one.
func javaStrayMethod(s Submission) (string, int) {
	if line := outsideClass(s); line > 0 {
		return s.Problem.Func, line
	}
	toks := javaTokens(s.Code)
	for _, k := range topLevel(toks) {
		if k+1 < len(toks) && toks[k+1].text == "(" && isJavaWord(toks[k].text) && !notMethods[toks[k].text] &&
			(k == 0 || !notBeforeMethod[toks[k-1].text]) {
			return toks[k].text, toks[k].line
		}
	}
	return "", 0
}

// notBeforeMethod are the tokens that, before a name and "(" outside any class,
// make it no method: an annotation's arguments, a record's components, a
// call or a qualified name.
var notBeforeMethod = map[string]bool{"@": true, ".": true, "record": true, "new": true, "::": true}

// declared is the name of the type that toks, a declaration after one of
// its modifiers, declares ("final class _52 {" declares _52); "" if none.
func declared(toks []javaToken) string {
	for k, t := range toks {
		switch t.text {
		case "class", "interface", "enum", "record":
			if k+1 < len(toks) {
				return toks[k+1].text
			}
			return ""
		case "{", ";":
			return ""
		}
	}
	return ""
}

// javaClasses lists src's top-level classes, and which declare method in
// their own body (not in a nested class), following its braces.
func javaClasses(src []byte, method string) []javaClass {
	var classes []javaClass
	depth := 0
	var open *javaClass // named, its body not yet opened
	inside := -1        // the top-level class whose body holds depth 1
	toks := javaTokens(src)
	for k, t := range toks {
		switch {
		case t.text == "{":
			if depth == 0 && open != nil {
				classes = append(classes, *open)
				inside, open = len(classes)-1, nil
			}
			depth++
		case t.text == "}":
			depth = max(0, depth-1)
			if depth == 0 {
				inside = -1
			}
		case depth == 0 && k > 0 && toks[k-1].text == "class" && (k < 2 || toks[k-2].text != ".") && isJavaWord(t.text):
			open = &javaClass{name: t.text}
		case depth == 1 && inside >= 0 && t.text == method && k+1 < len(toks) && toks[k+1].text == "(":
			classes[inside].declares = true
		}
	}
	return classes
}

// javaUnescaped is src as javac reads it before anything else: each
// Unicode escape (\u0041, \uu0041) outside an escaped backslash is the
// character it stands for, so that the judge's checks and its counters see
// the code javac compiles (an escape can hide a quote, a name or a call).
// An escaped line break (\u000a, \u000d) is left as written: translated, it
// would move every later line, and it has no honest use (in a comment it
// ends the comment, in a literal it is an error); the source checks refuse
// it (Language.Reach).
func javaUnescaped(src []byte) []byte {
	if !bytes.Contains(src, []byte(`\u`)) {
		return src
	}
	var out bytes.Buffer
	backslashes := 0 // written, not translated, just before i
	for i := 0; i < len(src); {
		if r, next, ok := javaEscape(src, i); ok && backslashes%2 == 0 && r != '\n' && r != '\r' {
			if utf16.IsSurrogate(r) {
				if r2, after, ok := javaEscape(src, next); ok {
					if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
						r, next = pair, after
					}
				}
			}
			out.WriteRune(r)
			i, backslashes = next, 0
			continue
		}
		if src[i] == '\\' {
			backslashes++
		} else {
			backslashes = 0
		}
		out.WriteByte(src[i])
		i++
	}
	return out.Bytes()
}

// javaEscape reads a Unicode escape at i of src: its character and the
// offset after it.
func javaEscape(src []byte, i int) (rune, int, bool) {
	if i >= len(src) || src[i] != '\\' {
		return 0, 0, false
	}
	j := i + 1
	for j < len(src) && src[j] == 'u' {
		j++
	}
	if j == i+1 || j+4 > len(src) {
		return 0, 0, false
	}
	v, err := strconv.ParseUint(string(src[j:j+4]), 16, 16)
	if err != nil {
		return 0, 0, false
	}
	return rune(v), j + 4, true
}

// javaToken is a word, number or punctuation of Java source, with where it
// is: comments, strings, text blocks and characters are not tokens.
type javaToken struct {
	text       string
	start, end int // byte offsets
	line       int
}

// javaTokens splits src into tokens, skipping comments and literals.
func javaTokens(src []byte) []javaToken {
	var toks []javaToken
	line := 1
	for i := 0; i < len(src); {
		c := src[i]
		from := i
		switch {
		case bytes.HasPrefix(src[i:], []byte("//")):
			i = skipTo(src, i+2, "\n")
		case bytes.HasPrefix(src[i:], []byte("/*")):
			i = skipTo(src, i+2, "*/")
		case bytes.HasPrefix(src[i:], []byte(`"""`)):
			i = skipQuoted(src, i+3, `"""`)
		case c == '"' || c == '\'':
			i = skipQuoted(src, i+1, string(c))
		case unicode.IsSpace(rune(c)):
			i++
		case isJavaLetter(src, i) || unicode.IsDigit(rune(c)):
			for i < len(src) && isJavaPart(src, i) {
				_, size := utf8.DecodeRune(src[i:])
				i += size
			}
			toks = append(toks, javaToken{text: string(src[from:i]), start: from, end: i, line: line})
		default:
			i++
			if bytes.HasPrefix(src[from:], []byte("->")) || bytes.HasPrefix(src[from:], []byte("::")) {
				i++
			}
			toks = append(toks, javaToken{text: string(src[from:i]), start: from, end: i, line: line})
		}
		line += bytes.Count(src[from:i], []byte("\n"))
	}
	return toks
}

// isJavaWord reports whether t, a token, is a name or a keyword.
func isJavaWord(t string) bool { return isJavaLetter([]byte(t), 0) }

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
