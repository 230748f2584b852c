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

  /* ---- the score sheet: a tree of nodes (data-node) that mirrors the engine's model ----
   * Each node has its property name in data-key; list items take their index from their
   * position, so rows can be added and removed. The body and every error's place are
   * worked out from the same tree, so they never disagree about paths. */
  const form = $("#sheet-form");
  const LISTS = ["fixed", "rows", "keycounts"];
  function nodeParent(el) { return el.parentElement ? el.parentElement.closest("[data-node]") : null; }
  function childNodes(el) { return $$("[data-node]", el).filter((c) => nodeParent(c) === el); }
  function itemsOf(list) { return childNodes(list).filter((c) => c.dataset.node === "item"); }
  function inputOf(el) { return $("[data-input]", el); }
  function pathOf(el) {
    const parent = nodeParent(el);
    if (!parent) return "$.sheet";
    const base = pathOf(parent);
    if (LISTS.includes(parent.dataset.node)) return base + "[" + itemsOf(parent).indexOf(el) + "]";
    return el.dataset.key ? base + "." + el.dataset.key : base;
  }
  function isScalarItem(el) { const p = nodeParent(el); return Boolean(p && p.dataset.scalar !== undefined); }
  function splitWords(text) { return text.split(/[\s,、，]+/).filter(Boolean); }

  function tallyCounts(el) {
    const counts = {};
    $$(".tally-add", el).forEach((b) => { counts[b.dataset.value] = Number($(".tally-count", b).textContent) || 0; });
    return counts;
  }
  function setTally(el, counts, typed) {
    const buttons = $$(".tally-add", el);
    buttons.forEach((b) => { $(".tally-count", b).textContent = String(counts[b.dataset.value] || 0); });
    // The keypad box shows the same items as digits (the n-th choice is n), unless it is
    // the box being typed in.
    const digits = $("input[data-tally-digits]", el);
    if (digits && !typed) {
      digits.value = buttons.map((b, i) => String(i + 1).repeat(counts[b.dataset.value] || 0)).join("");
    }
  }
  function sequenceOf(el) { return $$(".sequence-list li", el).map((li) => Number(li.dataset.seat)); }
  function setSequence(el, seats) {
    const list = $(".sequence-list", el);
    list.innerHTML = "";
    seats.forEach((seat) => {
      const li = document.createElement("li");
      li.dataset.seat = String(seat);
      const who = (config.seats || [])[seat - 1];
      li.textContent = seat + (who ? ". " + who.name : "");
      list.appendChild(li);
    });
  }
  function unknownBox(el) { return $(":scope > .unknown-choice input[data-unknown]", el); }
  function markUnknown(el, unknown) {
    const box = unknownBox(el);
    if (box) box.checked = unknown;
    const input = inputOf(el);
    input.disabled = unknown;
    $$(".step", el).forEach((b) => { b.disabled = unknown; });
    el.classList.toggle("is-unknown", unknown);
  }

  function valueOf(el) {
    const kind = el.dataset.node;
    // A folded alternative is sent only once the judge has opened it.
    const fold = el.parentElement && el.parentElement.tagName === "DETAILS" ? el.parentElement : null;
    if (fold && !fold.open) return undefined;
    if (kind === "tally") {
      const counts = tallyCounts(el);
      const out = [];
      Object.keys(counts).forEach((k) => { for (let i = 0; i < counts[k]; i++) out.push(k); });
      return out; // none is [] (sent), never a missing field
    }
    if (kind === "sequence") { const seats = sequenceOf(el); return seats.length ? seats : undefined; }
    if (kind === "choice") {
      const picked = $("input[type=radio]:checked", el);
      const other = $("input[data-other]", el);
      if (other && other.value.trim()) return other.value.trim().toLowerCase();
      return picked ? picked.value : undefined;
    }
    if ((kind === "int" || kind === "count") && unknownBox(el) && unknownBox(el).checked) return null;
    if (kind === "int" || kind === "count") {
      const raw = inputOf(el).value.trim();
      if (raw === "") return undefined;
      const n = Number(raw);
      if (kind === "count" && n === 0) return undefined;
      return Number.isFinite(n) ? n : raw;
    }
    if (kind === "bool") return inputOf(el).checked;
    if (kind === "select" || kind === "text" || kind === "key") return inputOf(el).value.trim() || undefined;
    if (kind === "strlist") { const words = splitWords(inputOf(el).value); return words.length ? words : undefined; }
    if (kind === "multi") { const v = $$("input:checked", el).map((b) => b.value); return v.length ? v : undefined; }
    if (kind === "fixed") return itemsOf(el).map((item) => valueOf(item) || {});
    if (kind === "rows") {
      const scalar = el.dataset.scalar !== undefined;
      const values = itemsOf(el).map(valueOf).filter((v) => !scalar || v !== undefined).map((v) => (v === undefined ? {} : v));
      return values.length ? values : undefined;
    }
    if (kind === "keycounts") {
      const out = {};
      itemsOf(el).forEach((item) => {
        const [key, count] = childNodes(item);
        const k = valueOf(key); const n = valueOf(count);
        if (k !== undefined && n !== undefined) out[k] = n;
      });
      return Object.keys(out).length ? out : undefined;
    }
    if (kind === "item" && isScalarItem(el)) return valueOf(childNodes(el)[0]);
    const out = {};
    childNodes(el).forEach((c) => { const v = valueOf(c); if (v !== undefined) out[c.dataset.key] = v; });
    return Object.keys(out).length ? out : undefined;
  }
  function collectSheet() { return valueOf(form) || { players: [] }; }

  function fill(el, value) {
    const kind = el.dataset.node;
    if (kind === "tally") {
      const counts = {};
      (Array.isArray(value) ? value : []).forEach((v) => { counts[v] = (counts[v] || 0) + 1; });
      setTally(el, counts);
    } else if (kind === "sequence") {
      setSequence(el, Array.isArray(value) ? value : []);
      $("input[data-sequence-digits]", el).value = Array.isArray(value) ? value.join("") : "";
    } else if (kind === "choice") {
      const known = $$("input[type=radio]", el).some((r) => r.value === value);
      $$("input[type=radio]", el).forEach((r) => { r.checked = r.value === value; });
      const other = $("input[data-other]", el);
      if (other) other.value = value && !known ? value : "";
    } else if ((kind === "int" || kind === "count") && unknownBox(el)) {
      markUnknown(el, value === null);
      const input = inputOf(el);
      input.value = value === undefined || value === null ? (input.dataset.start || "") : value;
    } else if (kind === "int" || kind === "count") {
      const input = inputOf(el);
      input.value = value === undefined || value === null ? (input.dataset.start || "") : value;
    } else if (kind === "select" || kind === "text" || kind === "key") {
      inputOf(el).value = value === undefined || value === null ? "" : value;
    } else if (kind === "bool") {
      const box = inputOf(el); box.checked = value === undefined ? box.defaultChecked : value === true;
    } else if (kind === "strlist") {
      inputOf(el).value = Array.isArray(value) ? value.join(" ") : "";
    } else if (kind === "multi") {
      $$("input", el).forEach((b) => { b.checked = Array.isArray(value) && value.includes(b.value); });
    } else if (kind === "fixed") {
      itemsOf(el).forEach((item, i) => fill(item, Array.isArray(value) ? value[i] : undefined));
    } else if (kind === "rows") {
      itemsOf(el).forEach((item) => item.remove());
      (Array.isArray(value) ? value : []).forEach((v) => fill(addRow(el), v));
    } else if (kind === "keycounts") {
      itemsOf(el).forEach((item) => item.remove());
      Object.entries(value && typeof value === "object" ? value : {}).forEach(([k, n]) => {
        const [key, count] = childNodes(addRow(el));
        fill(key, k); fill(count, n);
      });
    } else if (kind === "item" && isScalarItem(el)) {
      fill(childNodes(el)[0], value);
    } else {
      childNodes(el).forEach((c) => fill(c, value && typeof value === "object" ? value[c.dataset.key] : undefined));
    }
    if (el === form) refreshPaths();
  }
  function fillSheet(body) { if (body && typeof body === "object") fill(form, body); }

  function addRow(list) {
    const template = $(":scope > template", list);
    const item = template.content.firstElementChild.cloneNode(true);
    $(":scope > .items", list).appendChild(item);
    refreshPaths();
    return item;
  }
  // Full paths on every control (ids, label links, titles "Pyramid 2") after rows change.
  function refreshPaths() {
    $$("[data-node]", form).forEach((el) => {
      const path = pathOf(el);
      el.dataset.nodePath = path;
      const id = "f-" + path.replace(/[^A-Za-z0-9]/g, "-");
      const container = LISTS.includes(el.dataset.node) || ["item", "group", "multi", "choice", "tally", "sequence"].includes(el.dataset.node);
      if (container) el.dataset.path = path;
      if (el.dataset.node === "choice") $$("input[type=radio]", el).forEach((r) => { r.name = path; });
      const input = container ? null : inputOf(el);
      if (input) {
        input.dataset.path = path;
        input.id = id;
        const label = $(":scope > label", el);
        if (label && !label.contains(input)) label.htmlFor = id;
      }
      if (el.dataset.node === "item" && nodeParent(el) && nodeParent(el).dataset.itemLabel !== undefined) {
        const title = $(":scope > legend .item-title", el);
        if (title) title.textContent = nodeParent(el).dataset.itemLabel + " " + (itemsOf(nodeParent(el)).indexOf(el) + 1);
      }
    });
  }
  // Imhotep's burial chamber: one button per seat, tapped in the order the stones went in.
  $$("[data-node=sequence]", form).forEach((el) => {
    const box = $(".seat-buttons", el);
    (config.seats || []).forEach((seat) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "chip seat-add";
      b.dataset.seat = String(seat.position);
      b.textContent = seat.position + ". " + seat.name;
      box.appendChild(b);
    });
  });
  form.addEventListener("input", (e) => {
    if (e.target.matches("input[data-tally-digits]")) {
      const el = e.target.closest("[data-node]");
      const buttons = $$(".tally-add", el);
      const counts = {};
      e.target.value.replace(/[^0-9]/g, "").split("").forEach((d) => {
        const b = buttons[Number(d) - 1];
        if (b) counts[b.dataset.value] = (counts[b.dataset.value] || 0) + 1;
      });
      setTally(el, counts, true);
      return;
    }
    if (!e.target.matches("input[data-sequence-digits]")) return;
    const seats = e.target.value.replace(/[^0-9]/g, "").split("").map(Number);
    setSequence(e.target.closest("[data-node]"), seats);
  });
  form.addEventListener("change", (e) => {
    if (e.target.matches("input[data-unknown]")) markUnknown(e.target.closest("[data-node]"), e.target.checked);
    if (e.target.matches("[data-node=choice] input[type=radio]")) {
      const other = $("input[data-other]", e.target.closest("[data-node]"));
      if (other) other.value = "";
    }
  });
  form.addEventListener("click", (e) => {
    const tally = e.target.closest(".tally-add, .tally-less");
    if (tally) {
      const el = tally.closest("[data-node]");
      const counts = tallyCounts(el);
      const v = tally.dataset.value;
      counts[v] = Math.max(0, (counts[v] || 0) + (tally.classList.contains("tally-add") ? 1 : -1));
      setTally(el, counts);
      schedulePreview();
      return;
    }
    const seat = e.target.closest(".seat-add, .sequence-undo");
    if (seat) {
      const el = seat.closest("[data-node]");
      const seats = sequenceOf(el);
      if (seat.classList.contains("seat-add")) seats.push(Number(seat.dataset.seat)); else seats.pop();
      setSequence(el, seats);
      $("input[data-sequence-digits]", el).value = seats.join("");
      schedulePreview();
      return;
    }
    // The phone's number keypad has no minus: "±" turns a typed value negative.
    const sign = e.target.closest(".sign");
    if (sign) {
      const input = $("input", sign.parentElement);
      const n = Number(input.value || 0);
      if (Number.isFinite(n) && n !== 0) input.value = String(-n);
      input.dispatchEvent(new Event("input", { bubbles: true }));
      return;
    }
    const step = e.target.closest(".step");
    if (step) {
      const input = $("input", step.parentElement);
      const min = input.min === "" ? -Infinity : Number(input.min);
      const max = input.max === "" ? Infinity : Number(input.max);
      const start = input.value === "" ? Number(input.placeholder || 0) || 0 : Number(input.value) || 0;
      input.value = String(Math.min(max, Math.max(min, start + Number(step.dataset.step))));
      input.dispatchEvent(new Event("input", { bubbles: true }));
      return;
    }
    const add = e.target.closest(".add-row");
    if (add) {
      const item = addRow(add.closest("[data-node]"));
      const first = $("[data-input]", item); if (first) first.focus();
      schedulePreview();
      return;
    }
    const remove = e.target.closest(".remove-row");
    if (remove) { remove.closest("[data-node=item]").remove(); refreshPaths(); schedulePreview(); }
  });

  /* ---- problems beside their fields, in the page's language, once each ---- */
  // A missing value is only pointed out once the judge has left that player's section or
  // tried to submit; while player 1 is typed, the others are not "wrong" yet.
  const visited = new Set();
  let submitTried = false;
  $$("#sheet-form .player[data-seat]").forEach((section) => {
    section.addEventListener("focusout", (e) => {
      if (e.relatedTarget && section.contains(e.relatedTarget)) return;
      visited.add(Number(section.dataset.seat));
    });
  });
  function seatOf(path) { const m = /^\$\.sheet\.players\[(\d+)\]/.exec(path || ""); return m ? Number(m[1]) : null; }
  function clearErrors() {
    $$("#sheet-form [data-error], [data-error-for]").forEach((el) => { el.textContent = ""; });
    $$(".has-error").forEach((el) => el.classList.remove("has-error"));
  }
  function message(v) { return v.text || (ja && v.message_ja) || v.message; }
  function errorSlots() {
    const slots = new Map();
    $$("#sheet-form [data-error]").forEach((p) => {
      const node = p.closest("[data-node]");
      const path = node ? pathOf(node) : "$";
      if (!slots.has(path)) slots.set(path, p);
    });
    return slots;
  }
  function showViolations(violations) {
    clearErrors();
    const slots = errorSlots();
    const shown = new Set();
    (violations || []).forEach((v) => {
      if (v.code === "malformed.missing" && !submitTried) {
        const seat = seatOf(v.path);
        if (seat !== null && !visited.has(seat)) return;
      }
      let path = v.path || "$";
      let target = null;
      while (path && !(target = slots.get(path))) {
        const cut = Math.max(path.lastIndexOf("."), path.lastIndexOf("["));
        path = cut > 1 ? path.slice(0, cut) : "";
      }
      target = target || slots.get("$.sheet") || $('[data-error-for="$"]');
      if (!target) return;
      const text = message(v);
      if (shown.has(path + "\u0000" + text)) return;
      shown.add(path + "\u0000" + text);
      const line = document.createElement("span");
      line.className = "problem";
      line.textContent = text;
      if (v.rule) {
        const rule = document.createElement("small");
        rule.className = "rule";
        rule.textContent = v.rule.replace(/^[a-z_]+:/, "");
        line.appendChild(rule);
      }
      if (target.childNodes.length) target.appendChild(document.createElement("br"));
      target.appendChild(line);
      const field = target.closest(".field") || target.closest("[data-node]");
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
      showSeatStatus(data.outcome, data.violations);
    } catch (e) { $("#totals").textContent = T.offlineTotals; }
  }
  /* Beside each player's name: the running total, and what is still missing there (the
   * fields the engine still needs), so one player is finished before the next. */
  function fieldName(path) {
    const slot = errorSlots().get(path);
    const node = slot ? slot.closest("[data-node]") : null;
    return node ? textOf($(":scope > label, :scope > legend", node)) : "";
  }
  function showSeatStatus(outcome, violations) {
    $$("#sheet-form fieldset.player[data-seat]").forEach((section) => {
      const seat = Number(section.dataset.seat);
      const box = $(".seat-status", section);
      if (!box) return;
      const missing = (violations || []).filter((v) => v.code === "malformed.missing" && seatOf(v.path) === seat)
        .map((v) => fieldName(v.path)).filter(Boolean);
      const player = outcome && outcome.players ? outcome.players[seat] : null;
      box.textContent = "";
      if (player) box.append(T.seatTotal.replace("{total}", player.complete === false ? player.total + " + ?" : player.total));
      if (missing.length) {
        const span = document.createElement("span");
        span.className = "missing";
        span.textContent = " " + T.seatMissing.replace("{fields}", Array.from(new Set(missing)).join(T.listSep));
        box.appendChild(span);
      }
    });
  }
  // The keypad's "next" (Enter) moves on to the next box of the sheet.
  form.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" || !e.target.matches("input[type=number], input[type=text]")) return;
    e.preventDefault();
    const boxes = $$("input[type=number]:not([disabled]), input[type=text]:not([disabled])", form)
      .filter((b) => b.offsetParent !== null);
    const next = boxes[boxes.indexOf(e.target) + 1];
    if (next) { next.focus(); next.select && next.select(); }
  });
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
    // A printed value the rulebook lost and nobody has supplied leaves a category unknown:
    // such a total is only "at least", and it decides no rank until the value is entered.
    const incomplete = outcome.players.some((p) => p.complete === false);
    outcome.players.forEach((p) => { totals.insertCell().textContent = p.complete === false ? p.total + " + ?" : p.total; });
    const ranks = table.insertRow();
    const rh = document.createElement("th"); rh.textContent = T.rank; ranks.appendChild(rh);
    outcome.players.forEach((p) => { ranks.insertCell().textContent = incomplete ? "—" : p.rank; });
    box.innerHTML = ""; box.appendChild(table);
    if (incomplete) {
      const note = document.createElement("p");
      note.className = "message incomplete";
      note.textContent = T.incomplete;
      box.appendChild(note);
    }
    // What the engine could not check, in the page's language (the server adds the text).
    const unchecked = outcome.unchecked || [];
    if (unchecked.length) {
      const title = document.createElement("h3");
      title.textContent = T.unchecked;
      const list = document.createElement("ul");
      list.className = "unchecked";
      unchecked.forEach((u) => {
        const line = document.createElement("li");
        line.textContent = (u.item_text || u.item) + ": " + (u.reason_text || u.reason);
        if (u.rule_id) {
          const rule = document.createElement("small");
          rule.className = "rule";
          rule.textContent = u.rule_id;
          line.appendChild(rule);
        }
        list.appendChild(line);
      });
      box.appendChild(title);
      box.appendChild(list);
    }
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
  /* After a refused Submit: the banner names the player and the field of the first
   * problem (in the page's order), and the page scrolls to it. */
  function textOf(el) {
    if (!el) return "";
    const copy = el.cloneNode(true);
    $$("small, button, input, .item-title + button", copy).forEach((x) => x.remove());
    return copy.textContent.replace(/\s+/g, " ").trim();
  }
  function showFirstProblem() {
    const slot = $$("#sheet-form [data-error]").find((p) => p.textContent.trim());
    if (!slot) return false;
    const node = slot.closest("[data-node]");
    const section = slot.closest("fieldset.player");
    const player = section ? textOf($(":scope > legend", section)) : "";
    let field = "";
    if (node && node !== section && node.dataset.node !== "item") {
      field = textOf($(":scope > label, :scope > legend", node));
    }
    const items = [];
    for (let el = node; el && el !== section; el = el.parentElement ? el.parentElement.closest("[data-node]") : null) {
      if (el.dataset.node === "item" && el !== node) items.unshift(textOf($(":scope > legend", el)));
    }
    if (node && node.dataset.node === "item" && node !== section) items.push(textOf($(":scope > legend", node)));
    const where = [player].concat(items).concat(field ? [field] : []).filter(Boolean).join(" · ");
    const problem = textOf($(".problem", slot)) || slot.textContent.trim();
    say(T.problemAt.replace("{where}", where || T.wholeSheet).replace("{problem}", problem));
    const box = slot.closest(".field") || node || slot;
    const details = box.closest("details");
    if (details) details.open = true;
    box.scrollIntoView({ block: "center" });
    const input = $("input:not([type=checkbox]):not([disabled]), select, button", box);
    if (input) input.focus({ preventScroll: true });
    return true;
  }
  function handleAnswer(status, data) {
    if (status === 409) { say(T.conflict); showViolations(data.violations); return; }
    if (status >= 400) { say(data.message || String(status)); showViolations(data.violations); return; }
    if (data.saved) {
      const errors = data.saved.violations || [];
      const panel = $("#correction-panel");
      const corrected = data.saved.status === "confirmed" && panel && !panel.hidden;
      say(data.saved.status === "draft" && errors.length ? T.invalid : corrected ? T.corrected : T.saved);
      showViolations(errors);
      if (errors.length && submitTried) showFirstProblem();
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
  function showClock(clock) {
    /* The round clock (templates/_clock_script.html counts a running one down). */
    const el = document.getElementById("judge-clock");
    if (!el) return;
    el.hidden = !clock;
    if (!clock) return;
    el.dataset.clockDeadline = clock.deadline_ms || "";
    el.querySelector(".clock-paused").hidden = clock.state !== "paused";
    if (!clock.deadline_ms) {
      el.querySelector(".clock-time").textContent = clock.display;
      el.querySelector(".clock-up").hidden = clock.state !== "time_up";
    }
  }
  function showState(next) {
    if ("clock" in next) showClock(next.clock);
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
    const correction = $("#correction-panel");
    if (correction) correction.hidden = !(current && ["disputed", "confirmed"].includes(current.status));
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

  /* ---- move log: one step at a time ----
   * Each move type has its own small form (config.moveTypes, in the page's language);
   * after every accepted step the engine sends the records it would accept next, and the
   * form offers only those move types and values. Accepted steps read back as the
   * sentences the server sends with every check (the engine's reading, one for every page). */
  const types = config.moveTypes;
  let sentences = [];
  const stepForm = window.JudgeStepForm(config, T);
  const seatMatch = window.JudgeSeatMatch(config, T);
  const scribe = window.JudgeScribe(config, T, {
    add: (move) => addStep(move),
    openForm: (kind, preset) => {
      $("#move-type").value = kind;
      renderMoveForm(preset);
      $("#step-form").scrollIntoView({ block: "start" });
    },
  });
  let legal = null;
  let importedDoc = null;  // a whole imported document: its players' order is kept
  let moveForm = null;
  function typeOf(kind) { return types.find((t) => t.type === kind); }
  function legalFor(kind) { return legal ? legal.filter((m) => m.type === kind) : []; }
  function describe(move, i) {
    if (sentences[i] !== undefined) return sentences[i];
    const t = move && typeOf(move.type);  // not checked yet (offline): its move type
    return (t ? t.label : String((move && move.type) || "—")) + " …";
  }
  function renderMoveForm(preset) {
    const t = typeOf($("#move-type").value);
    moveForm = t ? stepForm.render($("#move-fields"), t, legalFor(t.type), preset) : null;
    if (!t) $("#move-fields").innerHTML = "";
  }
  function readMove() { return moveForm ? moveForm.read() : {}; }
  function clearStepErrors() {
    $$("#move-fields .error, #step-error").forEach((p) => { p.textContent = ""; });
    $$("#move-fields .has-error").forEach((b) => b.classList.remove("has-error"));
  }
  function showStepProblem(v, move) {
    // Beside the field it concerns, in the page's language, the rule id in small print.
    const target = (moveForm && moveForm.place(v, move)) || $("#step-error");
    const line = document.createElement("span");
    line.className = "problem";
    line.textContent = message(v);
    if (v.rule) {
      const rule = document.createElement("small");
      rule.className = "rule";
      rule.textContent = v.rule.replace(/^[a-z_]+:/, "");
      line.appendChild(rule);
    }
    target.appendChild(line);
    const box = target.closest(".field, fieldset");
    if (box && target.id !== "step-error") box.classList.add("has-error");
    (box || target).scrollIntoView({ block: "center" });
  }
  function renderSteps(badIndex, problem) {
    const list = $("#steps");
    list.innerHTML = "";
    steps.forEach((move, i) => {
      const li = document.createElement("li");
      li.textContent = describe(move, i);
      if (i === badIndex) { li.className = "bad"; li.textContent += " — " + problem; }
      list.appendChild(li);
    });
    localStorage.setItem(config.storageKey + ":steps", JSON.stringify(steps));
  }
  function renderTypes() {
    const select = $("#move-type");
    const before = select.value;
    select.innerHTML = "";
    const offered = types.filter((t) => !legal || !legal.length || legal.some((m) => m.type === t.type));
    offered.forEach((t) => select.add(new Option(t.label, t.type)));
    if (offered.some((t) => t.type === before)) select.value = before;
    renderMoveForm();
  }
  async function checkSteps(candidate) {
    // An imported log keeps its own order of players (the turn order it was played in).
    const moves = importedDoc ? Object.assign({}, importedDoc, { moves: candidate }) : candidate;
    const res = await post("log-check", { moves, scribe: true });
    return res.json();
  }
  async function refreshLegal() {
    if (!types.length || !navigator.onLine) return;
    try {
      const report = await checkSteps(steps);
      legal = report.legal || null;
      sentences = report.sentences || [];
      scribe.show(report);
    } catch (e) { legal = null; }
    renderSteps();
    renderTypes();
  }
  async function addStep(given) {
    const move = given || readMove();  // a scribe's tap gives the record
    const candidate = steps.concat([move]);
    clearStepErrors();
    if (!navigator.onLine) { steps = candidate; renderSteps(); return; } // checked when back
    const report = await checkSteps(candidate);
    const bad = (report.violations || [])[0];
    if (bad) {
      say("");
      showStepProblem(bad, move);
      return; // the step is refused; the judge corrects it
    }
    steps = candidate;
    legal = report.legal || null;
    sentences = report.sentences || [];
    renderSteps();
    renderTypes();
    scribe.show(report);
    say(report.game_over ? T.logComplete : T.stepOk);
  }
  function undoStep() {
    steps = steps.slice(0, -1);
    sentences = sentences.slice(0, steps.length);
    clearStepErrors();
    say("");
    renderSteps();
    refreshLegal();
  }
  async function importLog() {
    let data;
    try { data = JSON.parse($("#import-text").value); } catch (e) { say(T.badJson); return; }
    const moves = Array.isArray(data) ? data : data.moves;
    if (!Array.isArray(moves)) { say(T.badJson); return; }
    // A log naming its players otherwise: the judge says who sat where first.
    if (seatMatch.needed(data)) { seatMatch.ask(data, loadLog); return; }
    await loadLog(data);
  }
  async function loadLog(data) {
    const moves = Array.isArray(data) ? data : data.moves;
    importedDoc = Array.isArray(data) ? null : data;
    const report = await checkSteps(moves);
    const bad = (report.violations || [])[0];
    steps = moves;
    legal = report.legal || null;
    sentences = report.sentences || [];
    scribe.show(report);
    renderSteps(bad ? bad.index : undefined, bad ? message(bad) : "");
    renderTypes();
    selectTab("log");
    say(bad ? message(bad) : T.stepOk);
  }
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
  $("#submit-sheet").addEventListener("click", () => { submitTried = true; submitEntry("submit", "sheet", collectSheet()); });
  $("#submit-log").addEventListener("click", () => {
    const payload = importedDoc ? Object.assign({}, importedDoc, { moves: steps }) : steps;
    submitEntry("submit", "log", payload);
  });
  $("#add-step").addEventListener("click", () => addStep());
  $("#undo-step").addEventListener("click", undoStep);
  $("#import-button").addEventListener("click", importLog);
  $("#import-file").addEventListener("change", (e) => {
    const file = e.target.files[0];
    if (file) file.text().then((text) => { $("#import-text").value = text; });
  });
  $$(".confirm-player").forEach((b) => b.addEventListener("click", () => confirmFor(Number(b.dataset.registration))));
  const correctButton = $("#save-correction");
  if (correctButton) correctButton.addEventListener("click", () => {
    const reason = $("#correction-reason").value.trim();
    $("#correction-error").textContent = reason ? "" : T.reasonNeeded;
    if (!reason) return;
    submitTried = true;
    enqueue("correct", { payload: collectSheet(), base_version: baseVersion(), reason, idempotency_key: newKey() });
  });
  const staff = $("#confirm-staff");
  if (staff) staff.addEventListener("click", () => state.current && enqueue("confirm", { submission_id: state.current.id }));
  $("#move-type").addEventListener("change", () => renderMoveForm());
  renderTypes();
  $("#step-form").hidden = !types.length;
  $("#no-step-form").hidden = Boolean(types.length);
  window.addEventListener("online", () => { showPending(); flush(); preview(); });
  window.addEventListener("offline", showPending);
  setInterval(() => { if (readQueue().length) flush(); else refresh(); }, 5000);

  refreshPaths();
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
  refreshLegal();
})();
