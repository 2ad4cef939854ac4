#!/usr/bin/env python3
"""The web renderer in a real browser: headless Chromium (Debian's, at /usr/bin/chromium)
driven by Playwright for Python, against `lunar run --web` and `lunar dev --web` serving the
showcase. Every wait is on a DOM condition (Playwright's auto-waiting `expect`); nothing sleeps.

Usage: Tests/Browser/web_test.py LUNAR_BINARY [--screenshots DIR] [--only TEST_NAME]
Prints one line per test and closes with `N passed, N failed`; exits 1 when any failed.
Scripts/test runs it after the Swift tests (Scripts/bootstrap installs chromium and playwright).
"""
import http.client
import os
import re
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import traceback
import zlib

from playwright.sync_api import expect, sync_playwright

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SHOWCASE = os.path.join(ROOT, "Examples", "Showcase")
CHROMIUM = os.environ.get("LUNAR_CHROMIUM", "/usr/bin/chromium")
expect.set_options(timeout=20_000)


class Lunar:
    """A `lunar` process serving a bundle to browsers: its printed URL and its standard error."""

    def __init__(self, binary, args, env=None):
        self.process = subprocess.Popen(
            [binary] + args, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, env=env)
        self.stderr = []
        self.changed = threading.Condition()
        threading.Thread(target=self._drain, daemon=True).start()
        # The address is the first line on standard output, alone on its line.
        line = self.process.stdout.readline().strip()
        if not line.startswith("http://"):
            self.stop()
            raise AssertionError("no URL printed; got %r; stderr: %s" % (line, "".join(self.stderr)))
        self.url = line

    def _drain(self):
        for line in self.process.stderr:
            with self.changed:
                self.stderr.append(line)
                self.changed.notify_all()

    def wait_for_stderr(self, text, timeout=20):
        """Waits until a line of standard error contains `text` (woken by each new line)."""
        with self.changed:
            found = self.changed.wait_for(lambda: any(text in line for line in self.stderr), timeout)
        assert found, "no %r on standard error: %s" % (text, "".join(self.stderr))

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def upgrade_status(port, origin, path="/lunar/ws"):
    """The status a WebSocket upgrade gets from the server when it names `origin`."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Upgrade": "websocket", "Connection": "Upgrade", "Sec-WebSocket-Version": "13",
               "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ=="}
    if origin:
        headers["Origin"] = origin
    connection.request("GET", path, headers=headers)
    status = connection.getresponse().status
    connection.close()
    return status


class Suite:
    def __init__(self, binary, screenshots, only=None):
        self.binary = binary
        self.screenshots = screenshots
        self.only = only
        self.passed = 0
        self.failed = 0

    def run(self, test):
        name = test.__name__
        if self.only and name != self.only:
            return
        try:
            test()
            self.passed += 1
            print("ok - %s" % name, flush=True)
        except Exception:
            self.failed += 1
            print("FAILED - %s\n%s" % (name, traceback.format_exc()), flush=True)

    def shot(self, page, name):
        if self.screenshots:
            os.makedirs(self.screenshots, exist_ok=True)
            page.screenshot(path=os.path.join(self.screenshots, name + ".png"))


def main():
    binary = os.path.abspath(sys.argv[1])
    screenshots = None
    if "--screenshots" in sys.argv:
        screenshots = sys.argv[sys.argv.index("--screenshots") + 1]
    only = None
    if "--only" in sys.argv:
        only = sys.argv[sys.argv.index("--only") + 1]
    suite = Suite(binary, screenshots, only)
    storage = tempfile.mkdtemp(prefix="lunar-web-test-")
    env = dict(os.environ, XDG_DATA_HOME=storage, HOME=storage)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])

        def new_context():
            return browser.new_context(viewport={"width": 420, "height": 760})

        def new_page(context=None):
            return (context or new_context()).new_page()

        def test_showcase_login_list_and_back():
            # A copy, so the showcase's storage (logged in or not) starts the same every run.
            bundle = os.path.join(storage, "showcase")
            shutil.copytree(SHOWCASE, bundle)
            lunar = Lunar(binary, ["run", bundle, "--web", "--port", "0"], env)
            try:
                assert re.fullmatch(r"http://127\.0\.0\.1:\d+/", lunar.url), lunar.url
                page = new_page()
                page.goto(lunar.url)
                expect(page.get_by_role("heading", name="Login")).to_be_visible()
                expect(page.get_by_text("Welcome to the Lunar showcase")).to_be_visible()
                expect(page).to_have_url(re.compile(r"/login$"))
                suite.shot(page, "web-login")
                page.get_by_placeholder("Account").fill("ann")
                page.get_by_placeholder("Password").fill("secret1")
                expect(page.get_by_placeholder("Password")).to_have_attribute("type", "password")
                page.get_by_role("button", name="Log in").click()
                expect(page.get_by_role("heading", name="Sample list")).to_be_visible()
                rows = page.locator(".l-List > *")
                expect(rows.first).to_be_visible()
                suite.shot(page, "web-list")
                first = rows.first.text_content()
                # A pressable row is a button for the keyboard: focus it, Enter opens the item.
                expect(rows.first).to_have_attribute("role", "button")
                rows.first.focus()
                page.keyboard.press("Enter")
                expect(page.get_by_role("heading", name=re.compile(r"^Item "))).to_be_visible()
                expect(page).to_have_url(re.compile(r"/items/\w+$"))
                # The browser's back button is Lunar's back.
                page.go_back()
                expect(page.get_by_role("heading", name="Sample list")).to_be_visible()
                expect(page.locator(".l-List > *").first).to_have_text(first)
                page.go_back()
                expect(page.get_by_role("heading", name="Login")).to_be_visible()
                # The field keeps what was typed: the screen under the list was never closed.
                expect(page.get_by_placeholder("Account")).to_have_value("ann")
                page.close()
            finally:
                lunar.stop()

        def test_jump_page_routes_modal_and_keyboard():
            lunar = Lunar(binary, ["run", SHOWCASE, "--web", "--port", "0"], env)
            try:
                page = new_page()
                page.goto(lunar.url)
                page.get_by_role("button", name="Jump page").click()
                expect(page.get_by_role("heading", name="Jump page")).to_be_visible()
                suite.shot(page, "web-jump")
                page.get_by_role("button", name="Push intro").click()
                expect(page.get_by_role("heading", name="Introduction")).to_be_visible()
                page.go_back()
                expect(page.get_by_role("heading", name="Jump page")).to_be_visible()
                # A presented screen is a sheet (a modal dialog); Escape dismisses it.
                page.get_by_role("button", name="Present intro").click()
                dialog = page.get_by_role("dialog")
                expect(dialog.get_by_role("heading", name="Introduction")).to_be_visible()
                expect(dialog.get_by_text("with the web renderer")).to_be_visible()
                suite.shot(page, "web-intro")
                page.keyboard.press("Escape")
                expect(page.get_by_role("dialog")).to_have_count(0)
                expect(page.get_by_role("heading", name="Jump page")).to_be_visible()
                page.get_by_role("button").filter(has_text=re.compile(r"^Open /items/2")).click()
                expect(page.get_by_role("heading", name="Item 2")).to_be_visible()
                page.get_by_role("button", name="‹ Back").click()
                expect(page.get_by_role("heading", name="Jump page")).to_be_visible()
                page.get_by_role("button", name="Scheme route").click()
                expect(page.get_by_text("showcase scheme: privacy")).to_be_visible()
                page.get_by_role("button", name="Callback").click()
                expect(page.get_by_text("callback: login/done (ok)")).to_be_visible()
                page.get_by_role("button", name="Unmatched").click()
                expect(page.get_by_text("no route for /nowhere/at/all")).to_be_visible()
                # Keyboard: Tab reaches the buttons, Enter presses the focused one.
                page.get_by_role("button", name="Push intro").focus()
                page.keyboard.press("Enter")
                expect(page.get_by_role("heading", name="Introduction")).to_be_visible()
                page.keyboard.press("Escape")
                expect(page.get_by_role("heading", name="Jump page")).to_be_visible()
                page.go_back()
                expect(page.get_by_role("heading", name="Login")).to_be_visible()
                # The login page's About presents the introduction; its Close button dismisses it.
                page.get_by_role("button", name="About").click()
                expect(page.get_by_role("dialog")).to_be_visible()
                page.get_by_role("dialog").get_by_role("button", name="Close").last.click()
                expect(page.get_by_role("dialog")).to_have_count(0)
                page.close()
            finally:
                lunar.stop()

        def test_deep_link_and_two_tabs():
            lunar = Lunar(binary, ["run", SHOWCASE, "--web", "--port", "0"], env)
            try:
                context = new_context()
                one = new_page(context)
                one.goto(lunar.url + "items/3")
                expect(one.get_by_role("heading", name="Item 3")).to_be_visible()
                one.go_back()
                expect(one.get_by_role("heading", name="Login")).to_be_visible()
                two = new_page(context)
                two.goto(lunar.url)
                one.get_by_placeholder("Account").fill("tab one")
                two.get_by_placeholder("Account").fill("tab two")
                expect(one.get_by_placeholder("Account")).to_have_value("tab one")
                expect(two.get_by_placeholder("Account")).to_have_value("tab two")
                two.get_by_role("button", name="Jump page").click()
                expect(two.get_by_role("heading", name="Jump page")).to_be_visible()
                expect(one.get_by_role("heading", name="Login")).to_be_visible()
                context.close()
            finally:
                lunar.stop()

        def test_origin_and_token():
            lunar = Lunar(binary, ["run", SHOWCASE, "--web", "--port", "0"], env)
            try:
                port = int(lunar.url.rsplit(":", 1)[1].strip("/"))
                assert upgrade_status(port, "http://evil.example") != 101
                assert upgrade_status(port, None) != 101
                assert upgrade_status(port, "http://127.0.0.1:%d" % port) == 101
            finally:
                lunar.stop()
            exposed = Lunar(binary, ["run", SHOWCASE, "--web", "--port", "0", "--host", "0.0.0.0"], env)
            try:
                match = re.fullmatch(r"http://0\.0\.0\.0:(\d+)/\?token=([0-9a-f]{32})", exposed.url)
                assert match, exposed.url
                exposed.wait_for_stderr("lunar: warning: serving on 0.0.0.0")
                base = "http://127.0.0.1:%s/" % match.group(1)
                page = new_page()
                response = page.goto(base)
                assert response.status == 403, response.status
                expect(page.get_by_text("session token")).to_be_visible()
                page.goto(base + "?token=" + match.group(2))
                expect(page.get_by_role("heading", name="Login")).to_be_visible()
                page.close()
            finally:
                exposed.stop()

        def test_dev_hot_reload_error_overlay_and_reconnect():
            bundle = os.path.join(storage, "dev-showcase")
            shutil.copytree(SHOWCASE, bundle)
            port = free_port()
            lunar = Lunar(binary, ["dev", bundle, "--web", "--port", str(port)], env)
            try:
                page = new_page()
                page.goto(lunar.url)
                expect(page.get_by_text("Welcome to the Lunar showcase")).to_be_visible()
                page.get_by_placeholder("Account").fill("ann")
                # A second tab on the jump page: a save reloads every open tab.
                other = new_page()
                other.goto(lunar.url + "jump")
                expect(other.get_by_role("heading", name="Jump page")).to_be_visible()
                login = os.path.join(bundle, "screens", "login.lua")
                with open(login) as f:
                    source = f.read()
                save(login, source.replace("Welcome to the Lunar showcase", "Welcome to the web"))
                expect(page.get_by_text("Welcome to the web")).to_be_visible()
                expect(page.get_by_placeholder("Account")).to_have_value("ann")
                lunar.wait_for_stderr("lunar: reloaded screens/login.lua")
                other.go_back()
                expect(other.get_by_text("Welcome to the web")).to_be_visible()
                other.close()
                # A syntax error: the overlay with message, file:line and a code frame; fixing clears it.
                save(login, source.replace("local ui = require", "local ui = = require"))
                overlay = page.get_by_role("alert")
                expect(overlay).to_be_visible()
                expect(overlay).to_contain_text("screens/login.lua:")
                expect(overlay.locator("pre")).to_contain_text("local ui = = require")
                suite.shot(page, "web-error-overlay")
                save(login, source)
                expect(page.get_by_role("alert")).to_have_count(0)
                expect(page.get_by_text("Welcome to the Lunar showcase")).to_be_visible()
                # The server restarts: the page reconnects by itself and gets its screen back.
                lunar.stop()
                expect(page.get_by_text("reconnecting")).to_be_visible()
                lunar = Lunar(binary, ["dev", bundle, "--web", "--port", str(port)], env)
                expect(page.get_by_text("reconnecting")).to_have_count(0)
                expect(page.get_by_role("heading", name="Login")).to_be_visible()
                page.close()
            finally:
                lunar.stop()

        def test_tap_roundtrip_benchmark():
            # web.tap_roundtrip: a tap until the DOM shows the re-rendered screen, against a bare
            # WebSocket echo between the same page and server (ratio of medians; goal <= 3).
            lunar = Lunar(binary, ["run", SHOWCASE, "--web", "--port", "0"], env)
            try:
                page = new_page()
                page.goto(lunar.url)
                expect(page.get_by_role("heading", name="Login")).to_be_visible()
                # Paired samples: the echo (median of five pings) and the tap measured back to
                # back, so both sides see the same spell of load on a shared machine.
                ping = """async () => {
                    const times = [];
                    for (let i = 0; i < 5; i++) {
                      const t0 = performance.now(); await window.lunar.ping(); times.push(performance.now() - t0);
                    }
                    times.sort((a, b) => a - b);
                    return times[2];
                }"""
                tap_script = """() => new Promise((resolve) => {
                    const shown = () => [...document.querySelectorAll("section.lunar-screen:not([hidden]) h1")]
                        .some((h) => h.textContent === "Jump page");
                    const t0 = performance.now();
                    const observer = new MutationObserver(() => {
                      if (shown()) { observer.disconnect(); resolve(performance.now() - t0); }
                    });
                    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
                    [...document.querySelectorAll("section.lunar-screen:not([hidden]) button")]
                        .find((b) => b.textContent === "Jump page").click();
                })"""
                pairs = []
                for _ in range(21):
                    echo = page.evaluate(ping)
                    tap = page.evaluate(tap_script)
                    pairs.append((tap / max(echo, 0.001), tap, echo))
                    page.keyboard.press("Escape")
                    expect(page.get_by_role("heading", name="Login")).to_be_visible()
                median = lambda values: sorted(values)[len(values) // 2]
                print("web.tap_roundtrip ratio=%.2f tap_ms=%.2f echo_ms=%.2f" % (
                    median([p[0] for p in pairs]), median([p[1] for p in pairs]), median([p[2] for p in pairs])), flush=True)
                page.close()
            finally:
                lunar.stop()

        def test_tab_memory_benchmark():
            # memory.web_tab_kib: the resident memory each extra tab (its own runtime and socket)
            # adds to the `lunar` process, over 50 tabs opened after the first (past the default
            # limit of 16 tabs, so the limit is raised).
            lunar = Lunar(binary, ["run", SHOWCASE, "--web", "--port", "0", "--max-tabs", "64"], env)

            def resident_kib():
                with open("/proc/%d/status" % lunar.process.pid) as status:
                    return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))

            try:
                context = new_context()
                pages = [context.new_page()]
                pages[0].goto(lunar.url)
                expect(pages[0].get_by_role("heading", name="Login")).to_be_visible()
                first = resident_kib()
                for _ in range(50):
                    page = context.new_page()
                    page.goto(lunar.url)
                    expect(page.get_by_role("heading", name="Login")).to_be_visible()
                    pages.append(page)
                added = resident_kib() - first
                print("memory.web_tab_kib kib=%.0f tabs=50 rss_kib=%d" % (added / 50, first), flush=True)
                context.close()
            finally:
                lunar.stop()

        def test_alert_toast_and_field_limits():
            # A small bundle of its own: an alert answered by Escape and by a click, a field's
            # maxLength and Enter (submit), a toast.
            bundle = os.path.join(storage, "alerts")
            os.makedirs(os.path.join(bundle, "screens"))
            with open(os.path.join(bundle, "manifest.json"), "w") as f:
                f.write('{"name": "alerts", "version": "1.0.0", "entry": "/home", "routes": {"/home": "screens.home"}}')
            with open(os.path.join(bundle, "screens", "home.lua"), "w") as f:
                f.write("""
local ui = require("lunar.ui")
local screen = { title = "Alerts" }
function screen:load() self.deleted = 0 end
function screen:render()
  return ui.Column {
    ui.Text("Deleted: " .. self.deleted),
    ui.TextField { placeholder = "Code", maxLength = 5,
                   onSubmit = function(text) ui.toast("submitted " .. text) end },
    ui.Button { title = "Delete", onPress = function()
      ui.alert { title = "Delete?", message = "This cannot be undone",
                 buttons = { { title = "Cancel", role = "cancel" },
                             { title = "Delete", role = "destructive",
                               onPress = function() self.deleted = self.deleted + 1 end } } }
    end },
  }
end
return screen
""")
            lunar = Lunar(binary, ["run", bundle, "--web", "--port", "0"], env)
            try:
                page = new_page()
                page.goto(lunar.url)
                expect(page.get_by_text("Deleted: 0")).to_be_visible()
                page.get_by_role("button", name="Delete").click()
                dialog = page.get_by_role("alertdialog", name="Delete?")
                expect(dialog).to_be_visible()
                expect(dialog).to_contain_text("This cannot be undone")
                page.keyboard.press("Escape")
                expect(page.get_by_role("alertdialog")).to_have_count(0)
                page.get_by_role("button", name="Delete").click()
                page.get_by_role("alertdialog").get_by_role("button", name="Delete").click()
                expect(page.get_by_text("Deleted: 1")).to_be_visible()
                field = page.get_by_placeholder("Code")
                field.press_sequentially("abcdefgh")
                expect(field).to_have_value("abcde")
                field.press("Enter")
                expect(page.get_by_text("submitted abcde")).to_be_visible()
                page.close()
            finally:
                lunar.stop()

        def write_bundle(name, home):
            # A bundle of one screen, `home` its Lua source.
            bundle = os.path.join(storage, name)
            os.makedirs(os.path.join(bundle, "screens"))
            with open(os.path.join(bundle, "manifest.json"), "w") as f:
                f.write('{"name": "%s", "version": "1.0.0", "entry": "/home", "routes": {"/home": "screens.home"}}' % name)
            with open(os.path.join(bundle, "screens", "home.lua"), "w") as f:
                f.write(home)
            return bundle

        def test_virtualized_list():
            # 1,000 items of 40 points in a 400-point list: the page reports its viewport and
            # scroll offset, pads for the rows not mounted, and holds only a window of rows.
            bundle = write_bundle("biglist", """
local ui = require("lunar.ui")
local screen = { title = "Big list" }
function screen:load()
  self.ends = 0
  self.items = {}
  for i = 1, 1000 do self.items[i] = { id = i, title = "Item " .. i } end
end
function screen:render()
  return ui.Column {
    ui.Text("Ends: " .. self.ends),
    ui.List { id = "items", items = self.items, key = "id", estimatedItemSize = 40,
              style = { height = 400 },
              row = function(item) return ui.Text { item.title, style = { height = 40 } } end,
              onEndReached = function() self.ends = self.ends + 1 end },
  }
end
return screen
""")
            lunar = Lunar(binary, ["run", bundle, "--web", "--port", "0"], env)
            try:
                page = new_page()
                page.goto(lunar.url)
                rows = page.locator('[data-id="items"] > .l-Text')
                expect(page.get_by_text("Item 1", exact=True)).to_be_visible()
                # The viewport reported, the window is 400 points and a quarter on each side.
                expect(rows).to_have_count(13)
                assert page.locator('[data-id="items"]').evaluate("el => el.scrollHeight") == 40_000
                expect(page.get_by_text("Ends: 0")).to_be_visible()
                page.locator('[data-id="items"]').evaluate("el => { el.scrollTop = el.scrollHeight; }")
                expect(page.get_by_text("Item 1000", exact=True)).to_be_in_viewport()
                expect(page.get_by_text("Ends: 1")).to_be_visible()
                expect(page.get_by_text("Item 1", exact=True)).to_have_count(0)
                count = rows.count()
                assert 0 < count <= 20, "%d rows mounted" % count
                page.close()
            finally:
                lunar.stop()

        def test_accessibility_switch_and_pressable():
            # The accessibility props as the runtime sends them (the state flattened), a Switch
            # flipped and a Pressable pressed, end to end.
            bundle = write_bundle("a11y", """
local ui = require("lunar.ui")
local screen = { title = "Access" }
function screen:load() self.on = false; self.presses = 0; self.holds = 0 end
function screen:render()
  return ui.Column {
    ui.Text { "Settings", accessibilityRole = "header" },
    ui.Switch { value = self.on, accessibilityLabel = "Notifications",
                onValueChange = function(on) self.on = on end },
    ui.Text("Notifications " .. (self.on and "on" or "off")),
    ui.Pressable { accessibilityLabel = "Close", accessibilityRole = "button",
                   accessibilityHint = "Closes the panel",
                   accessibilityState = { selected = true, expanded = false, checked = "mixed" },
                   onPress = function() self.presses = self.presses + 1 end,
                   onLongPress = function() self.holds = self.holds + 1 end,
                   ui.Text "X" },
    ui.Text("Presses: " .. self.presses),
    ui.Text("Holds: " .. self.holds),
    ui.View { accessibilityLabel = "Busy box", accessibilityState = { busy = true, disabled = true } },
  }
end
return screen
""")
            lunar = Lunar(binary, ["run", bundle, "--web", "--port", "0"], env)
            try:
                page = new_page()
                page.goto(lunar.url)
                expect(page.get_by_role("heading", name="Settings")).to_be_visible()
                close = page.get_by_role("button", name="Close")
                expect(close).to_have_attribute("aria-description", "Closes the panel")
                expect(close).to_have_attribute("aria-selected", "true")
                expect(close).to_have_attribute("aria-expanded", "false")
                expect(close).to_have_attribute("aria-checked", "mixed")
                busy = page.get_by_label("Busy box")
                expect(busy).to_have_attribute("aria-busy", "true")
                expect(busy).to_have_attribute("aria-disabled", "true")
                toggle = page.get_by_role("switch", name="Notifications")
                expect(toggle).not_to_be_checked()
                toggle.click()
                expect(page.get_by_text("Notifications on")).to_be_visible()
                expect(toggle).to_be_checked()
                close.click()
                expect(page.get_by_text("Presses: 1")).to_be_visible()
                close.press("Enter")
                expect(page.get_by_text("Presses: 2")).to_be_visible()
                # Held down, a long press; the click that ends the hold is not a press.
                close.hover()
                page.mouse.down()
                expect(page.get_by_text("Holds: 1")).to_be_visible()
                page.mouse.up()
                close.press("Enter")
                expect(page.get_by_text("Presses: 3")).to_be_visible()
                expect(page.get_by_text("Holds: 1")).to_be_visible()
                page.close()
            finally:
                lunar.stop()

        def test_specific_style_keys_win_over_shorthands():
            # Keys that set one CSS property (gap and columnGap, flex and flexGrow, margin and
            # marginLeft, ...) resolve as LunarLayout resolves them, whatever their names' order.
            bundle = write_bundle("shorthands", """
local ui = require("lunar.ui")
local screen = { title = "Shorthands" }
local function pair(id, style, a, b)
  return ui.View { id = id, style = style, ui.View { id = id .. ".a", style = a }, ui.View { id = id .. ".b", style = b } }
end
function screen:render()
  local box = { width = 10, height = 10 }
  return ui.Column {
    style = { alignItems = "flex-start" },
    pair("columnGap", { flexDirection = "row", columnGap = 2, gap = 17 }, box, box),
    pair("rowGap", { rowGap = 3, gap = 17 }, box, box),
    pair("wrapGap", { flexDirection = "row", flexWrap = "wrap", width = 15, rowGap = 4, columnGap = 1, gap = 17 }, box, box),
    pair("flexGrow", { flexDirection = "row", width = 100 }, { flex = 1, flexGrow = 3 }, { flex = 1 }),
    pair("flexBasis", { flexDirection = "row", width = 100 }, { flex = 1, flexBasis = 40 }, { flex = 1 }),
    pair("flexShrink", { flexDirection = "row", width = 100 }, { width = 80, flex = -1, flexShrink = 3 }, { width = 80, flex = -1 }),
    pair("margin", {}, { height = 10, width = 10, margin = 20, marginLeft = 5, marginVertical = 1 }, box),
    pair("padding", { padding = 20, paddingHorizontal = 6, paddingStart = 2 }, box, box),
    pair("border", { borderWidth = 9, borderLeftWidth = 3, borderTopWidth = 2 }, box, box),
    pair("inset", {}, { width = 10, height = 10, left = 4, start = 7 }, box),
  }
end
return screen
""")
            lunar = Lunar(binary, ["run", bundle, "--web", "--port", "0"], env)
            try:
                page = new_page()
                page.goto(lunar.url)
                expect(page.locator('[data-id="inset.b"]')).to_be_attached()

                def box(name):
                    # The element's frame in its parent's border box.
                    return page.locator('[data-id="%s"]' % name).evaluate(
                        "el => { const r = el.getBoundingClientRect(), p = el.parentElement.getBoundingClientRect();"
                        " return [r.left - p.left, r.top - p.top, r.width, r.height]; }")
                assert box("columnGap.b")[0] == 12, box("columnGap.b")
                assert box("rowGap.b")[1] == 13, box("rowGap.b")
                assert box("wrapGap.b")[:2] == [0, 14], box("wrapGap.b")
                assert [box("flexGrow.a")[2], box("flexGrow.b")[2]] == [75, 25]
                assert [box("flexBasis.a")[2], box("flexBasis.b")[2]] == [70, 30]
                assert [box("flexShrink.a")[2], box("flexShrink.b")[2]] == [35, 65]
                assert box("margin.a")[:2] == [5, 1], box("margin.a")
                assert box("margin")[2:] == [35, 22], box("margin")
                assert box("padding.a")[:2] == [2, 20], box("padding.a")
                assert box("border.a")[:2] == [3, 2], box("border.a")
                assert box("inset.a")[0] == 7, box("inset.a")
                page.close()
            finally:
                lunar.stop()

        def test_root_background_reaches_the_window_edges():
            # Issue 30: the page put a 16-pixel gutter around every screen, so a root's
            # background never reached the window's edge; the root fills the area below the bar.
            bundle = write_bundle("edges", """
local ui = require("lunar.ui")
local screen = { title = "Edges" }
function screen:render()
  return ui.View { id = "root", style = { flex = 1, backgroundColor = "#3b5bdb" },
    ui.Text { "edge to edge", id = "label" } }
end
return screen
""")
            lunar = Lunar(binary, ["run", bundle, "--web", "--port", "0"], env)
            try:
                page = new_page()
                page.goto(lunar.url)
                expect(page.get_by_text("edge to edge")).to_be_visible()
                bar = page.locator(".lunar-bar").evaluate("el => el.getBoundingClientRect().bottom")
                root = page.locator('[data-id="root"]').evaluate(
                    "el => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; }")
                assert root == [0, bar, 420, 760], (root, bar)
                label = page.locator('[data-id="label"]').evaluate(
                    "el => { const r = el.getBoundingClientRect(); return [r.left, r.top]; }")
                assert label == [0, bar], label
                # The window's corner below the bar is the root's colour.
                corner = page.evaluate("() => getComputedStyle(document.elementFromPoint(1, innerHeight - 1)).backgroundColor")
                assert corner == "rgb(59, 91, 219)", corner
                suite.shot(page, "web-edges")
                page.close()
            finally:
                lunar.stop()

        def test_pressed_style_and_scroll_to():
            # A Pressable whose style is a function of its pressed state, held by the pointer and
            # by the keyboard; a script's ui.scrollTo / ui.scrollToEnd moving a scroll view.
            bundle = write_bundle("pressing", """
local ui = require("lunar.ui")
local s = ui.styles { card = { padding = 8, backgroundColor = "#ffffff" }, pressed = { backgroundColor = "#ff0000" } }
local screen = { title = "Pressing" }
function screen:load() self.presses = 0; self.offset = 0 end
function screen:render()
  local lines = {}
  for i = 1, 30 do lines[i] = ui.Text { "Line " .. i, style = { height = 20 } } end
  lines.id = "page"
  lines.style = { height = 100 }
  lines.onScroll = function(offset) self.offset = offset end
  return ui.Column {
    ui.Pressable { accessibilityLabel = "Card", onPress = function() self.presses = self.presses + 1 end,
                   style = function(state) return { s.card, state.pressed and s.pressed } end,
                   ui.Text "Card" },
    ui.Text("Presses: " .. self.presses),
    ui.ScrollView(lines),
    ui.Text("Offset: " .. math.floor(self.offset)),
    ui.Button { title = "Bottom", onPress = function() ui.scrollToEnd("page", { animated = false }) end },
    ui.Button { title = "Top", onPress = function() ui.scrollTo("page", { y = 0 }) end },
  }
end
return screen
""")
            lunar = Lunar(binary, ["run", bundle, "--web", "--port", "0"], env)
            try:
                page = new_page()
                page.goto(lunar.url)
                card = page.get_by_role("button", name="Card")
                expect(card).to_have_css("background-color", "rgb(255, 255, 255)")
                card.hover()
                page.mouse.down()
                expect(card).to_have_css("background-color", "rgb(255, 0, 0)")
                page.mouse.up()
                expect(card).to_have_css("background-color", "rgb(255, 255, 255)")
                expect(page.get_by_text("Presses: 1")).to_be_visible()
                card.focus()
                page.keyboard.down("Enter")
                expect(card).to_have_css("background-color", "rgb(255, 0, 0)")
                expect(page.get_by_text("Presses: 1")).to_be_visible()
                page.keyboard.up("Enter")
                expect(card).to_have_css("background-color", "rgb(255, 255, 255)")
                expect(page.get_by_text("Presses: 2")).to_be_visible()
                # 30 lines of 20 pixels in a 100-pixel box: the end is the content less the box.
                scroller = page.locator('[data-id="page"]')
                end = scroller.evaluate("el => el.scrollHeight - el.clientHeight")
                assert end >= 500, "the content is %d pixels past the box" % end
                page.get_by_role("button", name="Bottom").click()
                expect(page.get_by_text("Offset: %d" % end, exact=True)).to_be_visible()
                assert scroller.evaluate("el => el.scrollTop") == end
                expect(page.get_by_text("Line 30", exact=True)).to_be_in_viewport()
                page.get_by_role("button", name="Top").click()
                expect(page.get_by_text("Offset: 0", exact=True)).to_be_visible()
                assert scroller.evaluate("el => el.scrollTop") == 0
                page.close()
            finally:
                lunar.stop()

        def test_text_input_attributes_and_focus():
            # A TextField's text-input props as the browser's attributes (a textarea for
            # multiline), autoFocus, and a script's ui.focus / ui.blur moving the page's focus.
            bundle = write_bundle("typing", """
local ui = require("lunar.ui")
local screen = { title = "Typing" }
function screen:load() self.submitted = "" end
function screen:render()
  return ui.Column {
    ui.TextField { id = "age", placeholder = "Age", keyboardType = "number", returnKeyType = "next",
      onSubmit = function() ui.focus("notes") end },
    ui.TextField { id = "email", placeholder = "Email", keyboardType = "email", autoCapitalize = "none",
      autoCorrect = false, autoFocus = true },
    ui.TextField { id = "phone", placeholder = "Phone", keyboardType = "phone", secure = true },
    ui.TextField { id = "notes", placeholder = "Notes", multiline = true, numberOfLines = 4, returnKeyType = "done",
      onSubmit = function(text) self.submitted = text end },
    ui.Button { title = "Done", onPress = function() ui.blur() end },
    ui.Button { title = "Again", onPress = function() require("lunar.navigator").push("/home") end },
    ui.Text("Submitted: " .. self.submitted),
  }
end
return screen
""")
            lunar = Lunar(binary, ["run", bundle, "--web", "--port", "0"], env)
            try:
                page = new_page()
                page.goto(lunar.url)
                age = page.get_by_placeholder("Age")
                email = page.get_by_placeholder("Email")
                phone = page.get_by_placeholder("Phone")
                notes = page.get_by_placeholder("Notes")
                expect(email).to_be_focused()
                expect(age).to_have_attribute("inputmode", "numeric")
                expect(age).to_have_attribute("type", "text")
                expect(age).to_have_attribute("enterkeyhint", "next")
                expect(email).to_have_attribute("type", "email")
                expect(email).to_have_attribute("inputmode", "email")
                expect(email).to_have_attribute("autocapitalize", "none")
                expect(email).to_have_attribute("autocorrect", "off")
                expect(email).to_have_attribute("spellcheck", "false")
                expect(phone).to_have_attribute("type", "password")
                expect(phone).to_have_attribute("inputmode", "tel")
                assert notes.evaluate("el => el.tagName") == "TEXTAREA"
                expect(notes).to_have_attribute("rows", "4")
                expect(notes).to_have_attribute("enterkeyhint", "done")
                # Return in Age: its onSubmit calls ui.focus("notes").
                age.click()
                page.keyboard.type("42")
                page.keyboard.press("Enter")
                expect(notes).to_be_focused()
                # Enter in a textarea starts a line; it does not submit.
                page.keyboard.type("one")
                page.keyboard.press("Enter")
                page.keyboard.type("two")
                expect(notes).to_have_value("one\ntwo")
                expect(page.get_by_text("Submitted: one")).to_have_count(0)
                # ui.blur(): nothing on the page keeps focus (a button press focuses the button first).
                page.get_by_role("button", name="Done").click()
                page.wait_for_function("document.activeElement === document.body || document.activeElement === null")
                # A pushed screen's autoFocus field takes focus as the screen shows.
                page.get_by_role("button", name="Again").click()
                expect(page.locator("section.lunar-screen").nth(1).get_by_placeholder("Email")).to_be_focused()
                page.close()
            finally:
                lunar.stop()

        def test_bundle_image_is_served_by_opaque_address():
            # A bundle image reaches the page through the tab's opaque file address, never its path.
            bundle = write_bundle("pictures", """
local ui = require("lunar.ui")
local screen = { title = "Pictures" }
function screen:load() self.loaded = false end
function screen:render()
  return ui.Column {
    ui.Image { source = "dot.png", alt = "A red dot", resizeMode = "contain",
               style = { width = 40, height = 40 }, onLoad = function() self.loaded = true end },
    ui.Text(self.loaded and "loaded" or "waiting"),
  }
end
return screen
""")
            width, height = 3, 2
            raw = b"".join(b"\x00" + b"\xff\x00\x00" * width for _ in range(height))
            def chunk(kind, data):
                return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
            with open(os.path.join(bundle, "dot.png"), "wb") as f:
                f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                        + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
            lunar = Lunar(binary, ["run", bundle, "--web", "--port", "0"], env)
            try:
                page = new_page()
                page.goto(lunar.url)
                image = page.get_by_role("img", name="A red dot")
                expect(page.get_by_text("loaded", exact=True)).to_be_visible()
                expect(image).to_have_attribute("src", re.compile(r"^/lunar/file/\d+/[0-9a-f]{32}$"))
                expect(image).to_have_css("object-fit", "contain")
                page.wait_for_function("() => { const i = document.querySelector('img.l-Image'); return i.complete && i.naturalWidth === 3; }")
                # Only the address handed out answers; a guessed one, or a path, does not.
                base = lunar.url.split("/?")[0].rstrip("/")
                src = image.get_attribute("src")
                assert page.request.get(base + src).status == 200
                assert page.request.get(base + src[:-1] + ("0" if src[-1] != "0" else "1")).status == 404
                assert page.request.get(base + "/lunar/file/1/..%2Fmanifest.json").status == 404
                page.close()
            finally:
                lunar.stop()

        def devtools_address(lunar):
            """The inspector's address a `--web` run prints on standard error."""
            lunar.wait_for_stderr("developer tools at ")
            line = next(l for l in lunar.stderr if "developer tools at " in l)
            return line.split("developer tools at ", 1)[1].strip()

        def test_devtools_beside_the_app():
            bundle = os.path.join(storage, "showcase-devtools")
            shutil.rmtree(bundle, ignore_errors=True)
            shutil.copytree(SHOWCASE, bundle)
            lunar = Lunar(binary, ["run", bundle, "--web", "--port", "0"], env)
            try:
                address = devtools_address(lunar)
                assert re.fullmatch(r"http://127\.0\.0\.1:\d+/devtools", address), address
                port = int(address.split(":")[2].split("/")[0])
                # The inspector's socket is under the app's checks: only its own page's origin.
                assert upgrade_status(port, "http://evil.example", "/lunar/devtools/ws") != 101
                assert upgrade_status(port, "http://127.0.0.1:%d" % port, "/lunar/devtools/ws") == 101
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                app = context.new_page()
                app.set_viewport_size({"width": 420, "height": 760})
                app.goto(lunar.url)
                expect(app.get_by_role("heading", name="Login")).to_be_visible()
                tools = context.new_page()
                tools.goto(address)
                expect(tools.get_by_role("combobox", name="App")).to_have_text(re.compile(r"tab 1"))

                # Elements: the login screen's tree; a TextField's props; hovering outlines it in the app.
                expect(tools.locator("#dt-stack")).to_contain_text("Login")
                field = tools.get_by_role("treeitem").filter(has_text='"Account"')
                expect(field).to_contain_text("TextField")
                field.click()
                props = tools.get_by_role("table", name="Props")
                expect(props.get_by_role("row").filter(has_text="placeholder")).to_contain_text("Account")
                expect(props.get_by_role("row").filter(has_text="maxLength")).to_contain_text("25")
                expect(tools.get_by_label("Frame")).to_contain_text("×")
                suite.shot(tools, "devtools-elements")
                tools.get_by_role("treeitem").filter(has_text='"Log in"').hover()
                expect(app.locator(".lunar-highlight")).to_have_count(1)
                expect(app.get_by_role("button", name="Log in")).to_have_class(re.compile(r"lunar-highlight"))
                tools.locator("#dt-stack").hover()
                field.hover()
                expect(app.get_by_placeholder("Account")).to_have_class(re.compile(r"lunar-highlight"))

                # State: routes, a tried URL's params, the view-model following the app.
                tools.get_by_role("tab", name="State").click()
                expect(tools.get_by_role("table", name="Routes")).to_contain_text("/items/:id")
                tools.get_by_label("Try a URL").fill("/items/42?tab=info")
                tools.get_by_role("button", name="Match").click()
                params = tools.get_by_role("table", name="Parameters")
                expect(params.get_by_role("row").filter(has_text="id")).to_contain_text("42")
                expect(params.get_by_role("row").filter(has_text="tab")).to_contain_text("info")
                vm = tools.get_by_role("table", name="View-model")
                expect(vm.locator("tr[data-name=account]")).to_contain_text('""')
                app.get_by_placeholder("Account").fill("ann")
                expect(vm.locator("tr[data-name=account]")).to_contain_text('"ann"')
                expect(vm.locator("tr[data-name=login]")).to_contain_text("enabled=false")
                app.get_by_placeholder("Password").fill("secret1")
                expect(vm.locator("tr[data-name=login]")).to_contain_text("enabled=true")
                suite.shot(tools, "devtools-state")

                # Network: the login POST, its status and bodies.
                app.get_by_role("button", name="Log in").click()
                expect(app.get_by_role("heading", name="Sample list")).to_be_visible()
                tools.get_by_role("tab", name="Network").click()
                post = tools.locator("#dt-net-rows tr").filter(has_text="POST")
                expect(post).to_contain_text("200")
                post.click()
                expect(tools.get_by_label("Request body")).to_contain_text("ann")
                expect(tools.get_by_label("Response body")).not_to_be_empty()
                tools.get_by_label("Filter requests").fill("POST")
                expect(tools.locator("#dt-net-rows tr")).to_have_count(1)
                tools.get_by_label("Filter requests").fill("")
                suite.shot(tools, "devtools-network")

                # Console: lunar.log with file:line (app.lua's interceptor), and evaluation.
                tools.get_by_role("tab", name="Console").click()
                line = tools.locator(".dt-line.dt-info").filter(has_text="screen appeared")
                expect(line.first).to_contain_text(re.compile(r"app\.lua:\d+"))
                tools.get_by_label("Evaluate Lua").fill("1+1")
                tools.get_by_label("Evaluate Lua").press("Enter")
                expect(tools.locator(".dt-result .dt-text").last).to_have_text("2")
                suite.shot(tools, "devtools-console")

                # Storage: the login stored loggedIn; edit it, and the app sees the edit.
                tools.get_by_role("tab", name="State").click()
                value = tools.get_by_label("Value of loggedIn")
                expect(value).to_have_value("true")
                value.fill("false")
                value.press("Enter")
                expect(tools.get_by_label("Value of loggedIn")).to_have_value("false")
                tools.get_by_role("tab", name="Console").click()
                tools.get_by_label("Evaluate Lua").fill('require("lunar.storage").get("loggedIn")')
                tools.get_by_label("Evaluate Lua").press("Enter")
                expect(tools.locator(".dt-result .dt-text").last).to_have_text("false")

                # A second tab is inspected by default (the newest); the selector goes back to the first.
                second = context.new_page()
                second.goto(lunar.url)
                expect(second.get_by_role("heading", name="Login")).to_be_visible()
                select = tools.get_by_role("combobox", name="App")
                expect(select.locator("option")).to_have_count(2)
                expect(tools.get_by_role("status")).to_contain_text("tab 2")
                select.select_option(label=select.locator("option").first.text_content())
                expect(tools.get_by_role("status")).to_contain_text("tab 1")
                context.close()
            finally:
                lunar.stop()

        def test_devtools_for_a_headless_run():
            process = subprocess.Popen(
                [binary, "run", SHOWCASE, "--devtools"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, text=True, env=env)
            try:
                # The address is alone on a line of standard error; standard output is the headless text.
                address = None
                for line in process.stderr:
                    if re.fullmatch(r"http://127\.0\.0\.1:\d+/devtools", line.strip()):
                        address = line.strip()
                        break
                assert address, "no inspector address on standard error"
                page = new_page()
                page.goto(address)
                expect(page.get_by_role("combobox", name="App")).to_have_text("headless")
                expect(page.get_by_role("treeitem").filter(has_text='"Account"')).to_contain_text("TextField")
                # Commands on standard input move the app; the inspector follows.
                process.stdin.write("type Account ann\n")
                process.stdin.flush()
                page.get_by_role("tab", name="State").click()
                expect(page.get_by_role("table", name="View-model").locator("tr[data-name=account]")).to_contain_text('"ann"')
                page.close()
                process.stdin.close()
                assert process.wait(timeout=20) == 0
            finally:
                if process.poll() is None:
                    process.kill()
                    process.wait()

        def test_devtools_shows_components():
            # A bundle whose screen has a component (Card) and one whose root is a Card (Featured).
            bundle = os.path.join(storage, "components-devtools")
            shutil.rmtree(bundle, ignore_errors=True)
            os.makedirs(os.path.join(bundle, "screens"))
            os.makedirs(os.path.join(bundle, "components"))
            files = {
                "manifest.json": '{"name": "cards", "version": "1.0.0", "entry": "/home", "routes": {"/home": "screens.home"}}',
                "components/card.lua": "\n".join([
                    'local ui = require("lunar.ui")',
                    'return ui.component {',
                    '  name = "Card",',
                    '  state = { open = false },',
                    '  render = function(self, props)',
                    '    return ui.Column {',
                    '      ui.Text { text = props.title .. (self.state.open and " (open)" or "") },',
                    '      ui.Button { title = "Toggle " .. props.title, onPress = function()',
                    '        self:setState { open = not self.state.open }',
                    '      end },',
                    '    }',
                    '  end,',
                    '}']),
                "components/featured.lua": "\n".join([
                    'local ui = require("lunar.ui")',
                    'local Card = require("components.card")',
                    'return ui.component { name = "Featured", state = { pinned = true },',
                    '  render = function(_, props) return Card { title = props.title } end }']),
                "screens/home.lua": "\n".join([
                    'local ui = require("lunar.ui")',
                    'local Card = require("components.card")',
                    'local Featured = require("components.featured")',
                    'return { title = "Home", render = function()',
                    '  return ui.Column { Card { title = "Dune", key = "dune" }, Featured { title = "Emma" } }',
                    'end }']),
            }
            for path, text in files.items():
                with open(os.path.join(bundle, path), "w") as f:
                    f.write(text + "\n")
            lunar = Lunar(binary, ["run", bundle, "--web", "--port", "0"], env)
            try:
                address = devtools_address(lunar)
                context = browser.new_context(viewport={"width": 1280, "height": 800})
                app = context.new_page()
                app.goto(lunar.url)
                expect(app.get_by_role("button", name="Toggle Dune")).to_be_visible()
                tools = context.new_page()
                tools.goto(address)
                # The component is a node of its own, above the Column it rendered.
                items = tools.get_by_role("treeitem")
                card = items.filter(has_text="<Card>")
                expect(card).to_have_count(2)
                expect(card.first).to_have_class(re.compile(r"dt-component"))
                level = int(card.first.get_attribute("aria-level"))
                column = tools.locator(".dt-node:not(.dt-component)[data-n='%s']" % card.first.get_attribute("data-n"))
                expect(column).to_contain_text("Column")
                assert int(column.get_attribute("aria-level")) == level + 1
                # Selecting it shows its props and state; the state follows the app.
                card.first.click()
                expect(tools.locator("#dt-node h2")).to_contain_text("<Card>")
                expect(tools.get_by_role("table", name="Props").locator("tr[data-name=title]")).to_contain_text('"Dune"')
                state = tools.get_by_role("table", name="State")
                expect(state.locator("tr[data-name=open]")).to_contain_text("false")
                suite.shot(tools, "devtools-component")
                app.get_by_role("button", name="Toggle Dune").click()
                expect(app.get_by_text("Dune (open)")).to_be_visible()
                expect(state.locator("tr[data-name=open]")).to_contain_text("true")
                # Nested: Featured wraps the Card its root is, which wraps the Column.
                featured = items.filter(has_text="<Featured>")
                expect(featured).to_have_count(1)
                assert int(card.nth(1).get_attribute("aria-level")) == int(featured.get_attribute("aria-level")) + 1
                featured.click()
                expect(tools.get_by_role("table", name="State").locator("tr[data-name=pinned]")).to_contain_text("true")
                context.close()
            finally:
                lunar.stop()

        def test_appearance_follows_the_color_scheme():
            # ui.appearance is the browser's prefers-color-scheme: dark from the first screen
            # under Playwright's emulation, and it follows a change while the page is open.
            bundle = write_bundle("look", """
local ui = require("lunar.ui")
local screen = { title = "Look" }
function screen:render()
  return ui.View { style = { backgroundColor = ui.appearance:map(function(a)
      return a == "dark" and "#000000" or "#ffffff" end) },
    ui.Text("Look: " .. ui.appearance:get()),
  }
end
return screen
""")
            lunar = Lunar(binary, ["run", bundle, "--web", "--port", "0"], env)
            try:
                context = browser.new_context(viewport={"width": 420, "height": 760}, color_scheme="dark")
                page = context.new_page()
                page.goto(lunar.url)
                expect(page.get_by_text("Look: dark")).to_be_visible()
                expect(page.locator(".l-View").first).to_have_css("background-color", "rgb(0, 0, 0)")
                page.emulate_media(color_scheme="light")
                expect(page.get_by_text("Look: light")).to_be_visible()
                expect(page.locator(".l-View").first).to_have_css("background-color", "rgb(255, 255, 255)")
                context.close()
            finally:
                lunar.stop()

        def test_window_follows_the_viewport():
            # ui.window is the page's viewport in points, its devicePixelRatio and font scale.
            bundle = write_bundle("window", """
local ui = require("lunar.ui")
local screen = { title = "Window" }
function screen:render()
  local w = ui.window:get()
  return ui.Text("Window: " .. w.width .. "x" .. w.height .. " @" .. w.scale .. " font " .. w.fontScale)
end
return screen
""")
            lunar = Lunar(binary, ["run", bundle, "--web", "--port", "0"], env)
            try:
                context = browser.new_context(viewport={"width": 420, "height": 760}, device_scale_factor=2)
                page = context.new_page()
                page.goto(lunar.url)
                expect(page.get_by_text("Window: 420x760 @2 font 1")).to_be_visible()
                page.set_viewport_size({"width": 800, "height": 600})
                expect(page.get_by_text("Window: 800x600 @2 font 1")).to_be_visible()
                context.close()
            finally:
                lunar.stop()

        def save(path, text):
            # Staged outside the bundle and renamed into place: the watcher sees one save.
            staged = os.path.join(storage, "staged.lua")
            with open(staged, "w") as f:
                f.write(text)
            os.replace(staged, path)

        for test in [test_showcase_login_list_and_back, test_jump_page_routes_modal_and_keyboard,
                     test_deep_link_and_two_tabs, test_origin_and_token,
                     test_dev_hot_reload_error_overlay_and_reconnect, test_alert_toast_and_field_limits,
                     test_virtualized_list, test_accessibility_switch_and_pressable, test_pressed_style_and_scroll_to,
                     test_specific_style_keys_win_over_shorthands, test_root_background_reaches_the_window_edges,
                     test_bundle_image_is_served_by_opaque_address, test_text_input_attributes_and_focus,
                     test_devtools_beside_the_app, test_devtools_for_a_headless_run, test_devtools_shows_components,
                     test_appearance_follows_the_color_scheme, test_window_follows_the_viewport,
                     test_tap_roundtrip_benchmark, test_tab_memory_benchmark]:
            suite.run(test)
        browser.close()
    shutil.rmtree(storage, ignore_errors=True)
    print("%d passed, %d failed" % (suite.passed, suite.failed))
    sys.exit(1 if suite.failed else 0)


if __name__ == "__main__":
    main()
