// Document upload: POST /v1/documents (multipart: the files and an
// optional project_id), answered with one result per file, which the page
// lists: indexed with its chunk count, or failed with the reason.
import { errorText, postForm, project, uploadField } from './api.js';

const $ = (id) => document.getElementById(id);

function line(r) {
  if (r.status !== 'indexed') {
    return { ok: false, text: r.name + ': not indexed — ' + (r.message || 'failed') + (r.code ? ' (' + r.code + ')' : '') };
  }
  const n = r.chunks === 1 ? '1 chunk' : r.chunks + ' chunks';
  return { ok: true, text: r.name + ': indexed (' + n + ')' };
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
    if (project()) data.append('project_id', project());
    for (const f of input.files) data.append(uploadField, f, f.name);
    const button = form.querySelector('button[type="submit"]');
    button.disabled = true;
    const n = input.files.length;
    status.textContent = 'Uploading and indexing ' + n + (n === 1 ? ' file…' : ' files…');
    list.replaceChildren();
    try {
      const reply = await postForm('/v1/documents', data);
      const rs = ((reply && reply.results) || []).map(line);
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
