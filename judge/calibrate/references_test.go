package calibrate

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestACalibrationIsStaleOnlyWhenTheMachineIsNowQuicker(t *testing.T) {
	ms := func(v int) time.Duration { return time.Duration(v) * time.Millisecond }
	// The figures: n = 14 at 307 ms calibrated busy, 175 ms idle.
	assert.True(t, busier(ms(307), ms(175)), "taken busy, judged idle: measured again")
	assert.False(t, busier(ms(175), ms(307)), "taken idle, judged busy: kept")
	assert.False(t, busier(ms(56), ms(52)), "the timings' own spread (about 10 %) is no reason")
	assert.True(t, busier(ms(70), ms(56)))
}
