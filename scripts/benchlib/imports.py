"""`scripts/bench --imports`: bank files at scale, into a book that already holds --load-size
records (1,000,000 by default).

Both files hold the same 100,000 records of `tally demo --records 100000 --seed 7 --start
2024-01-01 --years 1`: a bank CSV (Date,Amount,Payee,Memo with a signed amount) read through a
mapping, and an OFX 1.x statement with a FITID per record. They fall in the big book's last year,
so the duplicate and transfer checks meet about 100,000 of its records. Each measurement runs the
binary's own `tally import` on a fresh copy of the big store:

- stage: `--dry-run` (read, check against the book, file by the rules, print the review, discard);
- stage and commit: `--yes`; the commit is the difference;
- the same stage into an empty book, to show what checking against the 1M records costs;
- the same stage with 500 rules in the book (added with `tally rules add`).

Times are wall seconds of the whole command (start-up and the printed review included); memory
is the command's peak resident set (`wait4`'s ru_maxrss).
"""
import csv
import os
import re
import shutil
import subprocess
import tempfile
import time

from .common import BenchError, dataset, fmt_int, log
from .load import EMAIL, PASSWORD

SECTION = "## Bank-file imports"
ROWS = int(os.environ.get("BENCH_IMPORT_ROWS", "100000"))  # smaller only for trying the script


def measured(args, input_text=None):
    """(seconds, peak KiB, stdout) of one command; raises BenchError when it fails. Output goes to
    files so that `wait4` can reap the process itself and report its own peak memory."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err, \
            tempfile.TemporaryFile("w+") as stdin:
        if input_text:
            stdin.write(input_text)
            stdin.seek(0)
        start = time.monotonic()
        proc = subprocess.Popen(args, stdin=stdin, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.monotonic() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if proc.returncode != 0:
            raise BenchError("%s failed (%d): %s" % (" ".join(args[:3]), proc.returncode, err.read().strip()[:300]))
        return seconds, usage.ru_maxrss, out.read()


def bank_files(binary, workdir):
    """The 100,000-row bank CSV, its mapping and the OFX file; written once into workdir."""
    folder = os.path.join(workdir, "bank-%d" % ROWS)
    paths = {k: os.path.join(folder, n) for k, n in
             (("csv", "bank.csv"), ("mapping", "bank.mapping.json"), ("ofx", "bank.ofx"))}
    if all(os.path.exists(p) for p in paths.values()):
        return paths
    os.makedirs(folder, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        subprocess.run([binary, "demo", "--records", str(ROWS), "--seed", "7", "--start", "2024-01-01",
                        "--years", "1", "--out", tmp], check=True, stdout=subprocess.DEVNULL)
        with open(os.path.join(tmp, "txns_%d.csv" % ROWS), newline="") as f:
            rows = list(csv.DictReader(f))
    with open(paths["csv"], "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["Date", "Amount", "Payee", "Memo"])
        for r in rows:
            sign = "-" if r["kind"] == "expense" else ""
            w.writerow([r["date"], sign + r["amount"], r["payee"], r["note"]])
    with open(paths["mapping"], "w") as f:
        f.write('{"date": "Date", "date_format": "YYYY-MM-DD", "amount": "Amount", "payee": "Payee", '
                '"note": "Memo"}\n')
    with open(paths["ofx"], "w") as f:
        f.write("OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n"
                "<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>USD\n"
                "<BANKACCTFROM><BANKID>1<ACCTID>000123456789<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>\n")
        for i, r in enumerate(rows):
            sign = "-" if r["kind"] == "expense" else ""
            name = r["payee"].replace("&", "&amp;")
            f.write("<STMTTRN><TRNTYPE>%s<DTPOSTED>%s<TRNAMT>%s%s<FITID>B%07d<NAME>%s</STMTTRN>\n"
                    % ("DEBIT" if sign else "CREDIT", r["date"].replace("-", ""), sign, r["amount"], i, name))
        f.write("</BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n")
    return paths


def big_store(binary, workdir, size):
    """A data folder with the user and `size` records, made once and copied for each run."""
    template = os.path.join(workdir, "imports-template-%d" % size)
    if os.path.exists(os.path.join(template, "tally.sqlite")):
        return template
    shutil.rmtree(template, ignore_errors=True)
    os.makedirs(template)
    data = ["--data", template]
    subprocess.run([binary, "user", "create", "--email", EMAIL, "--password-stdin"] + data, input=PASSWORD + "\n",
                   text=True, check=True, stdout=subprocess.DEVNULL)
    if size:
        csv_path = dataset(size, workdir, binary)["csv"]
        log("importing %s records into the template store" % fmt_int(size))
        subprocess.run([binary, "import", csv_path] + data, check=True, stdout=subprocess.DEVNULL)
    return template


def fresh(template, workdir, name):
    target = os.path.join(workdir, name)
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(template, target)
    return ["--data", target]


def run(opts):
    binary, workdir, size = opts["binary"], opts["workdir"], opts["size"]
    files = bank_files(binary, workdir)
    big = big_store(binary, workdir, size)
    empty = big_store(binary, workdir, 0)
    results = {}
    for kind in ("csv", "ofx"):
        extra = ["--mapping", files["mapping"]] if kind == "csv" else []
        cmd = [binary, "import", files[kind], "--account", "Checking"] + extra
        log("%s: stage into %s records" % (kind, fmt_int(size)))
        stage = measured(cmd + ["--dry-run"] + fresh(big, workdir, "run"))
        log("%s: stage and commit" % kind)
        both = measured(cmd + ["--yes"] + fresh(big, workdir, "run"))
        log("%s: stage into an empty book" % kind)
        alone = measured(cmd + ["--dry-run"] + fresh(empty, workdir, "run"))
        results[kind] = {"stage": stage, "both": both, "empty": alone}
    log("500 rules")
    data = fresh(big, workdir, "rules")
    for i in range(int(os.environ.get("BENCH_IMPORT_RULES", "500"))):
        measured([binary, "rules", "add", "--payee-contains", "payee-%03d" % i, "--set-note", "rule %d" % i] + data)
    cmd = [binary, "import", files["csv"], "--account", "Checking", "--mapping", files["mapping"], "--dry-run"]
    results["rules"] = measured(cmd + data)
    results["rule_count"] = int(os.environ.get("BENCH_IMPORT_RULES", "500"))
    shutil.rmtree(os.path.join(workdir, "run"), ignore_errors=True)
    shutil.rmtree(os.path.join(workdir, "rules"), ignore_errors=True)
    return results


def section(results, opts):
    def s(x):
        return "%.2f s" % x[0]

    def mb(x):
        return "%d MB" % round(x[1] / 1024)

    lines = [SECTION, "",
             "`scripts/bench --imports` (see `scripts/benchlib/imports.py`): %s rows of a bank file into a book of "
             "%s records, SQLite, %s, one run each on the 2-core machine."
             % (fmt_int(ROWS), fmt_int(opts["size"]), opts["label"]), "",
             "| file | stage (into %s) | stage + commit | commit | stage into an empty book | peak memory |"
             % fmt_int(opts["size"]),
             "|---|---|---|---|---|---|"]
    for kind, name in (("csv", "bank CSV through a mapping"), ("ofx", "OFX 1.x")):
        r = results[kind]
        commit = r["both"][0] - r["stage"][0]
        lines.append("| %s | %s | %s | %.2f s | %s | %s |" % (name, s(r["stage"]), s(r["both"]), commit,
                                                            s(r["empty"]), mb(max(r["stage"], r["both"], key=lambda x: x[1]))))
    csv_stage = results["csv"]["stage"][0]
    lines += ["",
              "- Checking against the %s records costs %.0f %% over staging into an empty book (CSV), %.0f %% (OFX)."
              % (fmt_int(opts["size"]), 100 * (csv_stage / results["csv"]["empty"][0] - 1),
                 100 * (results["ofx"]["stage"][0] / results["ofx"]["empty"][0] - 1)),
              "- With %d rules in the book the CSV stage takes %s, %.2f s more than without."
              % (results["rule_count"], s(results["rules"]), results["rules"][0] - csv_stage),
              "- Times are whole commands: start-up, reading the file, the review printed to a pipe."]
    return "\n".join(lines) + "\n"


def replace_section(path, body):
    """Puts `body` in place of the file's '## Bank-file imports' section, or at its end."""
    text = open(path).read() if os.path.exists(path) else ""
    m = re.search(r"^%s\b.*$" % re.escape(SECTION), text, re.M)
    if m:
        nxt = re.search(r"^## ", text[m.end():], re.M)
        end = m.end() + nxt.start() if nxt else len(text)
        rest = text[end:]
        text = text[:m.start()] + body.rstrip("\n") + "\n" + ("\n" + rest if rest else "")
    else:
        text = text.rstrip("\n") + "\n\n" + body.rstrip("\n") + "\n"
    with open(path + ".tmp", "w") as f:
        f.write(text)
    os.replace(path + ".tmp", path)
