"""Bank files and rules, through the browser.

On a phone: Ada imports her bank's OFX file, reviews it (skips one row, files another under Food),
commits it and sees the records; then a bank CSV whose columns she maps herself (and saves as a
preset), previewed, reviewed and committed; then she undoes the OFX import from the history. At
desktop width she adds a rule, previews what applying it would change, applies it and undoes the
run. Keeps docs/screenshots/phone-import-review.png.
"""

from urllib.parse import urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from test_web_flow import (  # noqa: F401  (fixtures are used by name)
    DESKTOP, PHONE, click, driver, go, save_screenshot, server, set_viewport, sign_up, submit_and_wait, text, wait,
)

OFX = """OFXHEADER:100
DATA:OFXSGML
VERSION:102

<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD
<BANKACCTFROM><BANKID>1<ACCTID>000123456789<ACCTTYPE>CHECKING</BANKACCTFROM>
<BANKTRANLIST>
<STMTTRN><TRNTYPE>POS<DTPOSTED>{d1}<TRNAMT>-12.50<FITID>A1<NAME>Corner Bakery<MEMO>Card 1234</STMTTRN>
<STMTTRN><TRNTYPE>POS<DTPOSTED>{d2}<TRNAMT>-40.00<FITID>A2<NAME>Green Market</STMTTRN>
<STMTTRN><TRNTYPE>CREDIT<DTPOSTED>{d2}<TRNAMT>1000.00<FITID>A3<NAME>ACME Payroll</STMTTRN>
</BANKTRANLIST>
<LEDGERBAL><BALAMT>947.50<DTASOF>{d2}</LEDGERBAL>
</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>
"""

CSV = """Booking date;Value date;Text;Amount;Reference
03/04/2026;03/04/2026;Blue Bottle Coffee;-4,50;R1
05/04/2026;05/04/2026;Blue Bottle Coffee;-5,20;R2
06/04/2026;06/04/2026;City Parking;-8,00;R3
"""


def no_sideways_scroll(driver):
    width = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways: {width}"


def row_with(driver, payee):
    for row in driver.find_elements(By.CSS_SELECTOR, "#import-rows tr.import-row"):
        field = row.find_elements(By.CSS_SELECTOR, "input[name='payee[]']")
        if field and field[0].get_attribute("value") == payee:
            return row
    raise AssertionError(f"no row for {payee}")


def test_phone_import_review_commit_undo_and_rules_at_desktop(server, driver, tmp_path):
    set_viewport(driver, PHONE)
    book, today = sign_up(driver, server)
    ofx = tmp_path / "bank.ofx"
    ofx.write_text(OFX.format(d1=today.strftime("%Y%m%d"), d2=today.strftime("%Y%m%d")))

    # The menu lists Import and Rules.
    go(driver, f"{server.base_url}/books/{book}/dashboard")
    menu = [a.get_attribute("href") for a in driver.find_elements(By.CSS_SELECTOR, "nav.manage a")]
    assert any(h.endswith(f"/books/{book}/import") for h in menu) and any(h.endswith("/rules") for h in menu), menu

    # --- OFX: upload, review (skip one, file one under Food), save, commit.
    go(driver, f"{server.base_url}/books/{book}/import")
    driver.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(ofx))
    submit_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"), "/imports/")
    review = urlparse(driver.current_url).path
    assert "Account ••6789" in text(driver, "ul.import-accounts"), text(driver, "ul.import-accounts")
    assert "$947.50" in text(driver, "ul.import-accounts")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#import-rows tr.import-row")) == 3
    assert text(driver, "#review-commit") == "Import 3 records"
    no_sideways_scroll(driver)
    Select(row_with(driver, "Green Market").find_element(By.CSS_SELECTOR, "select[name='action[]']")).select_by_value("skip")
    Select(row_with(driver, "Corner Bakery").find_element(By.CSS_SELECTOR, "select[name='category[]']")).select_by_visible_text("Food")
    submit_and_wait(driver, driver.find_element(By.ID, "review-save"), "done=saved")
    assert "Changes saved." in text(driver, "#review-notice")
    assert text(driver, "#review-commit") == "Import 2 records"
    bakery = row_with(driver, "Corner Bakery")
    assert Select(bakery.find_element(By.CSS_SELECTOR, "select[name='category[]']")).first_selected_option.text == "Food"
    assert "skipped" in row_with(driver, "Green Market").get_attribute("class")
    no_sideways_scroll(driver)
    driver.execute_script("document.getElementById('import-accounts').scrollIntoView({block: 'start'})")
    save_screenshot(driver, "phone-import-review.png")
    submit_and_wait(driver, driver.find_element(By.ID, "review-commit"), "done=committed")
    assert text(driver, "#import-status") == "Imported"
    submit_and_wait(driver, driver.find_element(By.ID, "see-records"), "/search")
    listed = driver.find_element(By.TAG_NAME, "main").text
    assert "Corner Bakery" in listed and "ACME Payroll" in listed and "Green Market" not in listed, listed

    # --- A bank CSV: map its columns, preview, save the preset, review and commit.
    csv = tmp_path / "export.csv"
    csv.write_text(CSV)
    go(driver, f"{server.base_url}/books/{book}/import")
    driver.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(csv))
    Select(driver.find_element(By.ID, "import-account")).select_by_value("new")
    driver.find_element(By.ID, "import-new-account").send_keys("Savings")
    submit_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"), "/import")
    assert driver.find_element(By.ID, "mapping-sample").is_displayed()
    assert "Booking date" in text(driver, "#mapping-sample thead")
    Select(driver.find_element(By.ID, "mapping-date")).select_by_value("1")
    Select(driver.find_element(By.ID, "mapping-amount_mode")).select_by_value("amount")
    Select(driver.find_element(By.ID, "mapping-amount")).select_by_value("4")
    Select(driver.find_element(By.ID, "mapping-payee")).select_by_value("3")
    Select(driver.find_element(By.ID, "mapping-id")).select_by_value("5")
    Select(driver.find_element(By.ID, "mapping-note")).select_by_value("")
    # 03/04/2026 and 05/04/2026 fit both orders: the page asks.
    formats = [o.get_attribute("value") for o in Select(driver.find_element(By.ID, "mapping-date_format")).options]
    assert "DD/MM/YYYY" in formats and "MM/DD/YYYY" in formats, formats
    Select(driver.find_element(By.ID, "mapping-date_format")).select_by_value("DD/MM/YYYY")
    driver.find_element(By.ID, "mapping-save_preset").send_keys("My bank")
    submit_and_wait(driver, driver.find_element(By.ID, "mapping-preview"), "/import/mapping")
    read = text(driver, "#mapping-read")
    assert "3 rows" in read and "2026-04-03" in read and "Blue Bottle Coffee" in read and "-$4.50" in read, read
    no_sideways_scroll(driver)
    submit_and_wait(driver, driver.find_element(By.ID, "mapping-go"), "/imports/")
    assert "Savings" in text(driver, "ul.import-accounts")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#import-rows tr.import-row")) == 3
    submit_and_wait(driver, driver.find_element(By.ID, "review-commit"), "done=committed")

    # The same header again: the preset is proposed, the rows already read through it.
    go(driver, f"{server.base_url}/books/{book}/import")
    driver.find_element(By.CSS_SELECTOR, "input[type=file]").send_keys(str(csv))
    submit_and_wait(driver, driver.find_element(By.CSS_SELECTOR, "main form button[type=submit]"), "/import")
    assert "My bank" in text(driver, "#preset-notice")
    assert "2026-04-03" in text(driver, "#mapping-read")
    submit_and_wait(driver, driver.find_element(By.NAME, "cancel"), "/import")

    # --- Undo the OFX import from the history.
    go(driver, f"{server.base_url}/books/{book}/imports")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#import-history tbody tr")) >= 2
    ofx_id = review.rstrip("/").split("/")[-1]
    undo = driver.find_element(By.CSS_SELECTOR, f"#import-{ofx_id} a.undo-link")
    submit_and_wait(driver, undo, "/undo")
    submit_and_wait(driver, driver.find_element(By.ID, "confirm-undo"), "removed=")
    assert "Undone: 2 records removed." in text(driver, "#history-notice")
    no_sideways_scroll(driver)

    # --- At desktop width: a rule, its preview, the run and its undo.
    set_viewport(driver, DESKTOP)
    go(driver, f"{server.base_url}/books/{book}/rules")
    form = driver.find_element(By.ID, "rule-form")
    form.find_element(By.NAME, "payee_contains").send_keys("blue bottle")
    Select(form.find_element(By.NAME, "set_category")).select_by_visible_text("Food")
    submit_and_wait(driver, driver.find_element(By.ID, "rule-save"), "done=added")
    rule = text(driver, "#rule-list li")
    assert "Payee contains ‘blue bottle’" in rule and "category Food" in rule, rule
    click(driver, driver.find_element(By.LINK_TEXT, "Apply to existing records…"))
    wait(driver).until(lambda b: "/apply" in b.current_url)
    assert "It would change 2 records" in text(driver, "#apply-count")
    assert len(driver.find_elements(By.CSS_SELECTOR, "#rule-changes tbody tr")) == 2
    submit_and_wait(driver, driver.find_element(By.ID, "apply-rule"), "changed=2")
    assert "The rule changed 2 records." in text(driver, "#rules-notice")
    submit_and_wait(driver, driver.find_element(By.ID, "undo-run"), "restored=2")
    assert "2 records got their fields back" in text(driver, "#rules-notice")
