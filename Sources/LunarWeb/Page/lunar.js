// Lunar's web renderer, the page side: one WebSocket to the server, whose messages
// (docs/web.md) build the screens in the DOM, and the user's input sent back as events.
// Hand-written, no build step. The server keeps the app; this page only mirrors it.
"use strict";
(function () {
  const app = document.getElementById("lunar-app");

  // ---- State of one connection -------------------------------------------------------
  let socket = null;
  let screens = new Map();   // screen id -> {id, el, bar, back, heading, content, error, modal, title, path}
  let stacks = [];           // [[screen id]]: the root stack, then one per presented modal
  let nodes = new Map();     // "s:n" -> {el, kind, props, events, screen, id}
  let alerts = [];           // open alerts, the first shown
  let firstShown = true;     // the first screen replaces the history entry the page was opened at
  let ignorePops = 0;        // history moves this page made itself
  let browserBacks = 0;      // backs the browser asked for that the server has not yet done
  let retryDelay = 250;
  const pings = new Map();   // ping id -> resolve
  let nextPing = 1;
  let busy = false;

  const key = (s, n) => s + ":" + n;
  // The browser's colour scheme: the app's ui.appearance, reported on connect and on each change.
  const darkScheme = window.matchMedia("(prefers-color-scheme: dark)");
  const scheme = () => (darkScheme.matches ? "dark" : "light");
  darkScheme.addEventListener("change", () => send({ t: "appearance", v: scheme() }));
  // The viewport: the app's ui.window, reported on connect and once a frame while it resizes.
  function sendWindow() {
    const font = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    send({ t: "window", w: innerWidth, h: innerHeight, scale: devicePixelRatio || 1, fontScale: font / 16 });
  }
  let windowQueued = false;
  addEventListener("resize", () => {
    if (windowQueued) return;
    windowQueued = true;
    requestAnimationFrame(() => { windowQueued = false; sendWindow(); });
  });
  // A transparent pixel: what an Image shows until its file arrives (see the Image element).
  const NO_IMAGE = "data:image/gif;base64,R0lGODlhAQABAIAAAAAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==";

  // ---- The connection ---------------------------------------------------------------
  function connect() {
    const params = new URLSearchParams(location.search);
    params.delete("token");
    const query = params.toString();
    const path = location.pathname + (query ? "?" + query : "");
    socket = new WebSocket("ws://" + location.host + "/lunar/ws?path=" + encodeURIComponent(path));
    socket.onopen = () => {
      retryDelay = 250;
      reset();
      setBanner(null);
      send({ t: "appearance", v: scheme() });
      sendWindow();
      document.documentElement.dataset.lunar = "connected";
    };
    socket.onmessage = (event) => {
      let message;
      try { message = JSON.parse(event.data); } catch (e) { console.warn("lunar: not JSON", event.data); return; }
      handle(message);
    };
    socket.onclose = () => {
      document.documentElement.dataset.lunar = "disconnected";
      if (busy) return;
      setBanner("Disconnected from the app; reconnecting…");
      setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, 2000);
    };
  }

  function send(message) {
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }

  function reset() {
    screens = new Map();
    stacks = [];
    nodes = new Map();
    alerts = [];
    firstShown = true;
    browserBacks = 0;
    app.replaceChildren();
  }

  function setBanner(text) {
    let banner = document.querySelector(".lunar-banner");
    if (!text) { if (banner) banner.remove(); return; }
    if (!banner) {
      banner = document.createElement("div");
      banner.className = "lunar-banner";
      banner.setAttribute("role", "status");
      document.body.append(banner);
    }
    banner.textContent = text;
  }

  // ---- Messages from the server -----------------------------------------------------
  function handle(m) {
    switch (m.t) {
      case "push": show(m, false); break;
      case "present": show(m, true); break;
      case "pop": close(m.s, false); break;
      case "dismiss": close(m.s, true); break;
      case "title": setTitle(m.s, m.title); break;
      case "m": {
        const lists = new Set();
        const autoFocused = [];
        for (const mutation of m.m) mutate(m.s, mutation, lists, autoFocused);
        for (const node of lists) padList(node);
        // A field made with autoFocus takes focus once it is on the page (the last such one).
        const focused = autoFocused.filter((node) => node.el.isConnected).pop();
        if (focused) focused.el.focus();
        break;
      }
      case "focus": focusNode(m.s, m.n); break;
      case "error": showError(m); break;
      case "noerror": hideError(m.s); break;
      case "scrollTo": scrollNode(m); break;
      case "hud": showHUD(m.text); break;
      case "nohud": hideHUD(); break;
      case "toast": showToast(m.text); break;
      case "alert": alerts.push(m); renderAlert(); break;
      case "noalert": alerts = alerts.filter((a) => a.id !== m.id); renderAlert(); break;
      case "refused": console.warn("lunar: the server refused a message: " + m.reason); break;
      case "notice": console.info("lunar: " + m.text); break;
      case "highlight": highlight(m.s, m.n); break;
      case "pong": { const resolve = pings.get(m.id); pings.delete(m.id); if (resolve) resolve(); break; }
      case "busy":
        busy = true;
        app.replaceChildren(paragraph(m.message, "lunar-connecting"));
        break;
      default: console.warn("lunar: unknown message", m);
    }
  }

  function paragraph(text, className) {
    const p = document.createElement("p");
    p.className = className;
    p.textContent = text;
    return p;
  }

  // ---- Screens and navigation -------------------------------------------------------
  function screen(id) {
    let s = screens.get(id);
    if (s) return s;
    const el = document.createElement("section");
    el.className = "lunar-screen";
    el.dataset.screen = id;
    const bar = document.createElement("header");
    bar.className = "lunar-bar";
    const back = document.createElement("button");
    back.className = "lunar-back";
    back.type = "button";
    back.textContent = "‹ Back";
    back.hidden = true;
    back.addEventListener("click", () => send({ t: "back", s: id }));
    const heading = document.createElement("h1");
    const end = document.createElement("span");
    end.className = "lunar-bar-end";
    bar.append(back, heading, end);
    const content = document.createElement("main");
    content.className = "lunar-content";
    el.append(bar, content);
    s = { id, el, bar, back, heading, content, error: null, modal: false, title: null, path: null };
    screens.set(id, s);
    return s;
  }

  function show(m, modal) {
    const s = screen(m.s);
    s.modal = modal;
    s.path = m.path;
    if (modal || stacks.length === 0) {
      const stackEl = document.createElement("div");
      stackEl.className = "lunar-stack" + (modal ? " lunar-sheet" : "");
      if (modal) {
        stackEl.setAttribute("role", "dialog");
        stackEl.setAttribute("aria-modal", "true");
      }
      app.append(stackEl);
      stacks.push([m.s]);
      stackEl.append(s.el);
    } else {
      stacks[stacks.length - 1].push(m.s);
      stackElement(stacks.length - 1).append(s.el);
    }
    setTitle(m.s, m.title);
    const url = m.path || location.pathname;
    if (firstShown) {
      history.replaceState({ lunar: true }, "", url);
      firstShown = false;
    } else {
      history.pushState({ lunar: true }, "", url);
    }
    layoutStacks();
    // A field made with autoFocus takes focus as its screen comes on the page (a browser honours
    // the autofocus attribute once per document).
    const autoFocused = s.el.querySelectorAll(".l-TextField[autofocus]");
    if (autoFocused.length > 0) autoFocused[autoFocused.length - 1].focus();
  }

  function stackElement(index) {
    return app.querySelectorAll(":scope > .lunar-stack")[index];
  }

  function close(id, modal) {
    let removed = [];
    if (modal) {
      const index = stacks.findIndex((stack) => stack[0] === id);
      if (index < 0) return;
      for (let i = stacks.length - 1; i >= index; i--) {
        removed = removed.concat(stacks[i]);
        stackElement(i).remove();
      }
      stacks.splice(index);
    } else {
      const stack = stacks[stacks.length - 1];
      if (!stack || stack[stack.length - 1] !== id) return;
      stack.pop();
      removed = [id];
      if (stack.length === 0) { stackElement(stacks.length - 1).remove(); stacks.pop(); }
    }
    for (const sid of removed) forgetScreen(sid);
    // Keep the browser's history in step: a back the browser asked for already moved it.
    let moves = removed.length;
    while (moves > 0 && browserBacks > 0) { browserBacks--; moves--; }
    if (moves > 0) { ignorePops++; history.go(-moves); }
    layoutStacks();
  }

  function forgetScreen(sid) {
    const s = screens.get(sid);
    if (s) s.el.remove();
    screens.delete(sid);
    for (const [k, node] of nodes) if (node.screen === sid) nodes.delete(k);
  }

  // Only the top screen of each stack shows; stacks under the top one are inert.
  function layoutStacks() {
    stacks.forEach((stack, i) => {
      const top = i === stacks.length - 1;
      const stackEl = stackElement(i);
      if (stackEl) stackEl.inert = !top;
      stack.forEach((sid, j) => {
        const s = screens.get(sid);
        s.el.hidden = j !== stack.length - 1;
        s.back.hidden = !(j > 0 || i > 0);
        s.back.textContent = j === 0 && i > 0 ? "Close" : "‹ Back";
      });
    });
    const visible = visibleScreen();
    if (visible !== null) {
      const s = screens.get(visible);
      document.title = s.title || "Lunar";
    }
  }

  function visibleScreen() {
    const stack = stacks[stacks.length - 1];
    return stack ? stack[stack.length - 1] : null;
  }

  function setTitle(id, title) {
    const s = screen(id);
    s.title = title;
    s.heading.textContent = title || "";
    if (visibleScreen() === id) document.title = title || "Lunar";
  }

  window.addEventListener("popstate", () => {
    if (ignorePops > 0) { ignorePops--; return; }
    const visible = visibleScreen();
    if (visible === null || stacks.length === 0) return;
    if (stacks.length === 1 && stacks[0].length === 1) return;
    browserBacks++;
    send({ t: "back", s: visible });
  });

  // ---- Error overlay ----------------------------------------------------------------
  function showError(m) {
    const s = screen(m.s);
    if (s.error) s.error.remove();
    const el = document.createElement("div");
    el.className = "lunar-error";
    el.setAttribute("role", "alert");
    const h = document.createElement("h2");
    h.textContent = "Script error";
    el.append(h, paragraph(m.message, "lunar-message"));
    if (m.location) el.append(paragraph(m.location, "lunar-location"));
    if (m.frame && m.frame.length) {
      const pre = document.createElement("pre");
      const width = String(m.frame[m.frame.length - 1][0]).length;
      for (const [number, text] of m.frame) {
        const line = document.createElement("div");
        const mark = number === m.line ? ">" : " ";
        line.textContent = mark + " " + String(number).padStart(width) + " | " + text;
        if (number === m.line) line.className = "lunar-marked";
        pre.append(line);
      }
      el.append(pre);
    }
    s.error = el;
    s.content.hidden = true;
    s.el.append(el);
  }

  function hideError(id) {
    const s = screens.get(id);
    if (!s || !s.error) return;
    s.error.remove();
    s.error = null;
    s.content.hidden = false;
  }

  // ---- Overlays -----------------------------------------------------------------------
  function showHUD(text) {
    hideHUD();
    const el = document.createElement("div");
    el.className = "lunar-hud";
    el.setAttribute("role", "status");
    el.setAttribute("aria-live", "polite");
    const box = document.createElement("div");
    const spinner = document.createElement("div");
    spinner.className = "l l-ActivityIndicator";
    spinner.setAttribute("role", "progressbar");
    spinner.setAttribute("aria-label", text || "Loading");
    box.append(spinner);
    if (text) box.append(paragraph(text, "lunar-hud-text"));
    el.append(box);
    document.body.append(el);
  }

  function hideHUD() {
    const el = document.querySelector(".lunar-hud");
    if (el) el.remove();
  }

  function showToast(text) {
    let area = document.querySelector(".lunar-toasts");
    if (!area) {
      area = document.createElement("div");
      area.className = "lunar-toasts";
      area.setAttribute("role", "status");
      area.setAttribute("aria-live", "polite");
      document.body.append(area);
    }
    const toast = paragraph(text, "lunar-toast");
    area.append(toast);
    setTimeout(() => toast.remove(), 3000);
  }

  function renderAlert() {
    const old = document.querySelector(".lunar-alert-backdrop");
    if (old) old.remove();
    const alert = alerts[0];
    if (!alert) { layoutStacks(); return; }
    const backdrop = document.createElement("div");
    backdrop.className = "lunar-alert-backdrop";
    const box = document.createElement("div");
    box.className = "lunar-alert";
    box.setAttribute("role", "alertdialog");
    box.setAttribute("aria-modal", "true");
    const heading = document.createElement("h2");
    heading.id = "lunar-alert-title-" + alert.id;
    heading.textContent = alert.title;
    box.setAttribute("aria-labelledby", heading.id);
    box.append(heading);
    if (alert.message) box.append(paragraph(alert.message, "lunar-alert-message"));
    const buttons = document.createElement("div");
    buttons.className = "lunar-buttons";
    alert.buttons.forEach(([title, role], index) => {
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = title;
      button.className = "lunar-" + role;
      button.addEventListener("click", () => chooseAlertButton(alert.id, index));
      buttons.append(button);
    });
    box.append(buttons);
    backdrop.append(box);
    document.body.append(backdrop);
    for (const stackEl of app.querySelectorAll(":scope > .lunar-stack")) stackEl.inert = true;
    (buttons.querySelector(".lunar-default") || buttons.querySelector("button")).focus();
  }

  function chooseAlertButton(id, index) {
    alerts = alerts.filter((a) => a.id !== id);
    send({ t: "alert", id: id, i: index });
    renderAlert();
  }

  // ---- Keyboard: Escape goes back or cancels an alert ---------------------------------
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Escape") return;
    const alert = alerts[0];
    if (alert) {
      const cancel = alert.buttons.findIndex(([, role]) => role === "cancel");
      if (cancel >= 0) chooseAlertButton(alert.id, cancel);
      return;
    }
    const visible = visibleScreen();
    if (visible === null) return;
    if (stacks.length > 1 || stacks[0].length > 1) send({ t: "back", s: visible });
  });

  // ---- Elements -----------------------------------------------------------------------
  const tags = {
    Column: "div", Row: "div", View: "div", List: "div", ScrollView: "div", Pressable: "div",
    Text: "span", TextField: "input", Button: "button", Image: "img", Spacer: "div", Divider: "hr",
    Switch: "input", ActivityIndicator: "div",
  };
  // React Native's accessibilityRole values that differ from ARIA's.
  const roles = { header: "heading", image: "img", adjustable: "slider", text: "note", summary: "region", none: "presentation", imagebutton: "button", togglebutton: "button" };

  function makeElement(s, n, kind, props) {
    // A multiline TextField is a <textarea>, chosen when it is made (as UIKit's UITextView).
    const multiline = kind === "TextField" && props.multiline === true;
    const el = document.createElement(multiline ? "textarea" : tags[kind] || "div");
    el.className = "l l-" + kind;
    el.dataset.n = n;
    switch (kind) {
      case "Button":
        el.type = "button";
        el.addEventListener("click", (event) => { if (report(s, n, "press")) event.preventDefault(); });
        break;
      case "Pressable": {
        el.setAttribute("role", "button");
        el.tabIndex = 0;
        // A press held half a second is a longPress (when declared), and the click after it is not a press.
        let hold = null;
        let held = false;
        const release = () => { clearTimeout(hold); hold = null; };
        // pressIn/pressOut (when declared: a style that is a function of the pressed state)
        // frame a touch or a key held down; the runtime restyles the element.
        let down = false;
        const pressOut = () => { if (down) { down = false; report(s, n, "pressOut"); } };
        el.addEventListener("pointerdown", () => {
          held = false;
          release();
          if (!down) down = report(s, n, "pressIn");
          const node = nodes.get(key(s, n));
          if (!node || !node.events.includes("longPress")) return;
          hold = setTimeout(() => { hold = null; held = true; report(s, n, "longPress"); }, 500);
        });
        for (const name of ["pointerup", "pointerleave", "pointercancel"]) el.addEventListener(name, () => { release(); pressOut(); });
        el.addEventListener("contextmenu", (event) => { if (held) event.preventDefault(); });
        el.addEventListener("click", (event) => {
          if (held) { held = false; event.preventDefault(); return; }
          if (report(s, n, "press")) event.preventDefault();
        });
        // A key press is a keydown and a keyup on this element itself: a key that went down
        // elsewhere (before Tab moved the focus here) or in a field inside it presses nothing.
        let keyDown = false;
        el.addEventListener("keydown", (event) => {
          if (event.target !== el || (event.key !== "Enter" && event.key !== " ")) return;
          event.preventDefault();
          keyDown = true;
          if (!event.repeat && !down) down = report(s, n, "pressIn");
        });
        el.addEventListener("keyup", (event) => {
          if (event.target !== el || (event.key !== "Enter" && event.key !== " ")) return;
          event.preventDefault();
          pressOut();
          if (keyDown) { keyDown = false; report(s, n, "press"); }
        });
        el.addEventListener("blur", () => { keyDown = false; pressOut(); });
        break;
      }
      case "TextField":
        if (!multiline) el.type = "text";
        el.addEventListener("input", () => report(s, n, "change", el.value));
        // Enter submits a one-line field; in a text area it starts a line.
        el.addEventListener("keydown", (event) => {
          if (event.key === "Enter" && !multiline) { event.preventDefault(); report(s, n, "submit", el.value); }
        });
        break;
      case "Switch":
        el.type = "checkbox";
        el.setAttribute("role", "switch");
        el.addEventListener("change", () => report(s, n, "change", el.checked));
        break;
      case "ActivityIndicator":
        el.setAttribute("role", "progressbar");
        el.setAttribute("aria-label", "Loading");
        break;
      case "Image":
        // Until the runtime hands out its file: a blank box in the image's own background, where
        // an img with no source would show the browser's broken-image icon; alt still names it.
        el.src = NO_IMAGE;
        el.classList.add("l-missing");
        break;
      case "Spacer":
        el.setAttribute("aria-hidden", "true");
        break;
      case "ScrollView":
      case "List": {
        // A scroll container (React Native's FlatList is a scroll view): it reports its visible
        // extent along its axis when laid out and resized, and its offset at most once a frame.
        const horizontal = () => { const node = nodes.get(key(s, n)); return !!node && node.props.horizontal === true; };
        let pending = false;
        el.addEventListener("scroll", () => {
          if (pending) return;
          pending = true;
          requestAnimationFrame(() => { pending = false; report(s, n, "scroll", horizontal() ? el.scrollLeft : el.scrollTop); });
        });
        let extent = null;
        new ResizeObserver(() => {
          if (!el.isConnected || el.getClientRects().length === 0) return;   // hidden: no extent to report
          const now = horizontal() ? el.clientWidth : el.clientHeight;
          if (now === extent) return;
          extent = now;
          report(s, n, "viewport", now);
        }).observe(el);
        break;
      }
      case "Text": case "Row": case "Column": case "View":
        // Pressable when it declares press (a list row): the innermost such element takes the press.
        el.addEventListener("click", (event) => {
          if (event.defaultPrevented) return;
          if (report(s, n, "press")) event.preventDefault();
        });
        el.addEventListener("keydown", (event) => {
          if (event.target !== el || (event.key !== "Enter" && event.key !== " ")) return;
          if (report(s, n, "press")) event.preventDefault();
        });
        break;
    }
    return el;
  }

  // The runtime's ui.scrollTo: scroll the element; its scroll listener reports where it went.
  function scrollNode(m) {
    const node = nodes.get(key(m.s, m.n));
    if (!node) return;
    const el = node.el;
    const horizontal = node.props.horizontal === true;
    const end = horizontal ? el.scrollWidth - el.clientWidth : el.scrollHeight - el.clientHeight;
    const to = m.y === "end" ? end : Math.min(Math.max(0, m.y), end);
    el.scrollTo({ [horizontal ? "left" : "top"]: to, behavior: m.animated ? "smooth" : "auto" });
  }

  // The element events the page reports, each with the field its value travels in besides s
  // and n (docs/web.md, "Page to server"; WireProtocolTableTests holds this to PageMessageKind).
  const eventValueFields = {
    press: null, longPress: null, pressIn: null, pressOut: null, change: "v", submit: "v", scroll: "y", viewport: "y",
  };

  function report(s, n, event, value) {
    const node = nodes.get(key(s, n));
    if (!node || !node.events.includes(event) || node.props.disabled === true) return false;
    const field = eventValueFields[event];
    send(field ? { t: event, s, n, [field]: value } : { t: event, s, n });
    return true;
  }

  function applyProps(node, props, removed) {
    for (const name of removed || []) {
      delete node.props[name];
      setProp(node, name, undefined);
    }
    for (const name of Object.keys(props)) {
      node.props[name] = props[name];
      setProp(node, name, props[name]);
    }
  }

  function setProp(node, name, value) {
    const el = node.el;
    const absent = value === undefined || value === null;
    switch (name) {
      case "style":
        el.style.cssText = absent ? "" : value;
        // What the page keeps in the element's own style survives a new style.
        if (node.kind === "List") padList(node);
        for (const kept of ["size", "resizeMode"]) if (node.props[kept] !== undefined) setProp(node, kept, node.props[kept]);
        return;
      case "id": if (absent) delete el.dataset.id; else el.dataset.id = value; return;
      case "text": if (node.kind === "Text") el.textContent = absent ? "" : value; return;
      case "title": if (node.kind === "Button") el.textContent = absent ? "" : value; return;
      case "placeholder": el.placeholder = absent ? "" : value; return;
      case "value":
        if (node.kind === "TextField") { const text = absent ? "" : String(value); if (el.value !== text) el.value = text; }
        else if (node.kind === "Switch") el.checked = value === true;
        return;
      case "animating": if (node.kind === "ActivityIndicator") el.hidden = value === false; return;
      case "size":
        if (node.kind === "ActivityIndicator") {
          const points = typeof value === "number" ? value : value === "large" ? 36 : 20;
          el.style.setProperty("--lunar-size", points + "px");
        }
        return;
      case "resizeMode":
        if (node.kind === "Image") el.style.objectFit = ({ contain: "contain", stretch: "fill", center: "none" })[value] || "cover";
        return;
      case "horizontal": el.classList.toggle("l-horizontal", value === true); return;
      case "secure": case "keyboardType": if (node.kind === "TextField") setFieldType(node); return;
      case "numberOfLines": if (el.tagName === "TEXTAREA") { if (absent) el.removeAttribute("rows"); else el.rows = value; } return;
      case "autoFocus": if (node.kind === "TextField") el.autofocus = value === true; return;
      case "autoCapitalize": if (node.kind === "TextField") { if (absent) el.removeAttribute("autocapitalize"); else el.setAttribute("autocapitalize", value); } return;
      case "autoCorrect":
        if (node.kind !== "TextField") return;
        if (absent) { el.removeAttribute("autocorrect"); el.removeAttribute("spellcheck"); return; }
        el.setAttribute("autocorrect", value === true ? "on" : "off");
        el.spellcheck = value === true;
        return;
      case "returnKeyType":
        if (node.kind !== "TextField") return;
        if (absent || value === "default") el.removeAttribute("enterkeyhint"); else el.setAttribute("enterkeyhint", value);
        return;
      case "maxLength": if (absent) el.removeAttribute("maxlength"); else el.maxLength = value; return;
      case "disabled":
        if ("disabled" in el) el.disabled = value === true;
        if (value === true) el.setAttribute("aria-disabled", "true"); else el.removeAttribute("aria-disabled");
        return;
      case "alt": if (node.kind === "Image") { el.alt = absent ? "" : value; } return;
      case "imageFile":
        // The runtime loaded the image into a local file; the server serves it to this tab at
        // the opaque address that stands for the path here.
        if (node.kind === "Image") {
          const loaded = typeof value === "string" && value.startsWith("/lunar/file/");
          el.src = loaded ? value : NO_IMAGE;
          el.classList.toggle("l-missing", !loaded);
        }
        return;
      case "loadState":
        if (node.kind === "Image") {
          if (absent) delete el.dataset.loadState; else el.dataset.loadState = value;
          if (value === "loading") el.setAttribute("aria-busy", "true"); else el.removeAttribute("aria-busy");
        }
        return;
      case "accessibilityLabel": if (absent) el.removeAttribute("aria-label"); else el.setAttribute("aria-label", value); return;
      case "accessibilityHint": if (absent) el.removeAttribute("aria-description"); else el.setAttribute("aria-description", value); return;
      case "accessibilityRole":
        if (absent) el.removeAttribute("role"); else el.setAttribute("role", roles[value] || value);
        if (value === "header") el.setAttribute("aria-level", "2");
        return;
      case "accessibilityDisabled": case "accessibilitySelected": case "accessibilityChecked":
      case "accessibilityBusy": case "accessibilityExpanded": {
        // accessibilityState, flattened by the runtime: a boolean each ("mixed" for checked).
        const attribute = "aria-" + name.slice("accessibility".length).toLowerCase();
        if (value === true || value === false || value === "mixed") el.setAttribute(attribute, String(value));
        else el.removeAttribute(attribute);
        return;
      }
      case "accessible": return;
      default:
        if (name.startsWith("accessibility") || name.startsWith("aria")) return;
    }
  }

  // A text or box that can be pressed (a list row) is a button for the keyboard and for assistive tools.
  function setEvents(node, events) {
    node.events = events;
    if (!["Text", "Row", "Column", "View"].includes(node.kind)) return;
    const pressable = events.includes("press");
    if (pressable) {
      node.el.tabIndex = 0;
      if (!node.props.accessibilityRole) node.el.setAttribute("role", "button");
    } else {
      node.el.removeAttribute("tabindex");
      if (!node.props.accessibilityRole) node.el.removeAttribute("role");
    }
  }

  // A virtualized List holds only its mounted rows (firstIndex on, of itemCount); the rows
  // before and after are stood in for by padding of estimatedItemSize each, so the scroll
  // extent is the whole list's.
  function padList(node) {
    const p = node.props;
    const size = typeof p.estimatedItemSize === "number" && p.estimatedItemSize > 0 ? p.estimatedItemSize : 44;
    const count = typeof p.itemCount === "number" ? p.itemCount : 0;
    const first = typeof p.firstIndex === "number" ? p.firstIndex : 0;
    const after = Math.max(0, count - first - node.el.children.length);
    node.el.style.setProperty("--lunar-before", (first * size) + "px");
    node.el.style.setProperty("--lunar-after", (after * size) + "px");
  }

  function mutate(s, m, lists, autoFocused) {
    const container = screen(s);
    const touch = (node) => { if (node && node.kind === "List") lists.add(node); };
    switch (m[0]) {
      case "c": {
        const [, n, kind, props, events] = m;
        const node = { el: makeElement(s, n, kind, props), kind, props: {}, events, screen: s, id: n };
        nodes.set(key(s, n), node);
        applyProps(node, props, []);
        if (kind === "TextField" && props.autoFocus === true) autoFocused.push(node);
        setEvents(node, events);
        touch(node);
        break;
      }
      case "u": {
        const [, n, props, removed, events] = m;
        const node = nodes.get(key(s, n));
        if (!node) return;
        applyProps(node, props, removed);
        if (events) setEvents(node, events);
        touch(node);
        break;
      }
      case "i": {
        const [, n, parent, index] = m;
        const node = nodes.get(key(s, n));
        if (!node) return;
        const into = parent === null ? container.content : nodes.get(key(s, parent)).el;
        into.insertBefore(node.el, into.children[index] || null);
        if (parent !== null) touch(nodes.get(key(s, parent)));
        break;
      }
      case "v": {
        const [, n, parent, index] = m;
        const node = nodes.get(key(s, n));
        const into = nodes.get(key(s, parent)).el;
        node.el.remove();
        into.insertBefore(node.el, into.children[index] || null);
        touch(nodes.get(key(s, parent)));
        break;
      }
      case "r": {
        const [, n] = m;
        const node = nodes.get(key(s, n));
        if (!node) return;
        for (const el of [node.el, ...node.el.querySelectorAll("[data-n]")]) nodes.delete(key(s, Number(el.dataset.n)));
        const parentEl = node.el.parentElement;
        node.el.remove();
        if (parentEl && parentEl.dataset.n !== undefined) touch(nodes.get(key(s, Number(parentEl.dataset.n))));
        break;
      }
    }
  }

  // A field's type and inputmode from its secure and keyboardType props (docs/renderer-protocol.md).
  const keyboards = {
    number: ["text", "numeric"], decimal: ["text", "decimal"], email: ["email", "email"], phone: ["tel", "tel"], url: ["url", "url"],
  };
  function setFieldType(node) {
    const el = node.el;
    const [type, inputMode] = keyboards[node.props.keyboardType] || ["text", null];
    if (el.tagName === "INPUT") el.type = node.props.secure === true ? "password" : type;
    if (inputMode) el.setAttribute("inputmode", inputMode); else el.removeAttribute("inputmode");
  }

  function focusNode(s, n) {
    if (n === null) { if (document.activeElement) document.activeElement.blur(); return; }
    const node = nodes.get(key(s, n));
    if (node) node.el.focus();
  }

  // The inspector's pointer is over node n of screen s (none: no outline).
  function highlight(s, n) {
    for (const el of document.querySelectorAll(".lunar-highlight")) el.classList.remove("lunar-highlight");
    const node = s === undefined ? null : nodes.get(key(s, n));
    if (node) {
      node.el.classList.add("lunar-highlight");
      node.el.scrollIntoView({ block: "nearest" });
    }
  }

  // For tests and benchmarks: a bare round trip to the server (it answers without the app).
  window.lunar = {
    ping() {
      const id = nextPing++;
      return new Promise((resolve) => { pings.set(id, resolve); send({ t: "ping", id }); });
    },
  };

  connect();
})();
