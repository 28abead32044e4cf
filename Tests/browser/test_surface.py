"""Every page of the router, in headless Chromium at 390 and 1280 px, on a real-shaped book.

The book (surface_fixture.py): 3,000 generated records with sub-categories, hostile text in every
text field a user fills, budgets of every cycle in both modes, goals, bills, a receipt, a goal
photo and a second user. The pages are the router's own GET routes (`tally routes`) outside
/api/, /static and the calendar feed, each parameter filled with real ids. On every page, at
both widths:

- the answer is not a 5xx, and the server process is still running afterwards;
- no console error and no Content-Security-Policy violation (the console at SEVERE, and a
  `securitypolicyviolation` counter added through DevTools, outside the page's own code);
- nothing is wider than the screen (`scrollWidth <= innerWidth`); no text runs out of its box
  or lies under a positioned box (an icon over a name); no box scrolls sideways on its own; and
  nothing in the page is hidden under the fixed tab bar when scrolled to the end;
- hostile text is escaped: no alert, no script but the app's own, and where a hostile name is
  shown it is there whole and literal;
- at 390 px the main navigation's tap targets are at least 44 × 44 px.

The pages are visited again at edge values (the first and last allowed dates, the days past
them, 9999-12-31) and signed out, where a 4xx is a fine answer but a 5xx or a hang is not, and
another user's book must answer 404. It prints how many routes, pages and widths it covered and
fails with the list of every failing page. Environment as for test_web_flow.py (TALLY_BIN,
CHROMIUM_BIN, CHROMEDRIVER); the records come from `tally demo --out`.
"""
import collections
import os
import time
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.common.exceptions import TimeoutException, UnexpectedAlertPresentException, WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

import surface_fixture as sf
import surface_hostile as hostile
import surface_routes as sr
from test_web_flow import (  # noqa: F401  (the server fixture is used by name)
    CHROMEDRIVER, CHROMIUM_BIN, EMAIL, PASSWORD, PHONE, SCREENSHOT_DIR, TALLY_BIN, server, set_viewport, sign_up, tiny_png,
)

# SURFACE_SIZES="320x568,390x844" tries other screens; the phone width checks tap targets.
# The four phone widths of issue 12 (iPhone SE 1st gen, common Android, iPhone 14/15, Pro Max),
# then a desktop.
WIDTHS = [tuple(int(n) for n in size.split("x")) for size in os.environ.get("SURFACE_SIZES", "").split(",") if size] \
    or [(320, 568), (360, 740), PHONE, (430, 932), (1280, 800)]
MAX_PAGE_BYTES = 100_000
WEIGHTS = {}  # page pattern → largest transfer seen
STATUSES = collections.defaultdict(collections.Counter)  # visit kind → HTTP status → count
MIN_TAP = 44
SHOTS = {"taken": 0}
# Book routes that answer anyone: the Today view's web-app manifest, which browsers fetch without
# cookies, so it cannot ask who is signed in; it is the same for every book and holds no data.
PUBLIC_BOOK_ROUTES = {"/books/:book/today/manifest.webmanifest"}

# Runs before any script of each page (DevTools, not the page): counts CSP violations and
# alert()/prompt() calls, so an injected script is caught without a dialog blocking the driver.
HOOK = """
window.__surface = {csp: [], alerts: 0};
document.addEventListener('securitypolicyviolation', function (e) {
  window.__surface.csp.push(e.violatedDirective + ' ' + (e.blockedURI || '') + ' ' + (e.sourceFile || '') + ':' + e.lineNumber);
}, true);
window.alert = window.prompt = function () { window.__surface.alerts += 1; };
"""

# Everything the checks need from a loaded page, in one round trip (a function body).
PROBE = (Path(__file__).parent / "surface_probe.js").read_text()


@pytest.fixture
def logging_driver():
    """Headless Chromium whose console is readable (goog:loggingPrefs) and which runs HOOK first."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM_BIN
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--lang=en-US",
                     "--force-device-scale-factor=1", "--hide-scrollbars", f"--window-size={PHONE[0]},{PHONE[1]}"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    browser.set_page_load_timeout(30)
    browser.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HOOK})
    # Every page is weighed whole: no browser cache, and the network rather than the service worker.
    browser.execute_cdp_cmd("Network.enable", {})
    browser.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})
    browser.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
    try:
        yield browser
    finally:
        browser.quit()


def mangled(texts):
    """Hostile pieces that show up only in part (cut, or half-rendered as markup or a template)."""
    bad = set()
    for text in texts:
        if "…" in text:  # a label shortened on purpose ("<script>alert(1)</…" in a chart) is whole enough
            for _, whole in hostile.FRAGMENTS:
                for cut in range(len(whole) - 1, 0, -1):
                    text = text.replace(whole[:cut] + "…", "")
        for fragment, whole in hostile.FRAGMENTS:
            if fragment in text and text.count(fragment) != text.count(whole):
                bad.add(whole)
    return sorted(bad)


def expected_text(fixture, pattern, path, query):
    """Hostile strings this page must show whole and literally."""
    wanted = list(fixture.expected.get(pattern, []) if not query else [])
    parts = path.strip("/").split("/")
    if pattern == "/books/:book/transactions/:id/edit":
        record = fixture.records.get(int(parts[3]))
        if record and record.get("payee"):
            wanted.append(record["payee"])
    if pattern == "/books/:book/days/:date":
        wanted += [r["payee"] for r in fixture.records.values() if r["date"] == parts[3] and r.get("payee")]
    if pattern == "/books/:book/search" and query.startswith("?payee="):
        wanted.append(hostile.SCRIPT)
    return wanted


def check_page(browser, srv, fixture, pattern, url, width, failures, signed_in=True, edge=False):
    """Visits url and appends a line to failures for everything wrong; False once the server died.
    Signed out (the page may be for members only) or at an edge value (a date just out of
    bounds), a 4xx is a fine answer; a 5xx never is."""
    refusal_ok = edge or not signed_in
    before = len(failures)
    path, _, query = url.partition("?")
    query = "?" + query if query else ""
    where = f"{width}px {path}{query}"
    browser.get_log("browser")  # what earlier pages logged
    try:
        browser.get(srv.base_url + url)
        page = browser.execute_script(PROBE)
    except UnexpectedAlertPresentException as error:
        failures.append(f"{where}: an alert opened ({error.alert_text!r}): hostile text ran as script")
        try:
            browser.switch_to.alert.accept()
        except WebDriverException:
            pass
        page = None
    except TimeoutException:
        failures.append(f"{where}: did not load within 30 s")
        page = None
    except WebDriverException as error:
        failures.append(f"{where}: the browser could not check the page: {error.msg}")
        page = None
    if srv.process.poll() is not None:
        failures.append(f"{where}: the server process exited with {srv.process.returncode}")
        return False
    if page is None:
        return True
    status = page["status"]
    STATUSES["edge" if edge else "signed in" if signed_in else "signed out"][status] += 1
    if status >= 500 or status == 0:
        failures.append(f"{where}: HTTP {status}")
    elif status >= 400 and not refusal_ok:
        failures.append(f"{where}: HTTP {status} for a route filled with real ids")
    # An image opened on its own (a receipt, a goal photo) is shown by Chromium's image viewer,
    # whose own inline styles the policy refuses, and which asks for /favicon.ico (the app's
    # pages name their icon); that is the browser's page, not the app's.
    image = page["contentType"].startswith("image/")
    for entry in browser.get_log("browser"):
        browsers_own = "Applying inline style violates" in entry["message"] or "/favicon.ico" in entry["message"]
        refused = refusal_ok and 400 <= status < 500 and "Failed to load resource" in entry["message"]
        if entry["level"] == "SEVERE" and not (image and browsers_own) and not refused:
            failures.append(f"{where}: console: {entry['message'][:300]}")
    for violation in ([] if image else page["csp"][:3]):
        failures.append(f"{where}: CSP violation ({len(page['csp'])} in all): {violation}")
    if page["scrollWidth"] > page["width"]:
        failures.append(f"{where}: {page['scrollWidth']} px wide at {page['width']} px; sticking out: {page['overflow']}")
    for box in page["spill"][:3]:
        failures.append(f"{where}: text runs out of its box: {box}")
    if page["blank"]:
        failures.append(f"{where}: {len(page['blank'])} colour dots drawn blank, e.g. in {page['blank'][0]}")
    for box in page["overlap"][:3]:
        failures.append(f"{where}: covers text: {box}")
    for box in page["sideways"][:3]:
        failures.append(f"{where}: scrolls sideways: {box}")
    for control in page["covered"][:3]:
        failures.append(f"{where}: under the tab bar when scrolled to the end: {control}")
    if page["alerts"]:
        failures.append(f"{where}: alert() ran {page['alerts']} times: hostile text ran as script")
    foreign = [s for s in page["scripts"] if not s.startswith("/static/")]
    if foreign:
        failures.append(f"{where}: scripts other than the app's: {foreign}")
    if page["contentType"] == "text/html":
        bad = mangled(page["texts"])
        if bad:
            failures.append(f"{where}: hostile text shown only in part: {bad}")
        joined = "\n".join(page["texts"])
        missing = [] if refusal_ok else [t for t in expected_text(fixture, pattern, path, query) if t not in joined]
        if missing:
            failures.append(f"{where}: hostile text not shown literally: {missing[:3]}")
        if width < 800:
            small = [t for t in page["taps"] if t[1] < MIN_TAP or t[2] < MIN_TAP]
            if small:
                failures.append(f"{where}: tap targets under {MIN_TAP} px: {small[:4]}")
        WEIGHTS[pattern] = max(WEIGHTS.get(pattern, 0), page["weight"])
        if page["weight"] > MAX_PAGE_BYTES:
            failures.append(f"{where}: {page['weight']:,} bytes transferred (at most {MAX_PAGE_BYTES:,})")
    if len(failures) > before and SHOTS["taken"] < 12:
        # The first failing pages as pictures, for a CI run's artifacts.
        SHOTS["taken"] += 1
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        browser.save_screenshot(str(SCREENSHOT_DIR / f"surface-{SHOTS['taken']:02d}-{width}px.png"))
        failures.append(f"{where}: screenshot surface-{SHOTS['taken']:02d}-{width}px.png in {SCREENSHOT_DIR}")
    return True


def sign_in(browser, srv):
    """Signs the first user in again through the login page."""
    browser.get(srv.base_url + "/login")
    browser.find_element(By.NAME, "email").send_keys(EMAIL)
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]").click()
    WebDriverWait(browser, 15).until(lambda b: "/login" not in b.current_url)


def test_every_page_at_both_widths(server, logging_driver, tmp_path):
    started = time.monotonic()
    browser = logging_driver
    set_viewport(browser, PHONE)
    book, today = sign_up(browser, server)
    fixture = sf.build_book(server.base_url, book, today, tmp_path, TALLY_BIN, tmp_path / "data", EMAIL, PASSWORD, tiny_png())
    built = time.monotonic()

    routes = sr.route_list(TALLY_BIN)
    pages = [path for method, path in routes if sr.is_page(method, path)]
    visits, unfilled = sr.visits(fixture, pages)
    failures, signed_out_visits = [f"route not covered: {u}" for u in unfilled], 0

    edges = sr.edge_visits(fixture, pages)
    alive = True
    for width, height in WIDTHS:
        set_viewport(browser, (width, height))
        for pattern, url in visits:
            alive = check_page(browser, server, fixture, pattern, url, width, failures)
            if not alive:
                break
        for pattern, url in edges if alive else []:
            alive = check_page(browser, server, fixture, pattern, url, width, failures, edge=True)
            if not alive:
                break
        if not alive:
            break

    # Signed out: every page answers without a 5xx, and the sign-in and sign-up pages it leads to
    # pass the same layout checks.
    if alive:
        browser.delete_all_cookies()
        for width, height in WIDTHS:
            set_viewport(browser, (width, height))
            for pattern in pages:
                paths, _ = sr.fill(fixture, pattern)
                for url in paths[:1]:
                    alive = alive and check_page(browser, server, fixture, pattern, url, width, failures, signed_in=False)
                    signed_out_visits += 1
        sign_in(browser, server)

    # Another user's book is not there for this user: every page of it answers 404, the same
    # as a book that does not exist, and asking does not hurt the server.
    stranger_visits = 0
    if alive:
        set_viewport(browser, PHONE)
        mine, theirs = f"/books/{fixture.book}/", f"/books/{fixture.second_book}/"
        for pattern in [p for p in pages if p not in PUBLIC_BOOK_ROUTES]:
            paths, _ = sr.fill(fixture, pattern)
            for url in [p.replace(mine, theirs, 1) for p in paths[:1] if p.startswith(mine) or p + "/" == mine]:
                url = url if url.startswith(theirs) else theirs.rstrip("/")
                browser.get(server.base_url + url)
                status = browser.execute_script("return performance.getEntriesByType('navigation')[0].responseStatus")
                STATUSES["another user's book"][status] += 1
                stranger_visits += 1
                if status != 404:
                    failures.append(f"{url} (the second user's book) answered {status}, not 404")
                if server.process.poll() is not None:
                    failures.append(f"{url} (the second user's book): the server process exited")
                    alive = False
                    break

    elapsed = time.monotonic() - started
    covered = len(pages) - len(unfilled)
    print(f"\nwhole surface: {len(routes)} routes, {len(pages)} of them pages, {covered} covered; "
          f"{len(visits)} page views × {len(WIDTHS)} widths = {len(visits) * len(WIDTHS)} visits signed in, "
          f"{len(edges) * len(WIDTHS)} at edge values, {signed_out_visits} signed out, {stranger_visits} in another user's book; "
          f"{sf.RECORDS} generated records; fixture {built - started:.0f} s, total {elapsed:.0f} s; "
          f"{len(failures)} problems; statuses: "
          + "; ".join(f"{kind} " + ", ".join(f"{n}× {code}" for code, n in sorted(c.items())) for kind, c in STATUSES.items()))
    heaviest = sorted(WEIGHTS.items(), key=lambda item: -item[1])
    print(f"page weight, transferred (gzip, headers, no cache), the heaviest of {len(heaviest)} pages: "
          + ", ".join(f"{pattern} {size:,} B" for pattern, size in heaviest[:8])
          + (f"; lightest {heaviest[-1][0]} {heaviest[-1][1]:,} B" if heaviest else ""))
    for line in failures:
        print("  " + line)
    if failures:
        pytest.fail(f"{len(failures)} problems on the whole surface:\n" + "\n".join(failures)
                    + ("" if alive else "\n--- server log ---\n" + server.log()), pytrace=False)
