"""scripts/bench --cluster: two `tally serve` nodes on one PostgreSQL database behind nginx,
under mixed load, with one node killed (SIGKILL) and restarted in the middle of the run.

What it does, in order:

1. PostgreSQL: started with `pg_ctlcluster 15 main start` when it is not answering; the database
   of --postgres (default: tally_cluster, made with `createdb -O tally` when missing) is emptied
   (`DROP SCHEMA public CASCADE`) and the book imported into it with the binary's own CLI, with
   the users the checks sign in as and an API token.
2. Two nodes (`tally serve --database … --trust-forwarded-for`) on loopback ports and nginx on a
   third, run as the current user from a configuration written into the work folder
   (`nginx -p DIR -c DIR/nginx.conf -e DIR/nginx-error.log`, `daemon off`): nothing outside the
   work folder is written. nginx logs every request with its upstream address(es) and status(es).
3. Checks made before the load, straight at the nodes: sessions and tokens made on one node used
   on the other; the sign-in throttle counted across nodes (per account and per address), nginx's
   `X-Forwarded-For` handling (the address a client sends is not the one counted) and a probe of
   simultaneous wrong passwords (how many are checked before the throttle closes).
4. The load, all at once through nginx: wrk on the month summary, a page of records, adds (each
   with an Idempotency-Key and its key in the note; every 5th request of each connection uses a
   key shared by all connections, with the same body, so one key reaches both nodes at about the
   same moment) and wrong-password sign-ins for one account; a Python thread posts small Tally
   CSV imports a few times a second. Part way through, node 1 is killed with SIGKILL and started
   again on the same port a few seconds later.
5. The checks after: every add nginx answered 201/200 is in the database exactly once per key,
   no key is stored twice, no key was answered 201 twice; every import is stored whole or not at
   all, and every one answered 201 whole; no 5xx except from the killed node between its kill and
   its return; the session and token made before the kill work on the restarted node, and a
   sign-out on one node ends the session on the other.

The results go into the "## Several nodes (scripts/bench --cluster)" section of the report and
into WORKDIR/cluster/cluster-results.json. The nginx configuration generator and the log checks
are pure functions (tested by Tests/bench/test_cluster.py without nginx).
"""
import datetime
import getpass
import hashlib
import http.client
import json
import os
import re
import shutil
import signal
import statistics
import subprocess
import threading
import time
import urllib.parse

from . import load
from .common import BenchError, dataset, fmt_int, log, replace_section, run_measured
from .load import ADD_ACCOUNTS, ADD_CATEGORIES, ADD_PAYEES, _get, fmt_lat, fmt_rps, parse_wrk, prepare_store
from .tallyrun import EMAIL, PASSWORD, free_port, paths as query_paths, reset_postgres, _tail

HEADING = "## Several nodes (scripts/bench --cluster)"
SECTION = "## Several nodes"    # what common.find_section matches (a word boundary cannot follow ")")
DEFAULT_URL = "postgres://tally:tally@127.0.0.1:5432/tally_cluster?sslmode=disable"
NODE_URL_PARAMS = {"pool_size": "10", "statement_timeout": "30000"}
REPEAT_EVERY = 5            # every 5th add of each connection uses a key shared by all connections
IMPORT_ROWS = 5             # rows per CSV import
THROTTLE_PASSWORD = "throttle-password-1"
THROTTLE_USERS = ["throttle-1@example.com", "throttle-2@example.com", "throttle-3@example.com"]
FLOOD_EMAIL = "flood@example.com"
PER_ACCOUNT, PER_ADDRESS = 5, 50     # the server's standard limits (docs/deployment.md)


# ---------------------------------------------------------------------------------------------
# nginx: the configuration and its log (pure functions)

LOG_FORMAT = ('$msec $status $request_method "$request_uri" "$upstream_addr" "$upstream_status" '
              '$request_time "$http_idempotency_key" "$http_x_bench"')


def nginx_conf(prefix, listen_port, nodes, user=None, workers=1):
    """The nginx configuration: `nodes` is a list of "host:port"; everything nginx writes stays
    under `prefix`. `user` is given only when nginx starts as root (it then runs its workers as
    that user instead of nobody)."""
    p = lambda name: os.path.join(prefix, name)   # noqa: E731
    servers = "\n".join("        server %s max_fails=1 fail_timeout=2s;" % n for n in nodes)
    return """# written by scripts/bench --cluster
%(user)sworker_processes %(workers)d;
daemon off;
pid %(pid)s;
error_log %(error_log)s warn;

events {
    worker_connections 1024;
}

http {
    client_body_temp_path %(tmp)s/body;
    proxy_temp_path %(tmp)s/proxy;
    fastcgi_temp_path %(tmp)s/fastcgi;
    uwsgi_temp_path %(tmp)s/uwsgi;
    scgi_temp_path %(tmp)s/scgi;

    # One line per request: which node(s) nginx tried and what each answered.
    log_format tally '%(log_format)s';
    access_log %(access_log)s tally;

    upstream tally {
%(servers)s
        # Idle connections kept open to the nodes (per worker).
        keepalive 32;
        keepalive_timeout 30s;
    }

    # Adds that carry an Idempotency-Key may be sent to the other node even after the first one
    # received them (see location @keyed_add); every other POST may not.
    map $http_idempotency_key $keyed_add {
        ""      0;
        default 1;
    }

    server {
        listen 127.0.0.1:%(port)d;

        client_max_body_size 64m;           # Tally's largest accepted body (a CSV import)
        proxy_http_version 1.1;             # keep-alive to the nodes
        proxy_set_header Connection "";
        proxy_set_header Host $host;
        # Tally (--trust-forwarded-for) counts failed sign-ins against the LAST entry: the one
        # appended here, the address nginx saw. Entries the client sent itself come before it.
        proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        proxy_set_header X-Forwarded-Proto $scheme;

        proxy_connect_timeout 2s;           # a node that is down refuses at once on loopback
        proxy_send_timeout 60s;
        proxy_read_timeout 120s;            # a large export or import can take a while
        # A request nginx could not hand to one node goes to the other. For POST (imports,
        # sign-ins, adds without a key) only while it has not been sent: once a node has it, it
        # may have been stored, and sending it again could store it twice.
        proxy_next_upstream error timeout;
        proxy_next_upstream_tries 2;
        proxy_next_upstream_timeout 15s;

        location / {
            proxy_pass http://tally;
        }

        location ~ ^/api/v1/books/[^/]+/transactions$ {
            error_page 418 = @keyed_add;
            if ($keyed_add) {
                return 418;
            }
            proxy_pass http://tally;
        }

        # An add with an Idempotency-Key is safe to send again even when the first node died
        # after receiving it: the key is stored in the same transaction as the record, so the
        # other node answers 200 with that record instead of making a second one.
        location @keyed_add {
            proxy_next_upstream error timeout non_idempotent;
            proxy_pass http://tally;
        }
    }
}
""" % {"user": ("user %s;\n" % user) if user else "", "workers": workers, "pid": p("nginx.pid"),
       "error_log": p("nginx-error.log"), "tmp": p("nginx-tmp"), "log_format": LOG_FORMAT,
       "access_log": p("nginx-access.log"), "servers": servers, "port": listen_port}


_LOG_LINE = re.compile(r'^(\S+) (\d{3}) (\S+) "([^"]*)" "([^"]*)" "([^"]*)" (\S+) "([^"]*)" "([^"]*)"$')


def parse_log_line(line):
    """One access-log line (LOG_FORMAT) -> dict, or None when it is not one."""
    m = _LOG_LINE.match(line.rstrip("\n"))
    if not m:
        return None
    t, status, method, uri, addrs, ustatus, rtime, key, bench = m.groups()
    dash = lambda s: "" if s == "-" else s   # noqa: E731
    upstreams = [a for a in re.split(r"\s*,\s*|\s+:\s+", dash(addrs)) if a]
    ustatuses = [s for s in re.split(r"\s*,\s*|\s+:\s+", dash(ustatus)) if s]
    return {"t": float(t), "status": int(status), "method": method, "uri": uri, "upstreams": upstreams,
            "upstream_statuses": ustatuses, "request_time": float(rtime) if rtime != "-" else None,
            "key": dash(key), "bench": dash(bench)}


def read_log(path):
    entries, bad = [], 0
    with open(path, errors="replace") as f:
        for line in f:
            e = parse_log_line(line)
            if e is None:
                bad += 1
            else:
                entries.append(e)
    return entries, bad


def classify_5xx(entries, killed, window):
    """The 5xx answers: (allowed, violations). Allowed: those the killed node (`killed`,
    "host:port") gave — the last node nginx tried is it, or nginx found no live node — while it
    was down, `window` = (kill time, back time) in epoch seconds."""
    allowed, violations = [], []
    start, end = window
    for e in entries:
        if e["status"] < 500:
            continue
        last = e["upstreams"][-1] if e["upstreams"] else ""
        no_node = last and ":" not in last            # "tally": no live upstream
        if start <= e["t"] <= end and (last == killed or no_node):
            allowed.append(e)
        else:
            violations.append(e)
    return allowed, violations


def check_adds(entries, stored, repeat_marker="-r-"):
    """Adds as nginx answered them (entries with a key) against the records stored per key.
    Returns a dict of counts and lists; ok is True when no accepted write is lost or doubled."""
    answers = {}
    for e in entries:
        if e["method"] == "POST" and e["key"]:
            answers.setdefault(e["key"], []).append(e)
    accepted = {k for k, es in answers.items() if any(e["status"] in (200, 201) for e in es)}
    lost = sorted(k for k in accepted if stored.get(k, 0) == 0)
    doubled = sorted(k for k, n in stored.items() if n > 1)
    twice_created = sorted(k for k, es in answers.items() if sum(e["status"] == 201 for e in es) > 1)
    refused = sorted({k for k, es in answers.items() for e in es if 400 <= e["status"] < 500 and e["status"] != 499})
    unanswered_stored = sorted(k for k in answers if k not in accepted and stored.get(k, 0) == 1)
    unknown_stored = sorted(k for k in stored if k not in answers)
    repeated = {k: es for k, es in answers.items() if repeat_marker in k}
    both_nodes = sum(1 for es in repeated.values()
                     if len({e["upstreams"][-1] for e in es if e["upstreams"] and e["status"] in (200, 201)}) > 1)
    statuses = {}
    for es in answers.values():
        for e in es:
            statuses[e["status"]] = statuses.get(e["status"], 0) + 1
    return {"keys": len(answers), "accepted": len(accepted), "answers": sum(len(es) for es in answers.values()),
            "statuses": statuses, "lost": lost, "doubled": doubled, "twice_created": twice_created,
            "refused": refused, "unanswered_stored": unanswered_stored, "unknown_stored": unknown_stored,
            "repeated_keys": len(repeated), "repeated_answers": sum(len(es) for es in repeated.values()),
            "repeated_both_nodes": both_nodes,
            "retried": sum(1 for es in answers.values() for e in es if len(e["upstreams"]) > 1),
            "ok": not (lost or doubled or twice_created or refused)}


def check_imports(results, stored, rows):
    """results: [(import id, status or None)]; stored: {import id: records}. All or nothing, and
    every 201 whole."""
    partial = sorted(i for i, n in stored.items() if n not in (0, rows))
    lost = sorted(i for i, s in results if s == 201 and stored.get(i, 0) != rows)
    unanswered = [(i, s) for i, s in results if s != 201]
    return {"imports": len(results), "accepted": sum(1 for _, s in results if s == 201), "partial": partial,
            "lost": lost, "unanswered": len(unanswered),
            "unanswered_stored": sum(1 for i, _ in unanswered if stored.get(i, 0) == rows),
            "statuses": _count_statuses(s for _, s in results), "ok": not (partial or lost)}


def _fmt_counts(counts, pattern="%s× %s"):
    """{"401": 50} -> "50× 401" (or "key: n" with pattern "%s: %s", keys in order)."""
    swap = pattern == "%s× %s"
    return ", ".join(pattern % ((n, k) if swap else (k, n)) for k, n in sorted(counts.items()))


def _count_statuses(statuses):
    out = {}
    for s in statuses:
        out[str(s)] = out.get(str(s), 0) + 1
    return out


# ---------------------------------------------------------------------------------------------
# wrk's script

LUA = r"""-- written by scripts/bench --cluster
local mode, path, token, run_id, workload = @MODE@, @PATH@, @TOKEN@, @RUN@, @WORKLOAD@
local expect = @EXPECT@
local login_body = @LOGIN_BODY@
local repeat_every = @REPEAT@
local payees, categories, accounts = @PAYEES@, @CATEGORIES@, @ACCOUNTS@
local first_day = @FIRST_DAY@
local threads, next_id = {}, 1

function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

function init(args)
  counts, ok, bad, first_bad, n = {}, 0, 0, 0, 0
  wrk.headers["Accept"] = "application/json"
  wrk.headers["X-Bench"] = workload
  if token ~= "" then wrk.headers["Authorization"] = "Bearer " .. token end
  if mode == "get" then
    fixed = wrk.format("GET", path)
  else
    wrk.method = "POST"
    wrk.headers["Content-Type"] = "application/json"
  end
end

-- wrk.format's headers replace wrk.headers: every request gets a copy of them plus its own
local function with(extra)
  local h = {}
  for k, v in pairs(wrk.headers) do h[k] = v end
  for k, v in pairs(extra) do h[k] = v end
  return h
end

function request()
  if fixed then return fixed end
  n = n + 1
  if mode == "login" then
    -- an address the client claims; nginx appends the one it saw, and Tally counts that one
    local xff = string.format("198.51.100.%d", (id * 7 + n) % 250 + 1)
    return wrk.format(nil, path, with({["X-Forwarded-For"] = xff}), login_body)
  end
  local key, seed
  if n % repeat_every == 0 then
    seed = math.floor(n / repeat_every)
    key = string.format("ck-%s-r-%d", run_id, seed)       -- the same key and body on every connection
  else
    seed = id * 1000003 + n
    key = string.format("ck-%s-%d-%d", run_id, id, n)
  end
  local body = string.format(
    '{"kind":"expense","amount":"%d.%02d","date":"%s","payee":"%s","category":"%s","account":"%s","note":"%s"}',
    1 + (seed * 37) % 180, (seed * 53) % 100, os.date("!%Y-%m-%d", (first_day + seed % 366) * 86400),
    payees[seed % #payees + 1], categories[(seed * 3) % #categories + 1], accounts[seed % #accounts + 1], key)
  return wrk.format(nil, path, with({["Idempotency-Key"] = key}), body)
end

function response(status, headers, body)
  counts[status] = (counts[status] or 0) + 1
  if expect[status] then
    ok = ok + 1
  else
    bad = bad + 1
    if first_bad == 0 then first_bad = status end
  end
end

function done(summary, latency, requests)
  local ok_all, bad_all, first, all = 0, 0, 0, {}
  for _, t in ipairs(threads) do
    ok_all = ok_all + t:get("ok")
    bad_all = bad_all + t:get("bad")
    if first == 0 then first = t:get("first_bad") end
    for s, c in pairs(t:get("counts")) do all[s] = (all[s] or 0) + c end
  end
  local parts = {}
  for s, c in pairs(all) do table.insert(parts, string.format('"%d":%d', s, c)) end
  io.write(string.format('TALLY-LOAD {"ok":%d,"bad":%d,"first_bad":%d,"p50_us":%d,"p99_us":%d,"statuses":{%s}}\n',
    ok_all, bad_all, first, latency:percentile(50), latency:percentile(99), table.concat(parts, ",")))
end
"""


def lua_script(mode, path, token, run_id, workload, expect, login_body=""):
    first = (datetime.date.fromisoformat(load.ADD_FIRST_DAY) - datetime.date(1970, 1, 1)).days
    lst = lambda xs: "{" + ", ".join(json.dumps(x) for x in xs) + "}"   # noqa: E731
    values = {"MODE": json.dumps(mode), "PATH": json.dumps(path), "TOKEN": json.dumps(token or ""),
              "RUN": json.dumps(run_id), "WORKLOAD": json.dumps(workload),
              "EXPECT": "{" + ", ".join("[%d] = true" % s for s in expect) + "}",
              "LOGIN_BODY": json.dumps(login_body), "REPEAT": str(REPEAT_EVERY), "PAYEES": lst(ADD_PAYEES),
              "CATEGORIES": lst(ADD_CATEGORIES), "ACCOUNTS": lst(ADD_ACCOUNTS), "FIRST_DAY": str(first)}
    text = LUA
    for k, v in values.items():
        text = text.replace("@%s@" % k, v)
    return text


# ---------------------------------------------------------------------------------------------
# HTTP by hand (cookies, forms, a chosen source address)


def req(port, method, path, headers=None, body=None, source=None, timeout=60):
    """(status, headers as a list of pairs, body bytes)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout,
                                      source_address=(source, 0) if source else None)
    try:
        conn.request(method, path, body=body, headers=headers or {})
        resp = conn.getresponse()
        return resp.status, resp.getheaders(), resp.read()
    finally:
        conn.close()



def _cookie(headers, name):
    for k, v in headers:
        if k.lower() == "set-cookie" and v.startswith(name + "="):
            return v.split(";", 1)[0].split("=", 1)[1]
    return None


def sign_in(port, email, password, xff=None, source=None):
    h = {"Content-Type": "application/json", "Accept": "application/json"}
    if xff:
        h["X-Forwarded-For"] = xff
    return req(port, "POST", "/api/v1/tokens", h, json.dumps({"email": email, "password": password,
                                                               "name": "cluster"}), source=source)


# ---------------------------------------------------------------------------------------------
# PostgreSQL, nodes and nginx


def psql(url, sql):
    r = run_measured(["psql", url, "-X", "-v", "ON_ERROR_STOP=1", "-At", "-F", "\t", "-c", sql])
    if r.code != 0:
        raise BenchError(r.failure("psql %s" % sql[:60]))
    return [line.split("\t") for line in r.out.splitlines() if line]


def ensure_postgres(url):
    """Starts the local cluster when nothing answers, and makes the database when it is missing."""
    u = urllib.parse.urlparse(url)
    host, port = u.hostname or "127.0.0.1", str(u.port or 5432)
    ready = lambda: run_measured(["pg_isready", "-q", "-h", host, "-p", port]).code == 0   # noqa: E731
    if not ready():
        if host not in ("127.0.0.1", "localhost"):
            raise BenchError("PostgreSQL at %s:%s is not answering" % (host, port))
        log("starting PostgreSQL (pg_ctlcluster 15 main start)")
        r = run_measured(["pg_ctlcluster", "15", "main", "start"])
        for _ in range(30):
            if ready():
                break
            time.sleep(1)
        else:
            raise BenchError("PostgreSQL did not start: %s" % (r.err.strip() or r.out.strip())[-300:])
    r = run_measured(["psql", url, "-X", "-At", "-c", "SELECT 1"])
    if r.code == 0:
        return
    db = u.path.lstrip("/")
    if "does not exist" not in r.err:
        raise BenchError(r.failure("connecting to %s" % db))
    owner = u.username or "tally"
    log("creating the database %s (owner %s)" % (db, owner))
    as_postgres = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else ["sudo", "-n", "-u", "postgres"]
    r = run_measured(as_postgres + ["createdb", "-O", owner, db], cwd="/")
    if r.code != 0:
        raise BenchError(r.failure("createdb -O %s %s (make it by hand as the postgres user)" % (owner, db)))


def node_url(url):
    u = urllib.parse.urlparse(url)
    q = dict(urllib.parse.parse_qsl(u.query))
    for k, v in NODE_URL_PARAMS.items():
        q.setdefault(k, v)
    return urllib.parse.urlunparse(u._replace(query=urllib.parse.urlencode(q)))


class Node(load.Server):
    """A `tally serve` on a fixed port, which can be killed and started again on it."""

    def __init__(self, name, binary, store, log_path, port=None):
        self.name, self.binary, self.store, self.log_path = name, binary, store, log_path
        self.port, self.probe, self.proc = port or free_port(), None, None
        self.address = "127.0.0.1:%d" % self.port
        self.start()

    def start(self):
        with open(self.log_path, "a") as f:
            self.proc = subprocess.Popen([self.binary, "serve", "--host", "127.0.0.1", "--port", str(self.port)]
                                         + self.store, stdout=f, stderr=subprocess.STDOUT,
                                         stdin=subprocess.DEVNULL)

    def kill(self):
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()


class Nginx:
    def __init__(self, prefix, nodes):
        self.prefix, self.port = prefix, free_port()
        os.makedirs(os.path.join(prefix, "nginx-tmp"), exist_ok=True)
        for name in ("nginx-access.log", "nginx-error.log"):
            open(os.path.join(prefix, name), "w").close()
        self.conf = os.path.join(prefix, "nginx.conf")
        user = getpass.getuser() if os.geteuid() == 0 else None
        with open(self.conf, "w") as f:
            f.write(nginx_conf(prefix, self.port, [n.address for n in nodes], user=user))
        self.argv = ["nginx", "-p", prefix, "-c", self.conf, "-e", os.path.join(prefix, "nginx-error.log")]
        r = run_measured(self.argv + ["-t"])
        if r.code != 0:
            raise BenchError(r.failure("nginx -t"))
        self.out = os.path.join(prefix, "nginx.out")
        with open(self.out, "w") as f:
            self.proc = subprocess.Popen(self.argv, stdout=f, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)

    def wait_ready(self):
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise BenchError("nginx exited with %d: %s" % (self.proc.returncode, _tail(self.out)))
            try:
                if _get(self.port, "/healthz", timeout=5)[0] == 200:
                    return
            except (OSError, http.client.HTTPException):
                pass
            time.sleep(0.2)
        raise BenchError("nginx did not answer /healthz: %s" % _tail(os.path.join(self.prefix, "nginx-error.log")))

    def stop(self):
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGQUIT)       # graceful: finish and flush the log
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


# ---------------------------------------------------------------------------------------------
# The checks made straight at the nodes


def step(steps, what, node, expect, got, detail=""):
    ok = got in expect if isinstance(expect, (tuple, list, set)) else got == expect
    steps.append({"what": what, "node": node, "expect": expect, "got": got, "ok": ok, "detail": detail})
    if not ok:
        log("  ✗ %s on %s: expected %s, got %s %s" % (what, node, expect, got, detail))
    return ok


def sessions_before(a, b, book, run_id):
    """A browser session and an API token made on node a, used on node b. Returns the state the
    after-part needs and the steps."""
    steps, st = [], {}
    xff = {"X-Forwarded-For": "10.77.0.1"}
    s, h, body = req(a.port, "GET", "/login", xff)
    csrf_cookie = _cookie(h, "tally_csrf")
    m = re.search(rb'name="_csrf" value="([^"]+)"', body)
    step(steps, "GET /login (the form and its CSRF cookie)", a.name, 200, s)
    if not (csrf_cookie and m):
        steps[-1].update(ok=False, detail="no CSRF cookie or field")
        return st, steps
    form = urllib.parse.urlencode({"_csrf": m.group(1).decode(), "email": EMAIL, "password": PASSWORD, "next": "/"})
    s, h, _ = req(a.port, "POST", "/login", dict(xff, **{"Content-Type": "application/x-www-form-urlencoded",
                                                           "Cookie": "tally_csrf=" + csrf_cookie}), form)
    session = _cookie(h, "tally_session")
    step(steps, "POST /login (sign in)", a.name, (302, 303), s, "" if session else "no session cookie")
    if not session:
        steps[-1]["ok"] = False
        return st, steps
    st["cookie"] = "tally_session=%s; tally_csrf=%s" % (session, csrf_cookie)
    s, _, _ = req(b.port, "GET", "/api/v1/books", {"Cookie": st["cookie"], "Accept": "application/json"})
    step(steps, "GET /api/v1/books with the session cookie from %s" % a.name, b.name, 200, s)
    s, h, page = _follow(b.port, "/", st["cookie"])
    m = re.search(rb'<meta name="csrf-token" content="([^"]+)"', page)
    step(steps, "GET / (a page, signed in) with the session cookie", b.name, 200, s,
         "" if m else "no csrf-token meta tag")
    if m:
        st["csrf"] = m.group(1).decode()
        body = json.dumps({"kind": "expense", "amount": "1.00", "date": "2024-06-01", "payee": "Session check",
                           "category": ADD_CATEGORIES[0], "account": ADD_ACCOUNTS[0], "note": "cs-%s" % run_id})
        s, _, _ = req(a.port, "POST", "/api/v1/books/%s/transactions" % book,
                       {"Cookie": st["cookie"], "X-CSRF-Token": st["csrf"], "Content-Type": "application/json",
                        "Accept": "application/json"}, body)
        step(steps, "POST an add with the cookie and the CSRF token of %s's page" % b.name, a.name, 201, s)
    s, _, body = sign_in(a.port, EMAIL, PASSWORD, xff="10.77.0.1")
    step(steps, "POST /api/v1/tokens (a new API token)", a.name, 201, s)
    if s == 201:
        j = json.loads(body)
        st["token"], st["token_id"] = j["token"], j["id"]
        s, _, _ = req(b.port, "GET", "/api/v1/books", {"Authorization": "Bearer " + st["token"]})
        step(steps, "GET /api/v1/books with the token from %s" % a.name, b.name, 200, s)
    return st, steps


def sessions_after(a, b, st):
    """After a (the killed node) came back: the session and token made on it before the kill
    work on it and on b; signing out and revoking on b ends them on a."""
    steps = []
    if "cookie" not in st:
        return steps
    for n in (a, b):
        s, _, _ = req(n.port, "GET", "/api/v1/books", {"Cookie": st["cookie"], "Accept": "application/json"})
        step(steps, "GET /api/v1/books with the session made before the kill", n.name, 200, s)
        if "token" in st:
            s, _, _ = req(n.port, "GET", "/api/v1/books", {"Authorization": "Bearer " + st["token"]})
            step(steps, "GET /api/v1/books with the token made before the kill", n.name, 200, s)
    if "csrf" in st:
        s, _, _ = req(b.port, "POST", "/logout", {"Cookie": st["cookie"], "X-CSRF-Token": st["csrf"],
                                                   "Content-Type": "application/x-www-form-urlencoded"},
                       urllib.parse.urlencode({"_csrf": st["csrf"]}))
        step(steps, "POST /logout", b.name, (302, 303), s)
        s, _, _ = req(a.port, "GET", "/api/v1/books", {"Cookie": st["cookie"], "Accept": "application/json"})
        step(steps, "GET /api/v1/books with the session signed out on %s" % b.name, a.name, 401, s)
    if "token" in st:
        s, _, _ = req(b.port, "DELETE", "/api/v1/tokens/%s" % st["token_id"],
                       {"Authorization": "Bearer " + st["token"]})
        step(steps, "DELETE /api/v1/tokens/{id} (revoke)", b.name, (200, 204), s)
        s, _, _ = req(a.port, "GET", "/api/v1/books", {"Authorization": "Bearer " + st["token"]})
        step(steps, "GET /api/v1/books with the token revoked on %s" % b.name, a.name, 401, s)
    return steps


def _follow(port, path, cookie, hops=4):
    for _ in range(hops):
        s, h, body = req(port, "GET", path, {"Cookie": cookie})
        loc = dict((k.lower(), v) for k, v in h).get("location")
        if s in (301, 302, 303, 307) and loc:
            path = urllib.parse.urlparse(loc).path or "/"
            continue
        return s, h, body
    return s, h, body


def throttle_checks(a, b, proxy_port, url):
    """The sign-in throttle across the two nodes. Returns {name: {steps, ok, …}}."""
    out = {}
    nodes = [a, b]
    # 1. Per account: 5 wrong passwords for one account from 5 addresses, alternating nodes;
    # then the right password is refused (429) on both nodes.
    steps = []
    email = THROTTLE_USERS[0]
    for i in range(PER_ACCOUNT):
        n = nodes[i % 2]
        s, _, _ = sign_in(n.port, email, "wrong-%d" % i, xff="10.1.0.%d" % (i + 1))
        step(steps, "wrong password %d of %d (from 10.1.0.%d)" % (i + 1, PER_ACCOUNT, i + 1), n.name, 401, s)
    for i, n in enumerate((b, a)):
        s, h, _ = sign_in(n.port, email, THROTTLE_PASSWORD, xff="10.1.1.%d" % (i + 1))
        retry = dict((k.lower(), v) for k, v in h).get("retry-after", "")
        step(steps, "the right password after %d failures (from 10.1.1.%d)" % (PER_ACCOUNT, i + 1), n.name, 429, s,
             "Retry-After %s" % retry if retry else "")
    out["account"] = {"steps": steps, "ok": all(x["ok"] for x in steps)}

    # 2. Per address: 50 wrong passwords for 50 emails from one address, half on each node (in
    # parallel, one thread per node); then a right one from that address is refused, and the
    # same from another address is not.
    steps, results = [], {}

    def guesses(n, start):
        for i in range(start, PER_ADDRESS, 2):
            results[i] = (n.name, sign_in(n.port, "nobody-%d@example.com" % i, "wrong", xff="10.2.0.1")[0])
    threads = [threading.Thread(target=guesses, args=(n, i)) for i, n in enumerate(nodes)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wrong = sorted(results.items())
    n401 = sum(1 for _, (_, s) in wrong if s == 401)
    step(steps, "%d wrong passwords for %d emails from 10.2.0.1 (half on each node)" % (PER_ADDRESS, PER_ADDRESS),
         "both", PER_ADDRESS, n401, "answers: %s" % _fmt_counts(_count_statuses(s for _, (_, s) in wrong)))
    s, _, _ = sign_in(a.port, THROTTLE_USERS[1], THROTTLE_PASSWORD, xff="10.2.0.1")
    step(steps, "another account's right password from 10.2.0.1", a.name, 429, s)
    s, _, _ = sign_in(b.port, THROTTLE_USERS[1], THROTTLE_PASSWORD, xff="10.2.0.2")
    step(steps, "the same from 10.2.0.2", b.name, 201, s)
    out["address"] = {"steps": steps, "ok": all(x["ok"] for x in steps)}

    # 3. Through nginx: clients at 127.0.0.2-4 send a made-up X-Forwarded-For; the failures must
    # be counted against the address nginx saw (what it appends), on whichever node answered.
    steps = []
    email = THROTTLE_USERS[2]
    spoofed = "203.0.113.9"
    for i in range(3):
        src = "127.0.0.%d" % (i + 2)
        s, _, _ = sign_in(proxy_port, email, "wrong-%d" % i, xff=spoofed, source=src)
        step(steps, "wrong password through nginx from %s claiming X-Forwarded-For %s" % (src, spoofed), "nginx",
             401, s)
    rows = dict((c, int(k)) for c, k in psql(url, "SELECT client, count(*) FROM login_failures "
                                                  "WHERE client IN ('127.0.0.2','127.0.0.3','127.0.0.4','%s') "
                                                  "GROUP BY client" % spoofed))
    step(steps, "failures counted against 127.0.0.2-4 (login_failures.client)", "database", 3,
         sum(v for k, v in rows.items() if k != spoofed), "rows: %s" % _fmt_counts(rows, "%s: %s"))
    step(steps, "failures counted against the made-up %s" % spoofed, "database", 0, rows.get(spoofed, 0))
    s, _, _ = sign_in(proxy_port, email, THROTTLE_PASSWORD, source="127.0.0.2")
    step(steps, "the right password through nginx (clears the account's count)", "nginx", 201, s)
    out["proxy"] = {"steps": steps, "ok": all(x["ok"] for x in steps)}

    # 4. Simultaneous guesses: 12 wrong passwords for one account at the same moment (distinct
    # addresses), on one node, then spread over both. How many are checked (401) before the
    # throttle answers 429? The limit is 5.
    for name, targets in (("race_one_node", [a]), ("race_two_nodes", [a, b])):
        email = "%s@example.com" % name.replace("_", "-")
        answers, barrier = [None] * 12, threading.Barrier(12)

        def guess(i):
            barrier.wait()
            n = targets[i % len(targets)]
            answers[i] = (n.name, sign_in(n.port, email, "wrong", xff="10.3.%d.%d" % (len(targets), i + 1))[0])
        threads = [threading.Thread(target=guess, args=(i,)) for i in range(12)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        checked = sum(1 for x in answers if x and x[1] == 401)
        out[name] = {"attempts": 12, "checked": checked, "statuses": _count_statuses(x[1] for x in answers if x),
                     "nodes": [n.name for n in targets], "ok": checked <= PER_ACCOUNT}
        log("  %d simultaneous wrong passwords on %s: %d checked (401), the limit is %d"
            % (12, " and ".join(n.name for n in targets), checked, PER_ACCOUNT))
    return out


# ---------------------------------------------------------------------------------------------
# The run


def _import_body(run_id, i):
    lines = ["date,amount,kind,payee,category,subcategory,account,currency,note"]
    for r in range(IMPORT_ROWS):
        lines.append("2024-%02d-%02d,%d.%02d,expense,Import %d,Food,Groceries,Checking,USD,ci-%s-%d"
                     % (i % 12 + 1, r + 1, 3 + r, i % 100, r, run_id, i))
    return ("\n".join(lines) + "\n").encode()


class Importer(threading.Thread):
    """Small Tally CSV imports through nginx, `rate` a second, until stopped."""

    def __init__(self, port, token, book, run_id, rate):
        super().__init__(daemon=True)
        self.port, self.token, self.book, self.run_id, self.rate = port, token, book, run_id, rate
        self.results, self.latencies, self.stop_event = [], [], threading.Event()

    def run(self):
        i = 0
        while not self.stop_event.is_set():
            i += 1
            t0 = time.monotonic()
            try:
                s, _, _ = req(self.port, "POST", "/api/v1/books/%s/imports" % self.book,
                               {"Authorization": "Bearer " + self.token, "Content-Type": "text/csv",
                                "Accept": "application/json", "X-Bench": "import"}, _import_body(self.run_id, i),
                               timeout=60)
            except (OSError, http.client.HTTPException):
                s = None
            elapsed = time.monotonic() - t0
            self.results.append((i, s))
            self.latencies.append(elapsed)
            self.stop_event.wait(max(0.0, 1.0 / self.rate - elapsed))


def _pct(values, p):
    if not values:
        return None
    v = sorted(values)
    return v[min(len(v) - 1, max(0, int(round(p / 100.0 * len(v) + 0.5)) - 1))]


def run(opts):
    """opts: binary, label, baseline (a binary or None), baseline_label, url, size, duration,
    connections, kill_at, restart_after, imports_per_second, workdir, generator, out, argv.
    With a baseline, the whole run (import, checks, load, kill) is made with it first, on a
    database emptied again, and its figures and checks are written beside the binary's. The exit
    status is the binary's: the baseline's failed checks are reported, not fatal."""
    for tool, hint in (("wrk", "apt-get install wrk"), ("nginx", "apt-get install -y nginx"),
                       ("psql", "apt-get install postgresql-client")):
        if not shutil.which(tool):
            log("%s is not installed (%s); --cluster needs it" % (tool, hint))
            return 3
    baseline = None
    if opts.get("baseline"):
        log("cluster: the baseline first (%s)" % opts["baseline"])
        baseline = run_one(opts, opts["baseline"], opts.get("baseline_label"), "cluster-baseline")
        log("cluster: now %s" % opts["binary"])
    results = run_one(opts, opts["binary"], opts.get("label"), "cluster")
    if baseline is not None:
        results["baseline"] = baseline
        with open(os.path.join(opts["workdir"], "cluster", "cluster-results.json"), "w") as f:
            json.dump(results, f, indent=1, default=str)
    replace_section(opts["out"], SECTION, section(results, opts))
    log("wrote the Several nodes section of %s" % opts["out"])
    return 0 if verdicts(results)["all"] else 3


def run_one(opts, binary, label, folder):
    """One whole run with `binary`, its files in WORKDIR/`folder`: the results."""
    n = opts["size"]
    url = opts["url"]
    csv_path = dataset(n, opts["workdir"], opts["generator"])["csv"]
    work = os.path.join(opts["workdir"], folder)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    run_id = "%x" % (int(time.time()) % 0xFFFFFF)
    results = {"size": n, "run_id": run_id, "started": datetime.datetime.now(datetime.timezone.utc)
               .strftime("%Y-%m-%d %H:%M UTC"), "load_before": os.getloadavg(), "nproc": os.cpu_count(),
               "cpu": load._cpu(), "binary": load.describe_binary(binary, label),
               "nginx": run_measured(["nginx", "-v"]).err.strip().replace("nginx version: ", ""),
               "postgres": None, "error": None}
    ensure_postgres(url)
    results["postgres"] = psql(url, "SHOW server_version")[0][0]
    reset_postgres(url)
    log("cluster: importing %s records into PostgreSQL" % fmt_int(n))
    token, seconds = prepare_store(binary, ["--database", url], csv_path)
    results["import_seconds"] = seconds
    log("  imported in %.1f s" % seconds)
    for email in THROTTLE_USERS:
        r = run_measured([binary, "user", "create", "--email", email, "--password-stdin", "--database", url],
                         input_text=THROTTLE_PASSWORD + "\n")
        if r.code != 0:
            raise BenchError(r.failure("tally user create %s" % email))
    psql(url, "VACUUM (ANALYZE)")
    store = ["--database", node_url(url), "--trust-forwarded-for"]
    nodes, proxy = [], None
    try:
        nodes = [Node("node 1", binary, store, os.path.join(work, "node1.log")),
                 Node("node 2", binary, store, os.path.join(work, "node2.log"))]
        for node in nodes:
            node.wait_ready()
        proxy = Nginx(work, nodes)
        proxy.wait_ready()
        a, b = nodes
        results["nodes"] = {x.name: x.address for x in nodes}
        s, data = _get(proxy.port, "/api/v1/books", token)
        if s != 200:
            raise BenchError("GET /api/v1/books through nginx answered %d" % s)
        book = json.loads(data)[0]["id"]
        log("cluster: nodes on %s, nginx on 127.0.0.1:%d" % (", ".join(x.address for x in nodes), proxy.port))
        log("cluster: checks before the load (sessions, sign-in throttle)")
        session_state, results["sessions_before"] = sessions_before(a, b, book, run_id)
        results["throttle"] = throttle_checks(a, b, proxy.port, url)
        log_mark = os.path.getsize(os.path.join(work, "nginx-access.log"))
        results["load"] = _load(opts, work, proxy, nodes, token, book, run_id, results)
        log("cluster: checks after the load")
        results["sessions_after"] = sessions_after(a, b, session_state)
        results["checks"] = _after(url, work, log_mark, results, run_id, a)
    except BenchError as e:
        results["error"] = str(e)
        log(str(e))
    except (OSError, http.client.HTTPException, ValueError, KeyError, TypeError, IndexError) as e:
        results["error"] = "%s: %s" % (type(e).__name__, e)
        log(results["error"])
    finally:
        if proxy:
            proxy.stop()
        for x in nodes:
            x.stop()
    results["load_after"] = os.getloadavg()
    with open(os.path.join(work, "cluster-results.json"), "w") as f:
        json.dump(results, f, indent=1, default=str)
    return results


WRK_WORKLOADS = [
    # key, label, mode, expected statuses
    ("summary", "month summary", "get", (200,)),
    ("page", "page of 50 records", "get", (200,)),
    ("add", "add a record (Idempotency-Key)", "add", (200, 201)),
    ("login", "wrong-password sign-in (one account)", "login", (401, 429)),
]


def connections_for(total):
    """wrk connections per workload for --connections: half for adds, a quarter for each read,
    two for sign-ins."""
    adds = max(1, total // 2)
    reads = max(1, total // 4)
    return {"summary": reads, "page": reads, "add": adds, "login": 2}


def _load(opts, work, proxy, nodes, token, book, run_id, results):
    paths = {"summary": query_paths(book)["Q1"], "page": "/api/v1/books/%s/transactions?limit=50" % book,
             "add": "/api/v1/books/%s/transactions" % book, "login": "/api/v1/tokens"}
    conns = connections_for(opts["connections"])
    procs = {}
    d = opts["duration"]
    log("cluster: load through nginx for %d s (%s), imports %.1f/s; node 1 killed at %.0f s, started again "
        "%.0f s later" % (d, ", ".join("%s %d conn." % kv for kv in conns.items()), opts["imports_per_second"],
                          opts["kill_at"], opts["restart_after"]))
    importer = Importer(proxy.port, token, book, run_id, opts["imports_per_second"])
    t0 = time.time()
    for key, _label, mode, expect in WRK_WORKLOADS:
        script = os.path.join(work, "wrk-%s.lua" % key)
        with open(script, "w") as f:
            f.write(lua_script(mode, paths[key], token if mode != "login" else "", run_id, key, expect,
                               json.dumps({"email": FLOOD_EMAIL, "password": "wrong"})))
        threads = conns[key] if mode == "add" else 1
        argv = ["wrk", "-t", str(threads), "-c", str(conns[key]), "-d", "%ds" % d, "--timeout", "20s",
                "--latency", "-s", script, "http://127.0.0.1:%d" % proxy.port]
        out = open(os.path.join(work, "wrk-%s.txt" % key), "w")
        procs[key] = (subprocess.Popen(argv, stdout=out, stderr=subprocess.STDOUT), out)
    importer.start()
    timeline = {"start": t0}
    time.sleep(max(0.0, t0 + opts["kill_at"] - time.time()))
    victim = nodes[0]
    timeline["kill"] = time.time()
    victim.kill()
    log("  %.1f s: SIGKILL %s (%s)" % (timeline["kill"] - t0, victim.name, victim.address))
    time.sleep(opts["restart_after"])
    timeline["restart"] = time.time()
    victim.start()
    victim.wait_ready()
    timeline["back"] = time.time()
    log("  %.1f s: %s started again, answering at %.1f s" % (timeline["restart"] - t0, victim.name,
                                                               timeline["back"] - t0))
    out = {"timeline": timeline, "connections": conns, "paths": paths, "workloads": {}}
    for key, (p, f) in procs.items():
        p.wait()
        f.close()
        timeline["end"] = time.time()
        with open(os.path.join(work, "wrk-%s.txt" % key)) as fh:
            text = fh.read()
        try:
            out["workloads"][key] = parse_wrk(text)
        except ValueError as e:
            out["workloads"][key] = {"error": "%s: %s" % (e, text.strip()[-300:])}
    importer.stop_event.set()
    importer.join(timeout=90)
    lat = [x * 1000.0 for x in importer.latencies]
    out["imports"] = {"results": importer.results, "requests": len(importer.results),
                      "seconds": timeline["end"] - t0,
                      "p50_ms": statistics.median(lat) if lat else None, "p99_ms": _pct(lat, 99)}
    return out


def _after(url, work, log_mark, results, run_id, victim):
    entries, bad_lines = read_log(os.path.join(work, "nginx-access.log"))
    t0 = results["load"]["timeline"]["start"]
    during = [e for e in entries if e["t"] >= t0 - 1]
    tl = results["load"]["timeline"]
    window = (tl["kill"], tl["back"] + 1.0)
    allowed, violations = classify_5xx(during, victim.address, window)
    before = [e for e in entries if e["t"] < t0 - 1 and e["status"] >= 500]
    stored = {k: int(c) for k, c in psql(url, "SELECT note, count(*) FROM transactions WHERE note LIKE 'ck-%s-%%' "
                                              "GROUP BY note" % run_id)}
    adds = check_adds([e for e in during if e["bench"] == "add"], stored)
    rows = {}
    for note, c in psql(url, "SELECT note, count(*) FROM transactions WHERE note LIKE 'ci-%s-%%' GROUP BY note"
                        % run_id):
        rows[int(note.rsplit("-", 1)[1])] = int(c)
    imports = check_imports(results["load"]["imports"]["results"], rows, IMPORT_ROWS)
    flood = [e for e in during if e["bench"] == "login"]
    per_node = {}
    for e in during:
        if e["upstreams"]:
            per_node[e["upstreams"][-1]] = per_node.get(e["upstreams"][-1], 0) + 1
    checked = [e for e in flood if e["status"] == 401]
    checked_nodes = {}
    for e in checked:
        checked_nodes[e["upstreams"][-1]] = checked_nodes.get(e["upstreams"][-1], 0) + 1
    return {"log_lines": len(entries), "log_unreadable": bad_lines, "during": len(during),
            "per_node": per_node, "allowed_5xx": [_brief(e, t0) for e in allowed],
            "violations_5xx": [_brief(e, t0) for e in violations], "before_5xx": [_brief(e, t0) for e in before],
            "window": [window[0] - t0, window[1] - t0], "adds": adds, "imports": imports,
            "flood": {"attempts": len(flood), "checked": len(checked), "checked_nodes": checked_nodes,
                      "statuses": _count_statuses(e["status"] for e in flood)}}


def _brief(e, t0):
    return {"at": round(e["t"] - t0, 3), "status": e["status"], "method": e["method"], "uri": e["uri"].split("?")[0],
            "upstreams": e["upstreams"], "upstream_statuses": e["upstream_statuses"], "key": e["key"],
            "bench": e["bench"]}


def verdicts(results):
    """Each check's verdict: True, False, or None (not run)."""
    c = results.get("checks") or {}
    th = results.get("throttle") or {}
    v = {
        "writes": (c["adds"]["ok"] and c["imports"]["ok"]) if c else None,
        "5xx": (not c["violations_5xx"]) if c else None,
        "sessions": (all(s["ok"] for s in results.get("sessions_before", []) + results.get("sessions_after", []))
                     if results.get("sessions_after") else None),
        "idempotency": (c["adds"]["ok"] and c["adds"]["repeated_both_nodes"] > 0) if c else None,
        "throttle": (all(th[k]["ok"] for k in ("account", "address", "proxy")) if th else None),
        "throttle_races": (all(th[k]["ok"] for k in ("race_one_node", "race_two_nodes")) if th else None),
    }
    v["all"] = not results.get("error") and all(x is True for k, x in v.items() if k != "throttle_races")
    return v


# ---------------------------------------------------------------------------------------------
# The report section

MARK = {True: "✓", False: "✗ **failed**", None: "not run"}


def _steps_table(steps):
    out = ["| step | node | expected | got |", "|---|---|---|---|"]
    for s in steps:
        exp = "/".join(map(str, s["expect"])) if isinstance(s["expect"], (tuple, list)) else str(s["expect"])
        out.append("| %s | %s | %s | %s%s%s |" % (s["what"], s["node"], exp, s["got"],
                                                  " (%s)" % s["detail"] if s.get("detail") else "",
                                                  "" if s["ok"] else " ✗"))
    return out


def section(results, opts):
    v = verdicts(results)
    out = [HEADING, "",
           "Generated by `scripts/bench %s`." % opts["argv"], "",
           "- Machine: %d CPU(s), %s; started %s; load average %.2f before, %.2f after (1 min): the "
           "nodes, PostgreSQL, nginx and the load generators share these cores."
           % (results["nproc"], results["cpu"], results["started"], results["load_before"][0],
              (results.get("load_after") or results["load_before"])[0]),
           "- Tally: %s, two `tally serve --trust-forwarded-for` nodes on one PostgreSQL %s database "
           "(`pool_size=10`, `statement_timeout=30000` each), behind nginx %s (the configuration: "
           "[deployment.md](deployment.md#several-nodes-behind-nginx))."
           % (results["binary"], results.get("postgres") or "?", results.get("nginx") or "?"),
           "- Data: the %s records of `tally demo --records %d`, imported with `tally import` (%.1f s), "
           "`VACUUM (ANALYZE)`d." % (fmt_int(results["size"]), results["size"], results.get("import_seconds") or 0),
           ""]
    if results.get("error"):
        out += ["**The run did not complete:** %s" % results["error"], ""]
    ld = results.get("load")
    if ld:
        tl = ld["timeline"]
        conns = ld["connections"]
        out += ["### Method", "",
                "All at once through nginx for %d s: four wrk processes (the month summary and a page of 50 records, "
                "%d connections each; adds, %d connections, one thread each; wrong-password sign-ins for one account, "
                "%d connections) and a Python thread posting a %d-row Tally CSV import %.1f times a second. "
                "Each add carries an `Idempotency-Key` and the key as its note; every %dth add of each connection "
                "uses a key shared by all connections, with the same body, so the same key reaches both nodes at "
                "about the same time. The sign-ins send a made-up `X-Forwarded-For`; nginx appends the address it "
                "saw. Node 1 was killed with SIGKILL at %.1f s and started again on the same port at %.1f s; it "
                "answered `/healthz` at %.1f s. nginx logged each request's node(s) and status(es); the checks read "
                "that log and the database (psql) afterwards. nginx sends a request to the other node when the "
                "first cannot be reached; a POST only while it has not been sent, except an add that carries an "
                "`Idempotency-Key`, which may be sent again after the first node received it (`non_idempotent` in a "
                "location of its own): the other node then answers 200 with the record instead of making a second. "
                "Imports and sign-ins in flight at the kill therefore get a 502 and are not repeated."
                % (opts["duration"], conns["summary"], conns["add"], conns["login"], IMPORT_ROWS,
                   opts["imports_per_second"], REPEAT_EVERY, tl["kill"] - tl["start"], tl["restart"] - tl["start"],
                   tl["back"] - tl["start"]), ""]
        out += ["### Figures (through nginx, node 1 killed part way)", "",
                "| workload | requests | req/s | p50 | p99 | answers |", "|---|---|---|---|---|---|"]
        for key, label, _m, _e in WRK_WORKLOADS:
            w = ld["workloads"].get(key) or {}
            if w.get("error") or "rps" not in w:
                out.append("| %s | **failed**: %s | | | | |" % (label, w.get("error", "no result")))
                continue
            st = w["lua"].get("statuses") or {}
            answers = ", ".join("%s× %s" % (fmt_int(c), s) for s, c in sorted(st.items()))
            sock = {k: x for k, x in w["socket_errors"].items() if x}
            if sock:
                answers += "; socket errors " + ", ".join("%s %d" % kv for kv in sock.items())
            out.append("| %s | %s | %s | %s | %s | %s |" % (label, fmt_int(w["requests"]), fmt_rps(w["rps"]),
                                                              fmt_lat(w["p50_ms"]), fmt_lat(w["p99_ms"]), answers))
        im = ld["imports"]
        out.append("| %d-row CSV import (Python, one at a time) | %s | %s | %s | %s | %s |"
                   % (IMPORT_ROWS, fmt_int(im["requests"]), fmt_rps(im["requests"] / im["seconds"]),
                      fmt_lat(im["p50_ms"]), fmt_lat(im["p99_ms"]),
                      ", ".join("%s× %s" % (c, s) for s, c in sorted(_count_statuses(
                          s for _, s in im["results"]).items()))))
        c = results.get("checks") or {}
        if c.get("per_node"):
            out += ["", "Requests per node (the last one nginx tried): %s."
                    % ", ".join("%s %s" % (_node(results, a), fmt_int(n)) for a, n in sorted(c["per_node"].items()))]
        out.append("")
    if results.get("baseline"):
        out += side_by_side(results, results["baseline"])
    c = results.get("checks")
    th = results.get("throttle") or {}
    out += ["### Checks", "", "| check | result |", "|---|---|"]
    if c:
        a, im = c["adds"], c["imports"]
        out.append("| no accepted write lost or doubled | %s: %s keys answered %s times (%s); %s accepted (201/200), "
                   "every one stored exactly once: %s lost, %s stored twice, %s answered 201 twice, %s refused (4xx); "
                   "%s keys not answered 2xx but stored (in flight at the kill or at the end), %s stored without an "
                   "answer in the log; nginx sent %s adds to the second node after the first failed. Imports: %s "
                   "sent, %s answered 201 and stored whole, %s partly stored, %s answered otherwise (%s of them stored "
                   "whole) |"
                   % (MARK[v["writes"]], fmt_int(a["keys"]), fmt_int(a["answers"]),
                      ", ".join("%s× %s" % (fmt_int(n), s) for s, n in sorted(a["statuses"].items())),
                      fmt_int(a["accepted"]), len(a["lost"]), len(a["doubled"]), len(a["twice_created"]),
                      len(a["refused"]), len(a["unanswered_stored"]), len(a["unknown_stored"]), a["retried"],
                      im["imports"], im["accepted"] - len(im["lost"]), len(im["partial"]), im["unanswered"],
                      im["unanswered_stored"]))
        out.append("| no 5xx but the killed node's while it was down | %s: %d 5xx from node 1 between %.1f s and %.1f s "
                   "(the kill and a second after it answered again), %d anywhere else%s |"
                   % (MARK[v["5xx"]], len(c["allowed_5xx"]), c["window"][0], c["window"][1],
                      len(c["violations_5xx"]), (" (%s)" % _list_5xx(c["violations_5xx"])) if c["violations_5xx"]
                      else ""))
        out.append("| idempotency keys hold across nodes | %s: %s shared keys sent %s times; %s of them answered by "
                   "both nodes; each stored once, none answered 201 twice |"
                   % (MARK[v["idempotency"]], fmt_int(a["repeated_keys"]), fmt_int(a["repeated_answers"]),
                      fmt_int(a["repeated_both_nodes"])))
    sess = results.get("sessions_before", []) + results.get("sessions_after", [])
    if sess:
        out.append("| sessions and tokens hold across nodes (and across node 1's kill) | %s: %d of %d steps as "
                   "expected (below) |" % (MARK[v["sessions"]], sum(s["ok"] for s in sess), len(sess)))
    if th:
        out.append("| sign-in throttling counts across nodes | %s: per account (5 failures over both nodes, then "
                   "429 on both), per address (50 over both nodes, then 429), and behind nginx the address nginx saw "
                   "is counted, not the one the client claims (below) |" % MARK[v["throttle"]])
        r1, r2 = th["race_one_node"], th["race_two_nodes"]
        note = ("" if v["throttle_races"] else " — **more than the limit of %d are checked when the guesses arrive "
                "together** (see Findings)" % PER_ACCOUNT)
        out.append("| simultaneous wrong passwords (12 at once, one account) | %s: %d checked (401) on one node, "
                   "%d over both nodes%s |" % ("✓" if v["throttle_races"] else "✗", r1["checked"], r2["checked"], note))
    if c:
        fl = c["flood"]
        out.append("| the sign-in flood under load | %s attempts through nginx for one account: %s; %d passwords "
                   "checked (401) — %s — before the throttle answered 429 |"
                   % (fmt_int(fl["attempts"]), ", ".join("%s× %s" % (fmt_int(n), s) for s, n in
                                                         sorted(fl["statuses"].items())),
                      fl["checked"], ", ".join("%s on %s" % (n, _node(results, a)) for a, n in sorted(fl["checked_nodes"].items()))
                      or "none"))
    out.append("")
    findings = _findings(results, v)
    out += ["### Findings", ""] + (["- " + f for f in findings] if findings else ["None: every check held."]) + [""]
    if sess:
        out += ["### Sessions and tokens, step by step", ""] + _steps_table(sess) + [""]
    if th:
        out += ["### Sign-in throttle, step by step", ""]
        for k, title in (("account", "Per account, over both nodes"), ("address", "Per address, over both nodes"),
                         ("proxy", "Through nginx: which address is counted")):
            out += ["%s:" % title, ""] + _steps_table(th[k]["steps"]) + [""]
    if c and c["allowed_5xx"]:
        out += ["The 5xx answers from the kill: %s." % _list_5xx(c["allowed_5xx"]), ""]
    return "\n".join(out).rstrip("\n") + "\n"


CHECK_NAMES = [("writes", "no accepted write lost or doubled"), ("5xx", "no 5xx but the killed node's"),
               ("idempotency", "idempotency keys across nodes"), ("sessions", "sessions and tokens across nodes"),
               ("throttle", "sign-in throttling across nodes"), ("throttle_races", "simultaneous wrong passwords")]


def _figures(results):
    """workload key -> (req/s, p50 ms, p99 ms), for the workloads that ran."""
    ld = results.get("load") or {}
    out = {}
    for key, _label, _m, _e in WRK_WORKLOADS:
        w = (ld.get("workloads") or {}).get(key) or {}
        if "rps" in w and not w.get("error"):
            out[key] = (w["rps"], w["p50_ms"], w["p99_ms"])
    im = ld.get("imports")
    if im and im.get("seconds"):
        out["import"] = (im["requests"] / im["seconds"], im["p50_ms"], im["p99_ms"])
    return out


def side_by_side(results, base):
    """The "Side by side" part of the section: the same run made with --baseline-binary first."""
    new, old = _figures(results), _figures(base)
    out = ["### Side by side with the baseline", "",
           "The same run, made first with the baseline binary, %s, on the database emptied and imported again "
           "(its import: %.1f s; this binary's: %.1f s)%s. The load shares two cores with PostgreSQL, nginx and "
           "wrk, so only large differences mean anything."
           % (base.get("binary") or "?", base.get("import_seconds") or 0, results.get("import_seconds") or 0,
              "; **the baseline's run did not complete:** %s" % base["error"] if base.get("error") else ""), "",
           "| workload | req/s | p50 | p99 | baseline req/s | p50 | p99 |", "|---|---|---|---|---|---|---|"]
    labels = [(k, label) for k, label, _m, _e in WRK_WORKLOADS] + [("import", "%d-row CSV import" % IMPORT_ROWS)]
    for key, label in labels:
        a, b = new.get(key), old.get(key)
        cell = lambda f: (fmt_rps(f[0]), fmt_lat(f[1]), fmt_lat(f[2])) if f else ("–", "–", "–")   # noqa: E731
        out.append("| %s | %s | %s | %s | %s | %s | %s |" % ((label,) + cell(a) + cell(b)))
    v, vb = verdicts(results), verdicts(base)
    out += ["", "| check | this binary | baseline |", "|---|---|---|"]
    for key, name in CHECK_NAMES:
        out.append("| %s | %s | %s |" % (name, MARK[v[key]], MARK[vb[key]]))
    fb = _findings(base, vb)
    if fb:
        out += ["", "The baseline's findings:", ""] + ["- " + f for f in fb]
    return out + [""]


def _node(results, address):
    names = {a: n for n, a in (results.get("nodes") or {}).items()}
    return "%s (%s)" % (names[address], address) if address in names else address


def _list_5xx(items, limit=12):
    shown = ["%s %s at %.2f s (%s: %s; %s)" % (e["method"], e["uri"], e["at"], ", ".join(e["upstreams"]) or "no node",
                                                ", ".join(e["upstream_statuses"]) or "-", e["bench"] or "other")
             for e in items[:limit]]
    return "; ".join(shown) + ("; … %d more" % (len(items) - limit) if len(items) > limit else "")


def _findings(results, v):
    out = []
    th = results.get("throttle") or {}
    c = results.get("checks") or {}
    if th and not v["throttle_races"]:
        out.append("**Tally bug: on PostgreSQL the sign-in throttle lets simultaneous guesses through.** 12 wrong "
                   "passwords for one account (`POST /api/v1/tokens`, each from its own address, sent at the same "
                   "moment) were checked — answered 401 — %d times on node 1 alone and %d times spread over both "
                   "nodes; the limit is %d, and the rest were 429. Sequential guesses are counted exactly, across "
                   "nodes (above). `Users.claimLoginAttempt` reads the account's failures and inserts its own in one "
                   "`database.write` transaction; on PostgreSQL that is READ COMMITTED with no lock, so claims that "
                   "overlap all read the same count and all pass. It does not need several nodes: one node's pool "
                   "of 10 connections does it. On SQLite (`BEGIN IMMEDIATE` serialises the claims) the same probe "
                   "against one `tally serve --data` gives exactly 5 of 12 (checked by hand with this module's "
                   "`sign_in`). A fix would serialise the claim per account, e.g. `pg_advisory_xact_lock` on the "
                   "account key inside the claim's transaction, or SERIALIZABLE with a retry; not made here."
                   % (th["race_one_node"]["checked"], th["race_two_nodes"]["checked"], PER_ACCOUNT))
    if c and c.get("violations_5xx"):
        out.append("5xx answers outside the kill: %s." % _list_5xx(c["violations_5xx"]))
    if c:
        a = c["adds"]
        for what, keys in (("accepted but not stored", a["lost"]), ("stored more than once", a["doubled"]),
                           ("answered 201 more than once", a["twice_created"]), ("refused with a 4xx", a["refused"])):
            if keys:
                out.append("Adds %s: %d keys (%s)." % (what, len(keys), ", ".join(keys[:8])))
        im = c["imports"]
        if im["partial"] or im["lost"]:
            out.append("Imports partly stored: %s; answered 201 but not stored whole: %s." % (im["partial"], im["lost"]))
    for s in results.get("sessions_before", []) + results.get("sessions_after", []):
        if not s["ok"]:
            out.append("Session step failed: %s on %s: expected %s, got %s %s."
                       % (s["what"], s["node"], s["expect"], s["got"], s.get("detail", "")))
    for k in ("account", "address", "proxy"):
        for s in (th.get(k) or {}).get("steps", []):
            if not s["ok"]:
                out.append("Throttle step failed (%s): %s on %s: expected %s, got %s %s."
                           % (k, s["what"], s["node"], s["expect"], s["got"], s.get("detail", "")))
    return out
