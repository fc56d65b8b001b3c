// Entry point of the page: the question box, the streamed answer, its
// sources and the feedback form. History and upload live in their own
// modules.
import { errorText, getKey, postJSON, project, setKey, setProject, streamQuery, verdictField } from './api.js';
import { CitedText, highlightSource, reasonWords, renderSources, setBadge } from './answer.js';
import { openChunk, setupChunkDialog } from './chunk.js';
import { loadHistory, setupHistory } from './history.js';
import { setupUpload } from './upload.js';

const $ = (id) => document.getElementById(id);

const state = { answer: null, controller: null, text: null };

function showError(msg) {
  const e = $('error');
  e.textContent = msg;
  e.hidden = !msg;
}

function onCite(label, link) {
  const ans = state.answer;
  const src = ans && (ans.sources || []).find((s) => s.id === label);
  highlightSource($('sources'), label);
  if (src) openChunk(src);
  else if (link) link.title = 'Source ' + label + ' appears when the answer is complete';
}

function openSource(src) {
  highlightSource($('sources'), src.id);
  openChunk(src);
}

function metaLine(ans) {
  const md = ans.metadata || {};
  const parts = [];
  if (typeof md.total_ms === 'number') parts.push(md.total_ms.toFixed(0) + ' ms');
  if (md.generator) parts.push('generator ' + md.generator + (md.model ? ' (' + md.model + ')' : ''));
  if (typeof md.chunks_used === 'number') parts.push(md.chunks_used + ' passages used');
  if (!ans.refusal_reason && typeof md.attribution_coverage === 'number') {
    parts.push('attribution coverage ' + Math.round(md.attribution_coverage * 100) + '%');
  }
  if (ans.query_id) parts.push('query #' + ans.query_id);
  if (ans.feedback) parts.push(ans.feedback);
  return parts.join(' · ');
}

// showAnswer renders a final Answer: badge, reason, text, sources, feedback.
export function showAnswer(ans) {
  state.answer = ans;
  const reason = ans.refusal_reason || '';
  setBadge($('badge'), ans.confidence, reason);
  const refusal = $('refusal');
  if (reason) {
    const w = reasonWords(reason);
    refusal.textContent = 'Why: ' + w.text + ' (reason: ' + reason + ')';
    refusal.hidden = false;
  } else {
    refusal.hidden = true;
  }
  $('low-note').hidden = reason !== '' || ans.confidence !== 'low';
  state.text.finish(ans.answer || '');
  $('answer-meta').textContent = metaLine(ans);
  const sources = ans.sources || [];
  renderSources($('sources'), sources, openSource);
  $('sources-h').textContent = ans.logged ? 'Cited passages' : 'Sources';
  let help = 'Every passage the answer was allowed to use. Cited ones are marked; open one to read it in its document.';
  if (ans.logged) help = 'The passages this stored answer cited. Open one to read it in its document.';
  else if (reason) help = 'The passages retrieval found for this question; none was used for an answer. Open one to read it in its document.';
  $('sources-help').textContent = help;
  $('sources-section').hidden = sources.length === 0;
  resetFeedback(ans.query_id);
}

function resetFeedback(queryID) {
  const form = $('feedback-form');
  form.reset();
  form.dataset.queryId = queryID ? String(queryID) : '';
  form.hidden = !queryID;
  for (const c of form.elements) c.disabled = false;
  $('feedback-status').textContent = '';
}

async function ask(e) {
  e.preventDefault();
  const q = $('question').value.trim();
  // The server counts characters (code points), not UTF-16 units.
  const n = [...q].length;
  if (n < 3 || n > 1000) {
    showError('A question needs 3 to 1000 characters.');
    $('question').focus();
    return;
  }
  showError('');
  if (state.controller) state.controller.abort();
  const controller = new AbortController();
  state.controller = controller;

  const body = { query: q };
  const k = Number($('top-k').value);
  if ($('top-k').value !== '' && Number.isInteger(k) && k > 0) body.top_k = k;
  if (project()) body.project_id = project();

  state.answer = null;
  state.text.link = true;
  $('result').hidden = false;
  $('asked').textContent = q;
  setBadge($('badge'), 'pending');
  $('refusal').hidden = true;
  $('low-note').hidden = true;
  $('answer-meta').textContent = '';
  $('feedback-form').hidden = true;
  $('sources').replaceChildren();
  $('sources-section').hidden = true;
  state.text.reset();
  const answerEl = $('answer');
  answerEl.setAttribute('aria-busy', 'true');
  $('ask-button').disabled = true;
  $('stop-button').hidden = false;

  try {
    const ans = await streamQuery(body, { signal: controller.signal, onDelta: (t) => state.text.push(t) });
    if (state.controller !== controller) return;
    showAnswer(ans);
    loadHistory();
  } catch (err) {
    // A newer question (or a history entry) took over the answer area.
    if (state.controller !== controller) return;
    if (controller.signal.aborted) {
      state.text.flush();
      setBadge($('badge'), '');
      $('answer-meta').textContent = 'Stopped.';
    } else {
      setBadge($('badge'), '');
      state.text.reset();
      showError(errorText(err));
    }
  } finally {
    if (state.controller === controller) {
      state.controller = null;
      answerEl.setAttribute('aria-busy', 'false');
      $('ask-button').disabled = false;
      $('stop-button').hidden = true;
    }
  }
}

async function sendFeedback(e) {
  e.preventDefault();
  const form = $('feedback-form');
  const id = form.dataset.queryId;
  const rating = form.elements.rating.value;
  const status = $('feedback-status');
  if (!rating) {
    status.textContent = 'Choose Correct or Incorrect first.';
    return;
  }
  try {
    await postJSON('/v1/queries/' + encodeURIComponent(id) + '/feedback', {
      [verdictField]: rating,
      comment: $('feedback-comment').value.trim(),
    });
    status.textContent = 'Thank you: your feedback (' + rating + ') is recorded.';
    for (const c of form.elements) c.disabled = true;
    loadHistory();
  } catch (err) {
    status.textContent = 'Feedback not recorded: ' + errorText(err);
  }
}

function setupKey() {
  const input = $('api-key');
  const proj = $('project');
  input.value = getKey();
  proj.value = project();
  $('key-form').addEventListener('submit', (e) => {
    e.preventDefault();
    setKey(input.value.trim());
    setProject(proj.value.trim());
    const parts = [input.value.trim() ? 'Key in use for this tab' : 'No key (open server)'];
    if (proj.value.trim()) parts.push('project ' + proj.value.trim());
    $('key-status').textContent = parts.join(', ') + '.';
    loadHistory();
  });
}

function setup() {
  state.text = new CitedText($('answer'), onCite);
  setupKey();
  setupChunkDialog();
  setupHistory(showAnswerFromHistory);
  setupUpload();
  $('ask-form').addEventListener('submit', ask);
  $('question').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      $('ask-form').requestSubmit();
    }
  });
  $('stop-button').addEventListener('click', () => {
    if (state.controller) state.controller.abort();
  });
  $('feedback-form').addEventListener('submit', sendFeedback);
  loadHistory();
}

// stopStream abandons a running question, leaving the answer area to
// whoever called it.
function stopStream() {
  if (!state.controller) return;
  state.controller.abort();
  state.controller = null;
  $('answer').setAttribute('aria-busy', 'false');
  $('ask-button').disabled = false;
  $('stop-button').hidden = true;
}

// showAnswerFromHistory shows a stored query in the answer area.
function showAnswerFromHistory(ans) {
  stopStream();
  showError('');
  $('result').hidden = false;
  $('asked').textContent = ans.query || '';
  state.text.reset();
  // The log does not keep which source was S1, so markers stay text.
  state.text.link = false;
  showAnswer(ans);
  $('result').scrollIntoView({ block: 'start' });
  $('result-h').focus();
}

setup();
