/* The café's screen (public/views/screen.py): reads the public API, moves between the
   round's seating, the standings and the organizer's announcement by itself, pages what
   does not fit, keeps the round clock counting, and reads again on every update of the
   event's live stream (polling when there is none). A file, not an inline script, so the
   Content-Security-Policy can forbid inline scripts; its words come from the page. */
(function () {
  "use strict";
  var root = document.getElementById("screen");
  var config = JSON.parse(document.getElementById(root.dataset.configId).textContent);
  var words = config.words, panel = document.getElementById("panel");
  var clockBox = document.getElementById("clock");
  var state = {event: null, seating: null, standings: null, names: {}, fetchedAt: 0};
  var pages = [], current = 0, streaming = false;

  function say(template, values) {
    return template.replace(/%\((\w+)\)s/g, function (_m, key) { return values[key]; });
  }
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function get(path) {
    // The API answers in the language asked for; the browser revalidates with the ETag.
    return fetch(path, {headers: {"Accept-Language": config.language}, cache: "no-cache"})
      .then(function (r) { return r.ok ? r.json() : null; });
  }
  function number(value) {
    if (value === null || value === undefined) return "–";
    var text = String(value);
    if (text.indexOf("/") > 0) {
      var parts = text.split("/");
      text = (Number(parts[0]) / Number(parts[1])).toFixed(2).replace(/\.?0+$/, "");
    }
    return text;
  }

  function load() {
    return get(config.event).then(function (event) {
      if (!event) return;
      state.event = event;
      var rounds = event.rounds || [];
      var live = rounds.filter(function (r) { return r.status === "published"; });
      var round = live.length ? live[live.length - 1] : rounds[rounds.length - 1];
      return Promise.all([
        round ? get(config.event + "rounds/" + round.number + "/seating/") : null,
        get(config.event + "standings/"),
        get(config.event + "players/"),
      ]).then(function (answers) {
        state.seating = answers[0];
        state.standings = answers[1];
        state.names = {};
        (answers[2] || []).forEach(function (p) { state.names[p.registration] = p.name; });
        state.fetchedAt = Date.now();
        build();
      });
    }).catch(function () {});
  }

  /* Each panel: a title and the nodes it shows; long ones are cut into pages that fit. */
  function seatingNodes() {
    var seating = state.seating;
    if (!seating) return [el("p", {}, words.no_round)];
    return seating.tables.map(function (table) {
      var card = el("li", {"class": "table", "data-table": table.number});
      var title = say(seating.is_final ? words.final_table : words.table, {number: table.number});
      card.appendChild(el("h3", {}, title + (table.result_released ? " · " + words.released : "")));
      var list = el("ol");
      table.seats.forEach(function (seat) {
        var item = el("li", {}, seat.name);
        if (seat.position === 1) item.appendChild(el("span", {"class": "start"}, " — " + words.start_player));
        list.appendChild(item);
      });
      card.appendChild(list);
      return card;
    });
  }
  function standingsRows() {
    var s = state.standings;
    if (!s || !s.rows || !s.rows.length) return [];
    var shown = (s.precedence || []).slice(0, 2);
    return s.rows.map(function (row) {
      var tr = el("tr", {"data-registration": row.registration});
      tr.appendChild(el("td", {"class": "n"}, row.rank));
      tr.appendChild(el("td", {}, state.names[row.registration] || "—"));
      shown.forEach(function (key) {
        tr.appendChild(el("td", {"class": "n"}, number(row.metrics[key])));
      });
      return tr;
    });
  }
  function standingsHead() {
    var s = state.standings, head = el("tr");
    head.appendChild(el("th", {}, words.rank));
    head.appendChild(el("th", {}, words.player));
    ((s && s.precedence) || []).slice(0, 2).forEach(function (key) {
      var m = config.metrics[key.split(":")[0]] || {short: key, label: key};
      head.appendChild(el("th", {title: m.label}, m.short));
    });
    return head;
  }

  /* Lays ``items`` out in the panel and cuts them where the panel's height ends. */
  function paginate(title, makeContainer, items) {
    panel.innerHTML = "";
    panel.appendChild(el("h2", {}, title));
    var box = makeContainer();
    panel.appendChild(box);
    var host = box.tagName === "TABLE" ? box.tBodies[0] : box;
    items.forEach(function (item) { host.appendChild(item); });
    var bottom = panel.getBoundingClientRect().bottom - 8, out = [], page = [];
    var top = null;
    items.forEach(function (item) {
      var rect = item.getBoundingClientRect();
      if (top === null) top = rect.top;
      if (page.length && rect.bottom - top > bottom - box.getBoundingClientRect().top) {
        out.push(page); page = []; top = rect.top;
      }
      page.push(item);
    });
    if (page.length || !out.length) out.push(page);
    return out.map(function (chunk, index) {
      return {title: title, make: makeContainer, items: chunk, page: index + 1, pages: out.length};
    });
  }

  function build() {
    var kind = pages[current] && pages[current].kind;
    var next = [];
    var round = state.seating;
    var seatingTitle = round ? say(words.round, {number: round.number}) + " · " + words.seating
                             : words.seating;
    paginate(seatingTitle, function () { return el("ul", {"class": "tables"}); }, seatingNodes())
      .forEach(function (p) { p.kind = "seating"; next.push(p); });
    var rows = standingsRows();
    if (rows.length) {
      var title = say(words.standings_after, {number: state.standings.after_round});
      paginate(title, function () {
        var table = el("table", {"class": "standings"});
        table.appendChild(el("thead")).appendChild(standingsHead());
        table.appendChild(el("tbody"));
        return table;
      }, rows).forEach(function (p) { p.kind = "standings"; next.push(p); });
    }
    var text = state.event && state.event.announcement;
    if (text) next.push({kind: "announcement", title: words.announcement, text: text, page: 1, pages: 1});
    pages = next;
    current = Math.max(0, pages.findIndex(function (p) { return p.kind === kind; }));
    show();
  }

  function show() {
    var p = pages[current];
    if (!p) return;
    panel.innerHTML = "";
    panel.dataset.panel = p.kind;
    panel.appendChild(el("h2", {}, p.title));
    if (p.kind === "announcement") {
      panel.appendChild(el("p", {id: "announcement-text"}, p.text));
    } else {
      var box = p.make();
      var host = box.tagName === "TABLE" ? box.tBodies[0] : box;
      p.items.forEach(function (item) { host.appendChild(item); });
      panel.appendChild(box);
    }
    document.getElementById("panel-name").textContent = p.title;
    document.getElementById("page-of").textContent =
      p.pages > 1 ? say(words.page, {page: p.page, pages: p.pages}) : "";
  }

  function tickClock() {
    var clock = state.seating && state.seating.clock;
    if (!clock) { clockBox.textContent = ""; return; }
    if (clock.state === "not_started") { clockBox.textContent = words.not_started; return; }
    var left = clock.remaining_seconds;
    if (!clock.paused && clock.state !== "time_up") {
      left = Math.max(0, left - (Date.now() - state.fetchedAt) / 1000);
    }
    var up = clock.state === "time_up" || left <= 0;
    clockBox.className = up ? "time_up" : "";
    var m = Math.floor(left / 60), s = Math.floor(left % 60);
    clockBox.innerHTML = "";
    clockBox.appendChild(el("span", {"class": "label"}, words.time_left));
    clockBox.appendChild(document.createTextNode(
      up ? words.time_up : m + ":" + (s < 10 ? "0" : "") + s + (clock.paused ? " " + words.paused : "")));
  }

  if (window.EventSource) {
    var source = new EventSource(config.stream);
    source.onopen = function () { streaming = true; };
    source.onerror = function () { streaming = false; };
    ["round.published", "round.closed", "table.released", "standings.updated",
     "clock.changed", "event.finished", "announcement", "reset"].forEach(function (kind) {
      source.addEventListener(kind, function () { load(); });
    });
  }
  var polls = 0;
  setInterval(function () { if (!streaming || ++polls % 4 === 0) load(); }, 15000);
  setInterval(function () {
    if (pages.length > 1) { current = (current + 1) % pages.length; show(); }
  }, config.seconds * 1000);
  setInterval(tickClock, 1000);
  load().then(tickClock);
})();
