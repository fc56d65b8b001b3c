package main

import (
	"errors"
	"flag"
	"time"
)

// dateFlag is a --after or --before value. A day, month or year stands for
// all of it: --after 2024-06 starts at June 1, --before 2024-06 ends with
// June 30, so both bounds are inclusive as store.Filter's are.
type dateFlag struct {
	t   time.Time
	end bool // --before: the last instant of the period given
}

var errBadDate = errors.New("want a date such as 2024-06-03, 2024-06, 2024 or 2024-06-03T10:00:00Z")

func (d *dateFlag) String() string {
	if d == nil || d.t.IsZero() {
		return ""
	}
	return d.t.Format(time.RFC3339)
}

func (d *dateFlag) Set(s string) error {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		d.t = t
		return nil
	}
	for _, p := range []struct {
		layout string
		next   func(time.Time) time.Time
	}{
		{"2006-01-02", func(t time.Time) time.Time { return t.AddDate(0, 0, 1) }},
		{"2006-01", func(t time.Time) time.Time { return t.AddDate(0, 1, 0) }},
		{"2006", func(t time.Time) time.Time { return t.AddDate(1, 0, 0) }},
	} {
		if t, err := time.Parse(p.layout, s); err == nil {
			if d.end {
				t = p.next(t).Add(-time.Nanosecond)
			}
			d.t = t
			return nil
		}
	}
	return errBadDate
}

// addDateFlags adds --after and --before, which keep only sources from
// documents dated within the bounds (store.Metadata.Date; undated
// documents are left out while either is set).
func addDateFlags(fs *flag.FlagSet, c *common) {
	c.before.end = true
	fs.Var(&c.after, "after", "only documents dated on or after DATE (2024-06-03, 2024-06, 2024 or RFC 3339)")
	fs.Var(&c.before, "before", "only documents dated on or before DATE (a month or year includes all of it)")
}

// checkDates rejects bounds that exclude everything.
func (c *common) checkDates() error {
	if !c.after.t.IsZero() && !c.before.t.IsZero() && c.before.t.Before(c.after.t) {
		return errors.New("--before is earlier than --after")
	}
	return nil
}
