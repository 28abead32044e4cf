"""kill -9 `tally serve` while clients add records through the JSON API in parallel.

Each trial starts the server, checks that every record answered 201 so far is still there with
its amount, lets CLIENTS threads POST records (bounded in count and time), kills the server
with SIGKILL at a random moment, and runs `tally check` on what is left: the kept totals must
equal the totals rebuilt from the records. A last start checks every record once more.
"""
import http.client
import json
import random
import threading
import time

from conftest import SEED, SUMMARY, Server, kill9, tally

TRIALS = 3
CLIENTS = 4
PER_CLIENT = 400        # requests per client and trial, at most
CLIENT_SECONDS = 10.0   # and for at most this long


def payload(dice, n):
    """A record of each kind in turn, on a few days, with an amount from 0.01 to 999.99."""
    amount = "%d.%02d" % (dice.randrange(0, 1000), dice.randrange(1, 100))
    date = "2026-03-%02d" % dice.randrange(1, 29)
    if n % 7 == 3:
        return {"kind": "transfer", "amount": amount, "date": date, "account": "Debit Card", "to_account": "Credit Card"}
    if n % 5 == 1:
        return {"kind": "income", "amount": amount, "date": date, "payee": "Acme", "category": "Salary", "account": "Debit Card"}
    return {"kind": "expense", "amount": amount, "date": date, "payee": "Cafe %d" % (n % 3), "category": "Food:Coffee", "account": "Cash"}


def post_until_killed(server, book, acked, statuses, index, trial):
    """One client: POSTs on a keep-alive connection until the server goes or the bound is hit."""
    dice = random.Random(SEED * 1000 + trial * 10 + index)
    deadline = time.monotonic() + CLIENT_SECONDS
    conn = server.connection()
    for n in range(PER_CLIENT):
        if time.monotonic() > deadline:
            break
        body = payload(dice, n)
        try:
            status, answer = server.request(conn, "POST", "/books/%d/transactions" % book, body)
        except (OSError, http.client.HTTPException):
            break  # the server was killed; this request's fate is unknown, so it is not counted
        statuses.append(status)
        if status == 201:
            acked[json.loads(answer)["id"]] = body["amount"]
    conn.close()


def verify(server, book, acked):
    """Records answered 201 that are missing or changed, as messages."""
    problems = []
    conn = server.connection()
    for id, amount in sorted(acked.items()):
        status, answer = server.request(conn, "GET", "/books/%d/transactions/%d" % (book, id))
        if status != 200:
            problems.append("record %d (answered 201, %s) is gone: GET gives %d" % (id, amount, status))
        elif json.loads(answer)["amount"] != amount:
            problems.append("record %d was stored as %s, read back as %s" % (id, amount, json.loads(answer)["amount"]))
    conn.close()
    return problems


def test_kill_server(binary, store, rng, tmp_path):
    store.reset()
    r = tally(["token", "create"], store)
    assert r.returncode == 0, r.stderr
    token = r.stdout.strip().split()[-1]
    acked, statuses, problems, findings, in_flight = {}, [], [], 0, 0
    for trial in range(TRIALS + 1):
        server = Server(store, token, tmp_path / "serve.log")
        try:
            book = server.wait_ready()
            problems += verify(server, book, acked)
            if trial == TRIALS:
                break
            before = len(acked)
            threads = [threading.Thread(target=post_until_killed, args=(server, book, acked, statuses, i, trial))
                       for i in range(CLIENTS)]
            for t in threads:
                t.start()
            time.sleep(rng.uniform(0.5, 2.5))
            assert server.process.poll() is None, "the server died before the kill"
            kill9(server.process)
            for t in threads:
                t.join(timeout=30)
            assert not any(t.is_alive() for t in threads), "a client did not stop"
            if len(acked) == before:
                problems.append("trial %d: no record was answered 201 before the kill" % (trial + 1))
        finally:
            server.stop()
        store.settle()
        code, output = store.check()
        if code != 0:
            findings += max(1, sum(line.startswith(("book ", "database:")) for line in output.splitlines()))
            problems.append("trial %d: tally check exited %d after the kill:\n%s" % (trial + 1, code, output))
        integrity = store.integrity()
        if integrity != "ok":
            problems.append("trial %d: integrity check: %s" % (trial + 1, integrity))
    # Every record the engine has is one a client sent: the acknowledged ones, plus at most one
    # request in flight per client at each kill.
    stored = store.count()
    in_flight = stored - len(acked)
    if not 0 <= in_flight <= CLIENTS * TRIALS:
        problems.append("%d records stored for %d answered 201" % (stored, len(acked)))
    other = sorted({s for s in statuses if s != 201})
    if other:
        problems.append("statuses other than 201 while the server ran: %s" % other)
    SUMMARY.append(
        "kill -9 serve (%s, %d clients): %d trials, %d kills, %d records answered 201, %d missing or changed after restart, "
        "%d stored from requests in flight, %d check findings"
        % (store.kind, CLIENTS, TRIALS, TRIALS, len(acked), sum("record" in p and "gone" in p or "read back" in p for p in problems),
           in_flight, findings))
    assert not problems, "\n".join(problems)
