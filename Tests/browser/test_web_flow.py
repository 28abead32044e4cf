"""End-to-end browser test of Tally's web flow.

Starts the real `tally serve` binary on a free port with an empty data folder, then drives
headless Chromium through sign-up, adding, editing and deleting a record, checking the
amounts on the day page and on the month calendar at every step.

Environment:
  TALLY_BIN           server binary (default /work/main/.build/debug/tally)
  CHROMIUM_BIN        browser binary (default /usr/bin/chromium)
  CHROMEDRIVER        driver binary (default /usr/bin/chromedriver)
  UPDATE_SCREENSHOTS  "1" to overwrite docs/screenshots/calendar.png
  SCREENSHOT_DIR      where screenshots go otherwise (default /tmp/tally-screenshots)
"""

import datetime
import os
import socket
import struct
import subprocess
import time
import urllib.error
import urllib.request
import zlib
from pathlib import Path
from urllib.parse import parse_qs, urlparse

import pytest
from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.select import Select
from selenium.webdriver.support.ui import WebDriverWait

REPO = Path(__file__).resolve().parents[2]
TALLY_BIN = os.environ.get("TALLY_BIN", str(REPO / ".build" / "debug" / "tally"))
CHROMIUM_BIN = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
SCREENSHOT_DIR = Path(os.environ.get("SCREENSHOT_DIR", "/tmp/tally-screenshots"))

PHONE = (390, 844)
DESKTOP = (1280, 900)
EMAIL = "ada@example.com"
PASSWORD = "correct horse battery"
MINUS = "\u2212"  # the day page writes expenses as "−$12.34"


# --------------------------------------------------------------------------- fixtures


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, base_url, process, log_path):
        self.base_url = base_url
        self.process = process
        self.log_path = log_path

    def log(self):
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""


@pytest.fixture
def server(tmp_path):
    """A fresh `tally serve` with its own empty data folder; always stopped afterwards."""
    if not os.access(TALLY_BIN, os.X_OK):
        pytest.fail(f"server binary {TALLY_BIN} is missing; run `swift build` first (or set TALLY_BIN)")
    data = tmp_path / "data"
    port = free_port()
    log_path = tmp_path / "server.log"
    log = open(log_path, "wb")
    process = subprocess.Popen(
        [TALLY_BIN, "serve", "--data", str(data), "--host", "127.0.0.1", "--port", str(port)],
        stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
    )
    srv = Server(f"http://127.0.0.1:{port}", process, log_path)
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                pytest.fail(f"tally serve exited with {process.returncode}:\n{srv.log()}")
            try:
                with urllib.request.urlopen(srv.base_url + "/login", timeout=2) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"tally serve did not answer on {srv.base_url} within 60 s:\n{srv.log()}")
            time.sleep(0.2)
        yield srv
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        log.close()


@pytest.fixture
def driver():
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM_BIN
    for argument in (
        "--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
        "--lang=en-US", "--force-device-scale-factor=1", "--hide-scrollbars",
        f"--window-size={PHONE[0]},{PHONE[1]}",
    ):
        options.add_argument(argument)
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    browser.set_page_load_timeout(30)
    try:
        yield browser
    finally:
        browser.quit()


# --------------------------------------------------------------------------- helpers


def wait(browser, seconds=15):
    return WebDriverWait(browser, seconds)


def text(browser, css):
    return browser.find_element(By.CSS_SELECTOR, css).text.strip()


def set_viewport(browser, size):
    """Sets the inner (CSS) viewport to size, whatever the browser chrome takes."""
    browser.set_window_size(*size)
    inner_w, inner_h = browser.execute_script("return [window.innerWidth, window.innerHeight]")
    outer = browser.get_window_size()
    browser.set_window_size(outer["width"] + size[0] - inner_w, outer["height"] + size[1] - inner_h)


def click(browser, element):
    """Clicks like a person: the element is scrolled to the middle, clear of the fixed tab bar."""
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()


def submit_and_wait(browser, button, url_part):
    """Submits, then waits for the next page (not the old one still on screen) to have loaded."""
    # Marks the current document: EC.staleness_of races the navigation, and chromedriver may then
    # raise "Node with given id does not belong to the document" rather than a stale element.
    browser.execute_script("window.__tallyOldPage = true")
    click(browser, button)

    def next_page_loaded(b):
        try:
            return b.execute_script("return !window.__tallyOldPage && document.readyState === 'complete'")
        except WebDriverException:  # the document went away mid-call
            return False

    wait(browser).until(next_page_loaded)
    wait(browser).until(lambda b: url_part in b.current_url)
    error = browser.find_elements(By.CSS_SELECTOR, "p.error")
    assert not error, f"the form was refused: {error[0].text}"


def go(browser, url):
    browser.get(url)
    wait(browser).until(lambda b: b.execute_script("return document.readyState") == "complete")


def usd(cents):
    return f"${cents // 100:,}.{cents % 100:02d}"


def tiny_png():
    """A valid 2×2 PNG, so the receipt upload passes the server's image sniffing."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    raw = b"".join(b"\x00" + b"\xff\x80\x00" * 2 for _ in range(2))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2, 2, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


def select_category(browser, path):
    """Taps "Parent:Child" (or "Parent") in the category tiles of the kind shown."""
    parent, _, child = path.partition(":")
    tiles = [t for t in browser.find_elements(By.CSS_SELECTOR, ".tile-grid > label.tile") if t.is_displayed()]
    match = [t for t in tiles if t.find_element(By.CSS_SELECTOR, ".name").text == parent]
    assert match, f"no category {parent} in the form"
    click(browser, match[0])
    if child:
        sub = browser.find_element(By.CSS_SELECTOR, f".sub[data-parent='{match[0].get_attribute('data-id')}']")
        match = [t for t in sub.find_elements(By.CSS_SELECTOR, "label.tile") if t.find_element(By.CSS_SELECTOR, ".name").text == child]
        assert match, f"no category {path} in the form"
        click(browser, match[0])
    assert match[0].find_element(By.CSS_SELECTOR, "input").is_selected()


def open_more(form):
    """Opens the form's "More" section (date, account, note, photos)."""
    more = form.find_element(By.CSS_SELECTOR, "details.more")
    if not more.get_attribute("open"):
        # Scrolled to the middle first, like a person: the one-line field above the form pushes
        # "More" down to where the fixed tab bar covers it.
        summary = more.find_element(By.TAG_NAME, "summary")
        form.parent.execute_script("arguments[0].scrollIntoView({block: 'center'})", summary)
        summary.click()


def chosen_category(form):
    checked = form.find_element(By.CSS_SELECTOR, "input[name=category]:checked")
    return checked.find_element(By.XPATH, "..").find_element(By.CSS_SELECTOR, ".name").get_attribute("textContent")


def sign_up(browser, server):
    """Signs up the first user; returns (book id, the server's today)."""
    go(browser, server.base_url + "/")
    assert urlparse(browser.current_url).path == "/signup"
    assert not browser.find_elements(By.CSS_SELECTOR, "p.error"), "the sign-up form shows an error box before any error"
    browser.find_element(By.NAME, "email").send_keys(EMAIL)
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    Select(browser.find_element(By.NAME, "currency")).select_by_value("USD")
    submit_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]"), "/dashboard")
    path = urlparse(browser.current_url).path  # /books/{id}/dashboard (the home page)
    parts = path.strip("/").split("/")
    assert parts[0] == "books" and parts[2] == "dashboard", path
    book = int(parts[1])
    # The "Add" tab carries the server's today: use it, not the test machine's clock.
    add = browser.find_element(By.CSS_SELECTOR, "nav.tabs a.add")
    today = datetime.date.fromisoformat(parse_qs(urlparse(add.get_attribute("href")).query)["date"][0])
    return book, today


def add_record(browser, server, book, *, date, amount, payee, category, account=None, kind="expense",
               time_of_day=None, receipt=None, currency=None):
    """Fills the record form from the tab bar's Add link; returns the new record's id."""
    go(browser, f"{server.base_url}/books/{book}/calendar?month={date:%Y-%m}")
    click(browser, browser.find_element(By.CSS_SELECTOR, "nav.tabs a.add"))
    form = wait(browser).until(EC.presence_of_element_located((By.CSS_SELECTOR, "form.record-form")))
    assert not browser.find_element(By.ID, "form-error").is_displayed(), "the record form shows an error box before any error"
    click(browser, form.find_element(By.CSS_SELECTOR, f"input[name=kind][value={kind}]").find_element(By.XPATH, ".."))
    assert form.find_element(By.CSS_SELECTOR, f"input[name=kind][value={kind}]").is_selected()
    open_more(form)
    form.find_element(By.NAME, "amount").send_keys(amount)
    date_input = form.find_element(By.NAME, "date")
    # Date inputs take typed keys in a locale-dependent order; set the value as the picker does.
    browser.execute_script(
        "arguments[0].value = arguments[1];"
        "arguments[0].dispatchEvent(new Event('input', {bubbles: true}));"
        "arguments[0].dispatchEvent(new Event('change', {bubbles: true}));",
        date_input, date.isoformat(),
    )
    assert date_input.get_attribute("value") == date.isoformat()
    if time_of_day:
        browser.execute_script("arguments[0].value = arguments[1]", form.find_element(By.NAME, "time"), time_of_day)
    if currency:
        field = form.find_element(By.NAME, "currency")
        field.clear()
        field.send_keys(currency)
    form.find_element(By.NAME, "payee").send_keys(payee)
    select_category(browser, category)
    if account:
        Select(form.find_element(By.NAME, "account")).select_by_visible_text(account)
    if receipt:
        form.find_element(By.NAME, "receipts[]").send_keys(str(receipt))
    # The add form saves through the device's queue and stays, ready for the next record.
    browser.execute_script("var t = document.querySelector('.toast'); if (t) t.remove();")
    click(browser, form.find_element(By.ID, "save"))
    wait(browser).until(lambda b: b.find_elements(By.CSS_SELECTOR, ".toast"))
    message = browser.find_element(By.CSS_SELECTOR, ".toast span").get_attribute("textContent")
    assert message.startswith("Saved: "), message
    go(browser, f"{server.base_url}/books/{book}/days/{date.isoformat()}")
    ids = [a.get_attribute("data-id") for a in browser.find_elements(By.CSS_SELECTOR, "ul.records li a[data-id]")
           if a.find_element(By.CSS_SELECTOR, ".payee").text.strip() == payee]
    assert ids, f"{payee} is not listed on {date}"
    return ids[-1]


def day_state(browser):
    return {
        "count": text(browser, "#day-count"),
        "expense": text(browser, "#day-expense"),
        "records": [
            (li.find_element(By.CSS_SELECTOR, ".payee").text.strip(), li.find_element(By.CSS_SELECTOR, ".amount").text.strip())
            for li in browser.find_elements(By.CSS_SELECTOR, "ul.records li a[data-id]")
        ],
    }


def calendar_cell(browser, date):
    cell = browser.find_element(By.CSS_SELECTOR, f"a[data-date='{date.isoformat()}']")
    return cell.find_element(By.CSS_SELECTOR, "span.spent").text.strip()


def open_calendar(browser, server, book, date):
    go(browser, f"{server.base_url}/books/{book}/calendar?month={date:%Y-%m}")
    assert urlparse(browser.current_url).path == f"/books/{book}/calendar"


def save_screenshot(browser, name):
    """docs/screenshots/<name> when asked (or when missing); the artifact folder otherwise."""
    target = REPO / "docs" / "screenshots" / name
    if os.environ.get("UPDATE_SCREENSHOTS") == "1" or not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
    else:
        SCREENSHOT_DIR.mkdir(parents=True, exist_ok=True)
        target = SCREENSHOT_DIR / name
    assert browser.save_screenshot(str(target)), f"could not write {target}"
    assert target.stat().st_size > 10_000, f"{target} is suspiciously small"
    return target


# --------------------------------------------------------------------------- tests


def test_add_edit_delete_expense(server, driver, tmp_path):
    set_viewport(driver, PHONE)
    book, today = sign_up(driver, server)
    # Sign-up lands on the dashboard of an empty book.
    assert text(driver, "#dash-spent") == "$0.00"
    assert text(driver, "#dash-income") == "$0.00"

    # A fixed day of the current month (the 10th), added through the form on a phone.
    day = today.replace(day=10)
    receipt = tmp_path / "receipt.png"
    receipt.write_bytes(tiny_png())
    record_id = add_record(driver, server, book, date=day, amount="12.34", payee="Corner Cafe",
                           category="Food:Coffee", account="Credit Card", time_of_day="08:15", receipt=receipt)

    # The day page: one record, $12.34, with its category, account, time and receipt.
    assert day_state(driver) == {"count": "1", "expense": "$12.34", "records": [("Corner Cafe", f"{MINUS}$12.34")]}
    details = text(driver, f"ul.records li a[data-id='{record_id}'] .what small")
    assert details == "Food:Coffee · Credit Card · 08:15 · 📎", details
    assert "expense" in driver.find_element(By.CSS_SELECTOR, f"a[data-id='{record_id}']").find_element(By.XPATH, "..").get_attribute("class")

    # The calendar: that day's cell and the month totals.
    open_calendar(driver, server, book, day)
    assert calendar_cell(driver, day) == "$12.34"
    assert calendar_cell(driver, day.replace(day=11)) == ""
    marked = [a.get_attribute("data-date") for a in driver.find_elements(By.CSS_SELECTOR, "table.grid td.has a[data-date]")]
    assert marked == [day.isoformat()], marked
    assert text(driver, "#month-expense") == "$12.34"
    assert text(driver, "#month-income") == "$0.00"
    assert text(driver, "#month-count") == "1"
    assert "has" in driver.find_element(By.CSS_SELECTOR, f"a[data-date='{day.isoformat()}']").find_element(By.XPATH, "..").get_attribute("class")

    # The cell links to the day; the record links to its edit form, filled with what was saved.
    set_viewport(driver, DESKTOP)
    click(driver, driver.find_element(By.CSS_SELECTOR, f"a[data-date='{day.isoformat()}']"))
    wait(driver).until(lambda b: f"/days/{day.isoformat()}" in b.current_url)
    click(driver, driver.find_element(By.CSS_SELECTOR, f"ul.records li a[data-id='{record_id}']"))
    wait(driver).until(lambda b: f"/transactions/{record_id}/edit" in b.current_url)
    form = driver.find_element(By.CSS_SELECTOR, "form.record-form")
    assert form.find_element(By.NAME, "amount").get_attribute("value") == "12.34"
    assert form.find_element(By.NAME, "payee").get_attribute("value") == "Corner Cafe"
    assert form.find_element(By.NAME, "date").get_attribute("value") == day.isoformat()
    assert form.find_element(By.NAME, "time").get_attribute("value") == "08:15"
    assert chosen_category(form) == "Coffee"
    assert Select(form.find_element(By.NAME, "account")).first_selected_option.text.strip() == "Credit Card"
    receipt_images = driver.find_elements(By.CSS_SELECTOR, ".receipts img")
    assert len(receipt_images) == 1
    wait(driver).until(lambda b: b.execute_script("return arguments[0].complete", receipt_images[0]))
    assert driver.execute_script("return arguments[0].naturalWidth", receipt_images[0]) == 2

    # "Add" from any page (here the edit page) starts a record on today's date.
    click(driver, driver.find_element(By.CSS_SELECTOR, "nav.tabs a.add"))
    wait(driver).until(lambda b: "/transactions/new" in b.current_url)
    assert driver.find_element(By.NAME, "date").get_attribute("value") == today.isoformat()
    assert driver.find_element(By.NAME, "amount").get_attribute("value") == ""
    go(driver, f"{server.base_url}/books/{book}/transactions/{record_id}/edit")
    form = driver.find_element(By.CSS_SELECTOR, "form.record-form")

    # Edit: 12.34 → 20.00, back on a phone.
    set_viewport(driver, PHONE)
    amount = form.find_element(By.NAME, "amount")
    amount.clear()
    amount.send_keys("20.00")
    submit_and_wait(driver, form.find_element(By.ID, "save"), f"/days/{day.isoformat()}")
    assert day_state(driver) == {"count": "1", "expense": "$20.00", "records": [("Corner Cafe", f"{MINUS}$20.00")]}
    open_calendar(driver, server, book, day)
    assert calendar_cell(driver, day) == "$20.00"
    assert text(driver, "#month-expense") == "$20.00"
    assert text(driver, "#month-count") == "1"

    # Delete through the confirmation page.
    go(driver, f"{server.base_url}/books/{book}/transactions/{record_id}/edit")
    click(driver, driver.find_element(By.ID, "delete"))
    wait(driver).until(lambda b: f"/transactions/{record_id}/delete" in b.current_url)
    summary = text(driver, "main section p strong")
    assert summary == "Corner Cafe", summary
    assert f"{MINUS}$20.00" in text(driver, "main section p")
    submit_and_wait(driver, driver.find_element(By.ID, "confirm-delete"), f"/days/{day.isoformat()}")
    assert day_state(driver) == {"count": "0", "expense": "$0.00", "records": []}
    assert text(driver, "ul.records li.empty") == "Nothing recorded on this day."
    open_calendar(driver, server, book, day)
    assert calendar_cell(driver, day) == ""
    assert text(driver, "#month-expense") == "$0.00"
    assert text(driver, "#month-count") == "0"
    # Gone for good: its edit page is no longer there.
    go(driver, f"{server.base_url}/books/{book}/transactions/{record_id}/edit")
    assert not driver.find_elements(By.CSS_SELECTOR, "form.record-form")
    assert text(driver, "main h1").startswith("404"), text(driver, "main h1")


def test_calendar_month_screenshot(server, driver):
    set_viewport(driver, PHONE)
    book, today = sign_up(driver, server)
    d = today.replace
    expenses = [
        (d(day=2), "4.50", "Blue Bottle", "Food:Coffee", "Debit Card"),
        (d(day=2), "86.20", "Green Grocer", "Food:Groceries", "Debit Card"),
        (d(day=5), "1450.00", "Oak Street Rentals", "Home:Rent", "Debit Card"),
        (d(day=9), "38.75", "Trattoria Roma", "Food:Restaurants", "Credit Card"),
        (d(day=14), "52.10", "Shell", "Auto:Fuel", "Credit Card"),
        (d(day=21), "12.99", "Cinema City", "Entertainment:Movies", "Cash"),
        (d(day=27), "64.00", "City Power", "Utilities:Electricity", "Debit Card"),
    ]
    for date, amount, payee, category, account in expenses:
        add_record(driver, server, book, date=date, amount=amount, payee=payee, category=category, account=account)
    add_record(driver, server, book, date=d(day=15), amount="3200.00", payee="Acme Corp", category="Salary",
               account="Debit Card", kind="income")

    # The income shows on its day page as income, not as spending.
    assert day_state(driver) == {"count": "1", "expense": "$0.00", "records": [("Acme Corp", "+$3,200.00")]}
    # No time, no receipt: the details line has nothing dangling.
    assert text(driver, "ul.records li.income .what small") == "Salary · Debit Card"

    open_calendar(driver, server, book, today)
    cents = lambda amount: round(float(amount) * 100)
    per_day = {}
    for date, amount, *_ in expenses:
        per_day[date] = per_day.get(date, 0) + cents(amount)
    for date, total in per_day.items():
        assert calendar_cell(driver, date) == usd(total), date
    income_cell = driver.find_element(By.CSS_SELECTOR, f"a[data-date='{d(day=15).isoformat()}']")
    assert income_cell.find_element(By.CSS_SELECTOR, "span.earned").text.strip() == "+$3,200.00"
    assert income_cell.find_element(By.CSS_SELECTOR, "span.spent").text.strip() == ""
    spent = sum(per_day.values())
    assert text(driver, "#month-expense") == usd(spent)
    assert text(driver, "#month-income") == "$3,200.00"
    assert text(driver, "#month-cashflow") == usd(320000 - spent)
    assert text(driver, "#month-count") == str(len(expenses) + 1)
    # Every day of the month has a cell, each linking to its own day page.
    cells = driver.find_elements(By.CSS_SELECTOR, "table.grid a[data-date]")
    next_month = (today.replace(day=28) + datetime.timedelta(days=4)).replace(day=1)
    assert len(cells) == (next_month - today.replace(day=1)).days
    assert cells[0].get_attribute("data-date") == d(day=1).isoformat()
    marked = {a.get_attribute("data-date") for a in driver.find_elements(By.CSS_SELECTOR, "table.grid td.has a[data-date]")}
    assert marked == {date.isoformat() for date in per_day} | {d(day=15).isoformat()}

    # The page itself loaded its stylesheet (CSP allows only same-origin files).
    background = driver.execute_script("return getComputedStyle(document.querySelector('header.top')).backgroundColor")
    assert background != "rgba(0, 0, 0, 0)", "app.css did not apply"
    driver.execute_script("window.scrollTo(0, 0)")
    height = driver.execute_script("return document.documentElement.scrollHeight")
    set_viewport(driver, (PHONE[0], max(PHONE[1], height)))
    save_screenshot(driver, "calendar.png")
