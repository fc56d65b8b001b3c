// Calls to the grounded API of the same origin. The API key lives in
// sessionStorage (gone when the tab closes) and is sent as a Bearer token;
// with no key the header is left out, for servers started with --open.
import { SSEParser } from './sse.js';

const keyName = 'hybridrag.apiKey';
const projectName = 'hybridrag.project';
// memoryKey keeps the key when sessionStorage is unavailable.
let memoryKey = '';
let memoryProject = '';

// Names the API gives to the multipart part of an uploaded file and to
// the feedback verdict.
export const uploadField = 'file';
export const verdictField = 'verdict';

export function getKey() {
  try {
    return sessionStorage.getItem(keyName) || '';
  } catch {
    return '';
  }
}

export function setKey(key) {
  try {
    if (key) sessionStorage.setItem(keyName, key);
    else sessionStorage.removeItem(keyName);
  } catch {
    // Storage may be disabled; the key then lasts until the page reloads.
  }
  memoryKey = key;
}

// project is the project the caller works in ('' lets the server choose:
// the key's only project, or all of the tenant's).
export function project() {
  try {
    return sessionStorage.getItem(projectName) || memoryProject;
  } catch {
    return memoryProject;
  }
}

export function setProject(p) {
  memoryProject = p;
  try {
    if (p) sessionStorage.setItem(projectName, p);
    else sessionStorage.removeItem(projectName);
  } catch {
    // As for the key.
  }
}

function authHeaders(extra) {
  const h = new Headers(extra || {});
  const key = getKey() || memoryKey;
  if (key) h.set('Authorization', 'Bearer ' + key);
  return h;
}

// ApiError carries the stable code of the API's JSON errors
// ({"code": "...", "message": "..."}) and the HTTP status (0 for an error
// event inside a stream).
export class ApiError extends Error {
  constructor(status, code, message, retryAfter) {
    super(message || code);
    this.status = status;
    this.code = code;
    this.retryAfter = retryAfter || '';
  }
}

async function errorFrom(res) {
  let code = 'http_' + res.status;
  let message = res.statusText || 'request failed';
  try {
    const body = await res.json();
    if (body && typeof body.code === 'string') code = body.code;
    if (body && typeof body.message === 'string') message = body.message;
  } catch {
    // Not JSON (a proxy's page, say): keep the status line.
  }
  return new ApiError(res.status, code, message, res.headers.get('Retry-After'));
}

async function send(method, path, body, opts = {}) {
  const headers = authHeaders(opts.headers);
  const init = { method, headers, signal: opts.signal, credentials: 'same-origin' };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(body);
  }
  const res = await fetch(path, init);
  if (!res.ok) throw await errorFrom(res);
  if (res.status === 204) return null;
  const type = res.headers.get('Content-Type') || '';
  return type.includes('json') ? res.json() : res.text();
}

export const getJSON = (path, opts) => send('GET', path, undefined, opts);
export const postJSON = (path, body, opts) => send('POST', path, body, opts);
export const postForm = (path, form, opts) => send('POST', path, form, opts);

// streamQuery asks a question over POST /v1/query/stream. onDelta receives
// each piece of validated answer text as it arrives; the promise resolves
// to the final Answer JSON or rejects with an ApiError.
export async function streamQuery(body, { signal, onDelta }) {
  const headers = authHeaders({ 'Content-Type': 'application/json', Accept: 'text/event-stream' });
  const res = await fetch('/v1/query/stream', {
    method: 'POST', headers, body: JSON.stringify(body), signal, credentials: 'same-origin',
  });
  if (!res.ok) throw await errorFrom(res);
  if (!res.body) throw new ApiError(res.status, 'no_stream', 'The browser cannot read a streamed response.');

  let answer = null;
  let failure = null;
  const parser = new SSEParser(({ event, data }) => {
    if (answer || failure) return;
    let payload;
    try {
      payload = JSON.parse(data);
    } catch {
      failure = new ApiError(0, 'bad_stream', 'The server sent an unreadable event.');
      return;
    }
    if (event === 'delta') {
      if (payload && typeof payload.text === 'string') onDelta(payload.text);
    } else if (event === 'answer') {
      answer = payload;
    } else if (event === 'error') {
      failure = new ApiError(0, (payload && payload.code) || 'error', (payload && payload.message) || 'The query failed.');
    }
  });

  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.push(decoder.decode(value, { stream: true }));
      if (answer || failure) break;
    }
    parser.push(decoder.decode());
    parser.end();
  } finally {
    reader.cancel().catch(() => {});
  }
  if (failure) throw failure;
  if (!answer) throw new ApiError(0, 'stream_ended', 'The answer stream ended before the answer was complete.');
  return answer;
}

// errorText says what went wrong in words a reader can act on.
export function errorText(err) {
  if (!(err instanceof ApiError)) return 'The server could not be reached: ' + err.message;
  switch (err.status) {
    case 401:
      return 'This server needs an API key: enter yours above. (' + err.message + ')';
    case 404:
      return 'Not found: ' + err.message;
    case 413:
      return 'Too large: ' + err.message;
    case 429:
      return 'Too many requests' + (err.retryAfter ? '; try again in ' + err.retryAfter + ' s' : '') + '. (' + err.message + ')';
  }
  return err.message + ' (' + err.code + ')';
}
