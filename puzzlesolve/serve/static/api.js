// Requests to the local server: one at a time, each with an id so the page can stop it.
// A stopped request is dropped by the browser (the server sees it go) and cancelled by id.

let current = null; // {controller, job, started, task}

function newJob() {
  return (crypto.randomUUID ? crypto.randomUUID() : String(Math.random()).slice(2));
}

export function busy() {
  return current;
}

// Stop the request at work, if any; resolves once the server was told.
export async function stop() {
  const running = current;
  if (!running) return;
  current = null;
  running.controller.abort();
  try {
    await fetch("/api/cancel", {
      method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify({job: running.job}),
    });
  } catch (_ignored) {
    // the server may be gone; the page says so on the next request
  }
}

// POST `body` to /api/TASK. Resolves to {ok, data} or {ok: false, error, stopped}.
export async function call(task, body, onStart) {
  await stop();
  const controller = new AbortController();
  const job = newJob();
  const running = {controller, job, started: performance.now(), task};
  current = running;
  if (onStart) onStart(running);
  try {
    const response = await fetch(`/api/${task}`, {
      method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify({...body, job}),
      signal: controller.signal,
    });
    let data = null;
    try {
      data = await response.json();
    } catch (_notJson) {
      data = {error: `the server answered ${response.status} ${response.statusText}`};
    }
    if (!response.ok) {
      return {ok: false, error: data.error || `error ${response.status}`, stopped: !!data.stopped, data};
    }
    return {ok: true, data};
  } catch (failure) {
    if (failure.name === "AbortError") return {ok: false, error: "stopped", stopped: true};
    return {ok: false, error: "the server cannot be reached: is `puzzlesolve serve` still running?"};
  } finally {
    if (current === running) current = null;
  }
}

export async function info() {
  const response = await fetch("/api/info");
  return response.json();
}

// A question asked quietly beside the request at work (never stopping it): only the last
// one asked is answered, an earlier one still running is dropped. Resolves to the data or
// null (stopped, or an error: the page says nothing of it).
let quietController = null;

export async function quiet(task, body) {
  if (quietController) quietController.abort();
  const controller = new AbortController();
  quietController = controller;
  try {
    const response = await fetch(`/api/${task}`, {
      method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    return response.ok ? await response.json() : null;
  } catch (_stoppedOrGone) {
    return null;
  } finally {
    if (quietController === controller) quietController = null;
  }
}

// The steps a running request found so far, from the `from`-th on: {running, steps}, or
// null if the server cannot say.
export async function progress(job, from = 0) {
  try {
    const response = await fetch("/api/progress", {
      method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify({job, from}),
    });
    return response.ok ? await response.json() : null;
  } catch (_gone) {
    return null;
  }
}
