/* The move-log step form of the judge's table page: one small form per move type, drawn
 * from the node tree the engine sends (engine.step_forms, config.moveTypes) and read back
 * into the engine's record. The sentence a step reads as comes from the server (the
 * engine's move_sentences, in the log check's answer), never from here. Nested records (lists of spaces,
 * one row per player, squares, colour -> count) are rows of pickers and steppers, never
 * JSON. Each node can find the place of an error by the record's path, so a refused step
 * shows its problem beside the field it concerns. table.js uses window.JudgeStepForm. */
(function () {
  "use strict";

  window.JudgeStepForm = function (config, T) {
    let count = 0;
    const el = (tag, cls, text) => {
      const e = document.createElement(tag);
      if (cls) e.className = cls;
      if (text !== undefined) e.textContent = text;
      return e;
    };
    const seatName = (i) => (config.seats[i] ? config.seats[i].name : String(i + 1));
    const rowTitle = (f, i) => (f.perSeat ? seatName(i) : f.itemLabel + " " + (i + 1));

    /* ---- building the controls ---- */
    function slot() { const p = el("p", "error"); p.setAttribute("aria-live", "polite"); return p; }
    function stepper(input) {
      const box = el("span", "stepper");
      [-1, 1].forEach((delta) => {
        const b = el("button", "step", delta < 0 ? "−" : "+");
        b.type = "button";
        b.dataset.step = String(delta);
        b.setAttribute("aria-label", (delta < 0 ? T.less : T.more) + " " + input.dataset.label);
        b.addEventListener("click", () => {
          const low = input.min === "" ? -Infinity : Number(input.min);
          const high = input.max === "" ? Infinity : Number(input.max);
          const now = input.value === "" ? (delta > 0 ? low - 1 : low + 1) : Number(input.value);
          const next = Math.min(high, Math.max(low === -Infinity ? 0 : low, now + delta));
          input.value = String(Number.isFinite(next) ? next : 0);
        });
        if (delta < 0) box.appendChild(b);
        else { box.appendChild(input); box.appendChild(b); }
      });
      return box;
    }
    function control(f, allowed) {
      let input;
      const choices = () => {
        if (f.kind === "seat") return config.seats.map((s) => [s.name, s.name]);
        if (f.kind === "seatNumber") return config.seats.map((s, i) => [String(i + f.base), s.name]);
        if (f.kind === "select") return f.choices;
        return Array.from(allowed).sort((x, y) => (Number(x) - Number(y)) || (x < y ? -1 : 1)).map((v) => [v, v]);
      };
      const picked = ["seat", "seatNumber", "select"].includes(f.kind) || (["int", "text"].includes(f.kind) && allowed && allowed.size);
      if (picked) {
        input = el("select");
        if (f.kind === "seat") input.add(new Option(T.toMove, ""));
        else if (!f.required || !allowed || allowed.size !== 1) input.add(new Option("—", ""));
        // The acting player's name is never narrowed: naming the wrong one is a rule error.
        choices().filter((c) => f.kind === "seat" || !allowed || !allowed.size || allowed.has(c[0])).forEach((c) => input.add(new Option(c[1], c[0])));
      } else if (f.kind === "bool") {
        input = el("input"); input.type = "checkbox";
      } else {
        input = el("input");
        input.type = f.kind === "int" ? "number" : "text";
        input.autocomplete = "off";
        if (f.kind === "int" || f.kind === "ints") input.inputMode = "numeric";
        if (f.min !== undefined && f.min !== null) input.min = f.min;
        if (f.max !== undefined && f.max !== null) input.max = f.max;
      }
      input.dataset.kind = picked && f.kind !== "seatNumber" && f.kind !== "seat" ? "select" : f.kind;
      if (f.oneBased) input.dataset.oneBased = "1";
      return input;
    }
    function readScalar(input) {
      const kind = input.dataset.kind;
      if (kind === "bool") return input.checked ? true : undefined;
      if (input.value === "") return undefined;
      if (kind === "ints") return input.value.split(/[\s,、，]+/).filter(Boolean).map((p) => Number(p) - (input.dataset.oneBased ? 1 : 0));
      if (kind === "int" || kind === "seatNumber" || (kind === "select" && /^-?\d+$/.test(input.value))) return Number(input.value);
      return input.value;
    }
    function scalar(f, label, allowed, top) {
      const box = el("div", f.kind === "bool" ? "field toggle" : "field");
      const input = control(f, allowed);
      input.id = "move-f-" + (++count);
      input.dataset.label = label;
      if (top) input.dataset.name = f.name;
      const text = el("label", "", label);
      text.htmlFor = input.id;
      if (f.kind === "bool") { text.textContent = ""; text.appendChild(input); text.appendChild(document.createTextNode(" " + label)); box.appendChild(text); }
      else { box.appendChild(text); box.appendChild(input.tagName === "INPUT" && input.type === "number" ? stepper(input) : input); }
      const error = slot();
      box.appendChild(error);
      const fill = (v) => {
        if (v === undefined || v === null) return;
        if (input.type === "checkbox") input.checked = Boolean(v);
        else input.value = String(Array.isArray(v) ? v.map((x) => x + (input.dataset.oneBased ? 1 : 0)).join(", ") : v);
      };
      return { el: box, read: () => readScalar(input), find: () => error, fill };
    }
    function group(label) {
      const box = el("fieldset", "group");
      box.appendChild(el("legend", "", label));
      return box;
    }
    function square(f, label) {
      const box = group(label);
      const row = scalar({ name: "row", kind: "int", min: 1 }, T.row, null);
      const column = scalar({ name: "column", kind: "int", min: 1 }, T.column, null);
      const error = slot();
      [row.el, column.el, error].forEach((e) => box.appendChild(e));
      return {
        el: box, find: () => error,
        fill: (v) => { if (Array.isArray(v)) { row.fill(v[0] + 1); column.fill(v[1] + 1); } },
        read: () => {
          const r = row.read(), c = column.read();
          if (r === undefined && c === undefined) return undefined;
          return [r === undefined ? null : r - 1, c === undefined ? null : c - 1];
        },
      };
    }
    function object(f, label) {
      const box = group(label);
      const nodes = f.parts.map((p) => [p.name, node(p, p.label)]);
      nodes.forEach(([, n]) => box.appendChild(n.el));
      const error = slot();
      box.appendChild(error);
      return {
        el: box,
        read: () => {
          const out = {};
          nodes.forEach(([name, n]) => { const v = n.read(); if (v !== undefined) out[name] = v; });
          // A required list inside reads as [] even when nothing was entered; a part the
          // judge left untouched (a card's optional printed facts) is not sent at all:
          // the engine refuses {attribute: []} (issue 28, trap 7).
          // A list said to be empty ("none") was entered, though it reads as [].
          const entered = Object.values(out).some((v) => !(Array.isArray(v) && !v.length)) ||
            nodes.some(([, n]) => n.explicit && n.explicit());
          return entered ? out : undefined;
        },
        find: (path) => { const hit = nodes.find(([name]) => name === path[0]); return hit ? hit[1].find(path.slice(1)) : error; },
        fill: (v) => { if (v && typeof v === "object") nodes.forEach(([name, n]) => n.fill && n.fill(v[name])); },
      };
    }
    /* Rows that can be added and removed (or a fixed number: one per player, four ramps). */
    function rows(f, label, makeRow, fixed, initial) {
      const box = group(label);
      box.classList.add("list");
      const list = el("div", "rows");
      const error = slot();
      const entries = [];
      const add = el("button", "add-row", T.addItem.replace("{item}", f.itemLabel));
      add.type = "button";
      function relabel() {
        entries.forEach((entry, i) => entry.title(rowTitle(f, i)));
        add.hidden = fixed || (f.max !== null && f.max !== undefined && entries.length >= f.max);
      }
      function addRow() {
        const entry = makeRow(rowTitle(f, entries.length));
        const line = el("div", "row");
        line.appendChild(entry.el);
        if (!fixed) {
          const remove = el("button", "remove-row", "×");
          remove.type = "button";
          remove.addEventListener("click", () => {
            entries.splice(entries.indexOf(entry), 1);
            line.remove();
            relabel();
          });
          entry.remove = remove;
          line.appendChild(remove);
        }
        list.appendChild(line);
        entries.push(entry);
        relabel();
      }
      add.addEventListener("click", addRow);
      for (let i = 0; i < initial; i++) addRow();
      [list, fixed ? null : add, error].forEach((e) => e && box.appendChild(e));
      relabel();
      return { entries, error, el: box };
    }
    function titled(n, title) {
      // The row's own label or legend carries its title ("Space 2", a player's name).
      n.title = (text) => {
        const legend = n.el.querySelector(":scope > legend, :scope > label");
        if (legend) {
          if (legend.tagName === "LABEL" && legend.querySelector("input")) legend.lastChild.textContent = " " + text;
          else legend.textContent = text;
        }
        if (n.remove) n.remove.setAttribute("aria-label", T.removeItem.replace("{item}", text));
      };
      n.title(title);
      return n;
    }
    /* A list the record may leave null (not recorded) says which an empty one is: the
     * judge chooses "unknown" (null, the default) or "none" ([]: a card printed without
     * weather effects); adding a row makes it "as listed". */
    function known(f, r) {
      const box = el("div", "field list-known");
      const select = el("select");
      select.id = "move-f-" + (++count);
      select.dataset.kind = "known";
      [["", T.listUnknown], ["none", T.listNone], ["listed", T.listAsEntered]].forEach(([v, text]) => select.add(new Option(text, v)));
      const text = el("label", "", f.label);
      text.htmlFor = select.id;
      box.appendChild(text);
      box.appendChild(select);
      select.addEventListener("change", () => {
        if (select.value !== "none") return;
        r.entries.splice(0).forEach((e) => e.el.parentElement.remove());
        const add = r.el.querySelector(":scope > .add-row");
        if (add) add.hidden = false;
      });
      r.el.querySelector(":scope > .add-row").addEventListener("click", () => { select.value = "listed"; });
      r.el.insertBefore(box, r.el.querySelector(":scope > .rows"));
      return select;
    }
    function list(f, label) {
      const fixed = f.perSeat || (f.min > 0 && f.min === f.max);
      const initial = f.perSeat ? config.seats.length : f.min || 0;
      const r = rows(f, label, (title) => titled(node(f.item, title), title), fixed, initial);
      const state = f.nullable && !fixed ? known(f, r) : null;
      return {
        el: r.el,
        explicit: () => Boolean(state && state.value),
        read: () => {
          const values = r.entries.map((e) => e.read());
          if (fixed) return values.every((v) => v === undefined) && !f.required ? undefined : values.map((v) => (v === undefined ? null : v));
          const kept = values.filter((v) => v !== undefined);
          if (state && state.value === "none") return [];
          if (state && state.value === "listed") return kept;
          return kept.length || f.required ? kept : undefined;
        },
        find: (path) => { const hit = r.entries[Number(path[0])]; return hit ? hit.find(path.slice(1)) : r.error; },
        fill: (v) => {
          if (!Array.isArray(v)) return;
          const add = r.el.querySelector(":scope > .add-row");
          while (r.entries.length < v.length && add && !fixed) add.click();
          v.forEach((item, i) => { if (r.entries[i] && r.entries[i].fill) r.entries[i].fill(item); });
        },
      };
    }
    function map(f, label) {
      const makeRow = (title) => {
        const box = group(title);
        const key = node(f.key, f.key.label);
        const value = node(f.value, f.value.label);
        box.appendChild(key.el);
        box.appendChild(value.el);
        return titled({ el: box, key, read: () => [key.read(), value.read()], find: (path) => value.find(path) }, title);
      };
      const r = rows({ ...f, itemLabel: f.key.label }, label, makeRow, false, 0);
      return {
        el: r.el,
        read: () => {
          const out = {};
          r.entries.forEach((e) => { const [k, v] = e.read(); if (k !== undefined) out[k] = v === undefined ? null : v; });
          return Object.keys(out).length || f.required ? out : undefined;
        },
        find: (path) => { const hit = r.entries.find((e) => String(e.key.read()) === path[0]); return hit ? hit.find(path.slice(1)) : r.error; },
      };
    }
    function objects(f, label) {  // Imhotep's Chisel: a fixed number of spots
      return list({ ...f, item: { kind: "object", parts: f.parts, label: f.label }, min: f.count, max: f.count, itemLabel: f.label }, label);
    }
    const builders = { square, object, objects, list, map };
    function node(f, label, allowed, top) {
      const n = (builders[f.kind] || scalar)(f, label, allowed, top);
      n.el.dataset.field = f.name;
      return n;
    }

    /* A move type's form in box; options: the engine's next legal records of this type;
     * preset: values already chosen (the scribe's legal placement of a tile whose symbols
     * the judge enters here). */
    function render(box, t, options, preset) {
      box.innerHTML = "";
      const nodes = t.fields.map((f) => {
        const values = options.map((m) => m[f.name]).filter((v) => v !== undefined && v !== null && typeof v !== "object");
        const allowed = !t.facts && options.length ? new Set(values.map(String)) : null;
        const n = node(f, f.label, allowed, true);
        box.appendChild(n.el);
        if (preset && f.name in preset && n.fill) n.fill(preset[f.name]);
        return [f, n];
      });
      function read() {
        const move = { type: t.type };
        nodes.forEach(([f, n]) => { const v = n.read(); if (v !== undefined) move[f.name] = v; });
        return move;
      }
      /* Where a problem goes: the field its path names, else the field whose value the
       * rule's message is about (the card that may not be taken), else null (the form's). */
      function place(v, move) {
        if (v.path) {
          const path = v.path.replace(/^\$(\.moves)?\[\d+\]\.?/, "").split(/[.[\]]+/).filter(Boolean);
          const hit = nodes.find(([f]) => f.name === path[0]);
          if (hit) return hit[1].find(path.slice(1));
        }
        const params = v.params || {};
        const same = (a, b) => {
          if (a === undefined || a === null || b === undefined || b === null) return false;
          return typeof a === "object" ? JSON.stringify(a) === JSON.stringify(b) : String(a) === String(b);
        };
        // The acting player is named by most rules; the field they concern comes first.
        const actor = (f) => f.kind === "seat" || f.kind === "seatNumber";
        const order = nodes.filter(([f]) => !actor(f)).concat(nodes.filter(([f]) => actor(f)));
        let hit = order.find(([f]) => same(move[f.name], params[f.name]));
        if (!hit) hit = order.find(([f]) => Object.values(params).some((p) => same(move[f.name], p)));
        return hit ? hit[1].find([]) : null;
      }
      return { read, place };
    }

    return { render };
  };
})();
