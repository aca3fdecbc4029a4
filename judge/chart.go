// Charts of time against n, on a log scale: -bench's -svg and the class
// page's (-grade -html).

package main

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

// series is one line of a chart: a solution's time at each n it ran.
type series struct {
	name   string
	times  map[int]time.Duration
	colour string // "" for the next of the palette's
	dashed bool   // a limit or a reference, not a submission
	// legend, when set, is the series' entry in the legend, shared by
	// every series with the same one (a class: one entry per verdict);
	// the series' own name is its line's tooltip.
	legend string
}

// chartLabels are a chart's title and the name of its time axis.
type chartLabels struct {
	title, time string
}

// writeChart draws each series against n as an SVG image that a browser
// shows: time on a log scale, one line and colour per series, with a
// legend (the image grows with it).
func writeChart(w io.Writer, labels chartLabels, from, to int, all []series) error {
	const (
		width       = 800
		left, right = 84, 190 // room for the axis labels and the legend
		top, bottom = 40, 50
		legendRow   = 22
	)
	var entries []series // the legend: one per series, or per shared legend
	for _, s := range all {
		if s.legend == "" || !slices.ContainsFunc(entries, func(e series) bool { return e.legend == s.legend }) {
			entries = append(entries, s)
		}
	}
	height := max(480, top+10+len(entries)*legendRow+bottom)
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range all {
		for _, t := range s.times {
			v := math.Log10(float64(t) / float64(time.Millisecond))
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
	}
	if math.IsInf(lo, 0) {
		return msg.Errorf("chart: nothing was timed")
	}
	lo, hi = math.Floor(lo), math.Ceil(hi)
	if hi == lo {
		hi++
	}
	x := func(n int) float64 {
		return left + float64(n-from)/float64(max(1, to-from))*float64(width-left-right)
	}
	y := func(t time.Duration) float64 {
		v := math.Log10(float64(t) / float64(time.Millisecond))
		return top + (hi-v)/(hi-lo)*float64(height-top-bottom)
	}

	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="13">`+"\n", width, height, width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%d" y="24" font-size="16">%s</text>`+"\n", left, html.EscapeString(labels.title))
	// Decades of time, and n.
	for d := lo; d <= hi; d++ {
		t := time.Duration(math.Pow(10, d) * float64(time.Millisecond))
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", left, width-right, y(t), y(t))
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", left-8, y(t)+4, decade(t))
	}
	for n := from; n <= to; n++ {
		fmt.Fprintf(&b, `<line x1="%.1f" x2="%.1f" y1="%d" y2="%d" stroke="#eee"/>`+"\n", x(n), x(n), top, height-bottom)
		fmt.Fprintf(&b, `<text x="%.1f" y="%d" text-anchor="middle">%d</text>`+"\n", x(n), height-bottom+20, n)
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle">%s</text>`+"\n", (left+width-right)/2, height-8,
		html.EscapeString(msg.Sprintf("n (queens on an n × n board)")))
	fmt.Fprintf(&b, `<text x="16" y="%d" transform="rotate(-90 16 %d)" text-anchor="middle">%s</text>`+"\n", (top+height-bottom)/2, (top+height-bottom)/2,
		html.EscapeString(labels.time))

	palette := []string{"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#7f7f7f", "#bcbd22"}
	dash := func(s series) string {
		if s.dashed {
			return `stroke-dasharray="7 5"`
		}
		return ""
	}
	line := func(s series, colour string) {
		var pts []string
		for n := from; n <= to; n++ {
			if t, ok := s.times[n]; ok {
				pts = append(pts, fmt.Sprintf("%.1f,%.1f", x(n), y(t)))
			}
		}
		if len(pts) == 0 {
			return
		}
		fmt.Fprintf(&b, `<g><title>%s</title>`+"\n", html.EscapeString(s.name))
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2.5" %s/>`+"\n", strings.Join(pts, " "), colour, dash(s))
		for _, p := range pts {
			// A dashed line's points are hollow: a reference timed at one
			// n only is a point, not a line.
			xy := strings.Split(p, ",")
			fill := colour
			if s.dashed {
				fill = "white"
			}
			fmt.Fprintf(&b, `<circle cx="%s" cy="%s" r="3.5" fill="%s" stroke="%s" stroke-width="1.5"/>`+"\n", xy[0], xy[1], fill, colour)
		}
		b.WriteString("</g>\n")
	}
	colours := map[string]string{} // by legend entry
	next := 0
	for _, s := range all {
		key := cmp.Or(s.legend, "\x00"+s.name)
		colour, ok := colours[key]
		if !ok {
			colour = s.colour
			if colour == "" {
				colour = palette[next%len(palette)]
				next++
			}
			colours[key] = colour
		}
		line(s, colour)
	}
	for row, e := range entries {
		ly := top + 10 + row*legendRow
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%d" y2="%d" stroke="%s" stroke-width="2.5" %s/>`+"\n", width-right+14, width-right+40, ly, ly, colours[cmp.Or(e.legend, "\x00"+e.name)], dash(e))
		fmt.Fprintf(&b, `<text x="%d" y="%d">%s</text>`+"\n", width-right+46, ly+4, html.EscapeString(cmp.Or(e.legend, e.name)))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
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
