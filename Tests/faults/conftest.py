"""Shared pieces of the kill -9 tests: the binary, generated data, the two databases, a server.

Environment:
  TALLY_BIN           the tally binary (scripts/test sets it; default .build/debug/tally)
  TEST_DATABASE_URL   also run on this PostgreSQL database (its tables are EMPTIED first)
  FAULT_SEED          seed of the random kill times (default 10; each run prints it)
"""
import http.client
import json
import os
import random
import shutil
import signal
import socket
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
TALLY_BIN = os.environ.get("TALLY_BIN", str(REPO / ".build" / "debug" / "tally"))
POSTGRES_URL = os.environ.get("TEST_DATABASE_URL") or None
SEED = int(os.environ.get("FAULT_SEED", "10"))
EMAIL, PASSWORD = "faults@example.com", "faults-password-1"

# One line per test, printed at the end of the run (pytest -q hides what tests print).
SUMMARY = []


def pytest_terminal_summary(terminalreporter):
    if SUMMARY:
        terminalreporter.section("kill -9 summary (seed %d)" % SEED)
        for line in SUMMARY:
            terminalreporter.write_line(line)


def backends():
    """The stores to try: SQLite always, PostgreSQL when TEST_DATABASE_URL is set."""
    return ["sqlite"] + (["postgres"] if POSTGRES_URL else [])


@pytest.fixture(scope="session")
def binary():
    if not os.access(TALLY_BIN, os.X_OK):
        pytest.fail("tally binary %s is missing; run `swift build` first (or set TALLY_BIN)" % TALLY_BIN)
    return TALLY_BIN


@pytest.fixture(scope="session")
def rng():
    return random.Random(SEED)


def tally(args, store, timeout=120, stdin=None):
    """Runs `tally ARGS` on `store` (a Store); the CompletedProcess."""
    return subprocess.run([TALLY_BIN] + args + store.args, input=stdin, capture_output=True, text=True, timeout=timeout)


class Store:
    """One data store: an SQLite folder or the PostgreSQL test database."""

    def __init__(self, kind, folder):
        self.kind = kind
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.args = ["--data", str(self.folder)] if kind == "sqlite" else ["--database", POSTGRES_URL]

    def reset(self):
        """An empty store with one user: a fresh folder, or every PostgreSQL table emptied."""
        if self.kind == "sqlite":
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder.mkdir(parents=True)
        else:
            # The Swift suites have finished by now; nothing else uses the test database.
            self.psql("""
                DO $$ DECLARE t text; BEGIN
                  SELECT string_agg(quote_ident(tablename), ', ') INTO t FROM pg_tables
                  WHERE schemaname = current_schema() AND tablename <> 'schema_migrations';
                  IF t IS NOT NULL THEN EXECUTE 'TRUNCATE ' || t || ' RESTART IDENTITY CASCADE'; END IF;
                END $$;
                """)
        r = tally(["user", "create", "--email", EMAIL, "--password-stdin"], self, stdin=PASSWORD + "\n")
        assert r.returncode == 0, r.stderr

    def psql(self, sql):
        r = subprocess.run(["psql", POSTGRES_URL, "-X", "-q", "-t", "-A", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", sql],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        return [line.split("\t") for line in r.stdout.splitlines() if line]

    def query(self, sql):
        """Rows of a query, as strings, read behind the application's back."""
        if self.kind == "postgres":
            return self.psql(sql)
        with sqlite3.connect(self.folder / "tally.sqlite", timeout=30) as db:
            return [[str(v) for v in row] for row in db.execute(sql)]

    def integrity(self):
        """'ok' from the engine's own check (SQLite), or a trivial query answering (PostgreSQL)."""
        if self.kind == "postgres":
            return "ok" if self.psql("SELECT 1") == [["1"]] else "no answer"
        return "; ".join(row[0] for row in self.query("PRAGMA integrity_check"))

    def settle(self, seconds=20):
        """After a kill: waits until PostgreSQL has ended the killed process's connections, so a
        COMMIT it was finishing is visible (or rolled back) before anything is counted."""
        if self.kind != "postgres":
            return
        deadline = time.monotonic() + seconds
        while self.psql("SELECT COUNT(*) FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()") != [["0"]]:
            assert time.monotonic() < deadline, "PostgreSQL still has connections of the killed process after %d s" % seconds
            time.sleep(0.1)

    def count(self):
        return int(self.query("SELECT COUNT(*) FROM transactions")[0][0])

    def check(self):
        """`tally check`: (exit status, output)."""
        r = tally(["check"], self)
        return r.returncode, (r.stdout + r.stderr).strip()


@pytest.fixture(params=backends())
def store(request, tmp_path):
    return Store(request.param, tmp_path / "data")


def kill9(process):
    """SIGKILL, and reap it."""
    try:
        os.kill(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    process.wait(timeout=30)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """`tally serve` on a free loopback port; `token` authorises the API."""

    def __init__(self, store, token, log_path):
        self.port = free_port()
        self.token = token
        self.log = open(log_path, "ab")
        self.process = subprocess.Popen([TALLY_BIN, "serve", "--port", str(self.port)] + store.args,
                                        stdout=self.log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)

    def connection(self):
        return http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)

    def request(self, conn, method, path, body=None):
        headers = {"Authorization": "Bearer " + self.token, "Accept": "application/json"}
        if body is not None:
            headers["Content-Type"] = "application/json"
            body = json.dumps(body)
        conn.request(method, "/api/v1" + path, body=body, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()

    def wait_ready(self, seconds=60):
        """The first book's id, once GET /books answers."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            assert self.process.poll() is None, "tally serve exited with %s" % self.process.returncode
            try:
                conn = self.connection()
                status, body = self.request(conn, "GET", "/books")
                conn.close()
                if status == 200:
                    return json.loads(body)[0]["id"]
            except (OSError, http.client.HTTPException):
                pass
            time.sleep(0.1)
        raise AssertionError("tally serve did not answer within %d s" % seconds)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                kill9(self.process)
        self.log.close()


def generate(folder, n, seed=42):
    """`tally demo`'s N records as Tally CSV; the file's path."""
    subprocess.run([TALLY_BIN, "demo", "--records", str(n), "--seed", str(seed), "--out", str(folder),
                    "--start", "2015-01-01", "--years", "10"],
                   check=True, capture_output=True, timeout=120)
    return Path(folder) / ("txns_%d.csv" % n)
