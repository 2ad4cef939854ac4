// Lunar's inspector page (/devtools): one WebSocket to /lunar/devtools/ws, whose messages
// (docs/devtools.md) fill four panels. Hand-written, no build step; it only shows what the
// runtime reports and sends back what the user asks.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  let socket = null;
  let retryDelay = 250;
  let nextEval = 1;
  let selectedNode = null;     // what the details pane shows: "5" (node 5) or "5/0" (the first component that rendered it)
  const requests = new Map();  // id -> entry
  let selectedRequest = null;
  let busy = false;            // the server has no room for this page: do not reconnect

  function el(tag, attrs, ...children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") e.className = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children) if (c !== null && c !== undefined) e.append(c);
    return e;
  }

  // ---- Connection -------------------------------------------------------------------
  function connect() {
    socket = new WebSocket("ws://" + location.host + "/lunar/devtools/ws");
    socket.onopen = () => { retryDelay = 250; status("Connected"); document.documentElement.dataset.devtools = "connected"; };
    socket.onmessage = (event) => {
      let m;
      try { m = JSON.parse(event.data); } catch (e) { return; }
      handle(m);
    };
    socket.onclose = () => {
      document.documentElement.dataset.devtools = "disconnected";
      if (busy) return;
      status("Disconnected; reconnecting…");
      setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 2000);
    };
  }
  function send(m) { if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(m)); }
  function status(text) { $("dt-status").textContent = text; }

  function handle(m) {
    switch (m.t) {
      case "targets": showTargets(m); break;
      case "tree": showTree(m); break;
      case "net": netEntry(m.entry); break;
      case "log": logLine(m); break;
      case "eval": evalResult(m); break;
      case "state": showState(m); break;
      case "vm": showViewModel(m); break;
      case "route": showRoute(m); break;
      case "refused": logLine({ level: "warn", text: "the app refused a request: " + m.reason }); break;
      case "busy": busy = true; status(m.message); break;
      default: break;
    }
  }

  // ---- Tabs -------------------------------------------------------------------------
  for (const tab of document.querySelectorAll("[role=tab]")) {
    tab.addEventListener("click", () => {
      for (const other of document.querySelectorAll("[role=tab]")) {
        const on = other === tab;
        other.setAttribute("aria-selected", on ? "true" : "false");
        $(other.getAttribute("aria-controls")).hidden = !on;
      }
      if (tab.id === "tab-state") send({ t: "state" });
      if (tab.id === "tab-elements") send({ t: "tree" });
    });
  }

  // ---- Apps (targets) ---------------------------------------------------------------
  function showTargets(m) {
    const select = $("dt-target");
    select.replaceChildren(...m.targets.map((t) => el("option", { value: t.id, selected: t.id === m.selected }, t.label)));
    select.disabled = m.targets.length < 2;
    if (m.selected === null) status("No app to inspect: open the app first");
    else status("Inspecting " + (m.targets.find((t) => t.id === m.selected) || {}).label);
    document.documentElement.dataset.target = m.selected === null ? "" : String(m.selected);
  }
  $("dt-target").addEventListener("change", (e) => send({ t: "select", target: Number(e.target.value) }));

  // ---- Elements ---------------------------------------------------------------------
  function showTree(m) {
    $("dt-stack").replaceChildren(
      el("span", { class: "dt-dim" }, "Stack"),
      ...m.stack.map((s) => el("span", { class: "dt-crumb" + (s.s === m.screen ? " dt-current" : "") },
        (s.title || s.module) + (s.modal ? " (modal)" : ""))));
    const tree = $("dt-tree");
    tree.replaceChildren();
    if (!m.root) { tree.append(el("p", { class: "dt-empty" }, "The screen is empty.")); return; }
    tree.append(treeNode(m.root, m.screen, 0));
    const [n, owner] = selectedNode === null ? [] : selectedNode.split("/").map(Number);
    const still = selectedNode !== null && find(m.root, n);
    if (still && owner !== undefined && (still.components || [])[owner]) showComponent(still, owner, m.screen);
    else showNode(still && owner === undefined ? still : null, m.screen);
  }
  function find(node, id) {
    if (node.n === id) return node;
    for (const c of node.children) { const f = find(c, id); if (f) return f; }
    return null;
  }
  function label(node) {
    const p = node.props;
    const bits = [];
    if (p.id) bits.push("#" + p.id);
    const text = p.text ?? p.title ?? p.placeholder ?? p.label;
    if (text !== undefined) bits.push(JSON.stringify(String(text).length > 40 ? String(text).slice(0, 40) + "…" : String(text)));
    return bits.join(" ");
  }
  // One row of the tree: `key` is what selecting it shows (see selectedNode); hovering outlines node `n`.
  function treeRow(key, n, screen, depth, extraClass, content, show) {
    const on = key === selectedNode;
    const row = el("div", { class: "dt-node" + extraClass + (on ? " dt-selected" : ""), role: "treeitem",
      "aria-level": depth + 1, "aria-selected": on ? "true" : "false", "data-n": n, tabindex: "-1",
      style: "padding-left:" + (8 + depth * 14) + "px" }, ...content);
    row.addEventListener("mouseenter", () => send({ t: "highlight", s: screen, n }));
    row.addEventListener("click", () => {
      selectedNode = key;
      for (const r of document.querySelectorAll(".dt-node.dt-selected")) { r.classList.remove("dt-selected"); r.setAttribute("aria-selected", "false"); }
      row.classList.add("dt-selected");
      row.setAttribute("aria-selected", "true");
      show();
    });
    return el("div", { role: "group" }, row);
  }
  // A node, and above it each component whose output it is (outermost first): `<Card>` wraps what it rendered.
  function treeNode(node, screen, depth) {
    const owners = node.components || [];
    let outer = null, inner = null;
    owners.forEach((c, i) => {
      const group = treeRow(node.n + "/" + i, node.n, screen, depth + i, " dt-component",
        [el("span", { class: "dt-kind" }, "<" + c.name + ">")], () => showComponent(node, i, screen));
      if (inner) inner.append(group); else outer = group;
      inner = group;
    });
    const own = depth + owners.length;
    const group = treeRow(String(node.n), node.n, screen, own, "",
      [el("span", { class: "dt-kind" }, node.kind), " ", el("span", { class: "dt-label" }, label(node))], () => showNode(node, screen));
    for (const c of node.children) group.append(treeNode(c, screen, own + 1));
    if (!inner) return group;
    inner.append(group);
    return outer;
  }
  $("dt-tree").addEventListener("mouseleave", () => send({ t: "highlight" }));

  function kvTable(name, object) {
    const keys = Object.keys(object).sort();
    if (!keys.length) return el("p", { class: "dt-dim" }, "No " + name.toLowerCase() + ".");
    return el("table", { class: "dt-table dt-kv", "aria-label": name },
      el("tbody", null, ...keys.map((k) => el("tr", null, el("th", null, k),
        el("td", null, typeof object[k] === "string" ? object[k] : JSON.stringify(object[k]))))));
  }
  // A component's props or state: rows { name, kind, value } as the view-model's (a signal's current value).
  function rowsTable(name, rows) {
    if (!rows.length) return el("p", { class: "dt-dim" }, "No " + name.toLowerCase() + ".");
    return el("table", { class: "dt-table dt-kv", "aria-label": name },
      el("tbody", null, ...rows.map((r) => el("tr", { "data-name": r.name }, el("th", null, r.name),
        el("td", null, r.value, ["signal", "command", "stream"].includes(r.kind) ? el("span", { class: "dt-dim" }, " (" + r.kind + ")") : null)))));
  }
  function showComponent(node, index, screen) {
    const c = node.components[index];
    $("dt-node").replaceChildren(
      el("h2", null, "<" + c.name + ">", " ", el("span", { class: "dt-dim" }, "component · renders n" + node.n + " " + node.kind + " · screen " + screen)),
      el("h3", null, "Props"), rowsTable("Props", c.props),
      el("h3", null, "State"), rowsTable("State", c.state));
  }
  function showNode(node, screen) {
    const pane = $("dt-node");
    if (!node) { pane.replaceChildren(el("p", { class: "dt-empty" }, "Select an element.")); return; }
    const [x, y, w, h] = node.frame;
    pane.replaceChildren(
      el("h2", null, node.kind, " ", el("span", { class: "dt-dim" }, "n" + node.n + " · screen " + screen)),
      el("h3", null, "Frame"), el("p", { class: "dt-mono", "aria-label": "Frame" }, "x " + x + "  y " + y + "  " + w + " × " + h),
      el("h3", null, "Props"), kvTable("Props", node.props),
      el("h3", null, "Style"), kvTable("Style", node.style),
      el("h3", null, "Events"), el("p", { class: "dt-mono" }, node.events.length ? node.events.join(", ") : "none"));
  }

  // ---- Network ----------------------------------------------------------------------
  function netEntry(entry) {
    const old = requests.get(entry.id) || {};
    requests.set(entry.id, Object.assign(old, entry));
    renderRequests();
    if (selectedRequest === entry.id) showRequest(requests.get(entry.id));
  }
  function renderRequests() {
    const filter = $("dt-net-filter").value.toLowerCase();
    const rows = [];
    for (const r of requests.values()) {
      if (filter && !(r.method + " " + r.url + " " + (r.status ?? "") + " " + r.state).toLowerCase().includes(filter)) continue;
      const tr = el("tr", { class: "dt-req dt-" + r.state + (r.id === selectedRequest ? " dt-selected" : ""), "data-id": r.id },
        el("td", null, r.method), el("td", { class: "dt-url" }, r.url),
        el("td", null, r.status !== undefined ? String(r.status) : r.state === "pending" ? "…" : r.state),
        el("td", null, r.ms !== undefined ? r.ms + " ms" : ""), el("td", null, r.cache ? "hit" : ""));
      tr.addEventListener("click", () => { selectedRequest = r.id; renderRequests(); showRequest(r); });
      rows.push(tr);
    }
    $("dt-net-rows").replaceChildren(...rows);
  }
  function block(title, text) {
    return [el("h3", null, title), el("pre", { class: "dt-pre", "aria-label": title }, text)];
  }
  function showRequest(r) {
    const parts = [el("h2", null, r.method + " " + r.url),
      el("p", { class: "dt-mono" }, "state " + r.state + (r.status !== undefined ? " · status " + r.status : "") +
        (r.ms !== undefined ? " · " + r.ms + " ms" : "") + (r.cache ? " · from the cache" : ""))];
    if (r.error) parts.push(...block("Error", r.error));
    parts.push(el("h3", null, "Request headers"), kvTable("Request headers", r.requestHeaders || {}));
    if (r.requestBody !== undefined) parts.push(...block("Request body", r.requestBody));
    if (r.responseHeaders) parts.push(el("h3", null, "Response headers"), kvTable("Response headers", r.responseHeaders));
    if (r.responseBody !== undefined) parts.push(...block("Response body", r.responseBody));
    if (r.value !== undefined) parts.push(...block("Reformed result", r.value));
    $("dt-net-detail").replaceChildren(...parts);
  }
  $("dt-net-filter").addEventListener("input", renderRequests);
  $("dt-net-clear").addEventListener("click", () => {
    requests.clear(); selectedRequest = null; renderRequests();
    $("dt-net-detail").replaceChildren(el("p", { class: "dt-empty" }, "Select a request."));
  });

  // ---- Console ----------------------------------------------------------------------
  function logLine(m) {
    const log = $("dt-log");
    const row = el("div", { class: "dt-line dt-" + m.level },
      el("span", { class: "dt-level" }, m.level),
      el("span", { class: "dt-text" }, m.text),
      m.source ? el("span", { class: "dt-source" }, m.source) : null);
    if (m.stack && m.stack.length) {
      row.append(el("details", { class: "dt-stackframes" }, el("summary", null, "stack"),
        ...m.stack.map((f) => el("div", { class: f.includes(".lua:") ? "dt-user" : "dt-dim" }, f))));
    }
    const atBottom = log.scrollTop + log.clientHeight >= log.scrollHeight - 4;
    log.append(row);
    if (atBottom) log.scrollTop = log.scrollHeight;
  }
  function evalResult(m) {
    if (!m.ok) { logLine({ level: "error", text: m.error }); return; }
    const row = el("div", { class: "dt-line dt-result" }, el("span", { class: "dt-level" }, "‹"),
      el("span", { class: "dt-text", "data-type": m.type }, m.value));
    if (m.children && m.children.length) {
      row.append(el("div", { class: "dt-children" }, ...m.children.map((c) => el("div", null, c.name + " = " + c.value))));
    }
    $("dt-log").append(row);
    $("dt-log").scrollTop = $("dt-log").scrollHeight;
  }
  $("dt-eval-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const input = $("dt-eval");
    const code = input.value.trim();
    if (!code) return;
    $("dt-log").append(el("div", { class: "dt-line dt-input" }, el("span", { class: "dt-level" }, "›"), el("span", { class: "dt-text" }, code)));
    send({ t: "eval", id: nextEval++, code });
    input.value = "";
  });
  $("dt-log-clear").addEventListener("click", () => $("dt-log").replaceChildren());

  // ---- State ------------------------------------------------------------------------
  function showState(m) {
    $("dt-routes").replaceChildren(...(m.routes || []).map((r) => el("tr", null,
      el("td", { class: "dt-mono" }, (r.scheme ? r.scheme + "://" : "") + r.pattern), el("td", null, r.module || ""), el("td", null, String(r.priority)))));
    $("dt-interceptors").replaceChildren(...(m.interceptors || []).map((i) => el("li", { class: "dt-mono" }, i)));
    showStorage(m.storage || {});
    showViewModel(m.viewModel || { rows: [] });
  }
  function showViewModel(m) {
    $("dt-vm-screen").textContent = m.screen ? "(" + m.screen + ")" : "";
    $("dt-vm").replaceChildren(...m.rows.map((r) => el("tr", { "data-name": r.name },
      el("td", { class: "dt-mono" }, r.name), el("td", null, r.kind), el("td", { class: "dt-mono" }, r.value))));
  }
  function showStorage(s) {
    $("dt-storage-error").textContent = s.error || "";
    $("dt-storage").replaceChildren(...(s.items || []).map((item) => {
      const input = el("input", { value: item.value, "aria-label": "Value of " + item.key });
      const save = () => send({ t: "storage.set", key: item.key, value: input.value });
      input.addEventListener("keydown", (e) => { if (e.key === "Enter") save(); });
      return el("tr", null, el("td", { class: "dt-mono" }, item.key), el("td", null, input),
        el("td", null, el("button", { type: "button", onclick: save }, "Save"), " ",
          el("button", { type: "button", onclick: () => send({ t: "storage.remove", key: item.key }) }, "Delete")));
    }));
  }
  $("dt-storage-form").addEventListener("submit", (e) => {
    e.preventDefault();
    if (!$("dt-storage-key").value) return;
    send({ t: "storage.set", key: $("dt-storage-key").value, value: $("dt-storage-value").value });
    $("dt-storage-key").value = ""; $("dt-storage-value").value = "";
  });
  function showRoute(m) {
    const out = $("dt-route-result");
    if (!m.match) { out.replaceChildren(el("p", { class: "dt-error" }, "No route matches " + m.url)); return; }
    out.replaceChildren(el("p", null, "Matches ", el("code", null, m.match.pattern), m.match.module ? " → " + m.match.module : ""),
      kvTable("Parameters", m.match.params));
  }
  $("dt-route-form").addEventListener("submit", (e) => { e.preventDefault(); send({ t: "route", url: $("dt-route-url").value }); });

  connect();
})();
