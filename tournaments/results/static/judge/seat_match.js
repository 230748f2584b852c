/* Matching an imported move log's players to the seated players (issue 28): a log
 * written elsewhere names its players its own way ("Aiko"); before it is loaded, the judge
 * says who each of them is at this table (one picker per name, the same name or else the
 * same seat chosen first). The log then names the seated players in every record ("by",
 * "player"). Any order is allowed: the log keeps its own order (the turn order played,
 * start player first) with the seated players' names, and the server puts each player's
 * line of the outcome back at their seat.
 * table.js uses window.JudgeSeatMatch. */
(function () {
  "use strict";

  const NAME_FIELDS = ["by", "player"];

  window.JudgeSeatMatch = function (config, T) {
    const panel = document.getElementById("seat-match");
    const rows = document.getElementById("seat-match-rows");
    const error = document.getElementById("seat-match-error");
    const seated = config.seats.map((s) => s.name);
    let pending = null;

    function needed(doc) {
      const players = doc && !Array.isArray(doc) && doc.players;
      return Array.isArray(players) && players.some((name, i) => name !== seated[i]);
    }
    function ask(doc, done) {
      pending = { doc, done };
      rows.innerHTML = "";
      error.textContent = "";
      doc.players.forEach((name, i) => {
        const box = document.createElement("div");
        box.className = "field";
        const label = document.createElement("label");
        label.textContent = T.seatOf.replace("{name}", String(name));
        const select = document.createElement("select");
        select.id = "seat-match-" + i;
        select.dataset.player = String(i);
        label.htmlFor = select.id;
        seated.forEach((seat, j) => select.add(new Option(seat, String(j))));
        const same = seated.indexOf(String(name));
        select.value = String(same >= 0 ? same : Math.min(i, seated.length - 1));
        box.appendChild(label);
        box.appendChild(select);
        rows.appendChild(box);
      });
      panel.hidden = false;
      panel.scrollIntoView({ block: "start" });
    }
    function confirm() {
      if (!pending) return;
      const chosen = Array.from(rows.querySelectorAll("select")).map((s) => Number(s.value));
      if (new Set(chosen).size !== chosen.length || chosen.length !== seated.length) {
        error.textContent = T.seatTwice;
        return;
      }
      const renamed = {};
      pending.doc.players.forEach((name, i) => { renamed[name] = seated[chosen[i]]; });
      const rename = (move) => {
        if (!move || typeof move !== "object" || Array.isArray(move)) return move;
        const out = Object.assign({}, move);
        NAME_FIELDS.forEach((k) => { if (typeof out[k] === "string" && out[k] in renamed) out[k] = renamed[out[k]]; });
        return out;
      };
      const doc = Object.assign({}, pending.doc, {
        players: pending.doc.players.map((name) => renamed[name]),
        moves: (pending.doc.moves || []).map(rename),
      });
      const done = pending.done;
      pending = null;
      panel.hidden = true;
      done(doc);
    }
    document.getElementById("seat-match-ok").addEventListener("click", confirm);
    return { needed, ask };
  };
})();
