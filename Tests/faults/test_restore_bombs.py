"""Issue 42, findings 1, 2, 3 and 8: hostile backup zips sent to a real `tally serve`, with its memory
and its temporary disk measured while it reads them, and a kill -9 in the middle of a restore.

Before the fix, a 2 MB zip whose receipt entry inflated to gigabytes took the server to 2.19 GB of
memory for 16 s; a 6 MB zip wrote 3.3 GB of backup.json to the temporary folder; 256 MB of JSON on
one line took 25.6 s and 666 MB; and the folders of a restore killed with kill -9 stayed forever.
Now each is refused with a 422 naming its limit, the server's peak RSS (VmHWM) stays under 300 MB,
its temporary folder under twice the upload, and a restart removes what a killed server left.
SQLite only: the zip is read the same way whatever the store.
"""
import http.client
import io
import json
import os
import threading
import time
import uuid
import zipfile
import zlib
from pathlib import Path

import pytest

from conftest import SUMMARY, Server, Store, kill9, tally

PNG = bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52,
             0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xDE]) + bytes(600)
MAX_RSS = 300 << 20


def vm(pid, field):
    """A VmXXX line of /proc/PID/status, in bytes."""
    for line in Path("/proc/%d/status" % pid).read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no %s for %d" % (field, pid))


def folder_bytes(folder):
    total = 0
    for root, _, files in os.walk(folder):
        for name in files:
            try:
                total += os.lstat(os.path.join(root, name)).st_blocks * 512
            except FileNotFoundError:
                pass
    return total


class DiskWatch(threading.Thread):
    """The most the temporary folder held, sampled every 20 ms until stopped."""

    def __init__(self, folder):
        super().__init__(daemon=True)
        self.folder, self.peak, self.running = folder, 0, True

    def run(self):
        while self.running:
            self.peak = max(self.peak, folder_bytes(self.folder))
            time.sleep(0.02)

    def stop(self):
        self.running = False
        self.join()
        return self.peak


def deflated_entry(archive, name, chunks):
    """Adds NAME to the open ZipFile ARCHIVE from an iterator of byte chunks, streamed."""
    info = zipfile.ZipInfo(name, date_time=(2026, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    with archive.open(info, "w", force_zip64=True) as out:
        for chunk in chunks:
            out.write(chunk)


def rewrite(good, path, replace):
    """A copy of zip GOOD (bytes) at PATH, each entry's bytes from REPLACE(name, data) (an iterator)."""
    with zipfile.ZipFile(io.BytesIO(good)) as source, zipfile.ZipFile(path, "w") as target:
        for name in source.namelist():
            deflated_entry(target, name, replace(name, source.read(name)))
    return path


@pytest.fixture
def server(binary, tmp_path, monkeypatch):
    """A server on its own temporary folder, with a book holding a record with a receipt, and an
    empty book to restore into; yields (server, scratch folder, backup zip bytes, empty book)."""
    store = Store("sqlite", tmp_path / "data")
    store.reset()
    r = tally(["token", "create"], store)
    assert r.returncode == 0, r.stderr
    token = r.stdout.strip().split()[-1]
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setenv("TMPDIR", str(scratch))
    serving = Server(store, token, tmp_path / "serve.log")
    try:
        book = serving.wait_ready()
        conn = serving.connection()
        status, body = serving.request(conn, "POST", "/books/%d/transactions" % book,
                                       {"amount": "4.50", "payee": "Cafe", "date": "2026-03-01"})
        assert status == 201, body
        record = json.loads(body)["id"]
        conn.request("POST", "/api/v1/books/%d/transactions/%d/receipts" % (book, record), body=PNG,
                     headers={"Authorization": "Bearer " + token, "Content-Type": "image/png"})
        answer = conn.getresponse()
        assert answer.status == 201, answer.read()
        answer.read()
        conn.request("GET", "/api/v1/backup?book=%d" % book, headers={"Authorization": "Bearer " + token})
        answer = conn.getresponse()
        assert answer.status == 200
        good = answer.read()
        status, body = serving.request(conn, "POST", "/books", {"name": "Restored", "currency": "USD"})
        assert status == 201, body
        empty = json.loads(body)["id"]
        conn.close()
        yield serving, scratch, good, empty, store
    finally:
        serving.stop()


def restore(serving, book, path, timeout=120):
    conn = http.client.HTTPConnection("127.0.0.1", serving.port, timeout=timeout)
    with open(path, "rb") as body:
        conn.request("POST", "/api/v1/restore?book=%d" % book, body=body,
                     headers={"Authorization": "Bearer " + serving.token, "Content-Type": "application/zip",
                              "Content-Length": str(os.path.getsize(path))})
        answer = conn.getresponse()
        result = answer.status, answer.read()
    conn.close()
    return result


def zeros(total, chunk=1 << 20):
    for _ in range(total // chunk):
        yield bytes(chunk)


def bombs(good, folder):
    """(name, zip path, what the refusal must say) for each kind of bomb."""
    receipt = next(n for n in zipfile.ZipFile(io.BytesIO(good)).namelist() if n.startswith("files/"))
    document = zipfile.ZipFile(io.BytesIO(good)).read("backup.json")
    head = b"\n".join(document.split(b"\n")[:5]) + b"\n"

    def receipt_bomb(name, data):
        # 1 GB of zeros behind a PNG header: about 1 MB deflated.
        return iter([data]) if name != receipt else iter([PNG, *zeros(1 << 30)])

    def document_bomb(name, data):
        # The header, then 1 GB of blank lines where the tables belong: about 1 MB deflated.
        if name != "backup.json":
            return iter([data])
        return iter([head, b'  "users": [\n', *(b" \n" * (1 << 19) for _ in range(1 << 10))])

    def one_line(name, data):
        # 256 MB of one JSON string on the line after the header.
        if name != "backup.json":
            return iter([data])
        return iter([head, b'  "users": ["', *(b"a" * (1 << 20) for _ in range(256)), b'"]\n}\n'])

    return [
        ("receipt entry of 1 GB", rewrite(good, folder / "receipt-bomb.zip", receipt_bomb),
         "%s inflates to more than 10 MB" % receipt),
        ("backup.json of 1 GB", rewrite(good, folder / "document-bomb.zip", document_bomb),
         "users row 1 is not a row of it"),
        ("256 MB on one line", rewrite(good, folder / "one-line.zip", one_line),
         "backup.json line 6 is longer than 8 MB"),
    ]


def test_bombs_are_refused_with_memory_and_disk_bounded(server, tmp_path):
    serving, scratch, good, empty, _ = server
    made = tmp_path / "zips"
    made.mkdir()
    for name, path, message in bombs(good, made):
        size = os.path.getsize(path)
        watch = DiskWatch(scratch)
        watch.start()
        started = time.monotonic()
        status, body = restore(serving, empty, path)
        seconds = time.monotonic() - started
        peak_disk = watch.stop()
        peak_rss = vm(serving.process.pid, "VmHWM")
        SUMMARY.append("restore bomb %s (%.1f MB zip): %d in %.1f s, peak RSS %.0f MB, peak temp disk %.1f MB"
                       % (name, size / 1e6, status, seconds, peak_rss / 1e6, peak_disk / 1e6))
        assert status == 422, (name, status, body)
        problem = json.loads(body)
        assert message in problem["detail"], (name, problem)
        assert peak_rss <= MAX_RSS, "%s: the server's RSS reached %d MB" % (name, peak_rss >> 20)
        assert peak_disk <= 2 * size, "%s: the temporary folder reached %d bytes for a %d-byte upload" % (
            name, peak_disk, size)
        assert list(scratch.iterdir()) == [], "%s: left %s" % (name, list(scratch.iterdir()))
    # The good backup still restores.
    path = made / "good.zip"
    path.write_bytes(good)
    status, body = restore(serving, empty, path)
    assert status == 200, body
    assert json.loads(body)["records"] == 1


def test_kill_during_restore_then_restart_removes_the_leftovers(server, tmp_path):
    serving, scratch, good, empty, store = server
    # A folder of a process that is gone, and one of a process that runs (this test): the first
    # is removed at start-up, the second kept.
    gone = scratch / ("tally-restore-%d-%s" % (4_000_000, str(uuid.uuid4()).upper()))
    alive = scratch / ("tally-upload-%d-%s" % (os.getpid(), str(uuid.uuid4()).upper()))
    for folder in (gone, alive):
        folder.mkdir()
        (folder / "backup.zip").write_bytes(b"x" * 1000)
    # An upload that stops half-way: the server has its folder and half the zip on disk.
    conn = http.client.HTTPConnection("127.0.0.1", serving.port, timeout=30)
    conn.putrequest("POST", "/api/v1/restore?book=%d" % empty)
    conn.putheader("Authorization", "Bearer " + serving.token)
    conn.putheader("Content-Type", "application/zip")
    conn.putheader("Content-Length", str(8 << 20))
    conn.endheaders()
    conn.send(bytes(4 << 20))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        leftovers = [p for p in scratch.iterdir() if p.name.startswith("tally-upload-%d-" % serving.process.pid)]
        if leftovers and folder_bytes(leftovers[0]) >= 4 << 20:
            break
        time.sleep(0.05)
    assert leftovers, "the upload's folder never appeared in %s" % list(scratch.iterdir())
    kill9(serving.process)
    conn.close()
    assert leftovers[0].exists()
    restarted = Server(store, serving.token, tmp_path / "serve-2.log")
    try:
        restarted.wait_ready()
        remaining = sorted(p.name for p in scratch.iterdir())
        SUMMARY.append("kill -9 mid-upload: left %s; after the restart: %s"
                       % (leftovers[0].name, remaining))
        assert remaining == [alive.name], remaining
    finally:
        restarted.stop()
