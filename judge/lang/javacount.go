// Java's counted work: the JDK has no line counter cheap enough for a
// search of millions of steps, so the judge writes counters into the
// student's source before a counted build, on the lines where they stand.

package lang

import (
	"sort"
	"strconv"
	"strings"
)

// javaCounted is a Java source with counters written in, and what the
// harness needs to send them back: how many lines the source has, and how
// many recursive methods it counts the calls of.
type javaCounted struct {
	Source  []byte
	Lines   int
	Methods int
}

// The counters the rewritten source calls, in the harness
// (harness/NQueensJudgeMain.java). The student's file cannot name the
// harness's class (Language.Reach), so only the judge's rewrite calls them.
const (
	javaTick = "NQueensJudgeMain.tick"
	javaCall = "NQueensJudgeMain.call"
)

// countJava writes counters into src, a Java file, keeping every line
// where it was:
//
//   - each loop's test counts its line each time it is tested: a for's or
//     while's condition c becomes `tick(line) && (c)`; a for-each loop's
//     body runs under `if (tick(line))`;
//   - each method that calls itself counts its calls, on its first line.
//
// Its counts are read as Python's tracing's are (profile.Traced): a
// loop's line as often as its test ran, the calls of the busiest
// recursive method. What is not code (comments, strings, characters,
// text blocks) is left as it is.
func countJava(src []byte) javaCounted {
	toks := javaTokens(src)
	pair := brackets(toks)
	var edits []javaEdit
	methods := 0
	for i, t := range toks {
		switch {
		case (t.text == "for" || t.text == "while") && i+1 < len(toks) && toks[i+1].text == "(":
			edits = append(edits, loopEdits(toks, pair, i)...)
		case t.text == "{":
			if name, ok := methodName(toks, pair, i); ok && callsItself(toks, i, pair[i], name) {
				edits = append(edits, javaEdit{at: t.end, text: " " + javaCall + "(" + strconv.Itoa(methods) + ");"})
				methods++
			}
		}
	}
	sort.SliceStable(edits, func(a, b int) bool { return edits[a].at < edits[b].at })
	var out strings.Builder
	last := 0
	for _, e := range edits {
		out.Write(src[last:e.at])
		out.WriteString(e.text)
		last = e.at
	}
	out.Write(src[last:])
	return javaCounted{Source: []byte(out.String()), Lines: strings.Count(string(src), "\n") + 1, Methods: methods}
}

// javaEdit is text to insert at a byte offset of the source.
type javaEdit struct {
	at   int
	text string
}

// loopEdits are the counters of the loop whose keyword is toks[i] (pair:
// brackets).
func loopEdits(toks []javaToken, pair []int, i int) []javaEdit {
	open := i + 1
	end := pair[open]
	if end < 0 {
		return nil
	}
	tick := javaTick + "(" + strconv.Itoa(toks[i].line) + ")"
	cond := func(from, to int) []javaEdit { // the tokens between from and to, exclusive
		if from+1 == to {
			return []javaEdit{{at: toks[from].end, text: tick}}
		}
		return []javaEdit{{at: toks[from+1].start, text: tick + " && ("}, {at: toks[to-1].end, text: ")"}}
	}
	if toks[i].text == "while" {
		return cond(open, end)
	}
	var semis []int
	colon := false
	for k := open + 1; k < end; k++ {
		switch toks[k].text {
		case "(", "[", "{": // a lambda's body, a call: not the loop's own
			k = max(k, pair[k])
		case ";":
			semis = append(semis, k)
		case ":":
			colon = true
		}
	}
	switch {
	case len(semis) == 2:
		return cond(semis[0], semis[1])
	case len(semis) == 0 && colon: // for (T x : xs)
		return []javaEdit{{at: toks[end].end, text: " if (" + tick + ")"}}
	}
	return nil
}

// brackets pairs toks' brackets: the index of the one each opens or
// closes, -1 for one unpaired. One pass, so that the rewrite reads a file
// in time linear in its size, however deep its nesting.
func brackets(toks []javaToken) []int {
	pair := make([]int, len(toks))
	var open []int
	for k, t := range toks {
		pair[k] = -1
		switch t.text {
		case "(", "[", "{":
			open = append(open, k)
		case ")", "]", "}":
			if len(open) > 0 {
				o := open[len(open)-1]
				open = open[:len(open)-1]
				pair[k], pair[o] = o, k
			}
		}
	}
	return pair
}

// notMethods are the words before a parenthesis that are not a method's
// name: a statement's keywords, a call of a constructor.
var notMethods = map[string]bool{"if": true, "for": true, "while": true, "switch": true, "catch": true,
	"synchronized": true, "try": true, "return": true, "new": true, "this": true, "super": true, "assert": true, "throw": true}

// methodName is the name of the method or constructor whose body toks[i]
// opens, if it is one: `name(params) [throws A, B] {`, not a control
// statement's block, a lambda's, a record's or an anonymous class's. A
// constructor that begins by calling another (this(…), super(…)) is left
// out: nothing may come before that call.
func methodName(toks []javaToken, pair []int, i int) (string, bool) {
	k := i - 1
	for k > 0 && (isJavaWord(toks[k].text) || toks[k].text == "," || toks[k].text == ".") && toks[k].text != "throws" {
		k--
	}
	if k > 0 && toks[k].text == "throws" {
		k--
	} else {
		k = i - 1
	}
	if k < 1 || toks[k].text != ")" {
		return "", false
	}
	p := pair[k]
	if p < 1 || !isJavaWord(toks[p-1].text) || notMethods[toks[p-1].text] {
		return "", false
	}
	if p >= 2 && (toks[p-2].text == "." || toks[p-2].text == "new" || toks[p-2].text == "record") {
		return "", false // new T() {, new a.T() {, record R(…) {
	}
	if i+2 < len(toks) && (toks[i+1].text == "this" || toks[i+1].text == "super") && toks[i+2].text == "(" {
		return "", false
	}
	return toks[p-1].text, true
}

// callsItself reports whether the block from toks[open] to toks[end]
// calls name.
func callsItself(toks []javaToken, open, end int, name string) bool {
	for k := open + 1; k < end-1; k++ {
		if toks[k].text == name && toks[k+1].text == "(" && toks[k-1].text != "new" {
			return true
		}
	}
	return false
}
