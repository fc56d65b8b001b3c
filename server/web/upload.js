// Document upload (POST /v1/documents, multipart field "files"), with one
// line of result per file: indexed (and how many chunks) or why not.
import { errorText, postForm } from './api.js';

const $ = (id) => document.getElementById(id);

function results(reply) {
  if (Array.isArray(reply)) return reply;
  for (const k of ['files', 'results', 'documents', 'items']) {
    if (reply && Array.isArray(reply[k])) return reply[k];
  }
  return [];
}

function line(r) {
  const name = r.name || r.filename || r.file || r.source || r.document_id || '(file)';
  const err = r.error && typeof r.error === 'object' ? r.error.message || r.error.code : r.error;
  if (err || r.ok === false || r.status === 'error' || r.status === 'failed') {
    return { ok: false, text: name + ': not indexed — ' + (err || r.message || r.status || 'failed') };
  }
  const parts = [];
  if (typeof r.chunks === 'number') parts.push(r.chunks + (r.chunks === 1 ? ' chunk' : ' chunks'));
  if (r.document_id && r.document_id !== name) parts.push('id ' + r.document_id);
  if (r.status && r.status !== 'ok' && r.status !== 'indexed') parts.push(r.status);
  return { ok: true, text: name + ': indexed' + (parts.length ? ' (' + parts.join(', ') + ')' : '') };
}

export function setupUpload() {
  const form = $('upload-form');
  const input = $('files');
  const status = $('upload-status');
  const list = $('upload-results');
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (input.files.length === 0) {
      status.textContent = 'Choose one or more files first.';
      input.focus();
      return;
    }
    const data = new FormData();
    for (const f of input.files) data.append('files', f, f.name);
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    status.textContent = 'Uploading and indexing ' + input.files.length + (input.files.length === 1 ? ' file…' : ' files…');
    list.replaceChildren();
    try {
      const reply = await postForm('/v1/documents', data);
      const rs = results(reply).map(line);
      for (const r of rs) {
        const li = document.createElement('li');
        li.className = r.ok ? 'ok' : 'fail';
        li.textContent = r.text;
        list.append(li);
      }
      const ok = rs.filter((r) => r.ok).length;
      status.textContent = ok + ' of ' + rs.length + ' indexed.';
      if (ok === rs.length) form.reset();
    } catch (err) {
      status.textContent = 'Upload failed: ' + errorText(err);
    } finally {
      button.disabled = false;
    }
  });
}
