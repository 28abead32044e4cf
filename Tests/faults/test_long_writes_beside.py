"""Issue 42, finding 6, for every long write besides a rule's apply (test_long_write.py has that):
a rate change that re-converts a third of a book, a big CSV import, a book restore and a book's
deletion each run through the API while another user adds to their own book, two clients one add
after another, each add timed from the request to the answer. Each long write goes in batches of
bounded rows and time, so the adds' p99 must be at most LONG_WRITE_P99_MS (100 ms for a release
binary; see BOUND_MS for a debug one).

The book has LONG_WRITES_RECORDS records (15,000 by default, so that CI's debug build spends a few
minutes here; a third of them in EUR); the import brings as many again. For the issue's figure run
`LONG_WRITES_RECORDS=300000 TALLY_BIN=.build/release/tally`. PostgreSQL (TEST_DATABASE_URL) runs
LONG_WRITES_PG_RECORDS (5,000): the same code must work there; its writers wait on rows, not on one lock.
"""
import http.client
import json
import os
import statistics
import threading
import time

from conftest import EMAIL, PASSWORD, SUMMARY, TALLY_BIN, generate, tally
from test_long_write import OTHER, P99_MS, BatchServer, add_until, long_writes, percentile, token

RECORDS = int(os.environ.get("LONG_WRITES_RECORDS", "15000"))
# The bound on the adds' p99. A release binary is held to the issue's 100 ms (met by all four at
# 300,000 records: 63-95 ms; at 100,000 one run in three saw a 160 ms checkpoint fsync push a p99
# past it). A debug binary, whose statements cost several times as much and whose p99 here ranged
# 118-367 ms between runs, is held to 1 s: a long write in one transaction again would make adds
# wait for all of it (several seconds here).
BOUND_MS = float(os.environ.get("LONG_WRITES_P99_MS", "1000" if "/debug/" in TALLY_BIN else str(P99_MS)))
PG_RECORDS = int(os.environ.get("LONG_WRITES_PG_RECORDS", "5000"))


def raw(server, method, path, body, content_type, token, timeout=1800):
    """A request with a body that is not JSON (a CSV, a zip); its status and body."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=timeout)
    try:
        headers = {"Authorization": "Bearer " + token, "Accept": "application/json"}
        if body is not None:
            headers["Content-Type"] = content_type
        conn.request(method, "/api/v1" + path, body=body, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def beside(server, other_book, other, write):
    """Runs `write` (a function giving a status and a body) with two clients adding to the other
    book meanwhile; its status, body, seconds and the adds' times."""
    done, times, statuses, outcome = threading.Event(), [], [], {}

    def run():
        started = time.monotonic()
        outcome["status"], outcome["body"] = write()
        outcome["seconds"] = time.monotonic() - started
        done.set()

    clients = [threading.Thread(target=add_until, args=(server, other_book, other, done, times, statuses))
               for _ in range(2)]
    worker = threading.Thread(target=run)
    worker.start()
    for c in clients:
        c.start()
    worker.join(timeout=1800)
    done.set()
    for c in clients:
        c.join(timeout=60)
    assert set(statuses) == {201}, sorted(set(statuses))
    return outcome, times


def with_euros(path):
    """Every third record of the generated CSV in EUR, so a EUR rate re-converts a third of the book."""
    lines = path.read_text().splitlines()
    header = lines[0].split(",")
    at = header.index("currency")
    out = [lines[0]]
    for i, line in enumerate(lines[1:]):
        cells = line.split(",")
        if i % 3 == 0 and len(cells) == len(header):
            cells[at] = "EUR"
        out.append(",".join(cells))
    path.write_text("\n".join(out) + "\n")
    return path


def test_adds_beside_every_long_write(binary, store, tmp_path):
    records = RECORDS if store.kind == "sqlite" else PG_RECORDS
    store.reset()
    started = time.monotonic()
    csv = with_euros(generate(tmp_path / "gen", records))
    r = tally(["import", str(csv)], store, timeout=900)
    assert r.returncode == 0, r.stderr
    r = tally(["user", "create", "--email", OTHER, "--password-stdin"], store, stdin=PASSWORD + "\n")
    assert r.returncode == 0, r.stderr
    seeding = time.monotonic() - started
    second = generate(tmp_path / "second", records, seed=7).read_bytes()
    big, other = token(store, EMAIL), token(store, OTHER)
    server = BatchServer(store, big, tmp_path / "serve.log", {})
    results = []

    def measure(name, write, check):
        outcome, times = beside(server, other_book, other, write)
        assert outcome.get("status") in (200, 201, 204), (name, outcome)
        what = check(outcome)
        assert len(times) >= 5, "only %d adds ran beside the %s" % (len(times), name)
        p50, p99, worst = statistics.median(times), percentile(times, 99), max(times)
        results.append((name, what, outcome["seconds"], len(times), p50, p99, worst))
        return p99

    try:
        book = server.wait_ready()
        status, answer = server.call("GET", "/books", token=other)
        assert status == 200, answer
        other_book = json.loads(answer)[0]["id"]

        def reconverted(outcome):
            count = json.loads(outcome["body"])["reconverted"]
            assert count >= records // 3 - 5, "a EUR rate re-converted %d records" % count
            return "%d records converted" % count

        measure("rate change", lambda: server.call("POST", "/books/%d/rates" % book,
                                                   {"date": "2014-01-01", "currency": "EUR", "rate": "1.0856"}, timeout=1800),
                reconverted)

        status, answer = server.call("POST", "/books", {"name": "Imported", "currency": "USD"})
        assert status == 201, answer
        imported = json.loads(answer)["id"]

        def counted(outcome):
            count = json.loads(outcome["body"])["imported"]
            assert count == records, "the import stored %d of %d" % (count, records)
            return "%d records" % count

        measure("CSV import", lambda: raw(server, "POST", "/books/%d/imports" % imported, second, "text/csv", big),
                counted)

        status, backup = raw(server, "GET", "/backup?book=%d" % book, None, None, big)
        assert status == 200, backup[:200]
        status, answer = server.call("POST", "/books", {"name": "Restored", "currency": "USD"})
        assert status == 201, answer
        restored = json.loads(answer)["id"]

        def restored_count(outcome):
            count = json.loads(outcome["body"])["records"]
            assert count == records, "the restored book has %d of %d records" % (count, records)
            return "%d records" % count

        measure("book restore", lambda: raw(server, "POST", "/restore?book=%d" % restored, backup,
                                            "application/zip", big), restored_count)
        measure("book deletion", lambda: server.call("DELETE", "/books/%d" % restored, timeout=1800),
                lambda _: "%d records" % records)
        assert long_writes(store) == 0
    finally:
        server.stop()
    code, output = store.check()
    assert code == 0, "tally check after the long writes:\n" + output
    for name, what, seconds, adds, p50, p99, worst in results:
        SUMMARY.append("long writes beside adds (%s, %d records, seeded in %.0f s): %s (%s) in %.1f s; "
                       "%d adds to another book beside it: p50 %.1f ms, p99 %.1f ms, max %.1f ms"
                       % (store.kind, records, seeding, name, what, seconds, adds, p50, p99, worst))
    slow = [(name, p99) for name, _, _, _, _, p99, _ in results if p99 > BOUND_MS]
    assert not slow, "adds' p99 above %.0f ms beside: %s" % (BOUND_MS, slow)
