package msg

import (
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// message is one text passed to the package, where it is written.
type message struct {
	text string
	pos  token.Position
}

// source is the judge's code (no tests, not this package) and the board
// checker's, parsed.
type source struct {
	fset  *token.FileSet
	files []*ast.File
}

func parseJudge(t *testing.T) source {
	src := source{fset: token.NewFileSet()}
	walk := func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "msg" || d.Name() == "harness") {
			// harness: the harnesses' files, code of the judged program,
			// whose words are the protocol's (lang's constants).
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(src.fset, path, nil, parser.ParseComments)
		if err != nil {
			return err
		}
		src.files = append(src.files, f)
		return nil
	}
	require.NoError(t, filepath.WalkDir("../../judge", walk))
	require.NoError(t, filepath.WalkDir("../queens", walk))
	require.NoError(t, filepath.WalkDir("../safeopen", walk))
	require.NotEmpty(t, src.files)
	return src
}

// formatArg is the index of the message among a function's arguments.
var formatArg = map[string]int{"Sprintf": 0, "Errorf": 0, "Mark": 0, "Fprintf": 1}

// wrapperArg: the judge's own functions that translate their format with
// Tr, and the index of the format among their arguments.
var wrapperArg = map[string]int{"setupErrorf": 0, "SetupErrorf": 0, "fail": 1}

// messageArg is the argument of a call that holds a message, if any.
func messageArg(call *ast.CallExpr) (name string, arg ast.Expr, ok bool) {
	switch fun := call.Fun.(type) {
	case *ast.SelectorExpr:
		pkg, isIdent := fun.X.(*ast.Ident)
		i, known := formatArg[fun.Sel.Name]
		if isIdent && pkg.Name == "msg" && known {
			return "msg." + fun.Sel.Name, call.Args[i], true
		}
		// A wrapper that is a method: ps.fail(…).
		if i, known := wrapperArg[fun.Sel.Name]; known && len(call.Args) > i {
			return fun.Sel.Name, call.Args[i], true
		}
	case *ast.Ident:
		if i, known := wrapperArg[fun.Name]; known && len(call.Args) > i {
			return fun.Name, call.Args[i], true
		}
	}
	return "", nil, false
}

// messages finds every text passed to Sprintf, Errorf, Fprintf or Mark;
// each must be a constant, so that the catalogue can hold it.
func (src source) messages(t *testing.T) []message {
	var msgs []message
	for _, f := range src.files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			name, arg, ok := messageArg(call)
			if !ok {
				return true
			}
			pos := src.fset.Position(call.Pos())
			tv, err := types.Eval(token.NewFileSet(), nil, token.NoPos, types.ExprString(arg))
			if err != nil || tv.Value == nil || tv.Value.Kind() != constant.String {
				t.Errorf("%s: %s needs a constant text, so that it can be translated: %s", pos, name, types.ExprString(arg))
				return true
			}
			msgs = append(msgs, message{constant.StringVal(tv.Value), pos})
			return true
		})
	}
	return msgs
}

var verb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*(\d+|\*)?(\.(\d+|\*))?[a-zA-Z%]`)

var han = regexp.MustCompile(`\p{Han}`)

// words1 finds a word to translate.
var words1 = regexp.MustCompile(`[A-Za-z]{2,}`)

// TestEveryMessageHasBothLanguages: every message the judge writes has a
// Chinese translation with the same verbs in the same order, and the
// catalogue holds nothing else.
func TestEveryMessageHasBothLanguages(t *testing.T) {
	msgs := parseJudge(t).messages(t)
	require.Greater(t, len(msgs), 100, "the judge's messages are found")
	used := map[string]bool{}
	for _, m := range msgs {
		if !words1.MatchString(verb.ReplaceAllString(m.text, "")) {
			continue // nothing to translate: "%v"
		}
		used[m.text] = true
		tr, ok := zh()[m.text]
		if !assert.True(t, ok, "%s: no Chinese for %q", m.pos, m.text) {
			continue
		}
		assert.Equal(t, verb.FindAllString(m.text, -1), verb.FindAllString(tr, -1), "%s: the verbs of %q and its translation %q differ", m.pos, m.text, tr)
		if words.MatchString(verb.ReplaceAllString(m.text, "")) {
			assert.Regexp(t, han, tr, "%s: %q is not translated", m.pos, m.text)
		}
		assert.Equal(t, strings.Count(m.text, "\n"), strings.Count(tr, "\n"), "%s: %q and its translation have different lines", m.pos, m.text)
	}
	var unused []string
	for k := range zh() {
		if !used[k] {
			unused = append(unused, k)
		}
	}
	slices.Sort(unused)
	assert.Empty(t, unused, "the catalogue holds texts no code writes")
}

// words finds English words: two of two letters or more.
var words = regexp.MustCompile(`[A-Za-z]{2,}[ ,:;()'-]+[A-Za-z]{2,}`)

// prose finds English prose: two words of two letters or more, a space
// between them. A name ("gcov-counts"), a flag ("-Wl,--wrap=x") or an
// identifier is one word.
var prose = regexp.MustCompile(`[A-Za-z]{2,}[,:;.)'"!?]*\s+[(\x60'"]?[A-Za-z]{2,}`)

// code finds source code (C, C++, Java, Python, Go: what a harness is
// generated from, a signature a message quotes) and file formats: a call,
// a statement's semicolon, a scope, an import, a manifest's CRLF.
var code = regexp.MustCompile(`\w\(|;|::|#include|^// Code generated|^(package|import) |^\w+ "|\r\n`)

// isCode tells code from prose.
func isCode(s string) bool {
	return code.MatchString(s) || strings.Count(s, "\n") >= 2 && strings.ContainsAny(s, "{}=")
}

// matchers are the functions whose text arguments are looked for, compared
// or parsed, never shown: a tool's or a runtime's words, a pattern.
var matchers = map[string]bool{
	"strings.Contains": true, "strings.HasPrefix": true, "strings.HasSuffix": true, "strings.Index": true,
	"strings.LastIndex": true, "strings.Cut": true, "strings.CutPrefix": true, "strings.TrimPrefix": true,
	"strings.ReplaceAll": true, "strings.Count": true, "strings.Split": true,
	"bytes.Contains": true, "bytes.HasPrefix": true, "bytes.Index": true,
	"regexp.MustCompile": true, "regexp.Compile": true, "lazy.Regexp": true, "fmt.Sscanf": true,
}

// notShown marks the literals in n that a user never reads as a message:
// the arguments of matchers, the operands of a comparison, a switch's
// cases, a map's keys, a constant (a name, a marker, a protocol's word), a
// panic's (a programming error) and an unexported sentinel error's, which
// errors.Is compares and nothing prints.
func notShown(n ast.Node, skip map[ast.Node]bool) {
	mark := func(e ast.Node) {
		ast.Inspect(e, func(m ast.Node) bool { skip[m] = true; return true })
	}
	switch n := n.(type) {
	case *ast.GenDecl:
		if n.Tok == token.CONST {
			mark(n)
		}
	case *ast.ValueSpec:
		for i, name := range n.Names {
			if strings.HasPrefix(name.Name, "err") && i < len(n.Values) {
				if call, ok := n.Values[i].(*ast.CallExpr); ok && isCall(call, "errors", "New") {
					mark(call)
				}
			}
		}
	case *ast.CallExpr:
		if sel, ok := n.Fun.(*ast.SelectorExpr); ok {
			if pkg, ok := sel.X.(*ast.Ident); ok && matchers[pkg.Name+"."+sel.Sel.Name] {
				for _, a := range n.Args {
					mark(a)
				}
			}
		}
		if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "panic" {
			mark(n)
		}
	case *ast.BinaryExpr:
		if n.Op == token.EQL || n.Op == token.NEQ {
			mark(n.X)
			mark(n.Y)
		}
	case *ast.CaseClause:
		for _, e := range n.List {
			mark(e)
		}
	case *ast.KeyValueExpr:
		if lit, ok := n.Key.(*ast.BasicLit); ok {
			mark(lit)
		}
	case *ast.Field:
		if n.Tag != nil {
			mark(n.Tag)
		}
	}
}

// isCall reports whether call calls pkg.fn.
func isCall(call *ast.CallExpr, pkg, fn string) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := sel.X.(*ast.Ident)
	return ok && id.Name == pkg && sel.Sel.Name == fn
}

// TestNoMessageBypassesTheCatalogue: a literal that reads as English prose
// and that a user can read is a message, passed to this package. What is
// not shown is told apart by where it is (matched against, compared, a
// pattern, a key) and what it is (code, a name, markup); no mark in the
// code says so.
func TestNoMessageBypassesTheCatalogue(t *testing.T) {
	src := parseJudge(t)
	for _, f := range src.files {
		skip := map[ast.Node]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ImportSpec:
				return false
			case *ast.CallExpr:
				if _, arg, ok := messageArg(n); ok {
					ast.Inspect(arg, func(m ast.Node) bool { skip[m] = true; return true })
				}
			}
			notShown(n, skip)
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING || skip[lit] {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			require.NoError(t, err)
			markup := strings.HasPrefix(s, "<") || strings.HasPrefix(s, "stroke-")
			if prose.MatchString(s) && !markup && !isCode(s) {
				t.Errorf("%s: %q reads as a message: pass it to msg", src.fset.Position(lit.Pos()), s)
			}
			return true
		})
	}
}

func TestFromEnvFollowsPOSIXOrder(t *testing.T) {
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	assert.Equal(t, English, FromEnv(env()))
	assert.Equal(t, Chinese, FromEnv(env("LANG", "zh_CN.UTF-8")))
	assert.Equal(t, Chinese, FromEnv(env("LC_MESSAGES", "zh_CN", "LANG", "en_US.UTF-8")))
	assert.Equal(t, English, FromEnv(env("LC_ALL", "C", "LANG", "zh_CN.UTF-8")), "LC_ALL overrides LANG")
	assert.Equal(t, Chinese, FromEnv(env("LC_ALL", "zh_TW.UTF-8")))
}

func TestSprintfTranslates(t *testing.T) {
	defer Use(Current())
	zh()["test: %d of %d"] = "测试：%d / %d"
	defer delete(zh(), "test: %d of %d")
	Use(English)
	assert.Equal(t, "test: 1 of 2", Sprintf("test: %d of %d", 1, 2))
	Use(Chinese)
	assert.Equal(t, "测试：1 / 2", Sprintf("test: %d of %d", 1, 2))
	assert.Equal(t, "no translation", Sprintf("no translation"), "a text without one stays English")
}
