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
		if d.IsDir() && d.Name() == "msg" {
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
		tr, ok := zh[m.text]
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
	for k := range zh {
		if !used[k] {
			unused = append(unused, k)
		}
	}
	slices.Sort(unused)
	assert.Empty(t, unused, "the catalogue holds texts no code writes")
}

// words finds English prose: two words of two letters or more.
var words = regexp.MustCompile(`[A-Za-z]{2,}[ ,:;()'-]+[A-Za-z]{2,}`)

// TestNoMessageBypassesTheCatalogue: a literal that reads as English prose
// is either a message (passed to this package) or marked, on its line or
// the line before, with "untranslated:" and why (runtime output matched,
// generated code, a command's arguments).
func TestNoMessageBypassesTheCatalogue(t *testing.T) {
	src := parseJudge(t)
	for _, f := range src.files {
		marked := map[int]bool{}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if _, why, ok := strings.Cut(c.Text, "untranslated:"); ok && strings.TrimSpace(why) != "" {
					marked[src.fset.Position(c.Pos()).Line] = true
				}
			}
		}
		inMessage := map[ast.Node]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ImportSpec:
				return false
			case *ast.FuncDecl:
				return n.Doc == nil || !strings.Contains(n.Doc.Text(), "untranslated:")
			case *ast.GenDecl:
				return n.Doc == nil || !strings.Contains(n.Doc.Text(), "untranslated:")
			case *ast.Field:
				if n.Tag != nil {
					inMessage[n.Tag] = true
				}
			case *ast.CallExpr:
				if _, arg, ok := messageArg(n); ok {
					ast.Inspect(arg, func(m ast.Node) bool { inMessage[m] = true; return true })
				}
			case *ast.BasicLit:
				if n.Kind != token.STRING || inMessage[n] {
					return true
				}
				s, err := strconv.Unquote(n.Value)
				require.NoError(t, err)
				pos := src.fset.Position(n.Pos())
				markup := strings.HasPrefix(s, "<") || strings.HasPrefix(s, "stroke-")
				if words.MatchString(s) && !markup && !marked[pos.Line] && !marked[pos.Line-1] {
					t.Errorf("%s: %q reads as a message: pass it to msg (or mark it \"untranslated:\" with why)", pos, s)
				}
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
	zh["test: %d of %d"] = "测试：%d / %d"
	defer delete(zh, "test: %d of %d")
	Use(English)
	assert.Equal(t, "test: 1 of 2", Sprintf("test: %d of %d", 1, 2))
	Use(Chinese)
	assert.Equal(t, "测试：1 / 2", Sprintf("test: %d of %d", 1, 2))
	assert.Equal(t, "no translation", Sprintf("no translation"), "a text without one stays English")
}
