// The arbiter's dashboard: renders what `giganten event` streams (Server-Sent Events).
// Plain JS, no libraries: the laptop at a club has no internet. Text from the tables is
// only ever set with textContent, never parsed as HTML.
"use strict";

// What tests and bench/event.py read over the DevTools protocol: when each feed entry was
// rendered, which seqs the page has per table, and how many entries arrived twice (the
// server drops duplicates; this counts any that would have been shown twice).
window.giganten = { rendered: {}, seen: {}, doubled: 0, cards: {}, snapshots: 0 };

const state = { cards: {}, feeds: {}, elements: {} };

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

function clockText(seconds) {
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  return (m >= 60 ? Math.floor(m / 60) + ":" + String(m % 60).padStart(2, "0") : String(m))
    + ":" + String(s % 60).padStart(2, "0");
}

function tickClocks() {
  for (const clock of document.querySelectorAll(".clock.running")) {
    const left = parseFloat(clock.dataset.left) - (Date.now() - parseFloat(clock.dataset.since)) / 1000;
    clock.textContent = clockText(left);
  }
}
setInterval(tickClocks, 1000);

function squareIndex(name, files) {
  const m = /^([a-z])(\d+)$/.exec(name);
  if (!m) return -1;
  return (parseInt(m[2], 10) - 1) * files + (m[1].charCodeAt(0) - 97);
}

function buildCard(table) {
  const card = el("div", "card");
  card.dataset.table = table;
  const title = el("h3");
  title.append(el("span", "name", "Table " + table), el("span", "meta"));
  const parts = {
    card, title, meta: title.lastChild, players: el("div", "players"), grid: el("div", "grid"),
    lastTurn: el("div", "last-turn"), alerts: el("ul", "alerts"), feed: el("ul", "feed"),
    result: el("div", "result"), cells: [], size: "",
  };
  card.append(title, parts.players, parts.grid, parts.result, parts.lastTurn, parts.alerts,
              parts.feed);
  return parts;
}

function cardFor(table) {
  let parts = state.elements[table];
  if (!parts) {
    parts = state.elements[table] = buildCard(table);
    const container = document.getElementById("tables");
    const after = Object.keys(state.elements).sort().filter((t) => t > table)[0];
    container.insertBefore(parts.card, after ? state.elements[after].card : null);
  }
  return parts;
}

function drawBoard(parts, board) {
  if (!board) { parts.grid.hidden = true; return; }
  parts.grid.hidden = false;
  const size = board.files + "x" + board.ranks;
  if (parts.size !== size) {
    parts.grid.replaceChildren();
    parts.grid.style.gridTemplateColumns = "repeat(" + board.files + ", 1fr)";
    parts.cells = [];
    // Rank 1 at the bottom, as the board is drawn in the rules.
    for (let r = board.ranks - 1; r >= 0; r--) {
      for (let f = 0; f < board.files; f++) {
        const cell = el("div", "cell");
        cell.dataset.square = String.fromCharCode(97 + f) + (r + 1);
        parts.cells[r * board.files + f] = cell;
        parts.grid.append(cell);
      }
    }
    parts.size = size;
  }
  const swamp = new Set(board.swamp);
  const figures = {};
  for (const fig of board.figures) figures[fig.square] = fig;
  for (const cell of parts.cells) {
    const sq = cell.dataset.square;
    const want = (swamp.has(sq) ? "cell swamp" : "cell");
    if (cell.className !== want) cell.className = want;
    const fig = figures[sq];
    const key = fig ? fig.owner + "/" + (fig.kind || "") : "";
    if (cell.dataset.fig === key) continue;
    cell.dataset.fig = key;
    cell.replaceChildren();
    if (fig) {
      const owner = (fig.owner === "yellow" || fig.owner === "orange") ? fig.owner : "other";
      const tok = el("div", "tok " + owner, fig.kind || "");
      tok.dataset.owner = fig.owner;
      if (fig.kind) tok.dataset.kind = fig.kind;
      cell.append(tok);
    }
  }
}

// Cards are drawn once per frame, each with its newest state: when messages come faster
// than the page can draw (50 tables on a slow laptop), the work stays one card per table.
const pending = new Map();
let scheduled = false;

function queueCard(card) {
  pending.set(card.table, card);
  if (scheduled) return;
  scheduled = true;
  // requestAnimationFrame does not run in a hidden tab; the timer draws there too.
  const timer = setTimeout(flushCards, 100);
  requestAnimationFrame(() => { clearTimeout(timer); flushCards(); });
}

function flushCards() {
  if (!scheduled) return;
  scheduled = false;
  const cards = [...pending.values()];
  pending.clear();
  for (const card of cards) renderCard(card);
  renderSummary();
}

function renderCard(card) {
  state.cards[card.table] = card;
  window.giganten.cards[card.table] = card.status_seq;
  const parts = cardFor(card.table);
  const bits = [];
  if (card.round) bits.push("round " + card.round);
  if (card.phase) bits.push(card.phase);
  if (card.phase === "play") bits.push("turn " + (card.ply + 1));
  if (card.online === false) bits.push("offline");
  parts.meta.textContent = bits.join(" · ");
  parts.players.replaceChildren();
  for (const p of card.players) {
    const chip = el("span", "player" + (p.colour === card.to_move && card.phase === "play"
                                        ? " to-move" : ""), p.name);
    chip.dataset.player = p.colour;
    // A table without a time control publishes no clocks: the page says so.
    const left = card.clocks ? card.clocks[p.colour] : undefined;
    const clock = el("span", "clock", left === undefined ? "no clock" : clockText(left));
    clock.dataset.clock = p.colour;
    if (left !== undefined && card.clocks_running === p.colour) {
      // The running clock counts down on the page until the table's next status.
      clock.dataset.left = String(left);
      clock.dataset.since = String(Date.now());
      clock.classList.add("running");
    }
    chip.append(clock);
    parts.players.append(chip);
  }
  drawBoard(parts, card.board);
  parts.lastTurn.textContent = card.last_turn ? "Last turn: " + card.last_turn : "";
  parts.result.textContent = card.result
    ? (card.result.winner ? "Won by " + card.result.winner : "Draw")
      + (card.result.reason ? " (" + card.result.reason + ")" : "")
      + (card.result_verified ? "" : " (not verified: not counted)") : "";
  const alertsKey = JSON.stringify([card.alerts, card.table_alerts]);
  if (parts.alertsKey === alertsKey) return;  // most updates: a turn, no new alert
  parts.alertsKey = alertsKey;
  parts.alerts.replaceChildren();
  for (const a of card.alerts) {
    const item = el("li", "alert " + a.kind, a.text);
    item.dataset.kind = a.kind;
    parts.alerts.append(item);
  }
  for (const text of card.table_alerts) parts.alerts.append(el("li", "alert table", text));
  parts.card.classList.toggle("alerting",
    card.alerts.some((a) => a.kind === "silent" || a.kind === "offline"));
  renderAlerts();
}

function addFeed(entry, again) {
  const seen = window.giganten.seen[entry.table] || (window.giganten.seen[entry.table] = {});
  if (seen[entry.seq]) {
    if (!again) window.giganten.doubled += 1;  // a snapshot after a reconnect repeats them
    return;
  }
  seen[entry.seq] = true;
  const parts = cardFor(entry.table);
  // A heartbeat only says the table is alive (the silent alert is built on it): not a line.
  if (entry.type !== "heartbeat") showEntry(parts, entry);
  // [when it was rendered, when the table committed it (its clock), its type]: the
  // latency of bench/event.py, measured in the page.
  window.giganten.rendered[entry.table + "/" + entry.seq] = [Date.now(), entry.time, entry.type];
}

function showEntry(parts, entry) {
  const item = el("li", "entry " + entry.type, entry.text);
  item.dataset.seq = entry.seq;
  // Newest first; after a reconnect an older seq may come after a newer one.
  let before = parts.feed.firstElementChild;
  while (before && Number(before.dataset.seq) > entry.seq) before = before.nextElementSibling;
  parts.feed.insertBefore(item, before);
  while (parts.feed.childElementCount > 50) parts.feed.lastChild.remove();
}

function renderAlerts() {
  const list = document.getElementById("alerts");
  const all = [];
  for (const card of Object.values(state.cards)) {
    for (const a of card.alerts) all.push([a.since, card.table, a]);
  }
  all.sort((x, y) => y[0] - x[0]);
  list.replaceChildren();
  if (!all.length) list.append(el("li", "none", "No alerts"));
  for (const [, table, a] of all.slice(0, 100)) {
    const item = el("li", "alert " + a.kind, "Table " + table + ": " + a.text);
    item.dataset.kind = a.kind;
    item.dataset.table = table;
    list.append(item);
  }
}

function renderSummary() {
  const cards = Object.values(state.cards);
  document.getElementById("summary").textContent = cards.length + " tables, "
    + cards.filter((c) => c.phase === "over").length + " finished";
}

function renderResults(data) {
  const rows = document.querySelector("#standings tbody");
  rows.replaceChildren();
  data.standings.forEach((s, i) => {
    const tr = el("tr");
    for (const v of [i + 1, s.name, s.points, s.played, s.won, s.drawn, s.lost]) {
      tr.append(el("td", "", String(v)));
    }
    rows.append(tr);
  });
  const games = document.querySelector("#results tbody");
  games.replaceChildren();
  for (const g of data.results) {
    const tr = el("tr");
    for (const v of [g.table, g.round, g.players.map((p) => p.name).join(" – "),
                     g.winner ? g.winner + " wins" : "draw", g.reason]) {
      tr.append(el("td", "", v));
    }
    games.append(tr);
  }
}

function renderBroker(b) {
  const node = document.getElementById("broker");
  node.textContent = (b.connected ? "broker: " : "broker DOWN: ") + b.text;
  node.className = "broker " + (b.connected ? "up" : "down");
}

function connect() {
  const source = new EventSource("/events");
  source.addEventListener("snapshot", (e) => {
    const snap = JSON.parse(e.data);
    window.giganten.snapshots += 1;
    document.getElementById("event").textContent = snap.event;
    renderBroker(snap.broker);
    for (const card of snap.cards) renderCard(card);
    renderSummary();
    for (const entries of Object.values(snap.feeds)) for (const f of entries) addFeed(f, true);
    renderResults(snap);
  });
  source.addEventListener("card", (e) => queueCard(JSON.parse(e.data).card));
  source.addEventListener("feed", (e) => addFeed(JSON.parse(e.data).entry));
  source.addEventListener("results", (e) => renderResults(JSON.parse(e.data)));
  source.addEventListener("broker", (e) => renderBroker(JSON.parse(e.data)));
  source.onerror = () => renderBroker({ connected: false, text: "the dashboard program is not"
    + " answering (is giganten event still running?)" });
}

connect();
