// The chunk dialog: a cited passage shown inside the text of its document
// (GET /v1/documents/{id}/chunks/{chunk_id}), the passage highlighted.
import { getJSON } from './api.js';

const dialog = () => document.getElementById('chunk-dialog');

export function setupChunkDialog() {
  const d = dialog();
  document.getElementById('chunk-close').addEventListener('click', () => d.close());
  // A click on the backdrop (the dialog box itself, outside its content) closes it.
  d.addEventListener('click', (e) => {
    if (e.target !== d) return;
    const r = d.getBoundingClientRect();
    const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
    if (!inside) d.close();
  });
}

// byteSlice cuts s by UTF-8 byte offsets, the unit the Go server counts in.
function byteSlice(s, start, end) {
  const bytes = new TextEncoder().encode(s);
  const dec = new TextDecoder();
  return dec.decode(bytes.subarray(Math.max(0, start), Math.min(bytes.length, end)));
}

const num = (x) => (typeof x === 'number' && Number.isFinite(x) ? x : undefined);

// split returns [before, passage, after] from the chunk endpoint's reply.
// It prefers finding the passage in the context text (exact whatever the
// offsets' unit), then the offsets, and otherwise shows the passage alone.
export function split(reply, fallback) {
  const r = reply || {};
  const chunk = r.chunk && typeof r.chunk === 'object' ? r.chunk : r;
  const passage = typeof chunk.text === 'string' ? chunk.text : fallback || '';
  if (typeof r.before === 'string' || typeof r.after === 'string') {
    return [r.before || '', passage, r.after || ''];
  }
  let ctx = r.context;
  let base = num(r.context_start) ?? 0;
  if (ctx && typeof ctx === 'object') {
    base = num(ctx.start) ?? base;
    ctx = ctx.text;
  }
  if (typeof ctx !== 'string') ctx = typeof r.document_text === 'string' ? r.document_text : undefined;
  if (typeof ctx !== 'string' || ctx === '') return ['', passage, ''];
  const at = passage ? ctx.indexOf(passage) : -1;
  if (at >= 0) return [ctx.slice(0, at), passage, ctx.slice(at + passage.length)];
  const start = num(chunk.start) ?? num(r.start) ?? num(r.chunk_start);
  const end = num(chunk.end) ?? num(r.end) ?? num(r.chunk_end);
  if (start !== undefined && end !== undefined && end > start) {
    const len = new TextEncoder().encode(ctx).length;
    return [byteSlice(ctx, 0, start - base), byteSlice(ctx, start - base, end - base), byteSlice(ctx, end - base, len)];
  }
  return ['', passage, ''];
}

function show(before, passage, after) {
  const body = document.getElementById('chunk-body');
  body.replaceChildren();
  if (before) {
    const b = document.createElement('span');
    b.className = 'context';
    b.textContent = before;
    body.append(b);
  }
  const mark = document.createElement('mark');
  mark.id = 'chunk-passage';
  mark.textContent = passage;
  body.append(mark);
  if (after) {
    const a = document.createElement('span');
    a.className = 'context';
    a.textContent = after;
    body.append(a);
  }
  mark.scrollIntoView({ block: 'center' });
}

// openChunk shows the dialog for a source (an Answer source, or any object
// with document_id and chunk_id) and loads its document context.
export async function openChunk(src) {
  const d = dialog();
  const title = document.getElementById('chunk-title');
  const meta = document.getElementById('chunk-meta');
  const body = document.getElementById('chunk-body');
  title.textContent = (src.id ? src.id + ' — ' : '') + (src.source || src.document_id || 'Source');
  const where = [];
  if (src.heading) where.push(src.heading);
  if (src.page > 0) where.push('page ' + src.page);
  meta.textContent = where.join(' · ');
  body.replaceChildren();
  body.setAttribute('aria-busy', 'true');
  body.textContent = 'Loading the document…';
  if (!d.open) d.showModal();

  const path = '/v1/documents/' + encodeURIComponent(src.document_id) + '/chunks/' + encodeURIComponent(src.chunk_id);
  try {
    const reply = await getJSON(path);
    if (reply && !meta.textContent) {
      const w = [];
      if (reply.heading) w.push(reply.heading);
      if (reply.page > 0) w.push('page ' + reply.page);
      meta.textContent = w.join(' · ');
    }
    const [before, passage, after] = split(reply, src.text);
    show(before, passage, after);
  } catch (err) {
    show('', src.text || '', '');
    const note = document.createElement('p');
    note.className = 'error';
    note.setAttribute('role', 'alert');
    note.textContent = 'The document around this passage could not be loaded: ' + err.message;
    body.prepend(note);
  } finally {
    body.removeAttribute('aria-busy');
  }
}
