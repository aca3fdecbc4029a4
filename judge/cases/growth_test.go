package cases

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestNotASearchFindsTimeThatDoesNotGrow(t *testing.T) {
	ms := func(v int64) time.Duration { return time.Duration(v) * time.Millisecond }
	run := func(cpu, ref int64) *Result { return &Result{CPU: ms(cpu), RefMs: ref, Factor: 2.9} }
	tests := []struct {
		name      string
		prev, cur *Result
		startup   time.Duration
		want      bool
	}{
		{"honest Go bitmask, 14 to 15", run(180, 175), run(1050, 1010), ms(1), false},
		{"honest boolean arrays at 4.5 times the reference", run(800, 175), run(4700, 1010), ms(1), false},
		{"honest Java, its start-up in both runs", run(520, 480), run(2100, 2000), ms(200), false},
		{"honest search with noise: 40 % slower at 14", run(250, 175), run(1050, 1010), ms(1), false},
		{"a lookup behind a 150 ms CPU spin", run(180, 175), run(155, 1010), ms(1), true},
		{"the same spin at both n", run(310, 1010), run(305, 5900), ms(1), true},
		{"Java, a spin at both n", run(500, 2000), run(520, 12000), ms(200), true},
		{"honest, with 700 ms of its own at every run", run(870, 175), run(1710, 1010), ms(1), false},
		{"a spin of a third of the search: it must grow now", run(180, 175), run(340, 1010), ms(1), false},
		{"too quick to measure: left to the 1/50 check", run(5, 175), run(6, 1010), ms(1), false},
		{"a reference that does not grow: nothing to compare", run(100, 100), run(110, 150), ms(1), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, got := NotASearch(tt.prev, tt.cur, 15, tt.startup)
			assert.Equal(t, tt.want, got)
		})
	}
}
