// Package verdict names how a submission or one of its cases went, with
// LeetCode's short codes (AC, WA, TLE, …) and long names.
package verdict

import "github.com/nqueens-kit/nqueens/internal/msg"

// A Verdict is LeetCode's short code for how a submission or a case went.
type Verdict string

// The verdicts, in the README's order.
const (
	AC  Verdict = "AC"
	WA  Verdict = "WA"
	TLE Verdict = "TLE"
	MLE Verdict = "MLE"
	OLE Verdict = "OLE"
	RE  Verdict = "RE"
	CE  Verdict = "CE"
	// HC is an answer written into the source instead of computed.
	HC Verdict = "HC"
	// NotWritten is a starter file the student has not touched yet.
	NotWritten Verdict = "NONE"
	// JudgeError is a submission the judge could not judge, by its own
	// fault or the kit's (a toolchain missing, the jail failing, a broken
	// case): never the student's.
	JudgeError Verdict = "ERR"
)

// All lists every verdict, in the README's order.
var All = []Verdict{AC, WA, TLE, MLE, OLE, RE, CE, HC, NotWritten}

// Long is the verdict's full name, as LeetCode shows it.
func (v Verdict) Long() string {
	switch v {
	case AC:
		return msg.Sprintf("Accepted")
	case WA:
		return msg.Sprintf("Wrong Answer")
	case TLE:
		return msg.Sprintf("Time Limit Exceeded")
	case MLE:
		return msg.Sprintf("Memory Limit Exceeded")
	case OLE:
		return msg.Sprintf("Output Limit Exceeded")
	case RE:
		return msg.Sprintf("Runtime Error")
	case CE:
		return msg.Sprintf("Compile Error")
	case HC:
		return msg.Sprintf("Hard-Coded Answer")
	case NotWritten:
		return msg.Sprintf("Not Written Yet")
	case JudgeError:
		return msg.Sprintf("Judge Error")
	}
	return string(v)
}

// Parse reads a short code, as written in a //judge:verdict directive.
func Parse(s string) (Verdict, error) {
	for _, v := range All {
		if string(v) == s {
			return v, nil
		}
	}
	return "", msg.Errorf("unknown verdict %q (want one of AC, WA, TLE, MLE, OLE, RE, CE, HC)", s)
}
