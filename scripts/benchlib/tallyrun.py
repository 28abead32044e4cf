"""The Tally half: build, set up a store (SQLite folder or PostgreSQL URL), import (Q5),
serve, and time Q1-Q4 over one keep-alive HTTP connection."""
import http.client
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.parse

from .common import (ACCOUNTS, PAGE, PAYEE, Q1_FROM, Q1_TO, Q2_FROM, Q2_TO, BenchError, cents,
                     log, median, p95, run_measured)

EMAIL, PASSWORD = "bench@example.com", "bench-password-1"
READY_TIMEOUT = 120.0


def paths(book):
    """The API path of each question for book id `book`."""
    b = "/api/v1/books/%s" % book
    return {
        "Q1": "%s/reports/summary?from=%s&to=%s&by=category&kind=expense" % (b, Q1_FROM, Q1_TO),
        "Q2": "%s/reports/trend?from=%s&to=%s&interval=month&by=category&kind=expense" % (b, Q2_FROM, Q2_TO),
        "Q3": "%s/accounts" % b,
        "Q4": "%s/transactions?payee=%s&kind=expense&limit=%d" % (b, urllib.parse.quote(PAYEE), PAGE),
    }


def build(repo):
    """swift build -c release into .build-release; the binary's path."""
    scratch = ["--scratch-path", os.path.join(repo, ".build-release")]
    log("building the release binary (swift build -c release --product tally --scratch-path .build-release)")
    r = subprocess.run(["swift", "build", "-c", "release", "--product", "tally"] + scratch, cwd=repo,
                       stdout=sys.stderr)
    if r.returncode != 0:
        raise BenchError("swift build -c release failed (exit %d)" % r.returncode)
    out = subprocess.run(["swift", "build", "-c", "release"] + scratch + ["--show-bin-path"], cwd=repo,
                         capture_output=True, text=True)
    binary = os.path.join(out.stdout.strip(), "tally")
    if out.returncode != 0 or not os.access(binary, os.X_OK):
        raise BenchError("no tally binary after the build (looked for %s)" % binary)
    return binary


def reset_postgres(url):
    if not shutil.which("psql"):
        raise BenchError("psql is not installed; it is needed to reset the --postgres database")
    r = run_measured(["psql", url, "-v", "ON_ERROR_STOP=1", "-q", "-c",
                      "DROP SCHEMA public CASCADE; CREATE SCHEMA public;"])
    if r.code != 0:
        raise BenchError(r.failure("resetting the PostgreSQL database"))


def postgres_version(url):
    r = run_measured(["psql", url, "-At", "-c", "SHOW server_version"]) if shutil.which("psql") else None
    return r.out.strip() if r and r.code == 0 else "unknown"


def parse_token(text):
    """The token `tally token create` prints: a tly_… word, else the one word printed."""
    found = re.findall(r"\btly_[A-Za-z0-9_\-]+", text)
    if found:
        return found[-1]
    words = text.split()
    if len(words) == 1:
        return words[0]
    raise BenchError("could not find the token in the output of `tally token create`: %r" % text[:200])


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def parse_answer(q, body):
    """The endpoint's JSON -> answer dict (same shape as common.reference_answers)."""
    j = json.loads(body)
    answer = {}
    if q == "Q1":
        for row in j["rows"]:
            answer[row["key"]] = answer.get(row["key"], 0) + cents(row["total"])
    elif q == "Q2":
        periods = j["periods"]
        for s in j["series"]:
            if len(s["values"]) != len(periods):
                raise ValueError("series %r has %d values for %d periods" % (s["key"], len(s["values"]), len(periods)))
            for period, value in zip(periods, s["values"]):
                key = "%s %s" % (period, s["key"])
                answer[key] = answer.get(key, 0) + cents(value)
    elif q == "Q3":
        items = j if isinstance(j, list) else j.get("items", j.get("accounts"))
        for a in items:
            if a["name"] in ACCOUNTS:       # the book's other default accounts are not in the data
                answer[ACCOUNTS[a["name"]]] = cents(a["balance"])
    elif q == "Q4":
        items = j.get("items", j.get("transactions"))
        answer = {"count": j.get("count"), "expenses": cents(j["expenses"]) if "expenses" in j else None,
                  "net": cents(j["total"]) if "total" in j else None,
                  "page": len(items) if items is not None else None}
    return answer


def _request(conn, path, token):
    start = time.perf_counter()
    conn.request("GET", path, headers={"Authorization": "Bearer " + token, "Accept": "application/json"})
    resp = conn.getresponse()
    body = resp.read()
    return time.perf_counter() - start, resp.status, body, resp.will_close


def _wait_ready(proc, port, token, log_path):
    deadline = time.monotonic() + READY_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise BenchError("tally serve exited with %d before answering: %s" % (proc.returncode, _tail(log_path)))
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            _, status, body, _ = _request(conn, "/api/v1/books", token)
            conn.close()
            if status == 200:
                return json.loads(body)
            if status in (401, 403):
                raise BenchError("GET /api/v1/books answered %d with the token: %s"
                                 % (status, body[:200].decode("utf-8", "replace")))
        except (OSError, http.client.HTTPException):
            pass
        time.sleep(0.2)
    raise BenchError("tally serve did not answer GET /api/v1/books within %.0f s: %s" % (READY_TIMEOUT, _tail(log_path)))


def _tail(path, lines=3):
    try:
        with open(path, errors="replace") as f:
            return " | ".join(f.read().strip().splitlines()[-lines:]) or "no output"
    except OSError:
        return "no log"


def _vm_hwm_mb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024.0
    return None


def run_backend(binary, store, csv_path, workdir, warmups, repeats):
    """One backend end to end. `store` is ["--data", DIR] or ["--database", URL].
    Returns {"Q1".."Q4": {median, p95, answer, error}, "Q5": {...}, "rss_mb", "error", "keepalive"};
    a step that fails sets "error" and leaves the rest empty (never raises)."""
    result = {"error": None, "rss_mb": None, "keepalive": True}
    proc = None
    log_path = os.path.join(workdir, "serve.log")
    try:
        r = run_measured([binary, "user", "create", "--email", EMAIL, "--password-stdin"] + store,
                         input_text=PASSWORD + "\n")
        if r.code != 0:
            raise BenchError(r.failure("tally user create"))
        r = run_measured([binary, "import", csv_path] + store)
        if r.code != 0:
            raise BenchError(r.failure("tally import"))
        result["Q5"] = {"median": r.seconds, "p95": None, "rss_mb": r.rss_mb, "error": None}
        log("  tally     Q5 import %.2f s, %.0f MB" % (r.seconds, r.rss_mb))
        if store[0] == "--database" and store[1].startswith("postgres"):
            # As load.py does: the statistics and visibility map autovacuum leaves a minute after
            # the import, so Q1-Q4 do not depend on whether it has run yet.
            r = run_measured(["psql", store[1], "-v", "ON_ERROR_STOP=1", "-q", "-c", "VACUUM (ANALYZE)"])
            if r.code != 0:
                raise BenchError(r.failure("VACUUM (ANALYZE) after the import"))
        r = run_measured([binary, "token", "create"] + store)
        if r.code != 0:
            raise BenchError(r.failure("tally token create"))
        token = parse_token(r.out)
        port = free_port()
        with open(log_path, "w") as serve_log:
            proc = subprocess.Popen([binary, "serve", "--port", str(port)] + store,
                                    stdout=serve_log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
        books = _wait_ready(proc, port, token, log_path)
        if not books:
            raise BenchError("GET /api/v1/books returned no book")
        book = books[0]["id"]
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        for q, path in paths(book).items():
            result[q] = _time_query(conn, q, path, token, warmups, repeats, result)
        conn.close()
        result["rss_mb"] = _vm_hwm_mb(proc.pid)
    except BenchError as e:
        result["error"] = str(e)
    except (OSError, http.client.HTTPException, ValueError, KeyError, TypeError) as e:
        result["error"] = "Tally run failed: %s: %s" % (type(e).__name__, e)
    finally:
        if proc is not None:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
    if result["error"]:
        log("  tally     " + result["error"])
    return result


def _time_query(conn, q, path, token, warmups, repeats, result):
    times = []
    for i in range(warmups + repeats):
        seconds, status, body, will_close = _request(conn, path, token)
        result["keepalive"] = result["keepalive"] and not will_close
        if status != 200:
            error = "HTTP %d from GET %s: %s" % (status, path.split("?")[0], body[:120].decode("utf-8", "replace"))
            log("  tally     %s %s" % (q, error))
            return {"median": None, "p95": None, "answer": None, "error": error}
        if i >= warmups:
            times.append(seconds)
    try:
        answer = parse_answer(q, body)
    except (ValueError, KeyError, TypeError, AttributeError) as e:
        error = "unexpected JSON from GET %s (%s: %s): %s" % (path.split("?")[0], type(e).__name__, e,
                                                              body[:120].decode("utf-8", "replace"))
        log("  tally     %s %s" % (q, error))
        return {"median": None, "p95": None, "answer": None, "error": error}
    result_q = {"median": median(times), "p95": p95(times), "answer": answer, "error": None}
    log("  tally     %s median %.2f ms, p95 %.2f ms" % (q, result_q["median"] * 1000, result_q["p95"] * 1000))
    return result_q
