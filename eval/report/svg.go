package report

import (
	"fmt"
	"html"
	"math"
	"strings"
)

// Chart geometry, in SVG user units.
const (
	chartW      = 640
	chartH      = 300
	marginLeft  = 56
	marginRight = 16
	marginTop   = 36
	marginBot   = 48
	plotW       = chartW - marginLeft - marginRight
	plotH       = chartH - marginTop - marginBot
)

// series is a named set of values drawn in one colour.
type series struct {
	Name   string
	Color  string
	Values []float64
}

// marker is a labelled vertical line at X.
type marker struct {
	X     float64
	Label string
	Color string
}

// svgBuilder accumulates SVG elements; every text it writes is escaped.
type svgBuilder struct {
	b     strings.Builder
	title string
}

func newSVG(title string) *svgBuilder {
	s := &svgBuilder{title: title}
	fmt.Fprintf(&s.b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img" aria-label="%s">`,
		chartW, chartH, chartW, chartH, esc(title))
	fmt.Fprintf(&s.b, `<title>%s</title>`, esc(title))
	s.rect(0, 0, chartW, chartH, "#ffffff", "")
	s.text(chartW/2, 20, title, "middle", 14, "#222", true)
	return s
}

func esc(s string) string { return html.EscapeString(s) }

func (s *svgBuilder) rect(x, y, w, h float64, fill, tip string) {
	if tip == "" {
		fmt.Fprintf(&s.b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>`, x, y, w, h, fill)
		return
	}
	fmt.Fprintf(&s.b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"><title>%s</title></rect>`, x, y, w, h, fill, esc(tip))
}

func (s *svgBuilder) line(x1, y1, x2, y2 float64, stroke string, width float64, dash bool) {
	d := ""
	if dash {
		d = ` stroke-dasharray="5 4"`
	}
	fmt.Fprintf(&s.b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="%.1f"%s/>`, x1, y1, x2, y2, stroke, width, d)
}

func (s *svgBuilder) text(x, y float64, t, anchor string, size int, fill string, bold bool) {
	w := ""
	if bold {
		w = ` font-weight="bold"`
	}
	fmt.Fprintf(&s.b, `<text x="%.1f" y="%.1f" text-anchor="%s" font-size="%d" font-family="sans-serif" fill="%s"%s>%s</text>`,
		x, y, anchor, size, fill, w, esc(t))
}

func (s *svgBuilder) polyline(pts [][2]float64, stroke string) {
	var p strings.Builder
	for i, pt := range pts {
		if i > 0 {
			p.WriteByte(' ')
		}
		fmt.Fprintf(&p, "%.1f,%.1f", pt[0], pt[1])
	}
	fmt.Fprintf(&s.b, `<polyline points="%s" fill="none" stroke="%s" stroke-width="2"/>`, p.String(), stroke)
	for _, pt := range pts {
		fmt.Fprintf(&s.b, `<circle cx="%.1f" cy="%.1f" r="2.5" fill="%s"/>`, pt[0], pt[1], stroke)
	}
}

// axes draws the frame, y ticks from 0 to yMax and x ticks from lo to hi.
func (s *svgBuilder) axes(lo, hi, yMax float64, xLabel, yLabel string, yInt bool) {
	x0, y0 := float64(marginLeft), float64(marginTop+plotH)
	for i := 0; i <= 4; i++ {
		v := yMax * float64(i) / 4
		y := y0 - plotH*float64(i)/4
		s.line(x0, y, x0+plotW, y, "#e4e4e4", 1, false)
		label := fmt.Sprintf("%.2f", v)
		if yInt {
			label = fmt.Sprintf("%.0f", v)
			if v != math.Trunc(v) {
				label = fmt.Sprintf("%.1f", v)
			}
		}
		s.text(x0-6, y+4, label, "end", 11, "#444", false)
	}
	for i := 0; i <= 5; i++ {
		v := lo + (hi-lo)*float64(i)/5
		x := x0 + plotW*float64(i)/5
		s.line(x, y0, x, y0+4, "#444", 1, false)
		s.text(x, y0+16, trimFloat(v), "middle", 11, "#444", false)
	}
	s.line(x0, y0, x0+plotW, y0, "#444", 1, false)
	s.line(x0, y0, x0, marginTop, "#444", 1, false)
	s.text(x0+plotW/2, chartH-8, xLabel, "middle", 12, "#222", false)
	fmt.Fprintf(&s.b, `<text x="14" y="%.1f" transform="rotate(-90 14 %.1f)" text-anchor="middle" font-size="12" font-family="sans-serif" fill="#222">%s</text>`,
		float64(marginTop+plotH/2), float64(marginTop+plotH/2), esc(yLabel))
}

// legend draws one entry per series at the top right.
func (s *svgBuilder) legend(names, colors []string) {
	x := float64(chartW - marginRight)
	for i := len(names) - 1; i >= 0; i-- {
		w := 14 + 7*float64(len([]rune(names[i])))
		x -= w + 12
		s.rect(x, marginTop-12, 10, 10, colors[i], "")
		s.text(x+14, marginTop-3, names[i], "start", 11, "#222", false)
	}
}

func (s *svgBuilder) markers(ms []marker, lo, hi float64) {
	for i, m := range ms {
		if m.X < lo || m.X > hi || hi <= lo {
			continue
		}
		x := marginLeft + plotW*(m.X-lo)/(hi-lo)
		s.line(x, marginTop, x, marginTop+plotH, m.Color, 1.5, true)
		s.text(x+4, float64(marginTop+12+14*i), m.Label, "start", 10, m.Color, false)
	}
}

func (s *svgBuilder) String() string { return s.b.String() + "</svg>" }

func trimFloat(v float64) string {
	t := fmt.Sprintf("%.2f", v)
	t = strings.TrimRight(strings.TrimRight(t, "0"), ".")
	if t == "" || t == "-0" {
		return "0"
	}
	return t
}

// counts bins values into n equal bins over [lo, hi]; values outside are
// clamped into the first or last bin, NaN ignored.
func counts(values []float64, lo, hi float64, n int) []int {
	out := make([]int, n)
	for _, v := range values {
		if math.IsNaN(v) {
			continue
		}
		i := 0
		if hi > lo {
			i = int(math.Floor((v - lo) / (hi - lo) * float64(n)))
		}
		out[min(max(i, 0), n-1)]++
	}
	return out
}

// histogram draws grouped bars: for each bin, one bar per series.
func histogram(title, xLabel string, lo, hi float64, bins int, ss []series, ms []marker) string {
	s := newSVG(title)
	cs := make([][]int, len(ss))
	top := 1
	for i, se := range ss {
		cs[i] = counts(se.Values, lo, hi, bins)
		for _, c := range cs[i] {
			top = max(top, c)
		}
	}
	// Four y ticks at whole numbers.
	yMax := float64((top + 3) / 4 * 4)
	s.axes(lo, hi, yMax, xLabel, "questions", true)
	binW := plotW / float64(bins)
	barW := (binW - 2) / float64(max(len(ss), 1))
	for i, se := range ss {
		for b, c := range cs[i] {
			if c == 0 {
				continue
			}
			h := plotH * float64(c) / yMax
			x := marginLeft + binW*float64(b) + 1 + barW*float64(i)
			binLo := lo + (hi-lo)*float64(b)/float64(bins)
			binHi := lo + (hi-lo)*float64(b+1)/float64(bins)
			tip := fmt.Sprintf("%s: %d in [%s, %s)", se.Name, c, trimFloat(binLo), trimFloat(binHi))
			s.rect(x, marginTop+plotH-h, barW, h, se.Color, tip)
		}
	}
	s.markers(ms, lo, hi)
	names, colors := make([]string, len(ss)), make([]string, len(ss))
	for i, se := range ss {
		names[i], colors[i] = fmt.Sprintf("%s (%d)", se.Name, len(se.Values)), se.Color
	}
	s.legend(names, colors)
	return s.String()
}

// lineChart draws series over shared xs with a y axis from 0 to 1.
func lineChart(title, xLabel, yLabel string, xs []float64, ss []series, ms []marker) string {
	s := newSVG(title)
	lo, hi := 0.0, 1.0
	if len(xs) > 0 {
		lo, hi = xs[0], xs[0]
		for _, x := range xs {
			lo, hi = min(lo, x), max(hi, x)
		}
		if hi == lo {
			hi = lo + 1
		}
	}
	s.axes(lo, hi, 1, xLabel, yLabel, false)
	for _, se := range ss {
		var pts [][2]float64
		for i, v := range se.Values {
			if i >= len(xs) || math.IsNaN(v) {
				continue
			}
			pts = append(pts, [2]float64{
				marginLeft + plotW*(xs[i]-lo)/(hi-lo),
				marginTop + plotH*(1-min(max(v, 0), 1)),
			})
		}
		s.polyline(pts, se.Color)
	}
	s.markers(ms, lo, hi)
	names, colors := make([]string, len(ss)), make([]string, len(ss))
	for i, se := range ss {
		names[i], colors[i] = se.Name, se.Color
	}
	s.legend(names, colors)
	return s.String()
}
