"""A three-person family book built by invitation, through the browser.

Ann signs up (the server's sign-up is then closed), makes a "Family" book in EUR from the book
switcher, and invites Bob as an editor with a link and Cy as a viewer by email. Each of them
opens the link, signs up with it (the invitation opens sign-up for that one person), and lands in
the book. Bob adds an expense; Cy sees it, but no Add tab, no record form and no settings forms,
and a form page answers 403. The used link no longer works. Ann at desktop width, Bob and Cy at
phone width.
"""

import re
from urllib.parse import urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.support.select import Select

from test_web_flow import (  # noqa: F401  (fixtures are used by name)
    DESKTOP, PHONE, add_record, driver, go, save_screenshot, server, set_viewport, sign_up, submit_and_wait, text,
    wait,
)

PASSWORD = "correct horse battery"


def switch_user(browser, server):
    """Forgets the session (as another person's phone would have none)."""
    browser.delete_all_cookies()
    go(browser, server.base_url + "/login")


def invite(browser, server, book, role, email=""):
    """Ann makes an invitation on the book's settings page; returns its link."""
    go(browser, f"{server.base_url}/books/{book}/settings")
    form = browser.find_element(By.ID, "invite-form")
    Select(form.find_element(By.NAME, "role")).select_by_value(role)
    if email:
        form.find_element(By.NAME, "email").send_keys(email)
    submit_and_wait(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"), "/invitations")
    link = browser.find_element(By.ID, "invite-link").get_attribute("value")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/invitations/inv_[0-9a-f]{48}", link), link
    assert "shown only once" in text(browser, "#invite-notice")
    return link


def join_by_link(browser, server, link, email):
    """Opens the link signed out, signs up with it, and opens the shared book from the list."""
    switch_user(browser, server)
    go(browser, link.replace("http://127.0.0.1:", "http://127.0.0.1:"))
    assert "Join Family" in text(browser, "#invitation h1")
    submit_and_wait(browser, browser.find_element(By.ID, "signup-invited"), "/signup")
    assert "You will join Family too." in text(browser, "#invited-to")
    email_input = browser.find_element(By.NAME, "email")
    if not email_input.get_attribute("value"):
        email_input.send_keys(email)
    assert email_input.get_attribute("value") == email
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    submit_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]"), "/books")
    books = [a.text.split("\n")[0] for a in browser.find_elements(By.CSS_SELECTOR, "#book-list a.what")]
    assert books == ["Family", "Personal"], books
    family = browser.find_element(By.CSS_SELECTOR, "#book-list a.what")
    submit_and_wait(browser, family, "/dashboard")
    return int(urlparse(browser.current_url).path.split("/")[2])


def test_family_book_by_invitation(server, driver):
    browser = driver
    # Ann, at desktop width: her account, then a Family book from the switcher.
    set_viewport(browser, DESKTOP)
    personal, today = sign_up(browser, server)
    assert "Personal · USD" in text(browser, "#book-switcher")
    browser.find_element(By.ID, "book-switcher").click()  # the header's switcher opens
    submit_and_wait(browser, browser.find_element(By.ID, "all-books"), "/books")
    form = browser.find_element(By.ID, "new-book")
    form.find_element(By.NAME, "name").send_keys("Family")
    Select(form.find_element(By.NAME, "currency")).select_by_value("EUR")
    submit_and_wait(browser, form.find_element(By.CSS_SELECTOR, "button[type=submit]"), "/dashboard")
    family = int(urlparse(browser.current_url).path.split("/")[2])
    assert family != personal
    assert "Family · EUR" in text(browser, "#book-switcher")
    # The switcher lists both books, the open one marked; it takes her back and forth.
    browser.find_element(By.ID, "book-switcher").click()
    listed = [a.text for a in browser.find_elements(By.CSS_SELECTOR, ".switcher-list a")]
    assert listed == ["Personal · USD", "Family · EUR", "All books…"], listed
    assert browser.find_element(By.CSS_SELECTOR, ".switcher-list a[aria-current]").text == "Family · EUR"
    submit_and_wait(browser, browser.find_element(By.LINK_TEXT, "Personal · USD"), f"/books/{personal}/dashboard")
    browser.find_element(By.ID, "book-switcher").click()
    submit_and_wait(browser, browser.find_element(By.LINK_TEXT, "Family · EUR"), f"/books/{family}/dashboard")

    bob_link = invite(browser, server, family, "editor")
    cy_link = invite(browser, server, family, "viewer", "cy@example.com")

    # Sign-up is closed for anyone without an invitation.
    switch_user(browser, server)
    go(browser, server.base_url + "/signup")
    assert "Sign-up is closed" in browser.find_element(By.TAG_NAME, "main").text

    # Bob, on a phone: joins as editor and adds an expense to the family book.
    set_viewport(browser, PHONE)
    assert join_by_link(browser, server, bob_link, "bob@example.com") == family
    add_record(browser, server, family, date=today, amount="42.50", payee="Farmers market", category="Food:Groceries")
    # The link was used: it says so, and cannot be used again.
    switch_user(browser, server)
    go(browser, bob_link)
    assert "already been used" in text(browser, "#invitation")

    # Cy, on a phone: her invitation fills in her email; she sees Bob's expense but cannot change anything.
    assert join_by_link(browser, server, cy_link, "cy@example.com") == family
    browser.find_element(By.ID, "book-switcher").click()
    assert [a.text for a in browser.find_elements(By.CSS_SELECTOR, ".switcher-list a")] == [
        "Family · EUR", "Personal · USD", "All books…"]
    save_screenshot(browser, "phone-switcher.png")
    browser.find_element(By.ID, "book-switcher").click()
    go(browser, f"{server.base_url}/books/{family}/days/{today.isoformat()}")
    assert "Farmers market" in browser.find_element(By.CSS_SELECTOR, "ul.records").text
    assert "42.50" in browser.find_element(By.CSS_SELECTOR, "ul.records").text
    assert not browser.find_elements(By.CSS_SELECTOR, "nav.tabs a.add"), "a viewer has no Add tab"
    go(browser, f"{server.base_url}/books/{family}/today")
    assert not browser.find_elements(By.CSS_SELECTOR, "form.record-form"), "a viewer's Today has no record form"
    go(browser, f"{server.base_url}/books/{family}/transactions/new")
    assert "viewers cannot change this book" in browser.find_element(By.TAG_NAME, "main").text
    go(browser, f"{server.base_url}/books/{family}/settings")
    assert not browser.find_elements(By.ID, "invite-form") and not browser.find_elements(By.ID, "rename-book")
    members = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#members li")]
    assert len(members) == 3, members
    assert "ada@example.com" in members[0] and "owner" in members[0]
    assert "bob@example.com" in members[1] and "editor" in members[1]
    assert "cy@example.com" in members[2] and "viewer" in members[2] and "you" in members[2]

    # Ann sees the three of them and both invitations used.
    switch_user(browser, server)
    set_viewport(browser, DESKTOP)
    browser.find_element(By.NAME, "email").send_keys("ada@example.com")
    browser.find_element(By.NAME, "password").send_keys(PASSWORD)
    submit_and_wait(browser, browser.find_element(By.CSS_SELECTOR, "main form button[type=submit]"), "/books/")
    go(browser, f"{server.base_url}/books/{family}/settings")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#members li")) == 3
    statuses = [li.text for li in browser.find_elements(By.CSS_SELECTOR, "#invitations li")]
    assert len(statuses) == 2 and all("accepted" in s for s in statuses), statuses
    save_screenshot(browser, "book-settings.png")
    set_viewport(browser, PHONE)
    go(browser, f"{server.base_url}/books")
    save_screenshot(browser, "phone-books.png")
    set_viewport(browser, DESKTOP)
    go(browser, f"{server.base_url}/books/{family}/settings")
    # She makes Bob a viewer from the members list: his row now says so.
    bob_row = [li for li in browser.find_elements(By.CSS_SELECTOR, "#members li") if "bob@example.com" in li.text][0]
    Select(bob_row.find_element(By.NAME, "role")).select_by_value("viewer")
    submit_and_wait(browser, bob_row.find_element(By.CSS_SELECTOR, "button[type=submit]"), "/settings")
    bob_row = [li for li in browser.find_elements(By.CSS_SELECTOR, "#members li") if "bob@example.com" in li.text][0]
    assert "viewer" in bob_row.find_element(By.CSS_SELECTOR, "small").text
