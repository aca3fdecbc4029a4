// Which submissions look copied, from the kit or from each other.

package grading

import (
	"cmp"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/nqueens-kit/nqueens/judge/integrity"
	"github.com/nqueens-kit/nqueens/judge/lang"
)

// CopyShare is the similarity (integrity.Similarity) from which a file is
// said to look copied. Measured on the kit's own answers, which are
// written apart: the closest two methods (fast and the index-scanning
// bitmask, in Go) share 0.62; a Python sample made from the bitmask
// answer by adding the mirror symmetry 0.79; a copy renamed, re-indented
// and re-commented 1.
const CopyShare = 0.8

// A Likeness is a row's file looking copied: from one of the kit's own
// answers (Student is ""), or from another student's file.
type Likeness struct {
	Student string  `json:"student,omitempty"`
	File    string  `json:"file"`  // the kit's answer (its path in the kit), or the student's file
	Share   float64 `json:"share"` // integrity.Similarity
}

// FlagCopies sets each row's Like: the kit's answers to its problem in its
// language (the files under solutions/ of kitRoot) and the other students'
// files of the same problem and language that its file looks copied from.
// Only rows with a file read (Source) take part.
func FlagCopies(rows []Row, kitRoot string) {
	prints := make([]integrity.Print, len(rows))
	answers := map[[2]string][]answer{} // by problem and language
	for i, r := range rows {
		if r.Source == nil {
			continue
		}
		prints[i] = integrity.Of(r.Source, r.Language)
		k := [2]string{r.Problem, r.Language}
		if _, ok := answers[k]; !ok {
			answers[k] = kitAnswers(kitRoot, r.Problem, r.Language)
		}
	}
	for i := range rows {
		if rows[i].Source == nil {
			continue
		}
		rows[i].Like = nil
		for _, a := range answers[[2]string{rows[i].Problem, rows[i].Language}] {
			if share := integrity.Similarity(prints[i], a.print); share >= CopyShare {
				rows[i].Like = append(rows[i].Like, Likeness{File: a.path, Share: share})
			}
		}
		for j, other := range rows {
			if j == i || other.Source == nil || other.Student == rows[i].Student || other.Problem != rows[i].Problem || other.Language != rows[i].Language {
				continue
			}
			if share := integrity.Similarity(prints[i], prints[j]); share >= CopyShare {
				rows[i].Like = append(rows[i].Like, Likeness{Student: other.Student, File: other.File, Share: share})
			}
		}
		slices.SortStableFunc(rows[i].Like, func(a, b Likeness) int {
			return cmp.Or(cmp.Compare(b.Share, a.Share), strings.Compare(a.Student, b.Student), strings.Compare(a.File, b.File))
		})
	}
}

// An answer is one of the kit's own answers and its print.
type answer struct {
	path  string // in the kit, with slashes
	print integrity.Print
}

// kitAnswers are the kit's answers to problem (a folder name) in
// language: every file of that language under solutions/<problem>/ but
// tests.
func kitAnswers(kitRoot, problem, language string) []answer {
	var out []answer
	root := filepath.Join(kitRoot, "solutions", problem)
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !d.Type().IsRegular() || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		if l, ok := lang.ForFile(path); !ok || l.Name != language {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return nil
		}
		rel, err := filepath.Rel(kitRoot, path)
		if err != nil {
			return nil
		}
		out = append(out, answer{filepath.ToSlash(rel), integrity.Of(src, language)})
		return nil
	})
	return out
}
