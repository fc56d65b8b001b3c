// Rendering of an Answer (DESIGN.md "Answer, as JSON"): the answer text
// with its [S#] markers as links, the confidence badge with the refusal
// reason in words, and the source cards. Everything the model or a
// document wrote goes in through textContent: the answer is untrusted.

// Refusal reasons of DESIGN.md's refusal contract, in words.
export const reasons = {
  collection_not_found: {
    title: 'Nothing indexed',
    text: 'No documents are indexed for this collection yet, so there is nothing to answer from.',
  },
  no_relevant_content: {
    title: 'No relevant content',
    text: 'No supporting documentation was found in the indexed sources for this question.',
  },
  insufficient_sources: {
    title: 'Too few sources',
    text: 'Too few indexed passages support this question to answer it reliably.',
  },
  unsupported_answer: {
    title: 'Answer not supported',
    text: 'A draft answer was written, but none of it could be verified against the sources, so it was withheld.',
  },
  model_declined: {
    title: 'Not in the documents',
    text: 'The model found that the indexed documentation does not contain this information.',
  },
};

export function reasonWords(code) {
  return reasons[code] || { title: 'Refused', text: 'The question was refused (' + code + ').' };
}

// setBadge shows the confidence: normal, LOW CONFIDENCE or refused with
// the reason's title.
export function setBadge(el, confidence, reason) {
  el.className = 'badge';
  if (reason || confidence === 'refused') {
    el.classList.add('refused');
    el.textContent = 'REFUSED — ' + reasonWords(reason || '').title;
  } else if (confidence === 'low') {
    el.classList.add('low');
    el.textContent = 'LOW CONFIDENCE — limited source coverage';
  } else if (confidence === 'normal') {
    el.classList.add('normal');
    el.textContent = 'Grounded in the sources';
  } else if (confidence === 'pending') {
    el.classList.add('pending');
    el.textContent = 'Answering…';
  } else {
    el.textContent = '';
  }
}

const labelRe = /^s\s*(\d{1,4})$/i;
const numRe = /^(\d{1,4})$/;
const rangeRe = /^(s\s*)?(\d{1,4})\s*(?:-|–|—|\.\.|to)\s*(?:s\s*)?(\d{1,4})$/i;
const prefixRe = /^sources?\s*:?\s*/i;
const maxMarker = 64;

// markerLabels returns the source labels a bracketed marker names
// ("S1", "S1, S3", "S2-S4", "Source 2", "Sources: 1, 3"), or null when
// the text in brackets is not a citation (bare "[1]" is a footnote, as in
// package cite's default parser).
export function markerLabels(inner) {
  let s = inner.trim();
  const prefix = prefixRe.exec(s);
  if (prefix) s = s.slice(prefix[0].length);
  if (s === '') return null;
  const labels = [];
  for (const raw of s.split(/[,;]/)) {
    const item = raw.trim();
    let m = labelRe.exec(item) || (prefix ? numRe.exec(item) : null);
    if (m) {
      labels.push('S' + Number(m[1]));
      continue;
    }
    m = rangeRe.exec(item);
    if (m && (prefix || m[1])) {
      const a = Number(m[2]);
      const b = Number(m[3]);
      if (a < 1 || b < a || b - a > 50) return null;
      for (let i = a; i <= b; i++) labels.push('S' + i);
      continue;
    }
    return null;
  }
  return labels.length > 0 ? labels : null;
}

const markerRe = /[[【]([^[\]【】\n]{1,64})[\]】]/g;

// CitedText appends answer text to an element as it streams, turning
// complete markers into links. A "[" that may start a marker is held back
// until its "]" arrives, so a link never appears half-made.
export class CitedText {
  constructor(el, onCite) {
    this.el = el;
    this.onCite = onCite;
    this.shown = '';
    this.pending = '';
    // link false renders markers as plain text.
    this.link = true;
  }

  reset() {
    this.el.replaceChildren();
    this.shown = '';
    this.pending = '';
  }

  push(text) {
    this.pending += text;
    let cut = this.pending.length;
    const open = Math.max(this.pending.lastIndexOf('['), this.pending.lastIndexOf('【'));
    if (open >= 0 && !/[\]】]/.test(this.pending.slice(open)) && this.pending.length - open <= maxMarker + 1) {
      cut = open;
    }
    this.emit(this.pending.slice(0, cut));
    this.pending = this.pending.slice(cut);
  }

  flush() {
    this.emit(this.pending);
    this.pending = '';
  }

  // finish shows the final answer: the streamed text is a prefix of it
  // (the API streams only validated text), so only the rest is added;
  // anything else (a refusal, say) replaces what was shown.
  finish(text) {
    const streamed = this.shown + this.pending;
    if (text.startsWith(streamed)) {
      this.push(text.slice(streamed.length));
    } else {
      this.reset();
      this.push(text);
    }
    this.flush();
  }

  emit(text) {
    if (text === '') return;
    this.shown += text;
    let last = 0;
    for (const m of text.matchAll(markerRe)) {
      const labels = this.link ? markerLabels(m[1]) : null;
      if (!labels) continue;
      this.text(text.slice(last, m.index));
      this.marker(labels);
      last = m.index + m[0].length;
    }
    this.text(text.slice(last));
  }

  text(s) {
    if (s !== '') this.el.append(document.createTextNode(s));
  }

  marker(labels) {
    const frag = document.createDocumentFragment();
    frag.append('[');
    labels.forEach((label, i) => {
      if (i > 0) frag.append(', ');
      const a = document.createElement('a');
      a.className = 'cite';
      a.href = '#source-' + label;
      a.dataset.label = label;
      a.textContent = label;
      a.title = 'Open source ' + label + ' in its document';
      a.addEventListener('click', (e) => {
        e.preventDefault();
        this.onCite(label, a);
      });
      frag.append(a);
    });
    frag.append(']');
    this.el.append(frag);
  }
}

function fmt(x, digits) {
  return typeof x === 'number' && Number.isFinite(x) ? x.toFixed(digits) : '–';
}

function el(tag, className, text) {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

// clock formats seconds into a recording as the API's time does: "m:ss",
// or "h:mm:ss" from an hour on.
export function clock(sec) {
  if (typeof sec !== 'number' || !Number.isFinite(sec) || sec < 0) return '';
  const t = Math.floor(sec);
  const h = Math.floor(t / 3600);
  const m = Math.floor((t % 3600) / 60);
  const ss = String(t % 60).padStart(2, '0');
  return h > 0 ? h + ':' + String(m).padStart(2, '0') + ':' + ss : m + ':' + ss;
}

// sourceWhen says where in time a source sits: for a transcript, the
// moment its citations point to, its span and its speakers; for a
// document, its revision and date, when the index knows them.
export function sourceWhen(s) {
  const out = [];
  if (s.time) out.push('at ' + s.time);
  if (typeof s.start === 'number' && typeof s.end === 'number') {
    out.push(clock(s.start) + '–' + clock(s.end));
  }
  if (Array.isArray(s.speakers) && s.speakers.length > 0) out.push(s.speakers.join(', '));
  if (s.revision) out.push('revision ' + s.revision);
  // The date as the document states it (YYYY-MM-DD of its own zone), not
  // shifted to the reader's.
  const date = typeof s.date === 'string' ? /^\d{4}-\d{2}-\d{2}/.exec(s.date) : null;
  if (date && !s.date.startsWith('0001-01-01')) out.push(date[0]);
  return out;
}

// sameText compares a title, a heading step and a line of text as a
// reader would: case, spacing and a trailing pilcrow or colon aside.
function sameText(a, b) {
  const norm = (x) => (x || '').replace(/[\s¶:]+$/u, '').replace(/\s+/g, ' ').trim().toLowerCase();
  return norm(a) !== '' && norm(a) === norm(b);
}

// cardPlaces are the lines that say where in its document a source sits:
// its title, unless the document's name or the heading path already
// says it, then the heading path and page. Each piece appears once.
export function cardPlaces(s) {
  const steps = (s.heading || '').split(' > ').map((x) => x.trim()).filter(Boolean);
  const out = [];
  if (s.title && !sameText(s.title, s.source) && !sameText(s.title, steps[0])) out.push(s.title);
  const where = [];
  if (steps.length > 0) where.push(steps.join(' > '));
  if (s.page > 0) where.push('page ' + s.page);
  if (where.length > 0) out.push(where.join(' · '));
  return out;
}

// cardPreview is the start of a source's text, without the lines that
// open it by repeating what the card shows above: Markdown heading lines
// and plain lines that read as the title or a step of the heading path
// (HTML pages begin with their <h1> as a line of text).
export function cardPreview(s) {
  const shown = [s.title, ...(s.heading || '').split(' > ')];
  const lines = (s.text || '').split('\n');
  let i = 0;
  while (i < lines.length) {
    const line = lines[i].trim();
    if (line === '' || /^#{1,6}[ \t]/.test(line) || shown.some((x) => sameText(x, line))) i++;
    else break;
  }
  const text = lines.slice(i).join('\n').trim();
  return text.length > 320 ? text.slice(0, 320).trimEnd() + '…' : text;
}

// renderSources fills the list with one card per source, in label order.
export function renderSources(list, sources, onOpen) {
  list.replaceChildren();
  for (const s of sources || []) {
    const li = el('li', 'card' + (s.cited ? ' cited' : ''));
    li.id = 'source-' + s.id;
    li.tabIndex = -1;
    li.setAttribute('aria-labelledby', 'source-' + s.id + '-name');

    const head = el('div', 'card-head');
    head.append(el('span', 'label', s.label || s.id));
    const name = el('span', 'doc', s.source || s.document_id || '(unnamed document)');
    name.id = 'source-' + s.id + '-name';
    head.append(name);
    if (s.cited && !s.label) head.append(el('span', 'tag', 'cited'));
    li.append(head);

    for (const line of cardPlaces(s)) li.append(el('p', 'where', line));
    const when = sourceWhen(s);
    if (when.length > 0) li.append(el('p', 'where when', when.join(' · ')));

    const rel = el('div', 'relevance');
    const relLabel = el('span', '', 'Relevance ' + fmt(s.relevance, 2));
    const meter = document.createElement('meter');
    meter.min = 0;
    meter.max = 1;
    meter.low = 0.2;
    meter.high = 0.5;
    meter.optimum = 1;
    meter.value = typeof s.relevance === 'number' ? s.relevance : 0;
    meter.setAttribute('aria-label', 'Relevance of ' + s.id);
    rel.append(relLabel, meter);
    li.append(rel);

    const scores = el('dl', 'scores');
    const sc = s.scores || {};
    const pairs = [['BM25', fmt(sc.bm25, 2)], ['Cosine', fmt(sc.cosine, 3)], ['Fused', fmt(sc.fused, 4)]];
    if (sc.rerank) pairs.push(['Rerank', fmt(sc.rerank, 3)]);
    for (const [k, v] of pairs) {
      const d = el('div');
      d.append(el('dt', '', k), el('dd', '', v));
      scores.append(d);
    }
    li.append(scores);

    const snippet = cardPreview(s);
    if (snippet) li.append(el('p', 'snippet', snippet));

    const open = el('button', 'open', 'Open in document');
    open.type = 'button';
    open.append(el('span', 'visually-hidden', ' (' + (s.label || s.id) + ')'));
    open.addEventListener('click', () => onOpen(s, open));
    li.append(open);

    list.append(li);
  }
}

// highlightSource marks one card (and only one) as the one being read.
export function highlightSource(list, label) {
  for (const card of list.querySelectorAll('.card.highlight')) card.classList.remove('highlight');
  const card = list.querySelector('#source-' + CSS.escape(label));
  if (!card) return null;
  card.classList.add('highlight');
  const calm = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  card.scrollIntoView({ block: 'nearest', behavior: calm ? 'auto' : 'smooth' });
  return card;
}
