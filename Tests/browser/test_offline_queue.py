"""The offline queue never loses or doubles a record (issue 27): 200 records queued offline in two
tabs through the add form's own save path, a reload, then online with both tabs sending at once,
one tab closed mid-send, the other reloaded mid-send, and the server killed (SIGKILL) mid-send and
started again on the same data folder and port. At the end the server holds exactly the 200
records, each once (payees q-001 … q-200), read both through the API and with `tally list` on the
data folder; and the queue on the phone is empty.

Environment as for test_web_flow.py. The timings are printed; run with -s to see them.
"""
import json
import os
import signal
import subprocess
import time
import urllib.error
import urllib.request

import pytest
from selenium.webdriver.common.by import By

from network_conditions import OFFLINE, ONLINE, Conditions
from test_phone import controlled, make_driver, script, warmed
from test_web_flow import EMAIL, TALLY_BIN, click, free_port, go, sign_up, wait

TOTAL = 200


class RestartableServer:
    """`tally serve` on one data folder and port that can be killed and started again."""

    def __init__(self, tmp_path):
        self.data = tmp_path / "data"
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.log_path = tmp_path / "server.log"
        self.process = None
        self.starts = 0

    def start(self):
        log = open(self.log_path, "ab")
        self.starts += 1
        self.process = subprocess.Popen(
            [TALLY_BIN, "serve", "--data", str(self.data), "--host", "127.0.0.1", "--port", str(self.port)],
            stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        )
        log.close()
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                pytest.fail(f"tally serve exited with {self.process.returncode}:\n{self.log()}")
            try:
                with urllib.request.urlopen(self.base_url + "/login", timeout=2) as response:
                    if response.status == 200:
                        return
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"tally serve did not answer on {self.base_url} within 60 s:\n{self.log()}")
            time.sleep(0.05)

    def kill(self):
        """SIGKILL: no shutdown, requests in flight are cut off."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)

    def log(self):
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""


@pytest.fixture
def restartable(tmp_path):
    if not os.access(TALLY_BIN, os.X_OK):
        pytest.fail(f"server binary {TALLY_BIN} is missing; run `swift build` first (or set TALLY_BIN)")
    server = RestartableServer(tmp_path)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def payee(n):
    return f"q-{n:03d}"


# Saves records through the add form's own submit handler (app.js: the queue entry, its key, the
# send), one after the other: fills amount and payee, requestSubmit(), waits for the toast.
# Resolves the last toast's text.
ADD = """
var form = document.querySelector('form.record-form'), names = arguments[0], last = '';
for (var i = 0; i < names.length; i++) {
  var old = document.querySelector('.toast');
  if (old) old.remove();
  form.elements.amount.value = '1.' + names[i].slice(-2);
  form.elements.payee.value = names[i];
  form.requestSubmit();
  var deadline = Date.now() + 10000, t;
  while (!(t = document.querySelector('.toast span'))) {
    if (Date.now() > deadline) throw new Error('no toast after saving ' + names[i]);
    await new Promise(function (r) { setTimeout(r, 2); });
  }
  last = t.textContent;
}
return last;
"""

WAITING = "return (await TallyQueue.list()).map(function (e) { return e.fields.payee; });"


def add(browser, first, last):
    """Queues q-first … q-last from the current page's add form; returns the last toast."""
    return script(browser, ADD, [payee(n) for n in range(first, last + 1)])


def server_payees(browser, book):
    """The payees of every record in the book, through the API with the browser's session."""
    body = script(browser, "var r = await fetch(arguments[0]); return r.ok ? r.json() : {error: r.status};",
                  f"/api/v1/books/{book}/transactions?limit=500")
    if "transactions" not in body:
        return None
    return [r["payee"] for r in body["transactions"]]


def test_queue_stress_200_records_tabs_reloads_server_restart(restartable, tmp_path):
    server = restartable
    started = time.monotonic()
    browser = make_driver(tmp_path / "profile")
    conditions = None
    try:
        book, today = sign_up(browser, server)
        form_url = f"{server.base_url}/books/{book}/transactions/new"
        go(browser, f"{server.base_url}/books/{book}/today")
        controlled(browser)
        warmed(browser, book)
        assert server_payees(browser, book) == []
        tab_a = browser.current_window_handle

        conditions = Conditions(browser)
        assert "service_worker" in conditions.apply(OFFLINE)
        go(browser, form_url)
        assert browser.execute_script("return document.documentElement.getAttribute('data-cached-at')"), "the form is not from the cache"
        # The first three by hand: typed, a tile tapped, Save pressed.
        for n in (1, 2, 3):
            browser.execute_script("var t = document.querySelector('.toast'); if (t) t.remove();")
            browser.find_element(By.ID, "amount").send_keys(f"1.{n:02d}")
            browser.execute_script("arguments[0].value = arguments[1]", browser.find_element(By.ID, "payee"), payee(n))
            tile = [t for t in browser.find_elements(By.CSS_SELECTOR, ".tile-grid[data-kind=expense] > label.tile") if t.is_displayed()][0]
            click(browser, tile)
            click(browser, browser.find_element(By.ID, "save"))
            wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".toast span"))
            assert browser.find_element(By.CSS_SELECTOR, ".toast span").get_attribute("textContent") == f"Saved on this phone — {n} waiting to sync"
        assert add(browser, 4, 80) == "Saved on this phone — 80 waiting to sync"
        # A reload, offline: the page comes from the phone and the queue is still there.
        browser.refresh()
        assert browser.execute_script("return document.documentElement.getAttribute('data-cached-at')")
        assert add(browser, 81, 100) == "Saved on this phone — 100 waiting to sync"

        # A second tab, offline too, adding to the same queue, turn about with the first.
        browser.switch_to.new_window("tab")
        tab_b = browser.current_window_handle
        conditions.apply(OFFLINE)
        go(browser, form_url)
        assert browser.execute_script("return document.documentElement.getAttribute('data-cached-at')")
        turns = [(tab_b, 101, 150), (tab_a, 151, 170), (tab_b, 171, 185), (tab_a, 186, 200)]
        for handle, first, last in turns:
            browser.switch_to.window(handle)
            assert add(browser, first, last) == f"Saved on this phone — {last} waiting to sync"
        queued = script(browser, WAITING)
        assert sorted(queued) == [payee(n) for n in range(1, TOTAL + 1)], queued
        offline_done = time.monotonic()

        # Online: both tabs hear `online` and send at once (and the worker's Background Sync).
        # 40 ms each way keeps the sending to a few seconds on a fast machine too, so the tab
        # closing, the reload and the server kill below land mid-send, as they are meant to.
        conditions.apply(dict(ONLINE, latency=40))
        events = []

        def arrived():
            browser.switch_to.window(tab_a)
            found = server_payees(browser, book)
            return found

        deadline = time.monotonic() + 90
        closed_b = reloaded_a = restarted = False
        found = []
        while time.monotonic() < deadline:
            found = arrived()
            count = len(found) if found is not None else -1
            if count >= 30 and not closed_b:
                # The second tab goes away while it is sending.
                browser.switch_to.window(tab_b)
                browser.close()
                browser.switch_to.window(tab_a)
                closed_b = True
                events.append(f"tab closed at {count}")
            elif count >= 60 and not reloaded_a:
                browser.refresh()
                reloaded_a = True
                events.append(f"reloaded at {count}")
            elif count >= 100 and not restarted:
                server.kill()
                events.append(f"server killed at {count}")
                server.start()
                restarted = True
            if restarted and count >= TOTAL and not script(browser, WAITING):
                break
            time.sleep(0.1)
        flushed = time.monotonic()
        left = script(browser, WAITING)
        assert restarted and closed_b and reloaded_a, f"the flush ended before its interruptions: {events}"
        assert not any(int(e.split()[-1]) >= TOTAL for e in events), f"an interruption came after the flush: {events}"
        assert not left, f"still queued after {flushed - offline_done:.0f} s: {left} ({events})"

        expected = [payee(n) for n in range(1, TOTAL + 1)]
        doubled = sorted({p for p in found if found.count(p) > 1})
        assert not doubled, f"sent twice: {doubled}"
        assert sorted(found) == expected, f"missing: {sorted(set(expected) - set(found))}; extra: {sorted(set(found) - set(expected))}"
    finally:
        # The browser goes first: restoring the network before would be one more DevTools round
        # trip to each target, and one that never answered (10 s, then a failure) failed 2 runs
        # in 11 after every assertion had passed.
        browser.quit()
        if conditions:
            conditions.close(restore=False)

    # The same from the data folder, with the server stopped: every record stored, once.
    server.stop()
    listed = subprocess.run([TALLY_BIN, "list", "--data", str(server.data), "--user", EMAIL, "--format", "json",
                             "--from", "2000-01-01", "--to", "2100-12-31"],
                            capture_output=True, text=True, timeout=60)
    assert listed.returncode == 0, listed.stderr
    rows = json.loads(listed.stdout)
    rows = rows["transactions"] if isinstance(rows, dict) else rows
    assert sorted(r["payee"] for r in rows) == expected
    print(f"\nqueue stress: {TOTAL} records queued offline in {offline_done - started:.1f} s, sent in "
          f"{flushed - offline_done:.1f} s ({'; '.join(events)}), each once on the server")
