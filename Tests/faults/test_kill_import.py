"""kill -9 `tally import` in the middle of a large file, at random moments.

After each kill the import must be all or nothing (0 or N records), `tally check` must find
nothing wrong (kept totals equal the totals rebuilt from the records, integrity and keys fine),
the engine's own integrity check must pass, and running the same import again must succeed.
"""
import subprocess
import time

import pytest

from conftest import SUMMARY, TALLY_BIN, generate, kill9, tally

# Records per import: a few seconds of work for the debug build on each engine (PostgreSQL
# takes the rows through multi-row INSERTs, about five times slower than SQLite here).
SIZES = {"sqlite": 40_000, "postgres": 5_000}
TRIALS = 5


@pytest.fixture(scope="session")
def generated(tmp_path_factory):
    folder = tmp_path_factory.mktemp("generated")
    return {kind: generate(folder, n) for kind, n in SIZES.items()}


def test_kill_import(binary, store, generated, rng):
    N, records = SIZES[store.kind], generated[store.kind]
    # One whole import first: its length sets the range of kill times.
    store.reset()
    start = time.monotonic()
    r = tally(["import", str(records)], store, timeout=600)
    full = time.monotonic() - start
    assert r.returncode == 0, r.stderr
    assert store.count() == N

    trials, problems = [], []
    for trial in range(TRIALS):
        store.reset()
        # Spread over the import (rows read, checked, written, totals kept), and the last one
        # near its end, where the kill may land just before or just after the commit.
        low, high = (0.05 + 0.75 * trial / (TRIALS - 1), 0.05 + 0.75 * (trial + 1) / (TRIALS - 1)) if trial < TRIALS - 1 else (0.8, 1.0)
        delay = full * rng.uniform(low, high)
        process = subprocess.Popen([TALLY_BIN, "import", str(records)] + store.args,
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(delay)
        finished = process.poll() is not None
        kill9(process)
        store.settle()
        count = store.count()
        code, output = store.check()
        integrity = store.integrity()
        rerun = tally(["import", str(records)], store, timeout=600)
        after = store.count()
        trials.append({"delay": delay, "finished": finished, "count": count})
        where = "trial %d (kill after %.2f s of %.2f s)" % (trial + 1, delay, full)
        if count not in (0, N):
            problems.append("%s: %d records, a partial import" % (where, count))
        if code != 0:
            problems.append("%s: tally check exited %d: %s" % (where, code, output))
        if integrity != "ok":
            problems.append("%s: integrity check: %s" % (where, integrity))
        if rerun.returncode != 0 or after != count + N:
            problems.append("%s: the import run again exited %d with %d records: %s"
                            % (where, rerun.returncode, after, rerun.stderr.strip()))

    kills = sum(not t["finished"] for t in trials)
    partial = sum(t["count"] not in (0, N) for t in trials)
    SUMMARY.append(
        "kill -9 import (%s, %d records, whole import %.1f s): %d trials, %d kills mid-run "
        "(%d left 0 records, %d left all %d), %d partial imports, %d check findings, %d re-runs failed"
        % (store.kind, N, full, len(trials), kills, sum(t["count"] == 0 for t in trials),
           sum(t["count"] == N for t in trials), N, partial,
           sum("tally check" in p or "integrity" in p for p in problems), sum("run again" in p for p in problems)))
    assert not problems, "\n".join(problems)
