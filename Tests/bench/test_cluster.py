"""Self-test of scripts/benchlib/cluster.py's pure parts: the nginx configuration it writes and the
checks it makes on nginx's log and the database's counts. Stdlib only, no nginx, no server:

    python3 -m unittest discover -s Tests/bench        (or python3 -m pytest Tests/bench)

When nginx is installed, the configuration is also checked with `nginx -t`.
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "scripts"))
from benchlib import cluster  # noqa: E402

A, B = "127.0.0.1:40001", "127.0.0.1:40002"


def line(t, status, method="POST", uri="/api/v1/books/1/transactions", addrs=A, ustatus=None, key="-", bench="add"):
    return '%.3f %d %s "%s" "%s" "%s" 0.004 "%s" "%s"' % (t, status, method, uri, addrs,
                                                         ustatus if ustatus is not None else str(status), key, bench)


def entry(*args, **kwargs):
    e = cluster.parse_log_line(line(*args, **kwargs))
    assert e is not None
    return e


class NginxConfTests(unittest.TestCase):
    def setUp(self):
        self.conf = cluster.nginx_conf("/w", 8080, [A, B])

    def test_both_nodes_in_the_upstream_with_keepalive(self):
        upstream = re.search(r"upstream tally \{(.*?)\n    \}", self.conf, re.S).group(1)
        self.assertIn("server %s max_fails=1 fail_timeout=2s;" % A, upstream)
        self.assertIn("server %s max_fails=1 fail_timeout=2s;" % B, upstream)
        self.assertIn("keepalive 32;", upstream)
        self.assertIn('proxy_set_header Connection "";', self.conf)
        self.assertIn("proxy_http_version 1.1;", self.conf)

    def test_forwarded_for_is_appended_not_replaced(self):
        self.assertIn("proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;", self.conf)

    def test_only_keyed_adds_are_sent_again_after_a_node_received_them(self):
        self.assertEqual(self.conf.count("non_idempotent"), 1)
        keyed = re.search(r"location @keyed_add \{(.*?)\}", self.conf, re.S).group(1)
        self.assertIn("proxy_next_upstream error timeout non_idempotent;", keyed)
        self.assertIn('""      0;', self.conf)          # no key: not keyed
        self.assertRegex(self.conf, r"location ~ \^/api/v1/books/\[\^/\]\+/transactions\$ \{\s*error_page 418 = @keyed_add;")
        default = re.search(r"listen 127\.0\.0\.1:8080;(.*?)location /", self.conf, re.S).group(1)
        self.assertIn("proxy_next_upstream error timeout;", default)

    def test_everything_written_stays_under_the_prefix(self):
        for path in re.findall(r"(?:pid|error_log|access_log|_temp_path) (\S+?)[; ]", self.conf):
            self.assertTrue(path.startswith("/w/"), path)
        self.assertIn("daemon off;", self.conf)
        self.assertNotIn("user ", self.conf.split("events")[0])
        self.assertIn("user tally;", cluster.nginx_conf("/w", 8080, [A, B], user="tally"))

    def test_log_format_is_what_the_parser_reads(self):
        self.assertIn("log_format tally '%s';" % cluster.LOG_FORMAT, self.conf)
        for var in ("$msec", "$status", "$upstream_addr", "$upstream_status", "$http_idempotency_key"):
            self.assertIn(var, cluster.LOG_FORMAT)

    @unittest.skipUnless(shutil.which("nginx"), "nginx is not installed")
    def test_nginx_accepts_it(self):
        with tempfile.TemporaryDirectory() as d:
            os.makedirs(os.path.join(d, "nginx-tmp"))
            conf = os.path.join(d, "nginx.conf")
            with open(conf, "w") as f:
                f.write(cluster.nginx_conf(d, 8080, [A, B], user="root" if os.geteuid() == 0 else None))
            r = subprocess.run(["nginx", "-t", "-p", d, "-c", conf, "-e", os.path.join(d, "e.log")],
                               capture_output=True, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)


class LogTests(unittest.TestCase):
    def test_a_retried_request(self):
        e = entry(1700000000.25, 201, addrs="%s, %s" % (A, B), ustatus="502, 201", key="ck-1-r-3")
        self.assertEqual(e["upstreams"], [A, B])
        self.assertEqual(e["upstream_statuses"], ["502", "201"])
        self.assertEqual((e["status"], e["key"], e["bench"], e["t"]), (201, "ck-1-r-3", "add", 1700000000.25))

    def test_dashes_are_empty(self):
        e = entry(1.0, 499, addrs="-", ustatus="-", key="-", bench="-")
        self.assertEqual((e["upstreams"], e["upstream_statuses"], e["key"], e["bench"]), ([], [], "", ""))

    def test_not_a_line(self):
        self.assertIsNone(cluster.parse_log_line("garbage"))

    def test_5xx_from_the_killed_node_inside_the_window_only(self):
        es = [entry(10.5, 502, addrs=A, ustatus="502"),               # killed node, in the window
              entry(10.6, 502, addrs="tally", ustatus="502"),          # no live node, in the window
              entry(10.7, 502, addrs="%s, %s" % (A, B), ustatus="502, 502"),   # the other node failed too
              entry(30.0, 502, addrs=A, ustatus="502"),                # killed node, after it came back
              entry(11.0, 500, addrs=B, ustatus="500"),                # the other node
              entry(11.0, 201, addrs="%s, %s" % (A, B), ustatus="502, 201")]   # retried: fine
        allowed, violations = cluster.classify_5xx(es, A, (10.0, 15.0))
        self.assertEqual([e["t"] for e in allowed], [10.5, 10.6])
        self.assertEqual([e["t"] for e in violations], [10.7, 30.0, 11.0])


class AddAndImportCheckTests(unittest.TestCase):
    def test_every_accepted_key_stored_once(self):
        es = [entry(1, 201, key="ck-1-1-1"), entry(1, 201, addrs=B, key="ck-1-r-1"),
              entry(1, 200, addrs=A, key="ck-1-r-1"), entry(2, 502, key="ck-1-1-2"), entry(3, 499, key="ck-1-1-3")]
        r = cluster.check_adds(es, {"ck-1-1-1": 1, "ck-1-r-1": 1, "ck-1-1-3": 1})
        self.assertTrue(r["ok"])
        self.assertEqual((r["keys"], r["accepted"], r["repeated_keys"], r["repeated_both_nodes"]), (4, 2, 1, 1))
        self.assertEqual(r["unanswered_stored"], ["ck-1-1-3"])

    def test_lost_doubled_and_twice_created(self):
        es = [entry(1, 201, key="ck-1-1-1"), entry(1, 201, key="ck-1-r-1"), entry(1, 201, addrs=B, key="ck-1-r-1"),
              entry(1, 200, key="ck-1-1-2"), entry(1, 422, key="ck-1-r-2")]
        r = cluster.check_adds(es, {"ck-1-r-1": 2, "ck-1-1-2": 1})
        self.assertFalse(r["ok"])
        self.assertEqual(r["lost"], ["ck-1-1-1"])
        self.assertEqual(r["doubled"], ["ck-1-r-1"])
        self.assertEqual(r["twice_created"], ["ck-1-r-1"])
        self.assertEqual(r["refused"], ["ck-1-r-2"])

    def test_imports_all_or_nothing(self):
        r = cluster.check_imports([(1, 201), (2, 502), (3, None)], {1: 5, 2: 5}, 5)
        self.assertTrue(r["ok"])
        self.assertEqual((r["accepted"], r["unanswered"], r["unanswered_stored"]), (1, 2, 1))
        r = cluster.check_imports([(1, 201), (2, 502), (3, 201)], {1: 3, 2: 10}, 5)
        self.assertFalse(r["ok"])
        self.assertEqual((r["partial"], r["lost"]), ([1, 2], [1, 3]))


class SideBySideTests(unittest.TestCase):
    def test_figures_of_both_and_dashes_for_what_did_not_run(self):
        new = {"binary": "new", "import_seconds": 20.0,
               "load": {"workloads": {"summary": {"rps": 300.0, "p50_ms": 10.0, "p99_ms": 50.0}},
                        "imports": {"requests": 60, "seconds": 30.0, "p50_ms": 100.0, "p99_ms": 300.0}}}
        old = {"binary": "old", "import_seconds": 40.0, "error": "node 1 did not start",
               "load": {"workloads": {"summary": {"rps": 150.0, "p50_ms": 20.0, "p99_ms": 90.0},
                                      "page": {"error": "wrk failed"}}}}
        text = "\n".join(cluster.side_by_side(new, old))
        self.assertIn("| month summary | 300 | 10.0 ms | 50.0 ms | 150 | 20.0 ms | 90.0 ms |", text)
        self.assertIn("| page of 50 records | – | – | – | – | – | – |", text)
        self.assertIn("| 5-row CSV import | 2.0 | 100.0 ms | 300.0 ms | – | – | – |", text)
        self.assertIn("the baseline's run did not complete:** node 1 did not start", text)
        self.assertIn("| no accepted write lost or doubled | not run | not run |", text)


class LuaTests(unittest.TestCase):
    def test_every_placeholder_is_filled(self):
        for mode in ("get", "add", "login"):
            text = cluster.lua_script(mode, "/p", "tly_x", "abc", mode, (200, 201), '{"email":"e"}')
            self.assertIsNone(re.search(r"@[A-Z_]+@", text), mode)
            self.assertIn("local expect = {[200] = true, [201] = true}", text)


if __name__ == "__main__":
    unittest.main()
