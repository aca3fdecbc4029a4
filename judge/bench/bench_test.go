package bench

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestMedianOfNothingIsNotAPanic(t *testing.T) {
	_, ok := median(nil)
	assert.False(t, ok)
	got, ok := median([]time.Duration{3, 1, 2})
	assert.True(t, ok)
	assert.Equal(t, time.Duration(2), got)
}
