package generate

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/hybridrag/hybridrag/internal/textutil"
	"github.com/hybridrag/hybridrag/internal/tokens"
	"github.com/hybridrag/hybridrag/retrieve"
)

// DefaultContextTokens is the default budget, in cl100k_base tokens, of the
// sources block: labels, fences and metadata lines included, the rules and
// the question not.
const DefaultContextTokens = 6000

// sourceSeparator joins the fenced sources.
const sourceSeparator = "\n\n"

// ContextOptions configure a Builder. The zero value means the defaults.
type ContextOptions struct {
	// MaxTokens is the token budget of the sources block; 0 means
	// DefaultContextTokens. Negative values are an error.
	MaxTokens int
	// Template is the system template; nil means DefaultTemplate().
	Template *Template
	// Nonce returns the fence nonce of each request; nil means NewNonce. It
	// must be safe for concurrent use and return 8 to 64 ASCII letters or
	// digits. Tests inject a constant to get deterministic prompts.
	Nonce func() string
}

// Builder is the default ContextBuilder. It is immutable and safe for
// concurrent use.
//
// Build sanitises every source (see Sanitize), labels the sources S1, S2, …
// in the given rank order, skipping sources with no text, and fences each
// with the request's nonce:
//
//	<<<SOURCE S1 nonce=482915730264318>>>
//	Document: Admin guide
//	Section: Install > Linux
//	Page: 3
//
//	…source text…
//	<<<END S1 nonce=482915730264318>>>
//
// A transcript source (store.Chunk.TimeSpan) has no Section or Page but
// its time range, speakers and the citation form for a moment in it:
//
//	<<<SOURCE S2 nonce=482915730264318>>>
//	Document: Pump webinar
//	Time: 1:02–2:10 (cite a moment as [S2] or [source: Pump webinar, t=M:SS] within this range)
//	Speakers: Alice, Bob
//
//	…source text…
//	<<<END S2 nonce=482915730264318>>>
//
// It keeps whole sources while they fit the budget; the first one that does
// not fit is cut at the last sentence boundary that fits, or dropped when
// not even its first sentence fits, and no later source is added, so the
// prompt's sources are always the top of the ranking. The budget is counted
// with the cl100k_base encoder over the whole sources block and is never
// exceeded.
//
// The prompt has two messages. The system message holds the persona (if
// any), then the template's rules with the sources in place of {context},
// then, for Strict requests, the stricter instructions. The user message
// holds the sanitised question followed by a restatement of the rules, so
// the model reads the rules again after the untrusted data (the
// "sandwich"). The question goes there rather than in the system message
// because it is end-user input: it keeps user authority, and the rules get
// the last word.
type Builder struct {
	maxTokens int
	tmpl      *Template
	nonce     func() string
}

var _ ContextBuilder = (*Builder)(nil)

// NewContextBuilder returns a Builder. It fails with ErrOptions when
// opts.MaxTokens is negative.
func NewContextBuilder(opts ContextOptions) (*Builder, error) {
	if opts.MaxTokens < 0 {
		return nil, fmt.Errorf("%w: MaxTokens %d is negative", ErrOptions, opts.MaxTokens)
	}
	b := &Builder{maxTokens: opts.MaxTokens, tmpl: opts.Template, nonce: opts.Nonce}
	if b.maxTokens == 0 {
		b.maxTokens = DefaultContextTokens
	}
	if b.tmpl == nil {
		b.tmpl = DefaultTemplate()
	}
	if b.nonce == nil {
		b.nonce = NewNonce
	}
	return b, nil
}

// MaxTokens returns the budget of the sources block.
func (b *Builder) MaxTokens() int { return b.maxTokens }

// Build implements ContextBuilder. Errors: ErrEmptyQuestion, ErrNoSources
// (no source has any text), ErrBudget (*BudgetError), ErrNonce, the
// context's error, or a tokenizer error.
func (b *Builder) Build(ctx context.Context, req BuildRequest) (*Prompt, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	nonce := b.nonce()
	if !validNonce(nonce) {
		return nil, fmt.Errorf("%w: %q", ErrNonce, nonce)
	}
	question, _ := Sanitize(req.Question, nonce)
	question = strings.TrimSpace(question)
	if question == "" {
		return nil, ErrEmptyQuestion
	}
	block, err := b.fit(ctx, req.Sources, nonce)
	if err != nil {
		return nil, err
	}
	return &Prompt{
		Messages: []Message{
			{Role: RoleSystem, Content: b.system(req, block.text, nonce)},
			{Role: RoleUser, Content: userMessage(question, req.Strict)},
		},
		Sources:       block.sources,
		Nonce:         nonce,
		ContextTokens: block.tokens,
	}, nil
}

// part is one sanitised source ready to be fenced.
type part struct {
	src   retrieve.Source
	label string
	head  string // open fence and metadata lines, ending in a blank line
	foot  string // close fence, on its own line after the text
	text  string // sanitised text, trimmed
	flags []string
	spans []textutil.Span
}

// render fences text (the whole text or a sentence prefix of it).
func (p *part) render(text string) string { return p.head + text + "\n" + p.foot }

// newPart sanitises a source and fences it under label; it returns nil
// when nothing is left of the text.
func newPart(src retrieve.Source, label, nonce string) *part {
	text, flags := Sanitize(src.Chunk.Text, nonce)
	text = strings.TrimSpace(text)
	spans := textutil.Sentences(text)
	if len(spans) == 0 {
		return nil
	}
	p := &part{src: src, label: label, text: text, spans: spans}
	var metaFlags []string
	p.head, metaFlags = header(label, src, nonce)
	p.foot = fence("END", label, nonce)
	p.flags = mergeFlags(flags, metaFlags)
	return p
}

func fence(kind, label, nonce string) string {
	return "<<<" + kind + " " + label + " nonce=" + nonce + ">>>"
}

// header renders the open fence and the metadata lines. Metadata comes from
// the documents, so it is sanitised like their text and kept on one line.
func header(label string, src retrieve.Source, nonce string) (string, []string) {
	var flags []string
	line := func(s string) string {
		clean, f := Sanitize(s, nonce)
		flags = mergeFlags(flags, f)
		return strings.Join(strings.Fields(clean), " ")
	}
	var h strings.Builder
	h.WriteString(fence("SOURCE", label, nonce))
	h.WriteString("\n")
	name := src.Chunk.Title
	if strings.TrimSpace(name) == "" {
		name = src.Chunk.Source
	}
	if strings.TrimSpace(name) == "" {
		name = src.Chunk.DocumentID
	}
	if name = line(name); name != "" {
		h.WriteString("Document: " + name + "\n")
	}
	if section := line(src.Chunk.Section()); section != "" {
		h.WriteString("Section: " + section + "\n")
	}
	if src.Chunk.Page > 0 {
		h.WriteString("Page: " + strconv.Itoa(src.Chunk.Page) + "\n")
	}
	h.WriteString(timeHeader(src.Chunk, name, label, line))
	h.WriteString("\n")
	return h.String(), flags
}

// block is the fitted sources block.
type block struct {
	text    string
	tokens  int
	sources []ContextSource
}

// fit selects and cuts sources to the budget.
//
// Counting is exact without ever encoding the whole block: cl100k splits
// text into pre-tokens before byte-pair merging, and every seam of the
// block falls between pre-tokens. A head ends in "\n\n" and the text starts
// with a non-space, the text is followed by "\n" and then "<<<", and a close
// fence ends in ">>>" (with the separator's newlines, which the ">>>"
// pre-token absorbs) before the next "<<<". So the block's count is the sum
// of the counts of head, text + "\n" and close fence (+ separator) of each
// source; tests check the sum against a count of the whole block.
func (b *Builder) fit(ctx context.Context, sources []retrieve.Source, nonce string) (block, error) {
	type chosen struct {
		p                *part
		cut              int // sentences kept; len(p.spans) when whole
		text             string
		head, body, foot int // tokens; foot includes the separator
	}
	var (
		picked []chosen
		used   int // tokens of the picked sources, each with its separator
	)
	labelled := 0
	for _, src := range sources {
		if err := ctx.Err(); err != nil {
			return block{}, err
		}
		// Sources are sanitised one at a time: those after the cut are never
		// looked at.
		p := newPart(src, "S"+strconv.Itoa(labelled+1), nonce)
		if p == nil {
			continue
		}
		labelled++
		head, err := countTokens(p.head)
		if err != nil {
			return block{}, err
		}
		foot, err := countTokens(p.foot)
		if err != nil {
			return block{}, err
		}
		body, err := countTokens(p.text + "\n")
		if err != nil {
			return block{}, err
		}
		if used+head+body+foot <= b.maxTokens {
			footSep, err := countTokens(p.foot + sourceSeparator)
			if err != nil {
				return block{}, err
			}
			picked = append(picked, chosen{p, len(p.spans), p.text, head, body, footSep})
			used += head + body + footSep
			continue
		}
		// The longest sentence prefix that fits. lo sentences are known to
		// fit (0: nothing) and hi+1 known not to, so the result is maximal:
		// one more sentence would exceed the budget.
		lo, hi, loBody := 0, len(p.spans)-1, 0
		for lo < hi {
			mid := (lo + hi + 1) / 2
			n, err := countTokens(p.text[:p.spans[mid-1].End] + "\n")
			if err != nil {
				return block{}, err
			}
			if used+head+n+foot <= b.maxTokens {
				lo, loBody = mid, n
			} else {
				hi = mid - 1
			}
		}
		if lo > 0 {
			picked = append(picked, chosen{p, lo, p.text[:p.spans[lo-1].End], head, loBody, foot})
		} else if len(picked) == 0 {
			first, err := countTokens(p.text[:p.spans[0].End] + "\n")
			if err != nil {
				return block{}, err
			}
			return block{}, &BudgetError{Budget: b.maxTokens, Needed: head + first + foot}
		}
		break
	}
	if len(picked) == 0 {
		return block{}, ErrNoSources
	}
	last := &picked[len(picked)-1]
	if last.cut == len(last.p.spans) { // whole, counted with a separator
		foot, err := countTokens(last.p.foot)
		if err != nil {
			return block{}, err
		}
		last.foot = foot
	}
	out := block{sources: make([]ContextSource, len(picked))}
	rendered := make([]string, len(picked))
	for i, c := range picked {
		rendered[i] = c.p.render(c.text)
		tokens := c.head + c.body + c.foot
		out.tokens += tokens
		out.sources[i] = ContextSource{
			Label:     c.p.label,
			Source:    c.p.src,
			Text:      c.text,
			Truncated: c.cut < len(c.p.spans),
			Tokens:    tokens,
			Flags:     c.p.flags,
		}
	}
	out.text = strings.Join(rendered, sourceSeparator)
	return out, nil
}

func countTokens(s string) (int, error) {
	n, err := tokens.Count(s)
	if err != nil {
		return 0, fmt.Errorf("generate: %w", err)
	}
	return n, nil
}

// system renders the system message: persona, rules with the sources, and
// the stricter instructions when asked.
func (b *Builder) system(req BuildRequest, sources, nonce string) string {
	var s strings.Builder
	if persona, _ := Sanitize(req.Persona, nonce); strings.TrimSpace(persona) != "" {
		s.WriteString(strings.TrimRight(strings.NewReplacer(personaPlaceholder, strings.TrimSpace(persona)).Replace(personaText), "\n"))
		s.WriteString("\n\n")
	}
	s.WriteString(b.tmpl.Render(sources))
	if req.Strict {
		body := strings.TrimRight(s.String(), "\n")
		s.Reset()
		s.WriteString(body)
		s.WriteString("\n\n")
		s.WriteString(strictInstructions())
	}
	return s.String()
}

func userMessage(question string, strict bool) string {
	msg := strings.NewReplacer(QuestionPlaceholder, question, refusalPlaceholder, NotInDocs).Replace(reminderText)
	if strict {
		msg = strings.TrimRight(msg, "\n") + "\n\n" + strictInstructions()
	}
	return msg
}

func strictInstructions() string {
	return strings.NewReplacer(refusalPlaceholder, NotInDocs).Replace(strictText)
}

// mergeFlags returns the union of two flag lists in flagOrder.
func mergeFlags(a, b []string) []string {
	if len(b) == 0 {
		return a
	}
	var set flagSet
	for _, f := range a {
		set.add(f)
	}
	for _, f := range b {
		set.add(f)
	}
	return set.list()
}
