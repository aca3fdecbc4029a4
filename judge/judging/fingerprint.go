// What decides a file's report, besides the file.

package judging

import (
	"context"
	"fmt"
	"strconv"

	"github.com/nqueens-kit/nqueens/judge/build"
	"github.com/nqueens-kit/nqueens/judge/calibrate"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/problem"
	"github.com/nqueens-kit/nqueens/judge/version"
)

// Fingerprint names everything besides the file itself that decides the
// report of judging a file in l for p with jp: this judge's source and
// toolchain (version.Build), l's toolchain, the text of every case that runs, the references'
// calibrated times that set the relative limits, and the jail (its tier,
// what it lacks, the Landlock ABI it uses). Two
// judgings with the same fingerprint, file and name give the same report
// but for the noise of timing. It calibrates what is not calibrated yet;
// ok is false when nothing can be promised (no toolchain).
func (j *Judge) Fingerprint(ctx context.Context, p *problem.Problem, l *lang.Language, jp Params) (string, bool, error) {
	t, err := l.Toolchain()
	if err != nil {
		return "", false, nil
	}
	cs, err := j.Cases(p)
	if err != nil {
		return "", false, err
	}
	r := calibrate.Ref{Problem: p, Lang: l}
	parts := []string{"report v1", version.Build(), l.Name, t.Version, j.Jail.Protection(), strconv.Itoa(j.Jail.Landlock()), fmt.Sprintf("%+v", jp.key())}
	run, _ := cases.ForLanguage(p, l, cs)
	for _, c := range cs {
		parts = append(parts, c.Name, string(c.Data))
	}
	for _, c := range run {
		if !c.Relative() {
			continue
		}
		d, err := j.Refs.Time(ctx, r, c)
		if err != nil {
			return "", false, err
		}
		parts = append(parts, c.Name, d.String())
	}
	rate := j.Refs.Rate(r)
	parts = append(parts, fmt.Sprintf("%v %v %v", rate.Startup, rate.PerCall, rate.Fits))
	return build.Key(parts...), true, nil
}

// key is what of jp decides a report (not how it is shown).
func (jp Params) key() any {
	return struct {
		Scale               float64
		All, Grading, Teach bool
	}{jp.Scale, jp.All, jp.Grading, jp.Teach}
}
