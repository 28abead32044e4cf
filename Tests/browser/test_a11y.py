"""axe-core on every page, at phone and desktop width, and chart text a phone can read.

The book is the whole-surface test's (surface_fixture.py: 3,000 generated records, hostile
names, budgets, goals, bills, imports), so every chart is drawn with real-shaped data; the pages
are the router's own (`tally routes`, filled by surface_routes.py), with the other views the
whole-surface test visits (the report's groupings, the dashboard's spans…), then the signed-out
pages. On each page, at 390 × 844 and at 1280 × 900:

- axe-core (the `axe.min.js` the PyPI package axe-playwright-python carries, injected through
  WebDriver) finds no violation of impact serious or critical; a failure lists each one's rule,
  impact, page and target nodes;
- every chart (`.chart-box`) has a text alternative: a table of its figures, in its box, right
  after it, or named by its `aria-describedby` (the folded tables are opened before axe runs);
- at 390 px, every text in a chart is drawn at 12 CSS px or more (its font size times the SVG's
  scale on screen, for SVG text).

Environment as for test_web_flow.py (TALLY_BIN, CHROMIUM_BIN, CHROMEDRIVER). Without the
axe-playwright-python package the test is skipped with a message, except under CI=true.
"""
import importlib.util
import json
import os
import time
from pathlib import Path

import pytest
from selenium.common.exceptions import WebDriverException

import surface_fixture as sf
import surface_routes as sr
from test_web_flow import (  # noqa: F401  (the fixtures are used by name)
    DESKTOP, EMAIL, PASSWORD, PHONE, TALLY_BIN, driver, server, set_viewport, sign_up, tiny_png,
)

WIDTHS = [PHONE, DESKTOP]
BLOCKING = {"serious", "critical"}
MIN_CHART_TEXT = 12.0  # CSS px, at 390 px wide


def axe_source():
    """axe.min.js from the installed axe-playwright-python package; skips (fails under CI) without it."""
    spec = importlib.util.find_spec("axe_playwright_python")
    script = Path(spec.origin).parent / "axe.min.js" if spec and spec.origin else None
    if script is None or not script.is_file():
        message = "axe-core is missing: pip install axe-playwright-python (it carries axe.min.js)"
        if os.environ.get("CI") == "true":
            pytest.fail(message + "; CI=true must run the accessibility test", pytrace=False)
        pytest.skip(message)
    return script.read_text()


# Runs axe on the whole document; answers the violations, trimmed to what a report needs.
RUN_AXE = """
var done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations']}).then(function (result) {
  done(JSON.stringify(result.violations.map(function (v) {
    return {id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map(function (n) {
      return {target: n.target.join(' '), impact: n.impact, summary: (n.failureSummary || '').slice(0, 300)};
    })};
  })));
}).catch(function (error) { done('error: ' + error); });
"""

# Every chart on the page: whether it has a table of its figures, and each text drawn in it with
# its size on screen (an SVG's font size times the SVG's scale, which a viewBox shrinks on a phone).
CHART_PROBE = r"""
return Array.prototype.map.call(document.querySelectorAll('.chart-box'), function (box) {
  var texts = [];
  box.querySelectorAll('*').forEach(function (el) {
    var own = Array.prototype.some.call(el.childNodes, function (n) { return n.nodeType === 3 && n.textContent.trim(); });
    if (!own || el.closest('title, desc, script, style')) return;
    var rect = el.getBoundingClientRect();
    var style = getComputedStyle(el);
    if (!rect.width || !rect.height || style.visibility === 'hidden' || el.closest('details:not([open]) > :not(summary)')) return;
    var size = parseFloat(style.fontSize);
    if (el instanceof SVGElement && el.getScreenCTM()) {
      var m = el.getScreenCTM();
      size *= Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
    }
    texts.push([el.textContent.trim().slice(0, 40), Math.round(size * 10) / 10]);
  });
  // The text alternative: a table in the box, the box's next element, or named by aria-describedby.
  var holders = [box, box.nextElementSibling];
  box.querySelectorAll('[aria-describedby]').forEach(function (el) {
    el.getAttribute('aria-describedby').split(/\s+/).forEach(function (id) { holders.push(document.getElementById(id)); });
  });
  var rows = 0;
  holders.forEach(function (holder) {
    if (!holder) return;
    var tables = holder.tagName === 'TABLE' ? [holder] : Array.prototype.slice.call(holder.querySelectorAll('table'));
    tables.forEach(function (t) { rows += t.querySelectorAll('tbody tr').length; });
  });
  return {id: box.id || box.className, rows: rows, texts: texts};
});
"""


def check(browser, srv, source, url, size, found, sizes, failures):
    """Loads url, runs axe and the chart probe; records violations and chart text sizes."""
    where = f"{size[0]}px {url}"
    try:
        browser.get(srv.base_url + url)
        if browser.execute_script("return document.contentType") != "text/html":
            return
        # The charts' tables unfolded, so axe checks them too.
        browser.execute_script("document.querySelectorAll('details.chart-table').forEach(function (d) { d.open = true; })")
        browser.execute_script(source)
        answer = browser.execute_async_script(RUN_AXE)
        charts = browser.execute_script(CHART_PROBE)
    except WebDriverException as error:
        failures.append(f"{where}: the browser could not check the page: {error.msg}")
        return
    if answer.startswith("error:"):
        failures.append(f"{where}: axe failed: {answer}")
        return
    for violation in json.loads(answer):
        found.append((violation, where))
    for chart in charts:
        if not chart["rows"]:
            failures.append(f"{where}: chart {chart['id']} has no table of its figures")
        if size == PHONE:
            sizes += [(px, text, chart["id"]) for text, px in chart["texts"]]
            small = sorted((px, text) for text, px in chart["texts"] if px < MIN_CHART_TEXT)
            if small:
                failures.append(f"{where}: chart {chart['id']}: {len(small)} texts under {MIN_CHART_TEXT} px, "
                                f"e.g. {small[0][1]!r} at {small[0][0]} px")


def test_axe_on_every_page_at_both_widths(server, driver, tmp_path):
    source = axe_source()
    started = time.monotonic()
    browser = driver
    browser.set_script_timeout(120)  # axe on a long page
    set_viewport(browser, PHONE)
    book, today = sign_up(browser, server)
    fixture = sf.build_book(server.base_url, book, today, tmp_path, TALLY_BIN, tmp_path / "data", EMAIL, PASSWORD,
                            tiny_png())
    routes = sr.route_list(TALLY_BIN)
    pages = [path for method, path in routes if sr.is_page(method, path)]
    urls, unfilled = sr.visits(fixture, pages)
    failures = [f"route not covered: {u}" for u in unfilled]
    found, sizes = [], []
    for size in WIDTHS:
        set_viewport(browser, size)
        for _, url in urls:
            check(browser, server, source, url, size, found, sizes, failures)
    # Signed out: the sign-in and sign-up pages (every other page leads to them).
    browser.delete_all_cookies()
    for size in WIDTHS:
        set_viewport(browser, size)
        for url in ("/login", "/signup"):
            check(browser, server, source, url, size, found, sizes, failures)

    by_rule = {}
    for violation, where in found:
        by_rule.setdefault((violation["id"], violation["impact"]), []).append((violation, where))
    print(f"\naxe-core on {len(urls) + 2} pages × {len(WIDTHS)} widths in {time.monotonic() - started:.0f} s; "
          f"violations by rule (pages): "
          + (", ".join(f"{rule} {impact} ({len(hits)})" for (rule, impact), hits in sorted(by_rule.items())) or "none"))
    if not sizes:
        failures.append(f"no chart text was measured at {PHONE[0]} px: the charts were not drawn")
    else:
        smallest, largest = min(sizes), max(sizes)
        print(f"chart text at {PHONE[0]} px: {len(sizes)} texts; smallest {smallest[0]} px ({smallest[1]!r} in "
              f"{smallest[2]}), largest {largest[0]} px ({largest[1]!r} in {largest[2]})")
    for (rule, impact), hits in sorted(by_rule.items()):
        if impact not in BLOCKING:
            continue
        for violation, where in hits:
            nodes = "; ".join(n["target"] for n in violation["nodes"][:5])
            more = f" (+{len(violation['nodes']) - 5} more)" if len(violation["nodes"]) > 5 else ""
            why = violation["nodes"][0]["summary"].replace("\n", " ") if violation["nodes"] else ""
            failures.append(f"{where}: {rule} ({impact}, {len(violation['nodes'])} nodes): {violation['help']}: {nodes}{more}"
                            f" — first: {why}")
    for line in failures:
        print("  " + line)
    if failures:
        pytest.fail(f"{len(failures)} accessibility problems:\n" + "\n".join(failures), pytrace=False)
