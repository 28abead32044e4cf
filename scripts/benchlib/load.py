"""scripts/bench --load: requests per second and latency under concurrent load, with wrk.

For each engine (SQLite, and PostgreSQL with --postgres) and each binary (--binary and, with
--baseline-binary, an older one on the same data in the same run): a fresh store, the user, the
data and an API token made through the binary's own CLI (`user create`, `import`, `token
create`); then, for each workload, a freshly started `tally serve`, one checked request, a
warm-up and the measured wrk run. Every answer must have the workload's status (200, or 201 for
adds): wrk counts the others in Lua, and any one of them fails the run.

The results go into the "## Under load" section of the report file (replaced when present, the
rest of the file kept) and into WORKDIR/load-results.json.
"""
import datetime
import http.client
import json
import os
import re
import shutil
import subprocess
import time

from . import common
from .common import BenchError, dataset, fmt_int, log, run_measured
from .tallyrun import EMAIL, PASSWORD, free_port, parse_token, paths as query_paths, reset_postgres, _tail

SECTION = "## Under load"
READY_TIMEOUT = 180.0
WRK = "wrk"

# key, label, method, expected status
WORKLOADS = [
    ("books", "books list", "GET", 200),
    ("summary", "month summary", "GET", 200),
    ("accounts", "account list", "GET", 200),
    ("page", "page of 50 records", "GET", 200),
    ("add", "add a record", "POST", 201),
]
ENGINES = [("sqlite", "SQLite"), ("postgres", "PostgreSQL")]
# Issue 27's goals on the 2-core machine at 16 connections: req/s per engine (p99 ≤ 20 ms for all).
GOALS = {"books": {"sqlite": 20000, "postgres": 20000}, "summary": {"sqlite": 10000, "postgres": 10000},
         "page": {"sqlite": 5000, "postgres": 5000}, "add": {"sqlite": 10000, "postgres": 2000}}

# The records the add workload posts: names, categories and accounts from `tally demo`'s data,
# so every category and account already exists in the book (the API never creates them).
ADD_PAYEES = ["Corner Bakery", "Blue Bottle", "Farmers Market", "City Parking", "Shell",
              "Pharmacy Plus", "Book Nook", "Noodle Bar", "Hardware Depot", "Green Grocer",
              "Taqueria", "Bike Shop", "Cinema 8", "Deli", "Laundromat", "Flower Stand"]
ADD_CATEGORIES = ["Food:Coffee", "Food:Groceries", "Food:Restaurants", "Transport:Parking",
                  "Transport:Fuel", "Shopping:Household", "Shopping:Books", "Health:Pharmacy",
                  "Entertainment:Movies", "PersonalCare:Haircut"]
ADD_ACCOUNTS = ["Cash", "Checking", "Credit Card Visa", "Credit Card Amex"]
ADD_FIRST_DAY = "2024-01-01"     # adds are dated in 2024, the data's last year (`tally demo --start 2015-01-01 --years 10` ends 2024-12-31)


def workload_paths(book):
    b = "/api/v1/books/%s" % book
    return {
        "summary": query_paths(book)["Q1"],    # 2024-03 by category, expenses: the query benchmark's Q1
        "books": "/api/v1/books",
        "accounts": "%s/accounts" % b,
        "page": "%s/transactions?limit=50" % b,
        "add": "%s/transactions" % b,
    }


def _lua_list(items):
    return "{" + ", ".join(json.dumps(x) for x in items) + "}"


LUA = r"""-- written by scripts/bench --load
local token, method, path, expect = %(token)s, %(method)s, %(path)s, %(expect)d
local payees, categories, accounts = %(payees)s, %(categories)s, %(accounts)s
local first_day = %(first_day)d   -- days since 1970-01-01 of the first date used
local threads, next_id = {}, 1

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init(args)
  ok, bad, first_bad, n = 0, 0, 0, 0
  wrk.method = method
  wrk.headers["Authorization"] = "Bearer " .. token
  wrk.headers["Accept"] = "application/json"
  if method == "POST" then
    wrk.headers["Content-Type"] = "application/json"
  else
    fixed = wrk.format(method, path)
  end
end

-- With -t equal to -c (the add workload), each wrk thread drives one connection, so `id` is the
-- connection's: every connection posts its own payees (name and its number) on its own dates.
function request()
  if fixed then return fixed end
  n = n + 1
  local day = first_day + ((id - 1) * 23 + n * 7) %% 366
  local body = string.format(
    '{"kind":"expense","amount":"%%d.%%02d","date":"%%s","payee":"%%s %%d","category":"%%s","account":"%%s","note":"load %%d/%%d"}',
    1 + (n * 37 + id * 11) %% 180, (n * 53 + id) %% 100, os.date("!%%Y-%%m-%%d", day * 86400),
    payees[(id + n) %% #payees + 1], id, categories[(n + id * 3) %% #categories + 1],
    accounts[(n + id) %% #accounts + 1], id, n)
  return wrk.format(nil, path, nil, body)
end

function response(status, headers, body)
  if status == expect then
    ok = ok + 1
  else
    bad = bad + 1
    if first_bad == 0 then first_bad = status end
  end
end

function done(summary, latency, requests)
  local ok_all, bad_all, first = 0, 0, 0
  for _, t in ipairs(threads) do
    ok_all = ok_all + t:get("ok")
    bad_all = bad_all + t:get("bad")
    if first == 0 then first = t:get("first_bad") end
  end
  io.write(string.format('TALLY-LOAD {"ok":%%d,"bad":%%d,"first_bad":%%d,"p50_us":%%d,"p99_us":%%d}\n',
    ok_all, bad_all, first, latency:percentile(50), latency:percentile(99)))
end
"""


def lua_script(token, method, path, expect):
    first = (datetime.date.fromisoformat(ADD_FIRST_DAY) - datetime.date(1970, 1, 1)).days
    return LUA % {"token": json.dumps(token), "method": json.dumps(method), "path": json.dumps(path),
                  "expect": expect, "payees": _lua_list(ADD_PAYEES), "categories": _lua_list(ADD_CATEGORIES),
                  "accounts": _lua_list(ADD_ACCOUNTS), "first_day": first}


# ---------------------------------------------------------------------------------------------
# wrk's output


_UNIT_MS = {"us": 0.001, "ms": 1.0, "s": 1000.0, "m": 60000.0}


def _ms(text):
    m = re.fullmatch(r"([\d.]+)(us|ms|s|m)", text.strip())
    if not m:
        raise ValueError("not a duration: %r" % text)
    return float(m.group(1)) * _UNIT_MS[m.group(2)]


def parse_wrk(text):
    """wrk --latency's output (and our Lua done() line) -> dict; raises ValueError when a part is missing."""
    r = {}
    m = re.search(r"^Requests/sec:\s*([\d.]+)", text, re.M)
    if not m:
        raise ValueError("no Requests/sec line in wrk's output")
    r["rps"] = float(m.group(1))
    m = re.search(r"^\s*(\d+) requests in ([\d.]+\w+),", text, re.M)
    if not m:
        raise ValueError("no request count in wrk's output")
    r["requests"], r["seconds"] = int(m.group(1)), _ms(m.group(2)) / 1000.0
    for pct in ("50", "75", "90", "99"):
        m = re.search(r"^\s*%s%%\s+([\d.]+\w+)\s*$" % pct, text, re.M)
        if not m:
            raise ValueError("no %s%% line in wrk's latency distribution (was --latency given?)" % pct)
        r["p%s_ms" % pct] = _ms(m.group(1))
    m = re.search(r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", text)
    r["socket_errors"] = dict(zip(("connect", "read", "write", "timeout"), map(int, m.groups()))) if m else {}
    m = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    r["non2xx"] = int(m.group(1)) if m else 0
    m = re.search(r"^TALLY-LOAD (\{.*\})\s*$", text, re.M)
    if not m:
        raise ValueError("the Lua script's TALLY-LOAD line is missing from wrk's output")
    r["lua"] = json.loads(m.group(1))
    return r


def problems(r, expect):
    """What makes a wrk run worthless: any answer other than `expect`, any socket error, no request."""
    out = []
    if r["requests"] == 0:
        out.append("no request completed")
    if r["non2xx"]:
        out.append("%d non-2xx answers" % r["non2xx"])
    if r["lua"]["bad"]:
        out.append("%d answers other than %d (the first: %d)" % (r["lua"]["bad"], expect, r["lua"]["first_bad"]))
    errors = {k: v for k, v in r["socket_errors"].items() if v}
    if errors:
        out.append("socket errors: " + ", ".join("%s %d" % kv for kv in errors.items()))
    return out


# ---------------------------------------------------------------------------------------------
# Stores and servers


def prepare_store(binary, store, csv_path, rates_path=None):
    """User, data and token through the binary's CLI; (token, import seconds). With `rates_path`,
    its exchange rates are imported before the records, so the import converts each record."""
    r = run_measured([binary, "user", "create", "--email", EMAIL, "--password-stdin"] + store,
                     input_text=PASSWORD + "\n")
    if r.code != 0:
        raise BenchError(r.failure("tally user create"))
    if rates_path:
        r = run_measured([binary, "rate", "import", rates_path] + store)
        if r.code != 0:
            raise BenchError(r.failure("tally rate import"))
    r = run_measured([binary, "import", csv_path] + store)
    if r.code != 0:
        raise BenchError(r.failure("tally import"))
    seconds = r.seconds
    r = run_measured([binary, "token", "create"] + store)
    if r.code != 0:
        raise BenchError(r.failure("tally token create"))
    return parse_token(r.out), seconds


def _get(port, path, token=None, method="GET", body=None, timeout=30):
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"Accept": "application/json"}
        if token:
            headers["Authorization"] = "Bearer " + token
        if body is not None:
            headers["Content-Type"] = "application/json"
        conn.request(method, path, body=body, headers=headers)
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


class Server:
    """`tally serve` on a free loopback port, ready when /healthz answers 200 (older binaries
    without it: /health, then /login, then any answer on the port)."""

    PROBES = ("/healthz", "/health", "/login")

    def __init__(self, binary, store, log_path):
        self.port = free_port()
        self.log_path = log_path
        with open(log_path, "w") as f:
            self.proc = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", str(self.port)] + store,
                                         stdout=f, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        self.probe = None

    def wait_ready(self):
        deadline, i = time.monotonic() + READY_TIMEOUT, 0
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise BenchError("tally serve exited with %d before answering: %s"
                                 % (self.proc.returncode, _tail(self.log_path)))
            try:
                status, _ = _get(self.port, self.PROBES[i], timeout=5)
            except (OSError, http.client.HTTPException):
                time.sleep(0.2)
                continue
            if status == 404 and i + 1 < len(self.PROBES):
                i += 1          # an older binary: try the next probe at once
                continue
            if status < 500 or i == len(self.PROBES) - 1 and status != 503:
                self.probe = "%s %d" % (self.PROBES[i], status)
                return
            time.sleep(0.2)     # 503: the database is not answering yet
        raise BenchError("tally serve was not ready within %.0f s: %s" % (READY_TIMEOUT, _tail(self.log_path)))

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


def preflight(port, token, key, path, expect):
    """One request of the workload by hand, checked beyond its status, before wrk hammers it."""
    method = dict((w[0], w[2]) for w in WORKLOADS)[key]
    body = None
    if method == "POST":
        body = json.dumps({"kind": "expense", "amount": "4.50", "date": "2024-06-15", "payee": "Load check",
                           "category": ADD_CATEGORIES[0], "account": ADD_ACCOUNTS[0]})
    status, data = _get(port, path, token, method, body)
    if status != expect:
        raise BenchError("%s %s answered %d, not %d: %s" % (method, path, status, expect,
                                                            data[:200].decode("utf-8", "replace")))
    j = json.loads(data)
    if key == "summary" and not j.get("rows"):
        raise BenchError("the month summary has no rows: the month is not inside the data")
    if key == "page" and len(j.get("transactions") or []) != 50:
        raise BenchError("the page of records has %d records, not 50" % len(j.get("transactions") or []))
    if key == "books" and not j:
        raise BenchError("the books list is empty")
    if key == "accounts" and not (j if isinstance(j, list) else j.get("items")):
        raise BenchError("the account list is empty")
    if key == "add" and not j.get("id"):
        raise BenchError("the added record has no id: %s" % data[:200].decode("utf-8", "replace"))


def _count(port, token, book):
    status, data = _get(port, "/api/v1/books/%s/transactions?limit=1" % book, token)
    if status != 200:
        raise BenchError("counting the records: GET …/transactions answered %d" % status)
    return json.loads(data)["count"]


def run_wrk(port, script, seconds, connections, threads, timeout_s=10):
    argv = [WRK, "-t", str(threads), "-c", str(connections), "-d", "%ds" % seconds, "--timeout", "%ds" % timeout_s,
            "--latency", "-s", script, "http://127.0.0.1:%d" % port]
    r = subprocess.run(argv, capture_output=True, text=True)
    if r.returncode != 0:
        raise BenchError("wrk failed (exit %d): %s" % (r.returncode, (r.stderr or r.stdout).strip()[-300:]))
    try:
        return parse_wrk(r.stdout), r.stdout
    except ValueError as e:
        raise BenchError("could not read wrk's output (%s): %s" % (e, r.stdout.strip()[-300:]))


def measure(binary, store, token, key, opts, logdir, tag):
    """One workload against a freshly started server: check, warm up, measure. A dict (never raises)."""
    label, method, expect = {w[0]: w[1:] for w in WORKLOADS}[key]
    out = {"error": None}
    server = Server(binary, store, os.path.join(logdir, "serve-%s-%s.log" % (tag, key)))
    try:
        server.wait_ready()
        out["ready_probe"] = server.probe
        status, data = _get(server.port, "/api/v1/books", token)
        if status != 200:
            raise BenchError("GET /api/v1/books answered %d with the token: %s"
                             % (status, data[:200].decode("utf-8", "replace")))
        books = json.loads(data)
        if not books:
            raise BenchError("GET /api/v1/books returned no book")
        path = workload_paths(books[0]["id"])[key]
        out["path"] = path
        count_before = _count(server.port, token, books[0]["id"]) if method == "POST" else None
        preflight(server.port, token, key, path, expect)
        script = os.path.join(logdir, "wrk-%s-%s.lua" % (tag, key))
        with open(script, "w") as f:
            f.write(lua_script(token, method, path, expect))
        threads = opts["connections"] if method == "POST" else min(opts["connections"], opts["wrk_threads"])
        out["wrk_threads"] = threads
        warm_ok = 0
        if opts["warmup"] > 0:
            warm, _ = run_wrk(server.port, script, opts["warmup"], opts["connections"], threads)
            bad = problems(warm, expect)
            if bad:
                raise BenchError("warm-up: " + "; ".join(bad))
            warm_ok = warm["lua"]["ok"]
        r, text = run_wrk(server.port, script, opts["duration"], opts["connections"], threads)
        with open(os.path.join(logdir, "wrk-%s-%s.txt" % (tag, key)), "w") as f:
            f.write(text)
        out.update(r)
        bad = problems(r, expect)
        if count_before is not None and not bad:
            # Every 201 must be a stored record: the book grew by the check, the warm-up's and the
            # run's 201s, plus at most the requests in flight when each wrk run stopped.
            added, answered = _count(server.port, token, books[0]["id"]) - count_before, 1 + warm_ok + r["lua"]["ok"]
            out["records_added"] = added
            if not answered <= added <= answered + 2 * opts["connections"]:
                bad.append("the book grew by %d records for %d answers 201" % (added, answered))
        if bad:
            out["error"] = "; ".join(bad)
        if server.proc.poll() is not None:
            out["error"] = "tally serve exited with %d during the run: %s" % (server.proc.returncode,
                                                                              _tail(server.log_path))
    except BenchError as e:
        out["error"] = str(e)
    except (OSError, http.client.HTTPException, ValueError, KeyError, TypeError) as e:
        out["error"] = "%s: %s" % (type(e).__name__, e)
    finally:
        server.stop()
    if out["error"]:
        log("  %-17s %-18s FAILED: %s" % (tag, label, out["error"]))
    else:
        log("  %-17s %-18s %6.0f req/s  p50 %s  p99 %s  (%s requests)"
            % (tag, label, out["rps"], fmt_lat(out["p50_ms"]), fmt_lat(out["p99_ms"]), fmt_int(out["requests"])))
    return out


# ---------------------------------------------------------------------------------------------
# The run


def describe_binary(binary, label):
    """'label' or what we can tell: `tally --version` and the commit of the git tree it was built in."""
    r = run_measured([binary, "--version"])
    version = r.out.strip() if r.code == 0 else "unknown"
    if label:
        return "%s (`%s`, version %s)" % (label, binary, version)
    git = run_measured(["git", "-C", os.path.dirname(binary), "rev-parse", "--short", "HEAD"])
    commit = "commit %s of its tree" % git.out.strip() if git.code == 0 else "commit unknown"
    if git.code == 0:
        dirty = run_measured(["git", "-C", os.path.dirname(binary), "status", "--porcelain", "--",
                              ":/Sources", ":/Package.swift"])
        if dirty.code == 0 and dirty.out.strip():
            commit += " (with uncommitted changes in Sources/ at run time)"
    return "`%s` (version %s, %s)" % (binary, version, commit)


def run(opts):
    """opts: binary, baseline (or None), label, baseline_label, postgres (or None), size, duration,
    connections, warmup, wrk_threads, workdir, generator, out, argv. Returns the exit status."""
    if not shutil.which(WRK):
        log("wrk is not installed (apt-get install wrk)")
        return 3
    roles = [("new", opts["binary"])] + ([("baseline", opts["baseline"])] if opts.get("baseline") else [])
    n = opts["size"]
    csv_path = dataset(n, opts["workdir"], opts["generator"])["csv"]
    logdir = os.path.join(opts["workdir"], "load-logs")
    os.makedirs(logdir, exist_ok=True)
    started = datetime.datetime.now(datetime.timezone.utc)
    load_before = os.getloadavg()
    results = {"size": n, "engines": {}}
    engines = [e for e in ENGINES if e[0] == "sqlite" or opts.get("postgres")]
    for engine, engine_label in engines:
        res = results["engines"][engine] = {role: {"error": None, "workloads": {}} for role, _ in roles}
        log("load on %s, %s records, %d connections, %d s per workload (warm-up %d s)"
            % (engine_label, fmt_int(n), opts["connections"], opts["duration"], opts["warmup"]))
        if engine == "sqlite":
            # Both binaries' stores exist at once, so the workloads interleave (new, old; old, new; …)
            # and a machine that slows down in the middle weighs on both alike.
            stores = {}
            for role, binary in roles:
                data = os.path.join(opts["workdir"], "load-sqlite-%d-%s" % (n, role))
                shutil.rmtree(data, ignore_errors=True)
                os.makedirs(data)
                stores[role] = _prepare(binary, ["--data", data], csv_path, res[role], role)
            for i, (key, *_rest) in enumerate(WORKLOADS):
                order = roles if i % 2 == 0 else roles[::-1]
                for role, binary in order:
                    if stores[role]:
                        res[role]["workloads"][key] = measure(binary, ["--data", stores[role][1]], stores[role][0],
                                                              key, opts, logdir, "%s-%s" % (engine, role))
            if not opts.get("keep_stores"):
                for role, _ in roles:
                    shutil.rmtree(os.path.join(opts["workdir"], "load-sqlite-%d-%s" % (n, role)), ignore_errors=True)
        else:
            # One PostgreSQL database: one binary after the other, each on a freshly reset and imported one.
            store = ["--database", opts["postgres"]]
            for role, binary in roles:
                try:
                    reset_postgres(opts["postgres"])
                except BenchError as e:
                    res[role]["error"] = str(e)
                    log("  %s: %s" % (role, e))
                    continue
                prepared = _prepare(binary, store, csv_path, res[role], role)
                if prepared and not _analyze(opts["postgres"], res[role], role):
                    prepared = None
                if prepared:
                    for key, *_rest in WORKLOADS:
                        res[role]["workloads"][key] = measure(binary, store, prepared[0], key, opts, logdir,
                                                              "%s-%s" % (engine, role))
    results["machine"] = {"nproc": os.cpu_count(), "cpu": _cpu(), "started": started.strftime("%Y-%m-%d %H:%M UTC"),
                          "load_before": load_before, "load_after": os.getloadavg()}
    results["binaries"] = {role: describe_binary(b, opts.get("label" if role == "new" else "baseline_label"))
                           for role, b in roles}
    results["roles"] = [r for r, _ in roles]
    results["opts"] = {k: opts[k] for k in ("duration", "connections", "warmup", "wrk_threads")}
    with open(os.path.join(opts["workdir"], "load-results.json"), "w") as f:
        json.dump(results, f, indent=1, default=str)
    replace_section(opts["out"], section(results, opts))
    failed = summary(results)
    log("report written to %s" % opts["out"])
    return 3 if failed else 0


def _prepare(binary, store, csv_path, res, role):
    """(token, data dir or URL) or None with res["error"] set."""
    try:
        token, seconds = prepare_store(binary, store, csv_path)
    except BenchError as e:
        res["error"] = str(e)
        log("  %s: %s" % (role, e))
        return None
    res["import_seconds"] = seconds
    log("  %-8s imported in %.2f s" % (role, seconds))
    return token, store[1]


def _analyze(url, res, role):
    """VACUUM (ANALYZE) after the import: the planner's statistics and the visibility map as
    autovacuum leaves them a minute later, so that neither binary is measured with or without
    them by the luck of autovacuum's timing (without statistics a page of records was 7× slower)."""
    r = run_measured(["psql", url, "-v", "ON_ERROR_STOP=1", "-q", "-c", "VACUUM (ANALYZE)"])
    if r.code != 0:
        res["error"] = r.failure("VACUUM (ANALYZE) after the import")
        log("  %s: %s" % (role, res["error"]))
        return False
    return True


def _cpu():
    try:
        with open("/proc/cpuinfo") as f:
            return next((l.split(":", 1)[1].strip() for l in f if l.startswith("model name")), "unknown")
    except OSError:
        return "unknown"


def summary(results):
    failed = False
    for engine, res in results["engines"].items():
        for role, r in res.items():
            if r["error"]:
                failed = True
                print("FAIL %s %s: %s" % (engine, role, r["error"]))
            for key, w in r["workloads"].items():
                if w["error"]:
                    failed = True
                    print("FAIL %s %s %s: %s" % (engine, role, key, w["error"]))
    if failed:
        print("FAIL: the load run did not complete cleanly (see above and the report)")
    return failed


# ---------------------------------------------------------------------------------------------
# The report section


def fmt_lat(ms):
    if ms is None:
        return "n/a"
    if ms >= 1000:
        return "%.2f s" % (ms / 1000.0)
    return ("%.2f ms" if ms < 10 else "%.1f ms") % ms


def fmt_rps(x):
    return "n/a" if x is None else ("{:,.0f}".format(x) if x >= 100 else "%.1f" % x)


def _ratio(a, b):
    return "n/a" if not a or not b else "%.2f×" % (a / b)


def _cells(w):
    if not w or w.get("error") or w.get("rps") is None:
        return ["**failed**", "—", "—"]
    return [fmt_rps(w["rps"]), fmt_lat(w["p50_ms"]), fmt_lat(w["p99_ms"])]


def section(results, opts):
    roles, m = results["roles"], results["machine"]
    c, d = opts["connections"], opts["duration"]
    out = ["%s (wrk, %d connections, %d s)" % (SECTION, c, d), "",
           "Generated by `scripts/bench %s`." % opts["argv"], "",
           "- Machine: %d CPU(s), %s; started %s; load average %.2f before, %.2f after (1 min)."
           % (m["nproc"], m["cpu"], m["started"], m["load_before"][0], m["load_after"][0]),
           "- %s: %s." % ("New" if "baseline" in roles else "Tally", results["binaries"]["new"])]
    if "baseline" in roles:
        out.append("- Baseline: %s." % results["binaries"]["baseline"])
    out += ["- Data: the %s records of `tally demo --records %d`, imported with each binary's own `tally import`; "
            "the user and a token made with `tally user create` and `tally token create`."
            % (fmt_int(results["size"]), results["size"]),
            "- Method: each workload against a freshly started `tally serve` on loopback; one request checked "
            "by hand, a %d s wrk warm-up, then `wrk -c %d -d %ds --latency` (%d threads for reads; %d for adds, "
            "so each connection posts its own payees and dates), `Authorization: Bearer`. Every answer must "
            "be 200 (201 for adds), counted in Lua; any other fails the run. p50 and p99 are wrk's latency "
            "percentiles. On SQLite the two binaries' runs alternate workload by workload; PostgreSQL runs "
            "one binary after the other on the same database, reset, imported again and `VACUUM (ANALYZE)`d."
            % (opts["warmup"], c, d, min(c, opts["wrk_threads"]), c)
            + (" Ratios are new/baseline: above 1 for req/s, below 1 for latency, the new binary is better."
               if "baseline" in roles else ""), ""]
    paths = workload_paths("B")
    out += ["| workload | request (B = the book id) |", "|---|---|"]
    out += ["| %s | `%s %s` |" % (label, method, paths[key]) for key, label, method, _ in WORKLOADS]
    out.append("")
    for engine, engine_label in ENGINES:
        res = results["engines"].get(engine)
        if not res:
            continue
        out += ["### %s, %s records" % (engine_label, fmt_int(results["size"])), ""]
        if "baseline" in roles:
            out += ["| workload | goal | req/s | p50 | p99 | baseline req/s | baseline p50 | baseline p99 "
                    "| req/s new/old | p50 new/old | p99 new/old |", "|---|---|---|---|---|---|---|---|---|---|---|"]
        else:
            out += ["| workload | goal | req/s | p50 | p99 |", "|---|---|---|---|---|"]
        for key, label, _, _ in WORKLOADS:
            new = res["new"]["workloads"].get(key)
            goal = GOALS.get(key, {}).get(engine)
            row = [label, "≥ %s/s, p99 ≤ 20 ms" % fmt_int(goal) if goal else "–"] + _cells(new)
            if "baseline" in roles:
                old = res["baseline"]["workloads"].get(key)
                row += _cells(old)
                ok = new and old and not new.get("error") and not old.get("error")
                row += [_ratio(new["rps"], old["rps"]), _ratio(new["p50_ms"], old["p50_ms"]),
                        _ratio(new["p99_ms"], old["p99_ms"])] if ok else ["n/a"] * 3
            out.append("| " + " | ".join(row) + " |")
        out.append("")
        notes = []
        for role in roles:
            r = res[role]
            name = ("New" if "baseline" in roles else "Tally") if role == "new" else "Baseline"
            if r.get("import_seconds") is not None:
                notes.append("%s: `tally import` took %.2f s." % (name, r["import_seconds"]))
            if r["error"]:
                notes.append("%s: **failed**: %s" % (name, r["error"]))
            for key, label, _, _ in WORKLOADS:
                w = r["workloads"].get(key)
                if w and w.get("error"):
                    notes.append("%s, %s: **failed**: %s" % (name, label, w["error"]))
                elif w and key == "add":
                    notes.append("%s, %s: %s answers 201 in the measured run; the book grew by %s records "
                                 "(with the check and the warm-up)."
                                 % (name, label, fmt_int(w["lua"]["ok"]), fmt_int(w.get("records_added", 0))))
        out += ["- " + x for x in notes] + ([""] if notes else [])
    return "\n".join(out).rstrip("\n") + "\n"


def read_section(path):
    """The section under SECTION of the file at `path` (up to the next '## ' heading), or None."""
    return common.read_section(path, SECTION)


def replace_section(path, body):
    """Puts `body` in place of the file's section, or at its end; the rest stays."""
    common.replace_section(path, SECTION, body)
