// The caller's history: GET /v1/queries?limit=N&before=ID pages through
// the logged queries of the key's tenant, newest first; GET
// /v1/queries/{id} reads one back (with its feedback).
import { errorText, getJSON, project } from './api.js';
import { setBadge } from './answer.js';

const $ = (id) => document.getElementById(id);
const pageSize = 10;

// cursors[i] is the "before" of page i (0: the newest page).
const nav = { cursors: [0], page: 0, next: 0, onShow: null };

function when(r) {
  const d = new Date(r.time);
  return Number.isNaN(d.getTime()) ? '' : d.toLocaleString();
}

// verdict is the latest feedback on a logged query, in words.
export function verdict(r) {
  const f = r.feedback || [];
  if (f.length === 0) return '';
  return f[f.length - 1].correct ? 'marked correct' : 'marked incorrect';
}

// entryAnswer turns a logged query into what the answer area shows. The
// log keeps the answer text and the chunks it cited, not the numbering of
// the sources the model saw, so cited chunks are listed by themselves.
export function entryAnswer(r) {
  const cited = new Set(r.cited || []);
  const sources = (r.retrieved || [])
    .filter((c) => cited.has(c.chunk_id))
    .map((c, i) => ({
      id: 'P' + (i + 1),
      label: 'Cited',
      chunk_id: c.chunk_id,
      document_id: c.document_id,
      source: c.document_id,
      relevance: c.relevance,
      scores: { bm25: c.bm25, cosine: c.cosine, fused: c.fused },
      cited: true,
    }));
  return {
    query: r.question,
    answer: r.answer || '',
    refusal_reason: r.refusal_reason || null,
    confidence: r.confidence || (r.refusal_reason ? 'refused' : ''),
    sources,
    query_id: r.id,
    logged: true,
    feedback: verdict(r),
    metadata: {
      total_ms: r.total_ms,
      generator: r.generator,
      model: r.model,
      attribution_coverage: r.attribution_coverage,
    },
  };
}

async function show(id) {
  const status = $('history-status');
  try {
    const r = await getJSON('/v1/queries/' + encodeURIComponent(id));
    status.textContent = '';
    nav.onShow(entryAnswer(r));
  } catch (err) {
    status.textContent = 'Could not open that query: ' + errorText(err);
  }
}

function render(list) {
  const ol = $('history');
  ol.replaceChildren();
  for (const r of list) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.type = 'button';
    const q = document.createElement('span');
    q.className = 'q';
    q.textContent = r.question;
    const w = document.createElement('span');
    w.className = 'when';
    w.textContent = [when(r), verdict(r), r.failed ? 'failed' : ''].filter(Boolean).join(' · ');
    const badge = document.createElement('span');
    setBadge(badge, r.confidence || (r.refusal_reason ? 'refused' : ''), r.refusal_reason || '');
    b.append(q, w, badge);
    b.addEventListener('click', () => show(r.id));
    li.append(b);
    ol.append(li);
  }
}

// loadHistory reloads the current page of history.
export async function loadHistory() {
  const status = $('history-status');
  const params = new URLSearchParams({ limit: String(pageSize) });
  const before = nav.cursors[nav.page];
  if (before > 0) params.set('before', String(before));
  if (project()) params.set('project_id', project());
  try {
    const reply = await getJSON('/v1/queries?' + params);
    const list = (reply && reply.queries) || [];
    render(list);
    nav.next = (reply && reply.next_before) || 0;
    status.textContent = list.length === 0 ? (nav.page === 0 ? 'No questions asked yet.' : 'No older questions.') : '';
  } catch (err) {
    $('history').replaceChildren();
    nav.next = 0;
    status.textContent = 'History unavailable: ' + errorText(err);
  }
  $('history-older').disabled = nav.next === 0;
  $('history-newer').disabled = nav.page === 0;
}

export function setupHistory(onShow) {
  nav.onShow = onShow;
  $('history-refresh').addEventListener('click', () => {
    nav.page = 0;
    loadHistory();
  });
  $('history-older').addEventListener('click', () => {
    nav.cursors[nav.page + 1] = nav.next;
    nav.page++;
    loadHistory();
  });
  $('history-newer').addEventListener('click', () => {
    nav.page = Math.max(0, nav.page - 1);
    loadHistory();
  });
}
