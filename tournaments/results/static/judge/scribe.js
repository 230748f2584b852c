/* The scribe of the judge's table page: follows a game move by move, offering the
 * engine's legal next records as buttons. The server sends them with every step check
 * (report.choices: each record, its sentence and each field in words, all rendered by the
 * engine); one tap on a sentence adds that move. When there are many, the judge narrows
 * them first: the move type, then field by field (a ship, then a space), each a tap; a
 * single record left is added at once. Recorded chance and printed facts (a deal, a drawn
 * tile: the words' FACT_MOVES) are not guessed: their button opens the step form below.
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

    function button(text, data, onTap) {
      const b = el("button", "choice", text);
      b.type = "button";
      Object.keys(data).forEach((k) => { b.dataset[k] = data[k]; });
      b.addEventListener("click", onTap);
      box.appendChild(b);
      return b;
    }
    function pick(choice) {
      kind = null; filters = [];
      box.innerHTML = ""; path.innerHTML = "";  // until the engine answers the next step
      hooks.add(choice.move);
    }
    function remaining() {
      return choices.filter((c) => !isFact(c.move.type) && (!kind || c.move.type === kind) &&
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
      if (!kind && kinds.length > 1 && left.length > LIST_MAX) {
        kinds.forEach((t) => button(typeOf(t) ? typeOf(t).label : t, { type: t }, () => { kind = t; render(); }));
      } else if (left.length <= LIST_MAX) {
        left.forEach((c) => button(c.sentence, { move: JSON.stringify(c.move) }, () => pick(c)));
      } else {
        const form = typeOf(left[0].move.type);
        const names = (form ? form.fields.map((f) => f.name) : []).concat(Object.keys(left[0].move));
        const name = names.find((n) => new Set(left.map((c) => key(c.move, n))).size > 1);
        if (!name) { left.forEach((c) => button(c.sentence, { move: JSON.stringify(c.move) }, () => pick(c))); return; }
        const label = form && form.fields.find((f) => f.name === name);
        if (label) path.appendChild(el("span", "scribe-ask", " " + label.label));
        const seen = new Map();
        left.forEach((c) => { const k = key(c.move, name); if (!seen.has(k)) seen.set(k, c.fields[name] || "—"); });
        seen.forEach((text, value) => button(text, { field: name, value }, () => {
          filters.push({ name, value, text: (label ? label.label + " " : "") + text });
          const now = remaining();
          if (now.length === 1) pick(now[0]); else render();
        }));
      }
      // Chance and printed facts the engine cannot know: entered in the step form.
      facts.forEach((t) => button(T.scribeForm.replace("{step}", typeOf(t).label), { form: t }, () => hooks.openForm(t)));
    }
    function show(report) {
      choices = (report && report.choices) || [];
      kind = null; filters = [];
      render();
    }
    return { show };
  };
})();
