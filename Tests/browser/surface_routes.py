"""The whole-surface test's page list, from the router itself.

`tally routes` lists every route; the pages are the GET routes outside /api/, /static and the
.ics feed, each `:param` filled with real ids of the right kind from the fixture book. A route
whose parameter this module cannot fill is reported, so a new route is covered or named, never
skipped. Besides the default view of each page: other spans, groupings and searches, and edge
values (the first and last allowed dates, the days past them, a date far out).
"""
import datetime
import subprocess
import urllib.parse

from surface_hostile import ACCOUNT_LONG, CATEGORY, MAX_AMOUNT, SCRIPT


def route_list(tally_bin):
    """`tally routes`: every route the router has, as (METHOD, /path/:param)."""
    run = subprocess.run([tally_bin, "routes"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, f"tally routes failed ({run.returncode}): {run.stderr}"
    routes = [tuple(line.split(" ", 1)) for line in run.stdout.splitlines() if line.strip()]
    assert routes and all(len(r) == 2 and r[1].startswith("/") for r in routes), run.stdout[:500]
    return routes


def is_page(method, path):
    """A page a browser visits: a GET outside /api/ and /static, and not the calendar feed."""
    return (method == "GET" and not path.startswith("/api/") and not path.startswith("/static")
            and not path.startswith("/calendar/") and not path.endswith(".ics"))


def param_values(fixture, segments, index, chosen):
    """Values for the parameter at segments[index], given the ones chosen before it."""
    name = segments[index][1:]
    before = segments[index - 1] if index > 0 else ""
    if name == "book":
        return [fixture.book]
    if name == "id" and before in fixture.ids:
        after = segments[index + 1] if index + 1 < len(segments) else ""
        return fixture.photo_goals if (before, after) == ("goals", "photo") else fixture.ids[before]
    if name in ("date", "due") and before == "occurrences":
        return fixture.occurrences.get(chosen.get("bills:id"), [])
    if name == "date" and before == "days":
        return [d.isoformat() for d in fixture.days[:3]]
    if name == "token" and before == "invitations":
        return fixture.invitation_tokens
    if name == "contribution":
        return fixture.contributions.get(chosen.get("goals:id"), [])
    return None


def fill(fixture, pattern):
    """Every concrete path for a route pattern; (paths, problem) — problem names a parameter
    this module does not know how to fill."""
    segments = pattern.strip("/").split("/") if pattern != "/" else []
    paths = []

    def walk(index, built, chosen):
        if index == len(segments):
            # A bill whose amount varies needs the amount paid before its pay page can show
            # what it will record (without it the page is the form with its 422 error).
            varies = pattern.endswith("/occurrences/:date/pay") and chosen.get("bills:id") in fixture.varying_bills
            paths.append("/" + "/".join(built) + ("?amount=12.00" if varies else ""))
            return None
        segment = segments[index]
        if not segment.startswith(":"):
            return walk(index + 1, built + [segment], chosen)
        values = param_values(fixture, segments, index, chosen)
        if values is None:
            return f"no value for {segment} after '{segments[index - 1] if index else ''}'"
        for value in values:
            key = f"{segments[index - 1] if index else ''}:{segment[1:]}"
            problem = walk(index + 1, built + [str(value)], {**chosen, key: value})
            if problem:
                return problem
        return None

    problem = walk(0, [], {})
    return paths, problem


def visits(fixture, pages):
    """(pattern, url) for every concrete path of each page and its other views (extra_queries),
    and the patterns that could not be filled, each with why."""
    extras = extra_queries(fixture)
    urls, unfilled = [], []
    for pattern in pages:
        paths, problem = fill(fixture, pattern)
        if problem or not paths:
            unfilled.append(f"{pattern}: {problem or 'no ids of that kind in the fixture'}")
            continue
        urls += [(pattern, p) for p in paths]
        urls += [(pattern, paths[0] + q) for q in extras.get(pattern, [])]
    return urls, unfilled


def extra_queries(fixture):
    """More views of some pages than their default: other spans, groupings, kinds and searches,
    so the hostile names show in every list and table that groups them."""
    year = f"from={fixture.first_day.isoformat()}&to={fixture.today.isoformat()}"
    month = f"from={fixture.today.replace(day=1).isoformat()}&to={fixture.today.isoformat()}"
    q = urllib.parse.quote
    return {
        "/books/:book/dashboard": ["?span=week", "?span=year"],
        "/books/:book/reports": [f"?{month}&by={by}&kind={kind}&interval={interval}"
                                 for by, kind, interval in [("subcategory", "expense", "day"), ("payee", "both", "week"),
                                                            ("account", "income", "month")]]
                                + [f"?{year}&by=payee&kind=expense&interval=year"],
        "/books/:book/search": [f"?q={q('script')}", f"?payee={q(SCRIPT)}", f"?category={q(CATEGORY)}&{month}",
                                f"?account={q(ACCOUNT_LONG)}"],
        "/books/:book/calendar": [f"?month={fixture.first_day:%Y-%m}"],
        "/books/:book/transactions/new": ["?kind=income", "?kind=transfer"],
        "/books/:book/bills": [f"?month={(fixture.today.replace(day=1) + datetime.timedelta(days=32)):%Y-%m}"],
    }


# The first and last dates a request may name (LocalDate.supported), the days just past them, and
# a date far out; a page may refuse the out-of-range ones (4xx) but must never fail or hang.
EDGE_DATES = ["1900-01-01", "2199-12-31", "1899-12-31", "2200-01-01", "9999-12-31"]
EDGE_MONTHS = ["1900-01", "2199-12", "1899-12", "2200-01", "9999-12"]


def edge_visits(fixture, pages):
    """(pattern, url) pairs with edge dates in every date a page takes, for the pages the router
    has; the largest amounts are in the fixture book itself."""
    b = f"/books/{fixture.book}"
    q = urllib.parse.quote
    wanted = {
        "/books/:book/dashboard": [f"?span={span}&date={d}" for d in EDGE_DATES for span in ("week", "month", "year")],
        "/books/:book/calendar": [f"?month={m}" for m in EDGE_MONTHS],
        "/books/:book/bills": [f"?month={m}" for m in EDGE_MONTHS],
        "/books/:book/reports": [f"?from={EDGE_DATES[0]}&to={EDGE_DATES[1]}&interval={i}" for i in ("day", "week", "month", "year")]
                                + [f"?from={d}&to={d}&interval=day" for d in EDGE_DATES],
        "/books/:book/search": [f"?from={EDGE_DATES[0]}&to={EDGE_DATES[1]}", f"?from={EDGE_DATES[2]}&to={EDGE_DATES[4]}",
                                f"?amount_min={q(MAX_AMOUNT)}", "?amount_max=99999999999999999999"],
        "/books/:book/transactions/new": [f"?date={d}" for d in EDGE_DATES],
    }
    out = []
    for pattern, queries in wanted.items():
        if pattern in pages:
            out += [(pattern, pattern.replace("/books/:book", b) + query) for query in queries]
    if "/books/:book/days/:date" in pages:
        out += [("/books/:book/days/:date", f"{b}/days/{d}") for d in EDGE_DATES]
    for bill in fixture.ids["bills"][:1]:
        if "/books/:book/bills/:id/occurrences/:date/pay" in pages:
            out += [("/books/:book/bills/:id/occurrences/:date/pay", f"{b}/bills/{bill}/occurrences/{d}/pay") for d in EDGE_DATES]
    return out
