package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hybridrag/hybridrag"
	"github.com/hybridrag/hybridrag/generate"
	"github.com/hybridrag/hybridrag/retrieve"
)

// promptJSON is the output of "ask --print-prompt".
type promptJSON struct {
	Messages []generate.Message       `json:"messages"`
	Sources  []hybridrag.AnswerSource `json:"sources"`
}

func cmdAsk(ctx context.Context, args []string, stdout io.Writer) error {
	var (
		c           common
		ag          agentFlags
		genName     string
		model       string
		printPrompt bool
		judge       bool
		stream      bool
		timeout     time.Duration
		rr          rerankFlags
	)
	fs := newFlagSet("ask", &c)
	addQueryFlags(fs, &c)
	addDateFlags(fs, &c)
	addLogFlags(fs, &c, true)
	addAgentFlags(fs, &ag)
	fs.StringVar(&genName, "generator", "extractive", "extractive|openai|ollama|googleai")
	fs.StringVar(&model, "model", "", "model name for the chosen generator")
	fs.BoolVar(&printPrompt, "print-prompt", false, "print the prompt instead of calling the generator")
	addTimeoutFlag(fs, &timeout, "deadline of the whole question")
	fs.BoolVar(&stream, "stream", false, "print the answer as it is validated, sentence by sentence")
	fs.BoolVar(&judge, "judge", false, "ask the generator's model to check each kept claim against its sources")
	addRerankFlags(fs, &rr, true)
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if err := c.explicit(fs); err != nil {
		return err
	}
	q, err := question(pos)
	if err != nil {
		return err
	}
	if err := checkJudge(judge, genName); err != nil {
		return err
	}
	if err := rr.check(genName, true, printPrompt); err != nil {
		return err
	}
	if err := checkStream(stream, c.json, printPrompt); err != nil {
		return err
	}
	if err := checkTimeout(timeout); err != nil {
		return err
	}
	ctx, cancel := withDeadline(ctx, timeout)
	defer cancel()
	p, err := openAnswerPipeline(ctx, &c, &ag, genName, model, !printPrompt, func(cfg *hybridrag.Config) error {
		setJudge(cfg, judge)
		return rr.apply(cfg, cfg.Generator)
	})
	if err != nil {
		return err
	}
	defer closeAll(p)
	req := c.request(q)
	req.Agent = ag.name

	if printPrompt {
		prompt, refusal, err := p.Prompt(ctx, req)
		if err != nil {
			return err
		}
		if refusal != nil {
			return writeJSON(stdout, refusal)
		}
		out := promptJSON{Messages: prompt.Messages, Sources: make([]hybridrag.AnswerSource, 0, len(prompt.Sources))}
		for _, s := range prompt.Sources {
			as := hybridrag.Sources([]retrieve.Source{s.Source})[0]
			as.ID = s.Label
			out.Sources = append(out.Sources, as)
		}
		return writeJSON(stdout, out)
	}

	var ts *textStream
	if stream {
		ts = &textStream{w: stdout}
		req.Stream = ts.write
	}
	ans, err := p.Ask(ctx, req)
	if err != nil {
		return deadlineError(ctx, timeout, err)
	}
	if ts != nil {
		if err := ts.finish(ans); err != nil {
			return err
		}
		_, err = io.WriteString(stdout, answerFooter(ans, &c))
		return err
	}
	if c.json {
		return writeJSON(stdout, ans)
	}
	_, err = fmt.Fprint(stdout, ans.Text+"\n"+answerFooter(ans, &c))
	return err
}

// answerFooter is what ask's text output adds after the answer block: why
// a refusal was made, in words, and the query id "log feedback" takes.
func answerFooter(ans *hybridrag.Answer, c *common) string {
	var b strings.Builder
	if ans.Refused() {
		r := *ans.RefusalReason
		if d := r.Describe(); d != "" {
			fmt.Fprintf(&b, "\nRefused (%s): %s.\n", r, d)
		} else {
			fmt.Fprintf(&b, "\nRefused (%s).\n", r)
		}
		if ans.Suggestions != nil {
			b.WriteString("\nSuggestions:\n")
			for _, m := range ans.Suggestions.Messages {
				b.WriteString("- " + m + "\n")
			}
		}
	}
	if ans.QueryID != 0 {
		where := "--store " + shellQuote(c.store)
		if c.log.path != "" {
			where += " --log " + shellQuote(c.log.path)
		}
		fmt.Fprintf(&b, "\nQuery id: %d (to rate it: hybridrag log %s feedback %d correct|incorrect)\n", ans.QueryID, where, ans.QueryID)
	}
	return b.String()
}

// shellQuote quotes s for a POSIX shell when it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-:=@+,", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
