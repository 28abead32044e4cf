"""`tally serve` under a service manager: its startup line arrives while it runs (stdout is a
pipe, not a terminal, so an unflushed line would sit in a buffer until exit), and a crash
writes its stack to the log (Swift's backtracer)."""
import os
import select
import signal
import subprocess
import tempfile
import time

from conftest import TALLY_BIN, free_port


def start(data_dir, port):
    return subprocess.Popen([TALLY_BIN, "serve", "--port", str(port), "--data", data_dir],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)


def read_until(stream, needle, seconds):
    """What `stream` says within `seconds`, stopping once `needle` appears."""
    text, deadline = b"", time.monotonic() + seconds
    while needle.encode() not in text and time.monotonic() < deadline:
        ready, _, _ = select.select([stream], [], [], 0.2)
        if ready:
            chunk = os.read(stream.fileno(), 65536)
            if not chunk:
                break
            text += chunk
    return text.decode("utf-8", "replace")


def test_startup_line_arrives_while_the_server_runs():
    with tempfile.TemporaryDirectory() as data:
        process = start(data, free_port())
        try:
            said = read_until(process.stdout, "listening on", 60)
            assert "listening on" in said, "no startup line on a pipe within 60 s: %r" % said
            assert process.poll() is None, "the line came only because the server exited"
        finally:
            process.kill()
            process.wait()


def test_a_crash_writes_its_stack_to_the_log():
    with tempfile.TemporaryDirectory() as data:
        process = start(data, free_port())
        try:
            assert "listening on" in read_until(process.stdout, "listening on", 60)
            # A fault signal from outside stands in for a crash: the backtracer handles it the
            # same way. (Sent from outside, it is not re-raised by the faulting instruction, so
            # the process may live on afterwards; the finally below ends it.)
            process.send_signal(signal.SIGSEGV)
            log = read_until(process.stderr, "Backtrace took", 120)
            assert "Program crashed" in log and "Thread 0" in log, "no backtrace in the log: %r" % log[-2000:]
            print("\ncrash log: %d lines, first: %s" % (log.count("\n"), log.strip().splitlines()[0]))
        finally:
            if process.poll() is None:
                process.kill()
                process.wait()
