"""The Markdown report: machine, versions, method, per-size tables, flat cost, targets, answers."""
import datetime
import os
import platform
import shutil

from . import tools as toolmod
from .common import QUESTIONS, fmt_int, fmt_ms, run_measured
from .tallyrun import paths as tally_paths

BACKENDS = (("sqlite", "Tally SQLite"), ("postgres", "Tally PostgreSQL"))
TOOL_LABEL = {"hledger": "hledger", "ledger": "ledger", "beancount": "beancount"}
TARGETS = (("Q1", "Q1 ≤ 10 ms", 0.010), ("Q2", "Q2 ≤ 10 ms", 0.010), ("Q3", "Q3 ≤ 10 ms", 0.010),
           ("Q4", "Q4 ≤ 50 ms", 0.050), ("Q5", "Q5 import ≤ 8 s", 8.0))
TARGET_SIZE, RSS_TARGET_MB, FLAT_TARGET = 1000000, 200.0, 2.0
SHORT = {"Q1": "one month by category", "Q2": "12 months × category", "Q3": "balance per account",
         "Q4": "payee: page + count + total", "Q5": "import (Tally) / load (tools)"}
MARK = {True: "✓", False: "✗", None: "n/a"}


def machine():
    cpu, ram = "unknown", "unknown"
    try:
        with open("/proc/cpuinfo") as f:
            cpu = next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), cpu)
        with open("/proc/meminfo") as f:
            kb = next(int(l.split()[1]) for l in f if l.startswith("MemTotal:"))
            ram = "%.1f GiB" % (kb / 1048576.0)
    except (OSError, StopIteration):
        pass
    os_name = platform.system()
    try:
        with open("/etc/os-release") as f:
            os_name = next((l.split("=", 1)[1].strip().strip('"') for l in f if l.startswith("PRETTY_NAME=")), os_name)
    except OSError:
        pass
    return {"nproc": os.cpu_count(), "cpu": cpu, "ram": ram, "os": "%s (kernel %s)" % (os_name, platform.release()),
            "date": datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z")}


def versions(tool_names, pg_version, binary, repo):
    v = {}
    if binary:
        r = run_measured([binary, "--version"])
        git = run_measured(["git", "-C", repo, "describe", "--always", "--dirty"])
        v["Tally"] = "%s, commit %s" % (r.out.strip() or "unknown", git.out.strip() if git.code == 0 else "unknown")
    if shutil.which("swift"):
        r = run_measured(["swift", "--version"])
        v["swift"] = next((l.strip() for l in (r.out + r.err).splitlines() if "Swift version" in l), "unknown")
    for t in tool_names:
        v[t] = toolmod.version(t) if toolmod.available(t) else "not installed"
    if pg_version:
        v["PostgreSQL server"] = pg_version
    v["Python (this script)"] = platform.python_version()
    return v


def _cell_tally(r, q):
    x = (r or {}).get(q) if r else None
    if not r:
        return "n/a"
    if not x:
        return "n/a (failed)" if r.get("error") else "n/a"
    if x.get("error"):
        return "error"
    return fmt_ms(x["median"]) + (" (p95 %s)" % fmt_ms(x["p95"]) if x.get("p95") is not None else "")


def _tally_value(r, q):
    if q == "RSS":
        return (r or {}).get("rss_mb")
    x = (r or {}).get(q) or {}
    return x.get("median")


def _tool_value(res, q):
    if not res:
        return None
    if q == "RSS":
        vals = [x["rss_mb"] for x in res.values() if x.get("rss_mb") is not None]
        return max(vals) if vals else None
    return (res.get(q) or {}).get("seconds")


def _fmt(q, value):
    if value is None:
        return "n/a"
    return "%.0f MB" % value if q == "RSS" else fmt_ms(value)


def size_table(s, tool_names):
    head = ["", "Tally SQLite", "Tally PostgreSQL"] + [TOOL_LABEL[t] for t in tool_names] \
        + ["%s/Tally" % TOOL_LABEL[t] for t in tool_names]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    base_backend = s["tally"].get("sqlite") or s["tally"].get("postgres")
    for q in ("Q1", "Q2", "Q3", "Q4", "Q5", "RSS"):
        label = "peak RSS" if q == "RSS" else "%s %s" % (q, SHORT[q])
        row = [label]
        for key, _ in BACKENDS:
            r = s["tally"].get(key)
            row.append(_fmt(q, _tally_value(r, q)) if q == "RSS" else _cell_tally(r, q))
        tool_vals = [_tool_value(s["tools"].get(t), q) for t in tool_names]
        row += [_fmt(q, v) if s["tools"].get(t) else "n/a" for t, v in zip(tool_names, tool_vals)]
        base = _tally_value(base_backend, q)
        row += ["%s×" % _ratio(v / base) if v is not None and base else "n/a" for v in tool_vals]
        lines.append("| " + " | ".join(row) + " |")
    return lines


def _ratio(x):
    return "{:,.0f}".format(x) if x >= 100 else "%.1f" % x if x >= 1 else "%.2g" % x


def check_table(s, tool_names):
    sources = [(t, TOOL_LABEL[t]) for t in tool_names] + [("tally-" + k, label) for k, label in BACKENDS]
    lines = ["| answer = CSV to the cent | " + " | ".join(label for _, label in sources) + " |",
             "|---|" + "---|" * len(sources)]
    for q in ("Q1", "Q2", "Q3", "Q4"):
        cells = [MARK.get(v, v) for v in (s["checks"].get(src, {}).get(q) for src, _ in sources)]
        lines.append("| %s | %s |" % (q, " | ".join(cells)))
    notes = ["- %s %s: %s" % (label, q, "; ".join(diff))
             for src, label in sources for q, diff in sorted(s["diffs"].get(src, {}).items())]
    return lines + ([""] + notes if notes else [])


def flat_cost(sizes, results):
    small, large = min(sizes), max(sizes)
    if small == large:
        return ["- n/a (one size only)"]
    lines = []
    for key, label in BACKENDS:
        a, b = results[small]["tally"].get(key), results[large]["tally"].get(key)
        parts, ok = [], True
        for q in ("Q1", "Q2", "Q3", "Q4"):
            x, y = _tally_value(a, q), _tally_value(b, q)
            if x and y:
                parts.append("%s %.2f×" % (q, y / x))
                ok = ok and y / x <= FLAT_TARGET
        if parts:
            lines.append("- %s, median at %s vs %s records: %s — target ≤ %g×: **%s**"
                         % (label, fmt_int(large), fmt_int(small), ", ".join(parts), FLAT_TARGET,
                            "met" if ok else "not met"))
    return lines or ["- n/a (Tally did not answer at two sizes)"]


def target_table(sizes, results):
    n = TARGET_SIZE if TARGET_SIZE in sizes else max(sizes)
    lines = [] if n == TARGET_SIZE else ["(The targets are stated for 1,000,000 records; this run's largest size is %s.)"
                                         % fmt_int(n), ""]
    lines += ["| target (at %s records, median) | Tally SQLite | Tally PostgreSQL |" % fmt_int(n), "|---|---|---|"]
    rows = list(TARGETS)
    rows.append(("RSS", "server peak RSS ≤ %.0f MB" % RSS_TARGET_MB, RSS_TARGET_MB))
    for q, label, limit in rows:
        cells = []
        for key, _ in BACKENDS:
            v = _tally_value(results[n]["tally"].get(key), q)
            cells.append("n/a" if v is None else "%s — %s" % (_fmt(q, v), "met" if v <= limit else "**not met**"))
        lines.append("| %s | %s |" % (label, " | ".join(cells)))
    return lines


def write(path, ctx):
    m, sizes, results, tool_names = ctx["machine"], ctx["sizes"], ctx["results"], ctx["tools"]
    out = ["# Benchmarks", "",
           "Generated by `scripts/bench %s` — do not edit by hand; rerun it." % ctx["argv"], "",
           "## Machine", "",
           "- %s CPU(s): %s" % (m["nproc"], m["cpu"]), "- RAM: %s" % m["ram"], "- OS: %s" % m["os"],
           "- Date: %s" % m["date"], "", "## Versions", ""]
    out += ["- %s: %s" % (k, v) for k, v in ctx["versions"].items()]
    out += ["", "## Method", "",
            "Data: `tally demo --records N --seed 42 --out DIR` — N transactions from 2015-01-01 to 2024-12-31, "
            "USD only, about 8 %% incomes, the same records as CSV (imported into Tally), hledger/ledger "
            "journal and beancount file. Sizes: %s records." % ", ".join(fmt_int(n) for n in sizes), "",
            "Tally: release build, a fresh store per size and backend; `tally import FILE.csv` timed "
            "wall-clock (Q5); then `tally serve`, and each query is sent %d times to warm up, then %d times "
            "timed, one after another over one keep-alive HTTP/1.1 connection (Python `http.client`, "
            "`Authorization: Bearer`); the median and 95th percentile of the request-to-last-byte time "
            "are reported. Peak RSS is the server's VmHWM after all queries.%s"
            % (ctx["warmups"], ctx["repeats"], "" if ctx["keepalive"] else
               " **Note: the server closed the connection on some responses, so not every request reused it.**"),
            "", "| | question | Tally request (B = the book id) |", "|---|---|---|"]
    out += ["| %s | %s | `GET %s` |" % (q, QUESTIONS[q], p) for q, p in tally_paths("B").items()]
    out += ["| Q5 | %s | `tally import txns_N.csv` |" % QUESTIONS["Q5"], "",
            "Tools: each command is one process that reads the whole file and answers, timed wall-clock "
            "(median of 3 runs below 1,000,000 records, one run from 1,000,000); peak RSS from `wait4` "
            "(the largest of its commands). Q5 for the tools is loading and checking the file (`hledger stats`, "
            "`ledger stats`, `bean-check`). beancount runs with `BEANCOUNT_DISABLE_LOAD_CACHE=1` so every "
            "query parses the file as the others do. Amounts are read as decimal strings into integer cents. "
            "The ratio columns divide the tool's figure by Tally's (SQLite, else PostgreSQL): above 1, "
            "Tally is faster or smaller.", ""]
    for t in tool_names:
        out += ["%s:" % TOOL_LABEL[t], "", "```"] + ["%s  %s" % (q, c) for q, c in
                                                     toolmod.shown(t, "FILE").items()] + ["```", ""]
    out += ["Reference answers are computed straight from the CSV with Python integers; every tool's and "
            "Tally's answer to Q1–Q4 is compared with them to the cent (Q4 by count and sum of the "
            "expenses; for Tally also the net total and the page of %d)." % 50, ""]
    for n in sizes:
        s = results[n]
        out += ["## %s records" % fmt_int(n), ""] + size_table(s, tool_names) + [""]
        notes = s.get("notes", [])
        out += ["- %s" % x for x in notes] + ([""] if notes else [])
        out += check_table(s, tool_names) + [""]
    out += ["## Flat cost", ""] + flat_cost(sizes, results) + ["", "## Targets", ""] \
        + target_table(sizes, results) + [""]
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(out))
