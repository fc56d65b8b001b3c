// The caller's history (GET /v1/queries, paged; GET /v1/queries/{id}).
// The server scopes both to the tenant of the API key.
import { errorText, getJSON } from './api.js';
import { setBadge } from './answer.js';

const $ = (id) => document.getElementById(id);
const pageSize = 10;

// offsets of the pages seen, so "Newer" can go back.
const nav = { offset: 0, next: null, onShow: null };

// items finds the list in a page reply, whichever name the server gives it.
function items(reply) {
  if (Array.isArray(reply)) return reply;
  for (const k of ['queries', 'items', 'records', 'history']) {
    if (reply && Array.isArray(reply[k])) return reply[k];
  }
  return [];
}

const idOf = (r) => r.id ?? r.query_id;
const questionOf = (r) => r.question ?? r.query ?? '';

// answerOf turns a stored query record into the Answer shape the answer
// area renders.
export function answerOf(r) {
  if (r.answer && typeof r.answer === 'object') return { ...r.answer, query_id: r.answer.query_id || idOf(r) };
  const cited = new Set(r.cited || []);
  const sources = r.sources || (r.retrieved || []).map((c, i) => ({
    id: 'S' + (i + 1),
    chunk_id: c.chunk_id,
    document_id: c.document_id,
    source: c.source || c.document_id,
    heading: c.heading || '',
    page: c.page || 0,
    relevance: c.relevance,
    scores: c.scores || { bm25: c.bm25, cosine: c.cosine, fused: c.fused },
    text: c.text || '',
    cited: cited.has(c.chunk_id),
  }));
  return {
    query: questionOf(r),
    answer: typeof r.answer === 'string' ? r.answer : '',
    refusal_reason: r.refusal_reason || null,
    confidence: r.confidence || (r.refusal_reason ? 'refused' : ''),
    sources,
    query_id: idOf(r),
    metadata: {
      total_ms: r.total_ms,
      generator: r.generator,
      model: r.model,
      attribution_coverage: r.attribution_coverage,
    },
  };
}

function when(r) {
  const t = r.time || r.created_at;
  if (!t) return '';
  const d = new Date(t);
  return Number.isNaN(d.getTime()) ? String(t) : d.toLocaleString();
}

function feedbackOf(r) {
  const f = r.feedback;
  if (!f) return '';
  if (typeof f === 'string') return f;
  if (Array.isArray(f)) return f.length ? f[f.length - 1].rating || '' : '';
  return f.rating || '';
}

async function show(id) {
  const status = $('history-status');
  try {
    const r = await getJSON('/v1/queries/' + encodeURIComponent(id));
    status.textContent = '';
    nav.onShow(answerOf(r));
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
    q.textContent = questionOf(r);
    const w = document.createElement('span');
    w.className = 'when';
    const fb = feedbackOf(r);
    w.textContent = [when(r), fb ? 'feedback: ' + fb : ''].filter(Boolean).join(' · ');
    const badge = document.createElement('span');
    setBadge(badge, r.confidence || (r.refusal_reason ? 'refused' : ''), r.refusal_reason || '');
    b.append(q, w, badge);
    b.addEventListener('click', () => show(idOf(r)));
    li.append(b);
    ol.append(li);
  }
}

// loadHistory reloads the current page of history.
export async function loadHistory() {
  const status = $('history-status');
  try {
    const reply = await getJSON('/v1/queries?limit=' + pageSize + '&offset=' + nav.offset);
    const list = items(reply);
    render(list);
    status.textContent = list.length === 0 ? (nav.offset === 0 ? 'No questions asked yet.' : 'No older questions.') : '';
    const more = reply && !Array.isArray(reply) && (reply.next_offset !== undefined || reply.has_more !== undefined || reply.total !== undefined)
      ? Boolean(reply.has_more) || (reply.next_offset !== undefined && reply.next_offset !== null) ||
        (typeof reply.total === 'number' && nav.offset + list.length < reply.total)
      : list.length === pageSize;
    $('history-older').disabled = !more;
    $('history-newer').disabled = nav.offset === 0;
  } catch (err) {
    $('history').replaceChildren();
    status.textContent = 'History unavailable: ' + errorText(err);
    $('history-older').disabled = true;
    $('history-newer').disabled = nav.offset === 0;
  }
}

export function setupHistory(onShow) {
  nav.onShow = onShow;
  $('history-refresh').addEventListener('click', () => {
    nav.offset = 0;
    loadHistory();
  });
  $('history-older').addEventListener('click', () => {
    nav.offset += pageSize;
    loadHistory();
  });
  $('history-newer').addEventListener('click', () => {
    nav.offset = Math.max(0, nav.offset - pageSize);
    loadHistory();
  });
}
