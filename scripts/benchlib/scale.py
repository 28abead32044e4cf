"""`scripts/bench --scale`: what a person waits for in a big book, side by side with an older binary.

On a store of --load-size records (`tally demo --out`'s data, seed 42: 2015-2024), for each binary
(the new one and, with --baseline-binary, the old one, alternated round by round so a machine that
slows down weighs on both), a freshly started `tally serve` answers over one keep-alive connection:

- word search with its count, totals and first page of 50: a word in about 1 % of the records
  (`lyft`, 1.09 %) and one in about 15 % (`coffee`, 14.0 % through payees, notes and category
  names);
- the 10-year report by category, payee and account (the API's JSON, and the report page's HTML
  with its size), and the 10-year trend by month;
- ten years of balances by month (each account's balance and the net worth at each month's end:
  the API's JSON and the page), which an older binary without the route skips;
- the whole book exported over HTTP as Tally CSV, Tally's JSON and a Ledger journal: the time to
  the last byte, the bytes, and the server's peak memory (VmHWM of a server started for that
  export alone); and by `tally export` to a file as CSV and JSON (wall time, peak memory).

With --postgres URL the same queries and HTTP exports run on PostgreSQL too (that database is
EMPTIED): one binary after the other, each on the database reset, imported with its own `tally
import` and `VACUUM (ANALYZE)`d.

Each query is sent --warmups times, then timed --repeats times (median and 95th percentile); an
export is timed --rounds times. Every answer must be 200 and the searches must count the same
records on both binaries. The results go into the "## At scale" section of the report (the rest of
the file kept) and WORKDIR/scale-results.json.
"""
import http.client
import json
import os
import shutil
import subprocess
import statistics
import time
import urllib.parse

from . import load
from .common import BenchError, dataset, fmt_int, fmt_ms, log
from .tallyrun import _vm_hwm_mb

SECTION = "## At scale"
FROM, TO = "2015-01-01", "2024-12-31"
WORDS = (("search-1", "lyft", "word in 1 % (`lyft`)"), ("search-15", "coffee", "word in 15 % (`coffee`)"))
GOALS = {"search-1": 20, "search-15": 50, "report-category": 15, "report-payee": 15, "report-account": 15,
         "trend": 15, "page-category": 20, "page-payee": 20, "page-account": 20, "balances": 20,
         "page-balances": 20}
# Routes an older binary may not have: a 404 there is skipped, not a failure.
NEWER = ("balances", "page-balances")


def queries(book):
    b = "/api/v1/books/%s" % book
    q = {}
    for key, word, _ in WORDS:
        q[key] = "%s/transactions?q=%s&limit=50" % (b, word)
    for by in ("category", "payee", "account"):
        q["report-" + by] = "%s/reports/summary?from=%s&to=%s&by=%s&kind=expense" % (b, FROM, TO, by)
        q["page-" + by] = "/books/%s/reports?from=%s&to=%s&by=%s&kind=expense" % (book, FROM, TO, by)
    q["trend"] = "%s/reports/trend?from=%s&to=%s&interval=month&kind=expense" % (b, FROM, TO)
    q["balances"] = "%s/reports/balances?from=%s&to=%s&interval=month" % (b, FROM, TO)
    q["page-balances"] = "/books/%s/reports/balances?from=%s&to=%s&interval=month" % (book, FROM, TO)
    return q


LABELS = {"search-1": WORDS[0][2], "search-15": WORDS[1][2],
          "report-category": "10-year report by category (API)", "report-payee": "10-year report by payee (API)",
          "report-account": "10-year report by account (API)", "page-category": "the same by category (page)",
          "page-payee": "the same by payee (page)", "page-account": "the same by account (page)",
          "trend": "10-year trend by month (API)", "balances": "10 years of balances by month (API)",
          "page-balances": "the same (page)"}
EXPORTS = (("export-csv", "csv", "CSV over HTTP"), ("export-json", "tally-json", "Tally's JSON over HTTP"),
           ("export-ledger", "ledger", "Ledger over HTTP"))
CLI_EXPORTS = (("cli-csv", "csv", "CSV by `tally export -o FILE`"), ("cli-json", "json", "JSON by `tally export -o FILE`"))


def _timed(conn, path, token):
    start = time.perf_counter()
    conn.request("GET", path, headers={"Authorization": "Bearer " + token, "Accept": "application/json"})
    resp = conn.getresponse()
    body = resp.read()
    return time.perf_counter() - start, resp.status, body


def _queries(port, token, book, warmups, repeats):
    out = {}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        for key, path in queries(book).items():
            times, size, answer = [], None, None
            for i in range(warmups + repeats):
                seconds, status, body = _timed(conn, path, token)
                if status == 404 and key in NEWER:
                    break
                if status != 200:
                    raise BenchError("GET %s answered %d: %s" % (path, status, body[:200].decode("utf-8", "replace")))
                if i >= warmups:
                    times.append(seconds)
                size = len(body)
                if key.startswith("search"):
                    answer = json.loads(body).get("count")
            if not times:
                continue  # a route this binary does not have
            times.sort()
            out[key] = {"median": statistics.median(times), "p95": times[int(0.95 * (len(times) - 1))],
                        "bytes": size, "count": answer}
    finally:
        conn.close()
    return out


def _export(binary, store, token, fmt, logdir, tag):
    server = load.Server(binary, store, os.path.join(logdir, "scale-%s-%s.log" % (tag, fmt)))
    try:
        server.wait_ready()
        status, data = load._get(server.port, "/api/v1/books", token)
        book = json.loads(data)[0]["id"]
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=600)
        start = time.perf_counter()
        conn.request("GET", "/api/v1/books/%s/transactions?format=%s" % (book, fmt),
                     headers={"Authorization": "Bearer " + token})
        resp = conn.getresponse()
        size = 0
        first = None
        while True:
            chunk = resp.read(1 << 20)
            if first is None:
                first = time.perf_counter() - start
            if not chunk:
                break
            size += len(chunk)
        seconds = time.perf_counter() - start
        conn.close()
        if resp.status == 422 and tag == "old":
            return None  # an older binary without this download format
        if resp.status != 200:
            raise BenchError("the %s export answered %d" % (fmt, resp.status))
        return {"seconds": seconds, "first_byte": first, "bytes": size, "rss_mb": _vm_hwm_mb(server.proc.pid)}
    finally:
        server.stop()


def _cli_export(binary, store, fmt, workdir):
    """`tally export` of the whole first book to a file: wall seconds, bytes, peak MB (GNU time)."""
    out = os.path.join(workdir, "scale-export.%s" % fmt)
    stats = os.path.join(workdir, "scale-export.time")
    start = time.perf_counter()
    code = subprocess.call(["/usr/bin/time", "-f", "%M", "-o", stats, binary, "export", "--format", fmt, "-o", out]
                           + store, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    if code != 0:
        raise BenchError("tally export --format %s exited %d" % (fmt, code))
    size = os.path.getsize(out)
    os.remove(out)
    return {"seconds": seconds, "bytes": size, "rss_mb": int(open(stats).read().split()[-1]) / 1024.0}


def run(opts):
    n = int(opts["load_size"])
    workdir = opts["workdir"]
    csv_path = dataset(n, workdir, opts["generator"])["csv"]
    logdir = os.path.join(workdir, "scale-logs")
    os.makedirs(logdir, exist_ok=True)
    roles = [("new", opts["binary"])] + ([("old", opts["baseline"])] if opts.get("baseline") else [])
    results = {"records": n, "roles": {}, "labels": dict(roles), "load_before": os.getloadavg()[0]}
    stores = {}
    for role, binary in roles:
        data = os.path.join(workdir, "scale-sqlite-%d-%s" % (n, role))
        if os.path.exists(os.path.join(data, "token")):
            token = open(os.path.join(data, "token")).read().strip()
        else:
            shutil.rmtree(data, ignore_errors=True)
            os.makedirs(data)
            log("scale: importing %s records with the %s binary" % (fmt_int(n), role))
            token, _ = load.prepare_store(binary, ["--data", data], csv_path)
            with open(os.path.join(data, "token"), "w") as f:
                f.write(token)
        stores[role] = (["--data", data], token)
        results["roles"][role] = {"queries": [], "exports": {}}
    for r in range(opts["rounds"]):
        order = roles if r % 2 == 0 else list(reversed(roles))
        for role, binary in order:
            store, token = stores[role]
            _round(binary, store, token, role, r, "", EXPORTS, results["roles"][role], opts, logdir)
            for key, fmt, _ in CLI_EXPORTS:
                if role == "old" and fmt == "json" and r > 0:
                    continue  # the old JSON export takes minutes (72-242 s): one round of it is enough
                log("scale: round %d, %s binary: tally export --format %s" % (r + 1, role, fmt))
                results["roles"][role]["exports"].setdefault(key, []).append(
                    _cli_export(binary, store, fmt, workdir))
    if opts.get("postgres"):
        results["postgres"] = _run_postgres(opts, roles, csv_path, logdir)
    with open(os.path.join(workdir, "scale-results.json"), "w") as f:
        json.dump(results, f, indent=1)
    return results


def _round(binary, store, token, role, r, tag, exports, into, opts, logdir):
    """One round of one binary: the queries on a freshly started server, then each HTTP export
    on a server of its own; the results go into `into` ("queries", "exports")."""
    server = load.Server(binary, store, os.path.join(logdir, "scale-%s%s-%d.log" % (tag, role, r)))
    try:
        server.wait_ready()
        status, data = load._get(server.port, "/api/v1/books", token)
        book = json.loads(data)[0]["id"]
        log("scale: %sround %d, %s binary: queries" % (tag, r + 1, role))
        into["queries"].append(_queries(server.port, token, book, opts["warmups"], opts["repeats"]))
    finally:
        server.stop()
    for key, fmt, _ in exports:
        log("scale: %sround %d, %s binary: %s export" % (tag, r + 1, role, fmt))
        done = _export(binary, store, token, fmt, logdir, role)
        if done:
            into["exports"].setdefault(key, []).append(done)


def _run_postgres(opts, roles, csv_path, logdir):
    """The queries and HTTP exports on PostgreSQL, one binary after the other."""
    url = opts["postgres"]
    store = ["--database", url]
    out = {}
    for role, binary in roles:
        load.reset_postgres(url)
        log("scale: importing into PostgreSQL with the %s binary" % role)
        token, seconds = load.prepare_store(binary, store, csv_path)
        res = {"import_seconds": seconds}
        if not load._analyze(url, res, role):
            raise BenchError(res["error"])
        out[role] = {"queries": [], "exports": {}, "import_seconds": seconds}
        for r in range(opts["rounds"]):
            # One round of exports on PostgreSQL: they take 20 s each.
            _round(binary, store, token, role, r, "pg-", EXPORTS if r == 0 else (), out[role], opts, logdir)
    return out


def _median_of(rounds, key, field):
    values = [r[key][field] for r in rounds if r.get(key) and r[key].get(field) is not None]
    return statistics.median(values) if values else None


def section(results, opts):
    text = _tables(results["roles"], results, opts, "SQLite")
    if results.get("postgres"):
        pg = results["postgres"]
        text += "\n" + "\n".join([
            "### PostgreSQL", "",
            "The same on PostgreSQL 15 (one binary after the other on the reset database; `tally import` "
            "took %s)." % ", ".join("%.1f s with the %s binary" % (pg[r]["import_seconds"], r) for r in pg), "", ""])
        text += _tables(pg, results, opts, None)
    return text


def _tables(roles, results, opts, engine):
    old = "old" in roles
    lines = [] if engine is None else [
        SECTION, "",
        "Written by `scripts/bench --scale` (%s records, %s, %d rounds; each query %d warm-ups then %d "
        "timed over one keep-alive connection, the median of the rounds' medians). Load average %s before." % (
            fmt_int(results["records"]), engine, opts["rounds"], opts["warmups"], opts["repeats"],
            "%.1f" % results.get("load_before", 0.0)),
        "New binary: %s.%s" % (load.describe_binary(results["labels"]["new"], opts.get("label")),
                               " Old binary: %s." % load.describe_binary(results["labels"]["old"],
                                                                         opts.get("baseline_label"))
                               if old else ""),
        ""]
    head = "| what | goal | new: median | new: p95 | size |" + (" old: median | old ÷ new |" if old else "")
    lines += [head, "|---|---|---|---|---|" + ("---|---|" if old else "")]
    for key in LABELS:
        med = _median_of(roles["new"]["queries"], key, "median")
        p95 = _median_of(roles["new"]["queries"], key, "p95")
        size = _median_of(roles["new"]["queries"], key, "bytes")
        row = "| %s | ≤ %d ms | %s | %s | %s |" % (LABELS[key], GOALS[key], fmt_ms(med), fmt_ms(p95),
                                                   "%.1f KB" % (size / 1000.0) if size else "–")
        if old:
            omed = _median_of(roles["old"]["queries"], key, "median")
            row += " %s | %s |" % (fmt_ms(omed), "%.1f×" % (omed / med) if omed and med else "–")
        lines.append(row)
    lines += ["", "| export (whole book) | goal | new: seconds | new: MB | new: peak MB (server or CLI) |"
              + (" old: seconds | old: peak MB |" if old else ""),
              "|---|---|---|---|---|" + ("---|---|" if old else "")]
    for key, _, label in EXPORTS + CLI_EXPORTS:
        new = roles["new"]["exports"].get(key, [])
        if not new:
            continue
        sec = statistics.median([e["seconds"] for e in new])
        mb = statistics.median([e["bytes"] for e in new]) / 1e6
        rss = max([e["rss_mb"] or 0 for e in new])
        goal = "≤ 3 s, ≤ 100 MB" if key == "export-csv" else "≤ 100 MB" + (" (CLI too)" if key == "cli-csv" else "")
        row = "| %s | %s | %.2f | %.1f | %.0f |" % (label, goal, sec, mb, rss)
        if old:
            o = roles["old"]["exports"].get(key, [])
            row += (" %.2f | %.0f |" % (statistics.median([e["seconds"] for e in o]), max(e["rss_mb"] or 0 for e in o))
                    if o else " – (no such format) | – |")
        lines.append(row)
    counts = {role: [r[k]["count"] for r in roles[role]["queries"] for k in ("search-1", "search-15")] for role in roles
              if roles[role]["queries"]}
    lines += ["", "Search counts (new%s): %s." % (", old" if old else "",
                                                 "; ".join("%s %s" % (role, sorted(set(c))) for role, c in counts.items())),
              ""]
    return "\n".join(lines)
