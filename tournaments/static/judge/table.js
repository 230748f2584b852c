/* Judge table page: sheet entry with live engine totals, step-by-step move log, JSON
 * import, and an offline queue. Nothing the judge types is lost: the entry is kept in
 * localStorage as it is typed, and every write waits in a queue (with its idempotency
 * key) until the server has answered, so a resend after a dropped connection can never
 * create a duplicate. Plain ES2017, no build step. */
(function () {
  "use strict";
  const config = JSON.parse(document.getElementById("judge-config").textContent);
  const T = JSON.parse(document.getElementById("judge-text").textContent);
  const ja = config.lang === "ja";
  const queueKey = config.storageKey + ":queue";
  const entryKey = config.storageKey + ":entry";
  let state = config.state;
  let steps = [];
  let flushing = false;

  const $ = (sel, root) => (root || document).querySelector(sel);
  const $$ = (sel, root) => Array.from((root || document).querySelectorAll(sel));

  function csrfToken() {
    const match = document.cookie.match(/(?:^|; )csrftoken=([^;]+)/);
    const field = $("input[name=csrfmiddlewaretoken]");
    return match ? decodeURIComponent(match[1]) : field ? field.value : "";
  }

  function newKey() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 12);
  }

  function say(text) { $("#message").textContent = text || ""; }

  /* ---- paths: "$.sheet.players[0].cards.statue" -> ["players", 0, "cards", "statue"] ---- */
  function tokens(path) {
    const out = [];
    path.replace(/^\$\.sheet\.?/, "").replace(/([^.[\]]+)|\[(\d+)\]/g, (m, name, index) => {
      out.push(index !== undefined ? Number(index) : name);
    });
    return out;
  }
  function setPath(obj, path, value) {
    const keys = tokens(path);
    let node = obj;
    keys.forEach((key, i) => {
      if (i === keys.length - 1) { node[key] = value; return; }
      if (node[key] === undefined) node[key] = typeof keys[i + 1] === "number" ? [] : {};
      node = node[key];
    });
  }
  function getPath(obj, path) {
    return tokens(path).reduce((node, key) => (node == null ? undefined : node[key]), obj);
  }

  /* ---- the score sheet ---- */
  function collectSheet() {
    const body = { players: config.seats.map(() => ({})) };
    $$("#sheet-form [data-widget]").forEach((el) => {
      const path = el.dataset.path;
      const widget = el.dataset.widget;
      if (widget === "int" || widget === "count") {
        if (el.value === "") return;
        const n = Number(el.value);
        if (widget === "count" && n === 0) return;
        setPath(body, path, Number.isFinite(n) ? n : el.value);
      } else if (widget === "bool") {
        if (el.checked) setPath(body, path, true);
      } else if (widget === "select") {
        if (el.value) setPath(body, path, el.value);
      } else if (widget === "multi") {
        const values = $$("input:checked", el).map((box) => box.value);
        if (values.length) setPath(body, path, values);
      } else if (widget === "intlist") {
        const parts = el.value.split(/[\s,、，]+/).filter(Boolean);
        if (parts.length) setPath(body, path, parts.map((p) => (/^\d+$/.test(p) ? Number(p) : p)));
      } else if (widget === "json") {
        if (!el.value.trim()) return;
        try { setPath(body, path, JSON.parse(el.value)); } catch (e) { setPath(body, path, el.value); }
      }
    });
    return body;
  }
  function fillSheet(body) {
    if (!body || typeof body !== "object") return;
    $$("#sheet-form [data-widget]").forEach((el) => {
      const value = getPath(body, el.dataset.path);
      const widget = el.dataset.widget;
      if (widget === "multi") {
        $$("input", el).forEach((box) => { box.checked = Array.isArray(value) && value.includes(box.value); });
      } else if (widget === "bool") {
        el.checked = value === true;
      } else if (widget === "intlist") {
        el.value = Array.isArray(value) ? value.join(", ") : "";
      } else if (widget === "json") {
        el.value = value === undefined ? "" : JSON.stringify(value);
      } else {
        el.value = value === undefined || value === null ? "" : value;
      }
    });
  }

  /* ---- violations beside their fields ---- */
  function clearErrors() {
    $$("[data-error-for]").forEach((el) => { el.textContent = ""; });
    $$(".has-error").forEach((el) => el.classList.remove("has-error"));
  }
  function message(v) { return (ja && v.message_ja) || v.message; }
  function showViolations(violations) {
    clearErrors();
    (violations || []).forEach((v) => {
      let path = v.path || "$";
      let target = null;
      while (path && !(target = $(`[data-error-for="${CSS.escape(path)}"]`))) {
        const cut = Math.max(path.lastIndexOf("."), path.lastIndexOf("["));
        path = cut > 0 ? path.slice(0, cut) : "";
      }
      target = target || $('[data-error-for="$"]');
      const rule = v.rule ? ` (${v.rule})` : "";
      target.textContent = (target.textContent ? target.textContent + " · " : "") + message(v) + rule;
      const field = target.closest(".field");
      if (field) field.classList.add("has-error");
    });
  }

  /* ---- live totals from the engine (debounced; needs the connection) ---- */
  let previewTimer = null;
  function schedulePreview() {
    localStorage.setItem(entryKey, JSON.stringify({ body: collectSheet(), base: baseVersion() }));
    clearTimeout(previewTimer);
    previewTimer = setTimeout(preview, 400);
  }
  async function preview() {
    if (!navigator.onLine) { $("#totals").textContent = T.offlineTotals; return; }
    try {
      const res = await post("preview", { payload: collectSheet() });
      const data = await res.json();
      showViolations(data.violations);
      renderTotals(data.outcome);
    } catch (e) { $("#totals").textContent = T.offlineTotals; }
  }
  function renderTotals(outcome) {
    const box = $("#totals");
    if (!outcome) { box.innerHTML = ""; return; }
    const table = document.createElement("table");
    table.className = "totals";
    const head = table.insertRow();
    head.appendChild(document.createElement("th"));
    outcome.players.forEach((p) => { const th = document.createElement("th"); th.textContent = p.seat + ". " + p.name; head.appendChild(th); });
    outcome.categories.forEach((c) => {
      const row = table.insertRow();
      const th = document.createElement("th"); th.textContent = ja ? c.ja : c.en; row.appendChild(th);
      outcome.players.forEach((p) => { const v = p.breakdown[c.key]; row.insertCell().textContent = v === null ? "?" : v; });
    });
    const totals = table.insertRow(); totals.className = "total-row";
    const th = document.createElement("th"); th.textContent = T.total; totals.appendChild(th);
    outcome.players.forEach((p) => { totals.insertCell().textContent = p.total; });
    const ranks = table.insertRow();
    const rh = document.createElement("th"); rh.textContent = T.rank; ranks.appendChild(rh);
    outcome.players.forEach((p) => { ranks.insertCell().textContent = p.rank; });
    box.innerHTML = ""; box.appendChild(table);
  }

  /* ---- network ---- */
  function post(endpoint, body) {
    return fetch(config.base + endpoint, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() },
      body: JSON.stringify(body),
    });
  }
  function readQueue() { try { return JSON.parse(localStorage.getItem(queueKey)) || []; } catch (e) { return []; } }
  function writeQueue(queue) { localStorage.setItem(queueKey, JSON.stringify(queue)); showPending(); }
  function showPending() {
    const n = readQueue().length;
    const badge = $("#pending");
    badge.hidden = n === 0;
    badge.textContent = n + " " + T.pending;
    $("#offline").hidden = navigator.onLine;
  }
  function enqueue(endpoint, body) {
    const queue = readQueue();
    queue.push({ endpoint, body });
    writeQueue(queue);
    flush();
  }
  /* A write stays queued until the server has really answered it. A network failure or
   * an answer that says "try again" (the server or its proxy overloaded or restarting)
   * keeps it, to be resent later with the same body and so the same idempotency key: the
   * server saves it once however often it arrives. Any other answer (saved, or a 4xx the
   * judge must see and fix) takes it off the queue. */
  const RETRY_STATUSES = [429, 502, 503, 504];
  async function flush() {
    if (flushing) return;
    flushing = true;
    try {
      let queue = readQueue();
      while (queue.length) {
        let res;
        try { res = await post(queue[0].endpoint, queue[0].body); } catch (e) { break; } // offline: keep it
        if (RETRY_STATUSES.includes(res.status)) break; // keep it; the 5-second timer resends
        const data = await res.json().catch(() => ({}));
        queue = readQueue(); queue.shift(); writeQueue(queue); // answered: never send twice
        handleAnswer(res.status, data);
        queue = readQueue();
      }
    } finally { flushing = false; showPending(); }
  }
  function handleAnswer(status, data) {
    if (status === 409) { say(T.conflict); showViolations(data.violations); return; }
    if (status >= 400) { say(data.message || String(status)); showViolations(data.violations); return; }
    if (data.saved) {
      const errors = data.saved.violations || [];
      say(data.saved.status === "draft" && errors.length ? T.invalid : T.saved);
      showViolations(errors);
      if (data.saved.outcome) renderTotals(data.saved.outcome);
      if (data.saved.status !== "draft" || !errors.length) localStorage.removeItem(entryKey);
    }
    if (data.table) showState(data);
  }
  async function refresh() {
    if (!navigator.onLine || readQueue().length) return;
    try {
      const res = await fetch(config.base + "state", { credentials: "same-origin" });
      if (res.ok) showState(await res.json());
    } catch (e) { /* stay with what we have */ }
  }

  /* ---- status and confirmation ---- */
  function baseVersion() { return state.latest_version || 0; }
  function showState(next) {
    state = next;
    const current = state.current;
    const badge = $("#result-status");
    badge.className = "badge";
    if (!current) { badge.textContent = T.none; }
    else {
      const bad = current.status === "draft" && current.violations && current.violations.length;
      badge.textContent = T[current.status] || current.status;
      badge.classList.add(bad ? "draft-errors" : current.status);
      $("#version-label").textContent = T.version + " " + current.version;
    }
    badge.dataset.status = current ? current.status : "none";
    // A confirmed table takes corrections from a head judge only: stop new entries here.
    const locked = Boolean(current && current.status === "confirmed");
    ["#submit-sheet", "#save-draft", "#submit-log", "#add-step"].forEach((sel) => { $(sel).disabled = locked; });
    $("#locked").hidden = !locked;
    const waiting = current && current.status === "submitted";
    $("#confirm-panel").hidden = !waiting;
    $$(".confirm-player").forEach((button) => {
      const done = waiting && current.confirmed_by.includes(Number(button.dataset.registration));
      button.disabled = done;
      button.textContent = button.textContent.replace(/ ✓$/, "") + (done ? " ✓" : "");
    });
  }
  function confirmFor(registration) {
    const current = state.current;
    if (!current) return;
    enqueue("confirm", { submission_id: current.id, registration_id: registration });
  }

  /* ---- move log: one step at a time ---- */
  const types = config.moveTypes;
  function renderMoveForm() {
    const type = types.find((t) => t.type === $("#move-type").value);
    const box = $("#move-fields");
    box.innerHTML = "";
    $("#move-help").textContent = type ? type.help : "";
    (type ? type.fields : []).forEach((f) => {
      const label = document.createElement("label");
      label.className = "field";
      label.textContent = f.name + (f.required ? " *" : "");
      let input;
      if (f.name === "by") {
        input = document.createElement("select");
        input.add(new Option("", ""));
        config.seats.forEach((s) => input.add(new Option(s.name, s.name)));
      } else if (f.enum) {
        input = document.createElement("select");
        input.add(new Option("", ""));
        f.enum.forEach((v) => input.add(new Option(v, v)));
      } else {
        input = document.createElement("input");
        input.type = f.type === "integer" ? "number" : "text";
        if (f.type !== "integer" && f.type !== "string") input.placeholder = "JSON";
      }
      input.dataset.name = f.name;
      input.dataset.type = f.type;
      label.appendChild(input);
      box.appendChild(label);
    });
  }
  function readMove() {
    const move = { type: $("#move-type").value };
    $$("#move-fields [data-name]").forEach((el) => {
      if (el.value === "") return;
      if (el.dataset.type === "integer") move[el.dataset.name] = Number(el.value);
      else if (el.dataset.type === "string" || el.tagName === "SELECT") move[el.dataset.name] = el.value;
      else { try { move[el.dataset.name] = JSON.parse(el.value); } catch (e) { move[el.dataset.name] = el.value; } }
    });
    return move;
  }
  function renderSteps(badIndex, problem) {
    const list = $("#steps");
    list.innerHTML = "";
    steps.forEach((move, i) => {
      const li = document.createElement("li");
      li.textContent = JSON.stringify(move);
      if (i === badIndex) { li.className = "bad"; li.textContent += " — " + problem; }
      list.appendChild(li);
    });
    localStorage.setItem(config.storageKey + ":steps", JSON.stringify(steps));
  }
  async function checkSteps(candidate) {
    const res = await post("log-check", { moves: candidate });
    return res.json();
  }
  async function addStep() {
    const candidate = steps.concat([readMove()]);
    $("#step-error").textContent = "";
    if (!navigator.onLine) { steps = candidate; renderSteps(); return; } // checked when back
    const report = await checkSteps(candidate);
    const bad = (report.violations || [])[0];
    if (bad) {
      $("#step-error").textContent = message(bad) + (bad.rule ? ` (${bad.rule})` : "");
      return; // the step is refused; the judge corrects it
    }
    steps = candidate;
    renderSteps();
    say(report.game_over ? T.saved : T.stepOk);
  }
  async function importLog() {
    let data;
    try { data = JSON.parse($("#import-text").value); } catch (e) { say(T.badJson); return; }
    const moves = Array.isArray(data) ? data : data.moves;
    if (!Array.isArray(moves)) { say(T.badJson); return; }
    const report = await checkSteps(moves);
    const bad = (report.violations || [])[0];
    steps = moves;
    importedDoc = Array.isArray(data) ? null : data;
    renderSteps(bad ? bad.index : undefined, bad ? message(bad) : "");
    selectTab("log");
    say(bad ? message(bad) : T.stepOk);
  }
  let importedDoc = null;

  function selectTab(name) {
    $$(".tabs button").forEach((b) => b.setAttribute("aria-selected", String(b.dataset.tab === name)));
    $$("[data-panel]").forEach((p) => { p.hidden = p.dataset.panel !== name; });
  }

  /* ---- wiring ---- */
  function submitEntry(action, kind, payload) {
    enqueue("entry", { action, kind, payload, base_version: baseVersion(), idempotency_key: newKey() });
  }
  $$(".tabs button").forEach((b) => b.addEventListener("click", () => selectTab(b.dataset.tab)));
  $("#sheet-form").addEventListener("input", schedulePreview);
  $("#sheet-form").addEventListener("change", schedulePreview);
  $("#save-draft").addEventListener("click", () => submitEntry("draft", "sheet", collectSheet()));
  $("#submit-sheet").addEventListener("click", () => submitEntry("submit", "sheet", collectSheet()));
  $("#submit-log").addEventListener("click", () => {
    const payload = importedDoc ? Object.assign({}, importedDoc, { moves: steps }) : steps;
    submitEntry("submit", "log", payload);
  });
  $("#add-step").addEventListener("click", addStep);
  $("#undo-step").addEventListener("click", () => { steps = steps.slice(0, -1); renderSteps(); });
  $("#import-button").addEventListener("click", importLog);
  $("#import-file").addEventListener("change", (e) => {
    const file = e.target.files[0];
    if (file) file.text().then((text) => { $("#import-text").value = text; });
  });
  $$(".confirm-player").forEach((b) => b.addEventListener("click", () => confirmFor(Number(b.dataset.registration))));
  const staff = $("#confirm-staff");
  if (staff) staff.addEventListener("click", () => state.current && enqueue("confirm", { submission_id: state.current.id }));
  types.forEach((t) => $("#move-type").add(new Option(t.title, t.type)));
  $("#move-type").addEventListener("change", renderMoveForm);
  renderMoveForm();
  window.addEventListener("online", () => { showPending(); flush(); preview(); });
  window.addEventListener("offline", showPending);
  setInterval(() => { if (readQueue().length) flush(); else refresh(); }, 5000);

  // Start from what this device kept, else from the server's current entry.
  const kept = JSON.parse(localStorage.getItem(entryKey) || "null");
  const current = state.current;
  if (kept && kept.base === baseVersion()) fillSheet(kept.body);
  else if (current && current.kind === "sheet") fillSheet(current.payload && current.payload.sheet ? current.payload.sheet : current.payload);
  steps = JSON.parse(localStorage.getItem(config.storageKey + ":steps") || "null") ||
    (current && current.kind === "log" ? (Array.isArray(current.payload) ? current.payload : current.payload.moves || []) : []);
  renderSteps();
  showState(state);
  if (current && current.violations && current.violations.length) showViolations(current.violations);
  if (current && current.outcome) renderTotals(current.outcome);
  showPending();
  flush();
})();
