package verdict

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEveryVerdictHasItsOwnLongName(t *testing.T) {
	seen := map[string]Verdict{}
	for _, v := range append(All, JudgeError) {
		long := v.Long()
		assert.NotEqual(t, string(v), long, "%s has a long name", v)
		if other, ok := seen[long]; ok {
			t.Errorf("%s and %s share the long name %q", v, other, long)
		}
		seen[long] = v
	}
}

func TestParseReadsEveryShortCodeBack(t *testing.T) {
	for _, v := range All {
		got, err := Parse(string(v))
		require.NoError(t, err)
		assert.Equal(t, v, got)
	}
}

func TestParseRefusesWhatADirectiveCannotDeclare(t *testing.T) {
	for _, s := range []string{"ac", "ERR", "", "TLE "} {
		_, err := Parse(s)
		if assert.Error(t, err, "%q", s) {
			assert.True(t, strings.HasPrefix(err.Error(), "unknown verdict"), err.Error())
		}
	}
}

func ExampleVerdict_Long() {
	fmt.Println(TLE, TLE.Long())
	// Output: TLE Time Limit Exceeded
}
