// Package chart draws charts of time against n, on a log scale, as SVG
// images a browser shows: -bench's -svg and the class page's (-grade -html).
package chart

import (
	"cmp"
	"fmt"
	"html"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// Series is one line of a chart: a solution's time at each n it ran.
type Series struct {
	Name   string
	Times  map[int]time.Duration
	Colour string // "" for the next of the palette's
	Dashed bool   // a limit or a reference, not a submission
	Thin   bool   // one of many: a thin line, its points small
	// Legend, when set, is the series' entry in the legend, shared by
	// every series with the same one (a class: one entry per verdict);
	// the series' own name is its line's tooltip.
	Legend string
}

// Labels are a chart's title and the name of its time axis.
type Labels struct {
	Title, Time string
}

// Write draws each Series against n as an SVG image that a browser
// shows: time on a log scale, one line and colour per series, with a
// legend (the image grows with it).
func Write(w io.Writer, labels Labels, from, to int, all []Series) error {
	var entries []Series // the legend: one per series, or per shared legend
	for _, s := range all {
		if s.Legend == "" || !slices.ContainsFunc(entries, func(e Series) bool { return e.Legend == s.Legend }) {
			entries = append(entries, s)
		}
	}
	c := &chart{from: from, to: to, height: max(480, chartTop+10+len(entries)*legendRow+chartBottom)}
	c.lo, c.hi = math.Inf(1), math.Inf(-1)
	for _, s := range all {
		for _, t := range s.Times {
			v := math.Log10(float64(t) / float64(time.Millisecond))
			c.lo, c.hi = math.Min(c.lo, v), math.Max(c.hi, v)
		}
	}
	if math.IsInf(c.lo, 0) {
		return msg.Errorf("chart: nothing was timed")
	}
	c.lo, c.hi = math.Floor(c.lo), math.Ceil(c.hi)
	if c.hi == c.lo {
		c.hi++
	}
	c.axes(labels)
	palette := []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"}
	colours := map[string]string{} // by legend entry
	next := 0
	for _, s := range all {
		key := cmp.Or(s.Legend, "\x00"+s.Name)
		colour, ok := colours[key]
		if !ok {
			colour = s.Colour
			if colour == "" {
				colour = palette[next%len(palette)]
				next++
			}
			colours[key] = colour
		}
		c.line(s, colour)
	}
	c.legend(entries, colours)
	c.b.WriteString("</svg>\n")
	_, err := io.WriteString(w, c.b.String())
	return err
}

// The chart's layout, in pixels.
const (
	chartWidth            = 800
	chartLeft, chartRight = 84, 190 // room for the axis labels and the legend
	chartTop, chartBottom = 44, 56
	legendRow             = 24
)

// chart is an SVG chart of CPU time (log scale, decades lo to hi) against
// n (from to to), being written.
type chart struct {
	b        strings.Builder
	from, to int
	height   int
	lo, hi   float64
}

func (c *chart) x(n int) float64 {
	return chartLeft + float64(n-c.from)/float64(max(1, c.to-c.from))*float64(chartWidth-chartLeft-chartRight)
}

func (c *chart) y(t time.Duration) float64 {
	v := math.Log10(float64(t) / float64(time.Millisecond))
	return chartTop + (c.hi-v)/(c.hi-c.lo)*float64(c.height-chartTop-chartBottom)
}

// axes writes the page, the title, a line per decade of time and per n,
// and the axes' names.
func (c *chart) axes(labels Labels) {
	b, height := &c.b, c.height
	fmt.Fprintf(b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="16">`+"\n", chartWidth, height, chartWidth, height)
	fmt.Fprintf(b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(b, `<text x="16" y="26" font-weight="bold">%s</text>`+"\n", html.EscapeString(labels.Title))
	for d := c.lo; d <= c.hi; d++ {
		t := time.Duration(math.Pow(10, d) * float64(time.Millisecond))
		fmt.Fprintf(b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", chartLeft, chartWidth-chartRight, c.y(t), c.y(t))
		fmt.Fprintf(b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", chartLeft-8, c.y(t)+4, decade(t))
	}
	for n := c.from; n <= c.to; n++ {
		fmt.Fprintf(b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#eee"/>`+"\n", c.x(n), c.x(n), chartTop, height-chartBottom)
		fmt.Fprintf(b, `<text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n", c.x(n), height-chartBottom+22, n)
	}
	fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", (chartLeft+chartWidth-chartRight)/2, height-8,
		html.EscapeString(msg.Sprintf("n (queens on an n × n board)")))
	fmt.Fprintf(b, `<text x="16" y="%d" transform="rotate(-90 16 %d)" text-anchor="middle">%s</text>`+"\n", (chartTop+height-chartBottom)/2, (chartTop+height-chartBottom)/2,
		html.EscapeString(labels.Time))
}

// dash is the stroke of a dashed series (a reference, a limit).
func dash(s Series) string {
	if s.Dashed {
		return `stroke-dasharray="7 5"`
	}
	return ""
}

// line writes s's times as a line of points in colour, named s.Name on
// hover.
func (c *chart) line(s Series, colour string) {
	var pts []string
	for n := c.from; n <= c.to; n++ {
		if t, ok := s.Times[n]; ok {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", c.x(n), c.y(t)))
		}
	}
	if len(pts) == 0 {
		return
	}
	// Lines a projector still shows: 2 pixels at the thinnest.
	width, radius := 3.0, 4.0
	if s.Thin {
		width, radius = 2.0, 3.0
	}
	fmt.Fprintf(&c.b, `<g class="series"><title>%s</title>`+"\n", html.EscapeString(s.Name))
	fmt.Fprintf(&c.b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="%g" %s/>`+"\n", strings.Join(pts, " "), colour, width, dash(s))
	for _, p := range pts {
		// A dashed line's points are hollow: a reference timed at one
		// n only is a point, not a line.
		xy := strings.Split(p, ",")
		fill := colour
		if s.Dashed {
			fill = "white"
		}
		fmt.Fprintf(&c.b, `<circle cx="%s" cy="%s" r="%g" fill="%s" stroke="%s" stroke-width="1.5"/>`+"\n", xy[0], xy[1], radius, fill, colour)
	}
	c.b.WriteString("</g>\n")
}

// legend writes one row per entry, in its colour.
func (c *chart) legend(entries []Series, colours map[string]string) {
	for row, e := range entries {
		ly := chartTop + 10 + row*legendRow
		fmt.Fprintf(&c.b, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s" stroke-width="3" %s/>`+"\n", chartWidth-chartRight+14, chartWidth-chartRight+40, ly, ly, colours[cmp.Or(e.Legend, "\x00"+e.Name)], dash(e))
		fmt.Fprintf(&c.b, `<text x="%d" y="%d">%s</text>`+"\n", chartWidth-chartRight+46, ly+4, html.EscapeString(cmp.Or(e.Legend, e.Name)))
	}
}

// decade labels a power of ten of time: 1 ms, 100 ms, 10 s.
func decade(t time.Duration) string {
	switch {
	case t < time.Millisecond:
		return fmt.Sprintf("%g µs", float64(t)/float64(time.Microsecond))
	case t < time.Second:
		return fmt.Sprintf("%g ms", float64(t)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%g s", t.Seconds())
}
