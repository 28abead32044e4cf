"""The external tools: the same four questions asked of hledger, ledger and beancount
(bean-query) on the generated .journal / .beancount, timed, with their answers parsed."""
import csv
import io
import os
import shlex
import shutil

from .common import PAYEE, cents, log, median, run_measured

TOOLS = ("hledger", "ledger", "beancount")
BINARY = {"hledger": "hledger", "ledger": "ledger", "beancount": "bean-query"}
INPUT = {"hledger": "journal", "ledger": "journal", "beancount": "beancount"}
# bean-query re-parses the file every time, like the others: no pickle cache.
ENV = {"beancount": {"BEANCOUNT_DISABLE_LOAD_CACHE": "1"}}

LEDGER_FMT = r"%(account)\t%(quantity(display_total))\n"   # ledger expands \t and \n itself
BQL = {
    "Q1": "SELECT root(account, 2) AS cat, sum(number) AS total WHERE account ~ '^Expenses:'"
          " AND date >= 2024-03-01 AND date < 2024-04-01 GROUP BY cat ORDER BY cat",
    "Q2": "SELECT year, month, root(account, 2) AS cat, sum(number) AS total"
          " WHERE account ~ '^Expenses:' AND date >= 2024-01-01 AND date < 2025-01-01"
          " GROUP BY year, month, cat ORDER BY year, month, cat",
    "Q3": "SELECT account, sum(number) AS total WHERE account ~ '^(Assets|Liabilities):'"
          " GROUP BY account ORDER BY account",
    "Q4": "SELECT count(number) AS n, sum(number) AS total WHERE account ~ '^Expenses:'"
          " AND payee = '%s'" % PAYEE,
}


def commands(tool, path):
    """argv per question; Q5 is parse-and-check only (the tools' counterpart of an import)."""
    if tool == "hledger":
        base = ["hledger", "-f", path]
        return {
            "Q1": base + ["balance", "^Expenses:", "-b", "2024-03-01", "-e", "2024-04-01", "--depth", "2", "-O", "csv"],
            "Q2": base + ["balance", "^Expenses:", "-b", "2024-01-01", "-e", "2025-01-01", "-M", "--depth", "2", "-O", "csv"],
            "Q3": base + ["balance", "^Assets:", "^Liabilities:", "--flat", "-O", "csv"],
            "Q4": base + ["register", "^Expenses:", "payee:^%s$" % PAYEE, "-O", "csv"],
            "Q5": base + ["stats"],
        }
    if tool == "ledger":
        base = ["ledger", "-f", path]
        return {
            # (ledger prints nothing for --flat with --depth, so the tree is parsed instead)
            "Q1": base + ["balance", "^Expenses:", "-b", "2024-03-01", "-e", "2024-04-01", "--depth", "2",
                          "--no-total", "--format", LEDGER_FMT],
            "Q2": base + ["register", "^Expenses:", "-b", "2024-01-01", "-e", "2025-01-01", "--monthly", "--depth", "2",
                          "--format", r'%(format_date(date, "%Y-%m"))\t%(account)\t%(quantity(display_amount))\n'],
            "Q3": base + ["balance", "^Assets:", "^Liabilities:", "--flat", "--no-total", "--format", LEDGER_FMT],
            "Q4": base + ["register", "^Expenses:", "--limit", 'payee == "%s"' % PAYEE,
                          "--format", r"%(quantity(display_amount))\t%(quantity(display_total))\n"],
            "Q5": base + ["stats"],
        }
    base = ["bean-query", "-f", "csv", "-q", path]
    cmds = {q: base + [query] for q, query in BQL.items()}
    cmds["Q5"] = ["bean-check", path]
    return cmds


def shown(tool, path_placeholder):
    """The commands as text for the report."""
    cmds = commands(tool, path_placeholder)
    if tool == "beancount":   # BQL has no double quotes: easier to read than shlex's quoting
        return {q: (shlex.join(argv[:-1]) + ' "%s"' % argv[-1]) if q in BQL else shlex.join(argv)
                for q, argv in cmds.items()}
    return {q: shlex.join(argv) for q, argv in cmds.items()}


def available(tool):
    return shutil.which(BINARY[tool]) is not None


def version(tool):
    r = run_measured([BINARY[tool], "--version"])
    text = (r.out or r.err).strip().splitlines()
    return text[0].strip() if r.code == 0 and text else "unknown"


def _csv_rows(text):
    return [[c.strip() for c in row] for row in csv.reader(io.StringIO(text)) if row]


def _add(d, key, value):
    d[key] = d.get(key, 0) + value


def parse(tool, q, out):
    """The tool's output -> answer dict (same shape as common.reference_answers)."""
    answer = {}
    if tool == "hledger":
        rows = _csv_rows(out)
        header, body = rows[0], [r for r in rows[1:] if r[0] != "total"]
        if q == "Q1":
            for account, amount in body:
                _add(answer, account.split(":", 1)[1], cents(amount))
        elif q == "Q2":
            periods = header[1:]
            for row in body:
                for period, amount in zip(periods, row[1:]):
                    _add(answer, "%s %s" % (period, row[0].split(":", 1)[1]), cents(amount))
        elif q == "Q3":
            for account, amount in body:
                _add(answer, account, cents(amount))
        elif q == "Q4":
            total = header.index("total")
            answer = {"count": len(body), "expenses": cents(body[-1][total]) if body else 0}
    elif tool == "ledger":
        rows = [line.split("\t") for line in out.splitlines() if line.strip()]
        if q == "Q1":
            for account, amount in rows:
                if account.count(":") == 1:   # depth 2: Expenses:<category>
                    _add(answer, account.split(":", 1)[1], cents(amount))
        elif q == "Q2":
            for period, account, amount in rows:
                _add(answer, "%s %s" % (period, account.split(":", 1)[1]), cents(amount))
        elif q == "Q3":
            for account, amount in rows:
                _add(answer, account, cents(amount))
        elif q == "Q4":
            answer = {"count": len(rows), "expenses": cents(rows[-1][1]) if rows else 0}
    else:
        body = _csv_rows(out)[1:]
        if q == "Q1":
            for account, amount in body:
                _add(answer, account.split(":", 1)[1], cents(amount))
        elif q == "Q2":
            for year, month, account, amount in body:
                key = "%04d-%02d %s" % (int(year), int(month), account.split(":", 1)[1])
                _add(answer, key, cents(amount))
        elif q == "Q3":
            for account, amount in body:
                _add(answer, account, cents(amount))
        elif q == "Q4":
            n, total = body[0]
            answer = {"count": int(n), "expenses": cents(total) if total else 0}
    return answer


def run_tool(tool, paths, runs):
    """{Q: {"seconds": median, "times": [...], "rss_mb": max, "answer": dict|None, "error": str|None}}."""
    path = paths[INPUT[tool]]
    env = dict(os.environ, **ENV.get(tool, {}))
    results = {}
    for q, argv in commands(tool, path).items():
        times, rss, answer, error = [], 0.0, None, None
        for i in range(runs):
            r = run_measured(argv, env=env)
            if r.code != 0:
                error = r.failure(BINARY[tool] if q != "Q5" else argv[0])
                break
            times.append(r.seconds)
            rss = max(rss, r.rss_mb)
            if i == 0 and q != "Q5":
                try:
                    answer = parse(tool, q, r.out)
                except (ValueError, IndexError) as e:
                    error = "could not parse the output of %s: %s" % (BINARY[tool], e)
                    break
        results[q] = {"seconds": median(times) if not error else None, "times": times,
                      "rss_mb": rss if not error else None, "answer": answer if not error else None,
                      "error": error}
        log("  %-9s %s %s" % (tool, q, error or "%.2f s, %.0f MB" % (results[q]["seconds"], rss)))
    return results
