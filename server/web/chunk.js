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

// split returns [before, passage, after] from the chunk endpoint's reply:
// {chunk: {text, start, end, …}, context: {start, end, before, after},
// document_length}. An ellipsis marks document text beyond the window.
export function split(reply, fallback) {
  const r = reply || {};
  const chunk = r.chunk || {};
  const ctx = r.context || {};
  const passage = typeof chunk.text === 'string' ? chunk.text : fallback || '';
  let before = typeof ctx.before === 'string' ? ctx.before : '';
  let after = typeof ctx.after === 'string' ? ctx.after : '';
  if (before && ctx.start > 0) before = '…' + before;
  if (after && ctx.end < r.document_length) after += '…';
  return [before, passage, after];
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
    const c = (reply && reply.chunk) || reply || {};
    if (!meta.textContent) {
      const w = [];
      const heading = Array.isArray(c.heading) ? c.heading.join(' > ') : c.heading;
      if (heading) w.push(heading);
      if (c.page > 0) w.push('page ' + c.page);
      meta.textContent = w.join(' · ');
    }
    if (!src.source && reply && reply.source) title.textContent = reply.source;
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
