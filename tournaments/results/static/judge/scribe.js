/* The scribe of the judge's table page: follows a game move by move, offering the
 * engine's legal next records as buttons. The server sends them with every step check
 * (report.choices: each record, its sentence and each field in words, all rendered by the
 * engine); one tap on a sentence adds that move. When there are many, the judge narrows
 * them first: the move type, then field by field (a ship, then a space), each a tap; a
 * single record left is added at once. Recorded chance and printed facts (a deal, a drawn
 * tile: the words' FACT_MOVES) come from a menu the engine makes up: where it has several
 * records (the squares and tiles a tile may be), the judge narrows them by the values seen
 * on the table, field by field; a lone made-up record (a whole deal) is never offered,
 * except where the rules fix it but for facts revealed later (form.ruleFilled: a Field of
 * Reeds deal is its packets, whose cards' facts come in "reveal" records, form.formOnly).
 * A record with revealed parts (form.revealed: a Terra Pyramides tile's symbols) is
 * narrowed by its legal parts only (the square, the stairs); the choice then opens the
 * step form with those filled in, for the judge to enter what the tile shows.
 * Their button opens the step form below, for what the menu does not hold.
 * table.js uses window.JudgeScribe. */
(function () {
  "use strict";

  const LIST_MAX = 8; // sentences shown at once; more are narrowed field by field first

  window.JudgeScribe = function (config, T, hooks) {
    const box = document.getElementById("scribe-choices");
    const path = document.getElementById("scribe-path");
    const panel = document.getElementById("scribe");
    const types = config.moveTypes;
    let choices = [];
    let kind = null;
    let filters = [];
    const el = (tag, cls, text) => {
      const e = document.createElement(tag);
      if (cls) e.className = cls;
      if (text !== undefined) e.textContent = text;
      return e;
    };
    const typeOf = (t) => types.find((x) => x.type === t);
    const isFact = (t) => Boolean(typeOf(t) && typeOf(t).facts);
    const key = (move, name) => (name in move ? JSON.stringify(move[name]) : "");
    /* A record without its revealed parts (form.revealed: "tile", "foundation.value"):
     * what the engine's rules decide, the rest being the table's to say. */
    function legalPart(move) {
      const form = typeOf(move.type);
      const out = Object.assign({}, move);
      ((form && form.revealed) || []).forEach((path) => {
        const [head, tail] = path.split(".");
        if (!tail) delete out[head];
        else if (out[head] && typeof out[head] === "object") { out[head] = Object.assign({}, out[head]); delete out[head][tail]; }
      });
      return out;
    }

    function button(text, data, onTap) {
      const b = el("button", "choice", text);
      b.type = "button";
      Object.keys(data).forEach((k) => { b.dataset[k] = data[k]; });
      b.addEventListener("click", onTap);
      box.appendChild(b);
      return b;
    }
    function pick(choice) {
      const form = typeOf(choice.move.type);
      if (form && form.revealed) {  // the placement is the engine's, the symbols the table's
        kind = null; filters = [];
        box.innerHTML = ""; path.innerHTML = "";
        hooks.openForm(choice.move.type, legalPart(choice.move));
        return;
      }
      const asks = ((form && form.asks) || []).filter((q) => q.answers.every((a) => Object.keys(a.set).every((k) => !(k in choice.move))));
      if (asks.length) { ask(choice, asks, 0); return; }
      kind = null; filters = [];
      box.innerHTML = ""; path.innerHTML = "";  // until the engine answers the next step
      hooks.add(choice.move);
    }
    /* Printed facts the edition does not hold (Nile Murals' ankh and area): one tap each. */
    function ask(choice, asks, i) {
      if (i >= asks.length) { pick({ move: choice.move, sentence: choice.sentence }); return; }
      box.innerHTML = "";
      path.innerHTML = "";
      const back = el("button", "choice back", T.scribeBack);
      back.type = "button";
      back.addEventListener("click", () => { filters = []; kind = null; render(); });
      path.appendChild(back);
      path.appendChild(el("span", "", " " + choice.sentence + " · " + asks[i].label));
      asks[i].answers.forEach((a) => button(a.label, { answer: JSON.stringify(a.set) }, () => {
        ask({ move: Object.assign({}, choice.move, a.set), sentence: choice.sentence }, asks, i + 1);
      }));
    }
    function offered(c) {
      const form = typeOf(c.move.type);
      if (form && form.formOnly) return false;  // facts only the table shows: the form
      if (form && (form.ruleFilled || form.revealed)) return true;  // what the rules fix
      return !isFact(c.move.type) || choices.filter((x) => x.move.type === c.move.type).length > 1;
    }
    function remaining() {
      return choices.filter((c) => offered(c) && (!kind || c.move.type === kind) &&
        filters.every((f) => key(c.move, f.name) === f.value));
    }
    function render() {
      box.innerHTML = "";
      path.innerHTML = "";
      const left = remaining();
      const facts = Array.from(new Set(choices.map((c) => c.move.type).filter(isFact)));
      panel.hidden = !left.length && !facts.length;
      if (kind || filters.length) {
        const back = el("button", "choice back", T.scribeBack);
        back.type = "button";
        back.addEventListener("click", () => { if (filters.length) filters.pop(); else kind = null; render(); });
        path.appendChild(back);
        const said = [kind ? typeOf(kind).label : ""].concat(filters.map((f) => f.text)).filter(Boolean);
        path.appendChild(el("span", "", " " + said.join(" · ")));
      }
      const kinds = Array.from(new Set(left.map((c) => c.move.type)));
      const many = kinds.filter((t) => left.filter((c) => c.move.type === t).length > 1);
      if (!kind && kinds.length > 1 && left.length > LIST_MAX && many.length > 1) {
        kinds.forEach((t) => button(typeOf(t) ? typeOf(t).label : t, { type: t }, () => { kind = t; render(); }));
      } else if (!kind && kinds.length > 1 && left.length > LIST_MAX) {
        // One move type with many records beside single ones (place a card, or stop):
        // the single ones as sentences, the other narrowed at once (no type tap).
        left.filter((c) => c.move.type !== many[0]).forEach((c) => button(c.sentence, { move: JSON.stringify(c.move) }, () => pick(c)));
        kind = many[0];
        const rest = remaining();
        kind = null;
        narrow(rest, true);
      } else if (left.length <= LIST_MAX) {
        left.forEach((c) => button(c.sentence, { move: JSON.stringify(c.move) }, () => pick(c)));
      } else {
        narrow(left, false);
      }
      // Chance and printed facts the engine cannot know: entered in the step form.
      facts.forEach((t) => button(T.scribeForm.replace("{step}", typeOf(t).label), { form: t }, () => hooks.openForm(t)));
    }
    /* Buttons for the values of the first field that differs among ``left``; a tap keeps
     * the records with that value (and, with ``typed``, of that move type). */
    function narrow(left, typed) {
      if (left.length <= LIST_MAX) { left.forEach((c) => button(c.sentence, { move: JSON.stringify(c.move) }, () => pick(c))); return; }
      const form = typeOf(left[0].move.type);
      const hidden = (form && form.revealed) || [];  // never narrowed by a made-up value
      const names = (form ? form.fields.map((f) => f.name) : []).concat(Object.keys(left[0].move)).filter((n) => !hidden.includes(n));
      const name = names.find((n) => new Set(left.map((c) => key(c.move, n))).size > 1);
      if (!name) { left.forEach((c) => button(c.sentence, { move: JSON.stringify(c.move) }, () => pick(c))); return; }
      const label = form && form.fields.find((f) => f.name === name);
      if (label) path.appendChild(el("span", "scribe-ask", " " + label.label));
      const seen = new Map();
      left.forEach((c) => { const k = key(c.move, name); if (!seen.has(k)) seen.set(k, c.fields[name] || "—"); });
      seen.forEach((text, value) => button(text, { field: name, value }, () => {
        if (typed) kind = left[0].move.type;
        filters.push({ name, value, text: (label ? label.label + " " : "") + text });
        const now = remaining();
        if (now.length === 1) pick(now[0]); else render();
      }));
    }
    function show(report) {
      choices = (report && report.choices) || [];
      // One choice per legal placement: records that differ only in revealed parts (the
      // engine's stand-in tile symbols) are the same choice.
      const seen = new Set();
      choices = choices.filter((c) => {
        const form = typeOf(c.move.type);
        if (!form || !form.revealed) return true;
        const k = JSON.stringify(legalPart(c.move));
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      });
      kind = null; filters = [];
      render();
    }
    return { show };
  };
})();
