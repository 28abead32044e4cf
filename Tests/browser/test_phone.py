"""Tally in your pocket (issue 12): installable, offline with a queue that never loses or doubles
a record, quick add in two taps, light on a slow network. Headless Chromium through selenium,
and the DevTools protocol for installability and network conditions (network_conditions.py
applies them to the service worker too).

Environment as for test_web_flow.py. The figures (taps, time to a usable Today on Slow 3G, the
scripts' weight) are printed; run with -s to see them.
"""
import gzip
import json
import os
import struct
import time
import urllib.request
import zlib
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from network_conditions import OFFLINE, ONLINE, SLOW_3G, Conditions
from test_web_flow import (  # noqa: F401  (the server fixture is used by name)
    CHROMEDRIVER, CHROMIUM_BIN, PHONE, REPO, click, go, server, set_viewport, sign_up, wait,
)

SHOTS = REPO / "docs" / "screenshots"


def make_driver(profile=None, dark=False):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM_BIN
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--lang=en-US",
                     "--force-device-scale-factor=1", "--hide-scrollbars", f"--window-size={PHONE[0]},{PHONE[1]}"):
        options.add_argument(argument)
    if profile:
        options.add_argument(f"--user-data-dir={profile}")
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    browser.set_page_load_timeout(30)
    set_viewport(browser, PHONE)
    if dark:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    return browser


def script(browser, body, *args):
    """Runs an async function body (it may await) in the page and returns its result."""
    return browser.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        f"(async function () {{ {body} }}).apply(null, Array.prototype.slice.call(arguments, 0, -1))"
        ".then(done, function (e) { done({error: String(e)}); });", *args)


def api(browser, path):
    """GETs an API path with the browser's session; returns the decoded JSON."""
    return script(browser, "var r = await fetch(arguments[0]); return r.json();", path)


def controlled(browser):
    """Waits for the service worker, then reloads until it controls the page."""
    script(browser, "await navigator.serviceWorker.ready; return true;")
    for _ in range(3):
        if browser.execute_script("return !!navigator.serviceWorker.controller"):
            return
        browser.refresh()
    assert browser.execute_script("return !!navigator.serviceWorker.controller"), "the service worker does not control the page"


def warmed(browser, book):
    """Waits until the service worker has saved the book's Today, add form and queue pages."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        saved = script(browser, "var c = await caches.open('tally-pages'); return (await c.keys()).map(function (r) { return new URL(r.url).pathname; });")
        if all(f"/books/{book}/{p}" in saved for p in ("today", "transactions/new", "queue")):
            return saved
        time.sleep(0.2)
    raise AssertionError(f"pages not saved for offline use: {saved}")


def signed_up_with_a_warm_worker(browser, server):
    """Signs up, opens Today, and waits until the service worker controls it and has saved the
    pages needed offline; returns (book, today)."""
    book, today = sign_up(browser, server)
    go(browser, f"{server.base_url}/books/{book}/today")
    controlled(browser)
    warmed(browser, book)
    return book, today


def tiles(browser):
    """The expense tiles shown: [(label element, name)]."""
    found = browser.find_elements(By.CSS_SELECTOR, ".tile-grid[data-kind=expense] > label.tile")
    return [(t, t.find_element(By.CSS_SELECTOR, ".name").text) for t in found if t.is_displayed()]


def toast(browser):
    wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".toast"))
    return browser.find_element(By.CSS_SELECTOR, ".toast span").get_attribute("textContent")


def png(width, height):
    """A valid RGB PNG of the given size (a gradient, so it is a real photo-sized image)."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    pattern = bytes(v for x in range(width) for v in (x * 255 // width, 0, 120))
    rows = []
    for y in range(height):
        row = bytearray(pattern)
        row[1::3] = bytes([y * 255 // height]) * width
        rows.append(b"\x00" + bytes(row))
    rows = b"".join(rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 6)) + chunk(b"IEND", b""))


def jpeg_size(data):
    """(width, height) from a JPEG's start-of-frame marker."""
    assert data[:2] == b"\xff\xd8", "not a JPEG"
    i = 2
    while i < len(data):
        marker, length = data[i + 1], struct.unpack(">H", data[i + 2:i + 4])[0]
        if marker in (0xC0, 0xC1, 0xC2):
            height, width = struct.unpack(">HH", data[i + 5:i + 9])
            return width, height
        i += 2 + length
    raise AssertionError("no frame header in the JPEG")


def test_installable(server):
    browser = make_driver()
    try:
        book, _ = sign_up(browser, server)
        go(browser, server.base_url + "/today")
        assert browser.current_url.endswith(f"/books/{book}/today"), browser.current_url
        manifest = api(browser, "/manifest.webmanifest")
        assert manifest["start_url"] == "/today" and manifest["display"] == "standalone" and manifest["scope"] == "/"
        assert manifest["name"] == "Tally" and manifest["short_name"] == "Tally"
        assert manifest["theme_color"] == "#1f6f5c" and manifest["background_color"] == "#f5f5f7"
        icons = {(i["sizes"], i.get("purpose", "any")) for i in manifest["icons"]}
        assert {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")} <= icons, icons
        assert [(s["name"], s["url"]) for s in manifest["shortcuts"]] == [("Add expense", "/add"), ("Today", "/today")]
        for icon in manifest["icons"]:
            loaded = script(browser, "var i = new Image(); i.src = arguments[0]; await i.decode(); return [i.naturalWidth, i.naturalHeight];", icon["src"])
            if icon["sizes"] != "any":
                assert loaded == [int(n) for n in icon["sizes"].split("x")], (icon, loaded)
        controlled(browser)
        # Chromium's own verdict, the one behind its install prompt.
        assert browser.execute_cdp_cmd("Page.getInstallabilityErrors", {})["installabilityErrors"] == []
        assert browser.execute_cdp_cmd("Page.getAppManifest", {})["errors"] == []
        # The shortcuts land in the last book used.
        go(browser, server.base_url + "/add")
        assert browser.current_url.split("?")[0].endswith(f"/books/{book}/transactions/new")
    finally:
        browser.quit()


def quick_add(browser, amount, tile_index=0, photo=None, by_script=False):
    """Fills the quick-add form on the current page: amount, a tile, maybe a photo; saves."""
    amount_input = browser.find_element(By.ID, "amount")
    if by_script:  # past the form's own checks, as a broken client would send it
        browser.execute_script("arguments[0].value = arguments[1]", amount_input, amount)
    else:
        amount_input.send_keys(amount)
    tile, name = tiles(browser)[tile_index]
    click(browser, tile)
    if photo:
        browser.find_element(By.ID, "receipts").send_keys(str(photo))
    browser.execute_script("var t = document.querySelector('.toast'); if (t) t.remove();")
    click(browser, browser.find_element(By.ID, "save"))
    return name, toast(browser)


def test_offline_add_sync_and_the_queue(server, tmp_path):
    profile = tmp_path / "profile"
    photo = tmp_path / "receipt.png"
    photo.write_bytes(png(2400, 1800))
    browser = make_driver(profile)
    conditions = None
    quit_offline = False
    try:
        book, today = signed_up_with_a_warm_worker(browser, server)
        before = len(api(browser, f"/api/v1/books/{book}/transactions?limit=500")["transactions"])

        conditions = Conditions(browser)
        assert "service_worker" in conditions.apply(OFFLINE), "the service worker is not offline too"
        # Today and the add form open from the phone's cache, saying so.
        go(browser, f"{server.base_url}/books/{book}/today")
        assert browser.execute_script("return document.documentElement.getAttribute('data-cached-at')"), "Today did not come from the cache"
        assert browser.find_element(By.ID, "status-bar").text.startswith("Offline — as of ")
        added = []
        for i, amount in enumerate(["4.50", "12.00"]):
            name, message = quick_add(browser, amount, tile_index=i)
            assert message == f"Saved on this phone — {i + 1} waiting to sync", message
            added.append((amount, name))
        go(browser, f"{server.base_url}/books/{book}/transactions/new?date={today.isoformat()}")
        assert browser.execute_script("return document.documentElement.getAttribute('data-cached-at')"), "the add form did not come from the cache"
        name, message = quick_add(browser, "7.25", tile_index=2, photo=photo)
        assert message == "Saved on this phone — 3 waiting to sync", message
        added.append(("7.25", name))
        # The bad one: "abc" slipped past the form by script; the server will refuse it.
        _, message = quick_add(browser, "abc", tile_index=0, by_script=True)
        assert message == "Saved on this phone — 4 waiting to sync", message
        assert "4 waiting to sync" in browser.find_element(By.ID, "status-bar").text
        # The browser closes while still offline: it quits with the DevTools connection still
        # open. Closing that connection first ended the emulation, so the page heard `online` and
        # began sending just as the browser went: sends cut off half-way and claims left by a dead
        # page, a different test on every run. Closing mid-send is test_offline_queue.py's part.
        browser.quit()
        quit_offline = True
    finally:
        if conditions:
            conditions.close(restore=not quit_offline)
        if not quit_offline:
            browser.quit()

    # The browser closed; it opens again with the network back: the first page sends the queue.
    browser = make_driver(profile)
    try:
        go(browser, f"{server.base_url}/books/{book}/queue")
        wait(browser, 45).until(lambda b: not b.find_elements(By.CSS_SELECTOR, "#queue-list li.waiting")
                                and b.find_elements(By.CSS_SELECTOR, "#queue-list li.refused"))
        refused = browser.find_elements(By.CSS_SELECTOR, "#queue-list li.refused")
        assert len(refused) == 1
        assert "amount" in refused[0].find_element(By.CSS_SELECTOR, ".error").text
        fix = refused[0].find_element(By.LINK_TEXT, "Fix").get_attribute("href")
        assert f"/books/{book}/transactions/new?queued=" in fix
        assert "1 to fix" in browser.find_element(By.ID, "status-bar").text

        records = api(browser, f"/api/v1/books/{book}/transactions?limit=500")["transactions"]
        assert len(records) == before + 3, [r["amount"] for r in records]
        by_amount = {r["amount"]: r for r in records}
        for amount, category in added:
            assert amount in by_amount, (amount, sorted(by_amount))
            assert by_amount[amount]["category"].split(":")[-1] == category
        receipts = api(browser, f"/api/v1/books/{book}/transactions/{by_amount['7.25']['id']}/receipts")
        assert len(receipts) == 1, receipts
        others = [api(browser, f"/api/v1/books/{book}/transactions/{by_amount[a]['id']}/receipts") for a in ("4.50", "12.00")]
        assert others == [[], []]
        image = script(browser, "var r = await fetch(arguments[0]); var b = new Uint8Array(await r.arrayBuffer());"
                       "return Array.from(b.slice(0, 65536));", receipts[0]["url"])
        width, height = jpeg_size(bytes(image))
        assert (width, height) == (1600, 1200), (width, height)
        print(f"\noffline: 3 records and 1 receipt sent ({width}×{height} JPEG from a 2400×1800 photo); "
              f"1 refused and kept: {refused[0].find_element(By.CSS_SELECTOR, '.error').text!r}")

        # Fixing it: the form opens with the record and the server's message; saved, it is sent.
        go(browser, fix)
        assert browser.find_element(By.ID, "form-error").text, "the message is shown"
        amount = browser.find_element(By.ID, "amount")
        assert amount.get_attribute("value") == "abc"
        amount.clear()
        amount.send_keys("9.99")
        click(browser, browser.find_element(By.ID, "save"))
        assert toast(browser).startswith("Saved: 9.99 USD")
        assert len(api(browser, f"/api/v1/books/{book}/transactions?limit=500")["transactions"]) == before + 4
        go(browser, f"{server.base_url}/books/{book}/queue")
        try:
            wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#queue-list li.empty"))
        except Exception:
            raise AssertionError(f"the queue is not empty: {script(browser, 'return await TallyQueue.list();')}")
    finally:
        browser.quit()


def test_quick_add_from_today_in_two_taps(server):
    browser = make_driver()
    try:
        book, today = sign_up(browser, server)
        go(browser, f"{server.base_url}/today")
        taps = []

        def tap(element):
            taps.append(element.text or element.get_attribute("id"))
            click(browser, element)

        amount = browser.find_element(By.ID, "amount")
        assert amount.get_attribute("inputmode") == "decimal"
        amount.send_keys("3.20")
        tile, name = tiles(browser)[0]
        tap(tile)
        tap(browser.find_element(By.ID, "save"))
        assert toast(browser) == f"Saved: 3.20 USD · {name}"
        print(f"\nquick add: an expense from Today in {len(taps)} taps after typing the amount: {taps}")
        assert len(taps) == 2
        records = api(browser, f"/api/v1/books/{book}/transactions?limit=10")["transactions"]
        assert [(r["amount"], r["category"], r["date"]) for r in records] == [("3.20", name, today.isoformat())]
        assert records[0]["account"], "the last used (or first) account is filled in"
        # The form is ready for the next one.
        assert browser.find_element(By.ID, "amount").get_attribute("value") == ""
        assert browser.switch_to.active_element.get_attribute("id") == "amount"

        # Undo takes it back.
        click(browser, browser.find_element(By.CSS_SELECTOR, ".toast button"))
        wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".toast") and toast(b) == "Removed.")
        assert api(browser, f"/api/v1/books/{book}/transactions?limit=10")["transactions"] == []

        # A sub-category is one tap deeper; the payee then brings it back by itself.
        food = next(t for t, n in tiles(browser) if n == "Food")
        browser.find_element(By.ID, "amount").send_keys("4.10")
        click(browser, food)
        coffee = browser.find_element(By.XPATH, "//div[contains(@class,'sub') and contains(@class,'open')]//label[.//span[text()='Coffee']]")
        click(browser, coffee)
        browser.find_element(By.ID, "payee").send_keys("Corner Cafe")
        browser.execute_script("document.querySelector('.toast').remove()")
        click(browser, browser.find_element(By.ID, "save"))
        assert toast(browser) == "Saved: 4.10 USD · Coffee · Corner Cafe"
        go(browser, f"{server.base_url}/books/{book}/today")
        browser.find_element(By.ID, "payee").send_keys("Corner Cafe")
        browser.execute_script("document.getElementById('payee').dispatchEvent(new Event('change', {bubbles: true}))")
        checked = browser.find_element(By.CSS_SELECTOR, "input[name=category]:checked")
        assert checked.find_element(By.XPATH, "..").find_element(By.CSS_SELECTOR, ".name").text == "Coffee"
        # The most used category now comes first.
        assert tiles(browser)[0][1] == "Food"
    finally:
        browser.quit()


def test_slow_3g_today_is_usable_within_a_second(server):
    browser = make_driver()
    conditions = None
    try:
        book, _ = signed_up_with_a_warm_worker(browser, server)
        conditions = Conditions(browser)
        conditions.apply(SLOW_3G)
        times = []
        for _ in range(3):
            go(browser, f"{server.base_url}/books/{book}/today")
            ready = browser.execute_script("return performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd")
            cached = browser.execute_script("return document.documentElement.getAttribute('data-cached-at')")
            amount = browser.find_element(By.ID, "amount")
            amount.send_keys("1.50")
            assert amount.get_attribute("value") == "1.50"
            times.append((round(ready), "cache" if cached else "network"))
        print(f"\nslow 3G, warm service worker: Today usable after {times} ms (DOMContentLoaded)")
        assert all(ms <= 1000 for ms, _ in times), times
    finally:
        if conditions:
            conditions.close()
        browser.quit()


def test_script_weight(server):
    """The scripts a page loads, plus the service worker: at most 30 KB in all, as served."""
    with urllib.request.urlopen(server.base_url + "/login") as response:
        html = response.read().decode()
    paths = [part.split('"')[0] for part in html.split('<script src="')[1:]] + ["/sw.js"]
    raw = packed = 0
    for path in paths:
        with urllib.request.urlopen(server.base_url + path) as response:
            body = response.read()
        request = urllib.request.Request(server.base_url + path, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request) as response:
            assert response.headers["Content-Encoding"] == "gzip" and response.headers["Vary"] == "Accept-Encoding"
            compressed = response.read()
            assert gzip.decompress(compressed) == body
        raw += len(body)
        packed += len(compressed)
    print(f"\nJavaScript: {len(paths)} files, {raw:,} bytes as served, {packed:,} gzipped")
    assert raw <= 30_000, raw


def post(browser, path, body):
    """POSTs JSON to the API with the browser's session and the page's CSRF token."""
    return script(browser, "var t = document.querySelector('meta[name=csrf-token]').content;"
                  "var r = await fetch(arguments[0], {method: 'POST', headers: {'Content-Type': 'application/json', 'X-CSRF-Token': t},"
                  " body: JSON.stringify(arguments[1])}); return r.status;", path, body)


@pytest.mark.skipif(os.environ.get("UPDATE_SCREENSHOTS") != "1", reason="writes docs/screenshots/phone-*.png only when asked")
def test_phone_screenshots(server, tmp_path):
    """docs/screenshots/phone-{today,quick-add,queue,dashboard}-{light,dark}.png at 390 px."""
    import datetime
    browser = make_driver(tmp_path / "profile")
    conditions = None
    try:
        book, today = sign_up(browser, server)
        go(browser, f"{server.base_url}/books/{book}/today")
        assert post(browser, f"/api/v1/books/{book}/budgets", {
            "name": "Spending money", "limit": "250.00", "cycle": "weekly", "main": True,
            "week_start": today.strftime("%A").lower(), "start": today.isoformat()}) == 201
        spent = [(0, "Corner Cafe", "Food:Coffee", "4.20"), (0, "Green Grocer", "Food:Groceries", "38.15"),
                 (1, "City Transit", "Transportation:Public Transit", "2.75"), (2, "Noodle Bar", "Food:Restaurants", "14.90"),
                 (3, "Hardware Store", "Household:Supplies", "23.40"), (5, "Cinema", "Entertainment:Movies", "12.00"),
                 (6, "Power Co", "Utilities:Electricity", "61.30"), (8, "Bookshop", "Entertainment", "18.75")]
        for days, payee, category, amount in spent:
            date = max(today - datetime.timedelta(days=days), today.replace(day=1))
            assert post(browser, f"/api/v1/books/{book}/transactions", {
                "amount": amount, "payee": payee, "category": category, "date": date.isoformat()}) == 201
        assert post(browser, f"/api/v1/books/{book}/transactions", {
            "kind": "income", "amount": "2400.00", "payee": "Acme Corp", "category": "Salary",
            "date": today.replace(day=1).isoformat()}) == 201
        go(browser, f"{server.base_url}/books/{book}/today")
        controlled(browser)
        warmed(browser, book)

        def shoot(name, path, prepare=None):
            for mode in ("light", "dark"):
                browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": mode}]})
                go(browser, server.base_url + path)
                if prepare:
                    prepare()
                browser.execute_script("window.scrollTo(0, 0)")
                assert browser.save_screenshot(str(SHOTS / f"phone-{name}-{mode}.png"))

        shoot("today", f"/books/{book}/today")

        def choose_coffee():
            browser.find_element(By.ID, "amount").send_keys("3.80")
            click(browser, next(t for t, n in tiles(browser) if n == "Food"))
            click(browser, browser.find_element(By.XPATH, "//div[contains(@class,'sub')]//label[.//span[text()='Coffee']]"))
        shoot("quick-add", f"/books/{book}/transactions/new?date={today.isoformat()}", choose_coffee)
        shoot("dashboard", f"/books/{book}/dashboard")

        # The queue: one record the server refused, two waiting (added offline).
        conditions = Conditions(browser)
        conditions.apply(OFFLINE)
        go(browser, f"{server.base_url}/books/{book}/today")
        quick_add(browser, "abc", tile_index=0, by_script=True)
        conditions.close()
        go(browser, f"{server.base_url}/books/{book}/queue")
        wait(browser, 30).until(lambda b: b.find_elements(By.CSS_SELECTOR, "#queue-list li.refused"))
        conditions = Conditions(browser)
        conditions.apply(OFFLINE)
        go(browser, f"{server.base_url}/books/{book}/today")
        quick_add(browser, "6.40", tile_index=0)
        quick_add(browser, "22.00", tile_index=1)
        shoot("queue", f"/books/{book}/queue")
    finally:
        if conditions:
            conditions.close()
        browser.quit()
