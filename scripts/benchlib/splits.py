"""`scripts/bench --splits`: Q1-Q4 and the month summary on a book where a tenth of the records
are split, against the same book without splits, and against the binary from before splits.

The data is `tally demo --out`'s (seed 42). The split copy takes 10 % of all its records, drawn
with `random.Random(SEED)` among the expenses of at least 3 cents, and writes each as 3 Tally CSV
rows with the same `split` value: the first line keeps the record's category, the other two
have categories of their own (different from each other and from the first), and the amounts
are cut at two random points in whole cents, so the lines add up to the record exactly. Every
other column of a split's rows is the record's.

Three stores are imported with each binary's own `tally import`: the baseline binary (the one
from before splits) on the plain file, the new binary on the plain file, and the new binary on
the split copy. Then, for `--rounds` rounds, the three in turn (the order reversed every other
round, so a machine that slows down weighs on all alike): a freshly started `tally serve`, Q1-Q4
as the query benchmark sends them (`--warmups` then `--repeats` requests each over one keep-alive
connection, median and 95th percentile), and the month summary as the load benchmark sends it
(another fresh server, wrk at --connections for --duration seconds after --warmup). A figure is
the median of its rounds.

Every answer is compared with Python integers from the file it came from: Q1 and Q2 count each
line under its own category, Q3 sums the rows, Q4 counts a split record once. The results go into
the "## Split records" section of the report (the rest of the file kept) and into
WORKDIR/splits-results.json; the stores stay in WORKDIR for EXPLAIN QUERY PLAN.
"""
import csv
import datetime
import http.client
import json
import os
import random
import re
import shutil
import statistics

from . import load
from . import common
from .common import (PAGE, PAYEE, Q4_TALLY_KEYS, BenchError, cents, compare, dataset, differences, fmt_int,
                     fmt_ms, log, reference_answers)
from .tallyrun import _time_query, paths as query_paths

SECTION = "## Split records"
SEED = 20261126
SHARE_PERCENT = 10      # of all records
LINES = 3
GOAL = 1.5              # new binary on the split book ÷ old binary on the plain one
QUERIES = ("Q1", "Q2", "Q3", "Q4")
# (role, label, binary key, which file)
CONFIGS = (("old-plain", "old binary, no splits", "baseline", "plain"),
           ("new-plain", "new binary, no splits", "binary", "plain"),
           ("new-split", "new binary, %d %% split" % SHARE_PERCENT, "binary", "split"))


def fmt_cents(n):
    """Integer cents -> '12.34' (the demo file's form), without floats."""
    sign = "-" if n < 0 else ""
    return "%s%d.%02d" % (sign, abs(n) // 100, abs(n) % 100)


def split_copy(csv_path, out_path, seed=SEED, percent=SHARE_PERCENT, lines=LINES):
    """Writes the split copy of `csv_path`; {"records", "split", "rows"}."""
    with open(csv_path, newline="") as f:
        reader = csv.DictReader(f)
        header = reader.fieldnames
        eligible, subcategories, records = [], {}, 0
        for i, r in enumerate(reader):
            records += 1
            if r["kind"] == "expense":
                subcategories.setdefault(r["category"], set()).add(r["subcategory"])
                if cents(r["amount"]) >= lines:
                    eligible.append(i)
    if "split" in header or "line_note" in header:
        raise BenchError("%s already has split columns" % csv_path)
    wanted = records * percent // 100
    if len(subcategories) < lines or len(eligible) < wanted:
        raise BenchError("%s has too few expense categories or records to split %d %%" % (csv_path, percent))
    rng = random.Random(seed)
    chosen = set(rng.sample(eligible, wanted))
    pairs = {c: sorted(s) for c, s in sorted(subcategories.items())}
    names = list(pairs)
    cols = {name: header.index(name) for name in ("amount", "category", "subcategory")}
    rows = splits = 0
    tmp = out_path + ".tmp"
    with open(csv_path, newline="") as src, open(tmp, "w", newline="") as dst:
        reader = csv.reader(src)
        writer = csv.writer(dst, lineterminator="\n")
        writer.writerow(next(reader) + ["split", "line_note"])
        for i, row in enumerate(reader):
            if i not in chosen:
                writer.writerow(row + ["", ""])
                rows += 1
                continue
            splits += 1
            amount = cents(row[cols["amount"]])
            cuts = sorted(rng.sample(range(1, amount), lines - 1))
            amounts = [b - a for a, b in zip([0] + cuts, cuts + [amount])]
            others = rng.sample([c for c in names if c != row[cols["category"]]], lines - 1)
            categories = [(row[cols["category"]], row[cols["subcategory"]])] + \
                         [(c, rng.choice(pairs[c])) for c in others]
            if sum(amounts) != amount or min(amounts) < 1:
                raise BenchError("split %d does not add up: %r != %d" % (splits, amounts, amount))
            for share, (category, subcategory) in zip(amounts, categories):
                line = list(row)
                line[cols["amount"]] = fmt_cents(share)
                line[cols["category"]], line[cols["subcategory"]] = category, subcategory
                writer.writerow(line + [str(splits), ""])
                rows += 1
    os.replace(tmp, out_path)
    return {"records": records, "split": splits, "rows": rows}


def split_reference(csv_path):
    """Q1-Q4 of a file with split rows: reference_answers counts each row (a line) under its own
    category, which is right for Q1-Q3; Q4 counts each split record once."""
    expected = reference_answers(csv_path)
    count, previous = 0, None
    with open(csv_path, newline="") as f:
        for r in csv.DictReader(f):
            split = r.get("split", "")
            if r["kind"] == "expense" and r["payee"] == PAYEE and (split == "" or split != previous):
                count += 1
            previous = split or None
    expected["Q4"]["count"], expected["Q4"]["page"] = count, min(PAGE, count)
    return expected


def cross_check(plain, split):
    """The two files hold the same records: the same balances, payee count and total, and each
    month's expenses the same in all (only spread over other categories)."""
    problems = []
    if plain["Q3"] != split["Q3"]:
        problems.append("Q3 balances differ")
    if plain["Q4"] != split["Q4"]:
        problems.append("Q4 differs: %r != %r" % (plain["Q4"], split["Q4"]))
    if sum(plain["Q1"].values()) != sum(split["Q1"].values()):
        problems.append("Q1's total differs")
    for q in ("Q1", "Q2"):
        if plain[q] == split[q]:
            problems.append("%s is the same with and without splits: the lines did not move" % q)
    if problems:
        raise BenchError("the split copy is not the same records: " + "; ".join(problems))


def queries(binary, store, token, opts, tag):
    """Q1-Q4 against a freshly started server, as the query benchmark times them."""
    server = load.Server(binary, store, os.path.join(opts["logdir"], "serve-%s-queries.log" % tag))
    result = {"keepalive": True}
    try:
        server.wait_ready()
        status, data = load._get(server.port, "/api/v1/books", token)
        if status != 200:
            raise BenchError("GET /api/v1/books answered %d" % status)
        books = json.loads(data)
        book = (books if isinstance(books, list) else books["items"])[0]["id"]
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
        try:
            for q, path in query_paths(book).items():
                result[q] = _time_query(conn, q, path, token, opts["warmups"], opts["repeats"], result)
        finally:
            conn.close()
    finally:
        server.stop()
    return result


def run(opts):
    """opts: binary, baseline, label, baseline_label, size, rounds, warmups, repeats, duration,
    connections, warmup, wrk_threads, workdir, generator, out, argv. Returns the exit status."""
    if not shutil.which(load.WRK):
        log("wrk is not installed (apt-get install wrk); the month summary is measured with it")
        return 3
    workdir, n = opts["workdir"], opts["size"]
    opts["logdir"] = os.path.join(workdir, "splits-logs")
    os.makedirs(opts["logdir"], exist_ok=True)
    files = {"plain": dataset(n, workdir, opts["generator"])["csv"],
             "split": os.path.join(workdir, "txns_%d_split%d.csv" % (n, SHARE_PERCENT))}
    log("splits: writing %s (%d %% of the records in %d lines)" % (files["split"], SHARE_PERCENT, LINES))
    made = split_copy(files["plain"], files["split"])
    log("splits: %s records, %s of them split, %s rows" % (fmt_int(made["records"]), fmt_int(made["split"]),
                                                           fmt_int(made["rows"])))
    expected = {"plain": reference_answers(files["plain"]), "split": split_reference(files["split"])}
    cross_check(expected["plain"], expected["split"])
    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = os.getloadavg()
    results = {"size": n, "made": made, "configs": {}}
    stores = {}
    for role, label, key, which in CONFIGS:
        data = os.path.join(workdir, "splits-%s-%d" % (role, n))
        shutil.rmtree(data, ignore_errors=True)
        os.makedirs(data)
        log("splits: %s: importing %s" % (label, os.path.basename(files[which])))
        token, seconds = load.prepare_store(opts[key], ["--data", data], files[which])
        log("splits: %s: imported in %.2f s" % (label, seconds))
        stores[role] = (token, ["--data", data])
        results["configs"][role] = {"import_seconds": seconds, "rounds": [], "checks": {}, "diffs": {}}
    failed = False
    for i in range(opts["rounds"]):
        order = CONFIGS if i % 2 == 0 else CONFIGS[::-1]
        for role, label, key, which in order:
            token, store = stores[role]
            tag = "%s-r%d" % (role, i + 1)
            log("splits: round %d, %s" % (i + 1, label))
            try:
                q = queries(opts[key], store, token, opts, tag)
            except (BenchError, OSError, http.client.HTTPException, ValueError, KeyError) as e:
                log("splits: %s: %s" % (label, e))
                q = {"error": "%s: %s" % (type(e).__name__, e)}
            q["summary"] = load.measure(opts[key], store, token, "summary", opts, opts["logdir"], tag)
            res = results["configs"][role]
            res["rounds"].append(q)
            for name in QUERIES:
                ok = compare(expected[which][name], (q.get(name) or {}).get("answer"),
                             Q4_TALLY_KEYS if name == "Q4" else None)
                if ok is not True:
                    failed = True
                    got = (q.get(name) or {}).get("answer")
                    res["diffs"][name] = differences(expected[which][name], got,
                                                     Q4_TALLY_KEYS if name == "Q4" else None) if got else \
                        [(q.get(name) or {}).get("error") or q.get("error") or "no answer"]
                res["checks"][name] = res["checks"].get(name, True) and ok is True
            if q["summary"].get("error"):
                failed = True
    for role, res in results["configs"].items():
        res["median"] = {name: _median([(r.get(name) or {}).get("median") for r in res["rounds"]])
                         for name in QUERIES}
        res["p95"] = {name: _median([(r.get(name) or {}).get("p95") for r in res["rounds"]]) for name in QUERIES}
        res["rps"] = _median([r["summary"].get("rps") for r in res["rounds"]])
        res["p50_ms"] = _median([r["summary"].get("p50_ms") for r in res["rounds"]])
        for r in res["rounds"]:   # the answers are checked; the JSON keeps the times
            for name in QUERIES:
                if r.get(name):
                    r[name].pop("answer", None)
    results["ratios"] = ratios(results)
    results["machine"] = {"nproc": os.cpu_count(), "cpu": load._cpu(),
                          "started": started.strftime("%Y-%m-%d %H:%M UTC"), "load_before": load_before,
                          "load_after": os.getloadavg()}
    results["binaries"] = {"new": load.describe_binary(opts["binary"], opts.get("label")),
                           "baseline": load.describe_binary(opts["baseline"], opts.get("baseline_label"))}
    with open(os.path.join(workdir, "splits-results.json"), "w") as f:
        json.dump(results, f, indent=1, default=str)
    replace_section(opts["out"], section(results, opts))
    log("wrote the Split records section of %s" % opts["out"])
    return summary(results) or (3 if failed else 0)


def _median(values):
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else None


def ratios(results):
    """Time of the new binary on the split book ÷ the old binary's on the plain one, per figure
    (the month summary by requests per second, old ÷ new: how much longer a request takes)."""
    old, new = results["configs"]["old-plain"], results["configs"]["new-split"]
    out = {}
    for name in QUERIES:
        a, b = old["median"][name], new["median"][name]
        out[name] = b / a if a and b else None
    out["summary"] = old["rps"] / new["rps"] if old["rps"] and new["rps"] else None
    out["summary_p50"] = new["p50_ms"] / old["p50_ms"] if old["p50_ms"] and new["p50_ms"] else None
    return out


def summary(results):
    """Prints the figures; 1 when an answer disagrees, else 0."""
    bad = 0
    for role, label, _, _ in CONFIGS:
        res = results["configs"][role]
        cells = ["%s %s" % (q, fmt_ms(res["median"][q])) for q in QUERIES]
        cells.append("summary %s req/s" % ("n/a" if res["rps"] is None else "{:,.0f}".format(res["rps"])))
        print("%-24s %s" % (label, ", ".join(cells)))
        for q, diff in res["diffs"].items():
            bad = 1
            print("  ✗ %s: %s" % (q, "; ".join(diff)))
        for r in res["rounds"]:
            if r["summary"].get("error"):
                print("  ✗ month summary: %s" % r["summary"]["error"])
    print("new split ÷ old plain: " + ", ".join("%s %s" % (k, _ratio(v)) for k, v in results["ratios"].items()))
    if bad:
        print("FAIL: an answer disagrees with the CSV")
    return bad


def _ratio(x):
    return "n/a" if x is None else "%.2f×" % x


def _goal(x):
    return "n/a" if x is None else ("met" if x <= GOAL else "**not met**")


def _rounds(values, fmt):
    return ", ".join(fmt(v) for v in values if v is not None) or "n/a"


def section(results, opts):
    c = results["configs"]
    m, made, rt = results["machine"], results["made"], results["ratios"]
    rps = lambda x: "n/a" if x is None else "{:,.0f} req/s".format(x)  # noqa: E731
    lines = [SECTION, "",
             "Generated by `scripts/bench %s` (see `scripts/benchlib/splits.py`)." % opts["argv"], "",
             "- Machine: %d CPU(s), %s; started %s; load average %.2f before, %.2f after (1 min)."
             % (m["nproc"], m["cpu"], m["started"], m["load_before"][0], m["load_after"][0]),
             "- New: %s." % results["binaries"]["new"],
             "- Old: %s." % results["binaries"]["baseline"],
             "- Data: the %s records of `tally demo --records %d --seed 42`; the split copy draws %s of them "
             "(%d %%, with `random.Random(%d)`, among the expenses of at least 3 cents) and writes each as %d Tally "
             "CSV rows with the same `split` value: the record's own category and two others, different from it "
             "and from each other, the amount cut at two random points in whole cents (%s rows in all). "
             "`tally import` took %.1f s (old, no splits), %.1f s (new, no splits), %.1f s (new, split copy)."
             % (fmt_int(made["records"]), results["size"], fmt_int(made["split"]), SHARE_PERCENT, SEED, LINES,
                fmt_int(made["rows"]), c["old-plain"]["import_seconds"], c["new-plain"]["import_seconds"],
                c["new-split"]["import_seconds"]),
             "- Method: SQLite, %d rounds, the three stores in turn (the order reversed every other round). In each, "
             "a freshly started `tally serve` answers Q1-Q4 as the query benchmark sends them (%d warm-ups, then "
             "%d requests one after another over one keep-alive connection; median and 95th percentile), then "
             "another answers the month summary (Q1's request) under `wrk -c %d -d %ds` after a %d s warm-up, "
             "as in \"Under load\". Each figure is the median of its rounds. The ratio is the new binary on the "
             "split book over the old binary on the plain one (for the month summary: the old req/s over the "
             "new, how much longer a request takes); the goal is at most %.1f×."
             % (opts["rounds"], opts["warmups"], opts["repeats"], opts["connections"], opts["duration"],
                opts["warmup"], GOAL),
             "",
             "| median (p95) | old binary, no splits | new binary, no splits | new binary, %d %% split "
             "| split new ÷ plain old | ≤ %.1f× |" % (SHARE_PERCENT, GOAL),
             "|---|---|---|---|---|---|"]
    labels = {"Q1": "Q1 one month by category", "Q2": "Q2 12 months × category", "Q3": "Q3 balance per account",
              "Q4": "Q4 payee: page + count + total"}
    for q in QUERIES:
        cells = ["%s (%s)" % (fmt_ms(c[r]["median"][q]), fmt_ms(c[r]["p95"][q])) for r, *_ in CONFIGS]
        lines.append("| %s | %s | %s | %s |" % (labels[q], " | ".join(cells), _ratio(rt[q]), _goal(rt[q])))
    cells = ["%s (p50 %s)" % (rps(c[r]["rps"]), load.fmt_lat(c[r]["p50_ms"])) for r, *_ in CONFIGS]
    lines.append("| month summary under load | %s | %s (p50 %s) | %s |"
                 % (" | ".join(cells), _ratio(rt["summary"]), _ratio(rt["summary_p50"]), _goal(rt["summary"])))
    checks = []
    for role, label, _, which in CONFIGS:
        ok = all(c[role]["checks"].get(q) for q in QUERIES)
        checks.append("%s %s" % (label, "✓" if ok else "✗ (" + "; ".join(
            "%s: %s" % (q, ", ".join(d)) for q, d in c[role]["diffs"].items()) + ")"))
    met = [k for k in QUERIES + ("summary",) if rt.get(k) is not None and rt[k] <= GOAL]
    lines += ["",
              "Answers equal to the cent, in every round, the Python integers of the file each store was "
              "imported from (Q1 and Q2 count a split's lines under their own categories, Q4 counts a split "
              "record once): %s." % "; ".join(checks), "",
              "Goal (10 %% of the records split into 3 lines: Q1-Q4 and the month summary within %.1f× of the "
              "figures before splits): **%s** (%d of 5 figures within it)."
              % (GOAL, "met" if len(met) == 5 else "not met", len(met)), "",
              "Rounds (medians, ms; month summary req/s):", ""]
    for role, label, _, _ in CONFIGS:
        rounds = c[role]["rounds"]
        parts = ["%s %s" % (q, _rounds([(r.get(q) or {}).get("median") for r in rounds],
                                       lambda v: "%.2f" % (v * 1000))) for q in QUERIES]
        parts.append("summary " + _rounds([r["summary"].get("rps") for r in rounds], lambda v: "{:,.0f}".format(v)))
        lines.append("- %s: %s." % (label, "; ".join(parts)))
    errors = ["%s, round %d: month summary **failed**: %s" % (label, i + 1, r["summary"]["error"])
              for role, label, _, _ in CONFIGS for i, r in enumerate(c[role]["rounds"]) if r["summary"].get("error")]
    lines += ["- " + e for e in errors]
    return "\n".join(lines) + "\n"


def read_section(path):
    """The section under SECTION of the file at `path` (up to the next '## ' heading), or None."""
    return common.read_section(path, SECTION)


def replace_section(path, body):
    """Puts `body` in place of the file's section, or at its end; the rest stays."""
    common.replace_section(path, SECTION, body)
