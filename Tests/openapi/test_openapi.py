"""Keeps Sources/TallyWeb/Public/openapi.json true to what the server really sends.

1. The document is valid OpenAPI 3.1 (openapi-spec-validator).
2. Every `example` / `examples` value in it (media types, parameters, headers and the `examples`
   of every schema) validates against the schema it sits under, `$ref`s into components resolved,
   with OpenAPI 3.1 semantics (openapi-schema-validator's OAS31Validator, formats checked).
3. A real `tally serve` ($TALLY_BIN) on a free port with an empty data folder is seeded through
   the API itself (sign-up, tokens, categories, accounts, every kind of record in three
   currencies and at the bounds, exchange rates set, deleted and imported, receipts, an import
   and its preview, budgets, goals with contributions and a photo, bills and payments, the
   calendar feed), and EVERY documented operation is called with real ids: a success and
   documented errors. Besides the errors picked by hand (400, 403, 404, 409, 413, 422, 429),
   every operation is also called with an unknown bearer token (401), without credentials
   (401), with the session cookie but no CSRF token (403, unsafe methods), with ids that are
   not positive integers (404) and, where it reads a JSON object, with an empty body (400).
   Each answer must have a documented status and content type; a JSON body must validate against
   the schema documented for that status and type, and may not carry keys the schema does not
   list (response schemas are checked as if every object schema said
   `unevaluatedProperties: false`); documented headers must be sent and match their schema.
   Non-JSON answers (CSV, PDF, images, iCalendar) are checked for their content type only.
   The JSON bodies sent on success paths must match the documented request schema, and every
   query parameter sent must be documented. The document the server serves must be this file.
4. A documented operation that was not exercised fails the test, and so does a live route of
   `tally routes` under /api/v1 that the document does not have (or the other way round).

Run:   TALLY_BIN=.build/debug/tally python3 -m pytest -q Tests/openapi
Needs: pytest, openapi-spec-validator, openapi-schema-validator (they bring jsonschema and
       referencing). No browser, no database server: the server uses SQLite in a temporary folder.
Also:  OPENAPI_DUMP=/tmp/calls.txt appends every call and answer to that file;
       TALLY_OPENAPI=other.json checks another copy of the document (to try out an edit).
"""

import copy
import base64
import hashlib
import hmac
import json
import os
import re
import shutil
import socket
import struct
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
import zlib
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pytest

openapi_spec_validator = pytest.importorskip("openapi_spec_validator", reason="pip install openapi-spec-validator")
openapi_schema_validator = pytest.importorskip("openapi_schema_validator", reason="pip install openapi-schema-validator")
referencing = pytest.importorskip("referencing", reason="pip install referencing (comes with jsonschema)")
from referencing.jsonschema import DRAFT202012  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT_PATH = Path(os.environ.get("TALLY_OPENAPI", ROOT / "Sources" / "TallyWeb" / "Public" / "openapi.json"))
TALLY_BIN = os.environ.get("TALLY_BIN", str(ROOT / ".build" / "debug" / "tally"))
METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
JSON_TYPES = ("application/json", "application/problem+json")
DOC_URI = "urn:tally:openapi"
STRICT_URI = "urn:tally:openapi-strict"

EMAIL = "ada@example.com"
PASSWORD = "correct horse battery"
MISSING = 999999  # an id nobody has
DUMP = os.environ.get("OPENAPI_DUMP")  # a file to append every call and answer to, for debugging


# --------------------------------------------------------------------------- the document


DOCUMENT = json.loads(DOCUMENT_PATH.read_text(encoding="utf-8"))


BRANCHES = ("allOf", "anyOf", "oneOf", "if", "then", "else", "not")


def strict(node, own=True):
    """A copy where every object schema that lists properties refuses keys it does not list.

    `unevaluatedProperties: false` goes on the schema that lists the properties or combines
    branches that do, never on a branch itself (an `if`, an `allOf` part), which sees only its own."""
    if isinstance(node, list):
        return [strict(item, own) for item in node]
    if not isinstance(node, dict):
        return node
    out = {key: strict(value, key not in BRANCHES) for key, value in node.items()}
    lists_properties = isinstance(node.get("properties"), dict) or any(key in node for key in ("allOf", "anyOf", "oneOf"))
    if own and lists_properties and "additionalProperties" not in node and "unevaluatedProperties" not in node:
        out["unevaluatedProperties"] = False
    return out


STRICT_DOCUMENT = strict(DOCUMENT)
REGISTRY = referencing.Registry().with_resources([
    (DOC_URI, DRAFT202012.create_resource(DOCUMENT)),
    (STRICT_URI, DRAFT202012.create_resource(STRICT_DOCUMENT)),
])
Validator = openapi_schema_validator.OAS31Validator
FORMAT_CHECKER = copy.deepcopy(Validator.FORMAT_CHECKER)


@FORMAT_CHECKER.checks("uri")
def is_absolute_uri(value) -> bool:
    """jsonschema checks `uri` only with the rfc3987 package; an absolute URI is enough here."""
    if not isinstance(value, str):
        return True
    parts = urllib.parse.urlsplit(value)
    return bool(re.fullmatch(r"[A-Za-z][A-Za-z0-9+.-]*", parts.scheme)) and (bool(parts.netloc) or parts.scheme in ("urn", "mailto"))


def pointer(*parts) -> str:
    return "".join("/" + str(part).replace("~", "~0").replace("/", "~1") for part in parts)


def schema_errors(instance, at: str, uri: str = DOC_URI) -> list:
    """Validation errors of instance against the schema at JSON pointer `at` of the document."""
    validator = Validator({"$ref": f"{uri}#{at}"}, registry=REGISTRY, format_checker=FORMAT_CHECKER)
    return [
        f"{'/'.join(map(str, error.absolute_path)) or '(root)'}: {error.message[:300]}"
        for error in sorted(validator.iter_errors(instance), key=lambda e: list(map(str, e.absolute_path)))
    ]


def resolve(node):
    while isinstance(node, dict) and "$ref" in node and node["$ref"].startswith("#/"):
        target = DOCUMENT
        for part in node["$ref"][2:].split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def operations():
    for path, item in DOCUMENT["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield method, path, operation


def find_examples():
    """(where, instance, pointer of the schema to check it against) for every example in the document."""
    found = []

    def walk(node, path):
        if isinstance(node, list):
            for index, item in enumerate(node):
                walk(item, path + [index])
            return
        if not isinstance(node, dict):
            return
        here = pointer(*path)
        looks_like_schema = any(key in node for key in ("type", "$ref", "properties", "allOf", "enum", "const", "items"))
        # A media type, parameter or header object: `schema` with `example` and/or `examples`.
        if "schema" in node and isinstance(node["schema"], dict):
            if "example" in node:
                found.append((here + "/example", node["example"], here + "/schema"))
            if isinstance(node.get("examples"), dict):
                for name, example in node["examples"].items():
                    example = resolve(example)
                    if "value" in example:
                        found.append((here + pointer("examples", name, "value"), example["value"], here + "/schema"))
        # A schema object: JSON Schema `examples` (a list) and OpenAPI's deprecated `example`.
        elif looks_like_schema:
            if isinstance(node.get("examples"), list):
                for index, example in enumerate(node["examples"]):
                    found.append((here + pointer("examples", index), example, here))
            if "example" in node:
                found.append((here + "/example", node["example"], here))
        for key, value in node.items():
            # Example values are data, not more of the document (a property may be named so).
            if key in ("example", "examples") and not (path and path[-1] == "properties"):
                continue
            walk(value, path + [key])

    walk(DOCUMENT, [])
    return found


def test_document_is_valid_openapi():
    assert DOCUMENT["openapi"].startswith("3.1")
    openapi_spec_validator.validate(DOCUMENT, cls=openapi_spec_validator.OpenAPIV31SpecValidator)


def test_every_example_matches_its_schema():
    examples = find_examples()
    # The document has well over a hundred; finding few means the walk above broke.
    assert len(examples) >= 100, f"only {len(examples)} examples found"
    failures = []
    for where, instance, schema_at in examples:
        # Strict, like the live answers: an example may not show a key its schema does not list.
        for error in schema_errors(instance, schema_at, STRICT_URI):
            failures.append(f"{where}: {error}")
    print(f"{len(examples)} examples validated")
    if failures:
        pytest.fail(f"{len(failures)} examples do not match their schema:\n  " + "\n  ".join(failures), pytrace=False)


# --------------------------------------------------------------------------- the server


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tiny_png(width=1, height=1) -> bytes:
    """A real PNG; with a larger size, one whose header claims it (the IDAT stays 1 × 1): the
    shape of a decompression bomb, small as a file, huge once decoded."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\xff\x80\x00")) + chunk(b"IEND", b""))


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


OPENER = urllib.request.build_opener(NoRedirect)


class Answer:
    def __init__(self, status, headers, body):
        self.status, self.headers, self.body = status, headers, body
        self.content_type = (headers.get("Content-Type") or "").split(";")[0].strip().lower()

    def json(self):
        return json.loads(self.body.decode("utf-8"))


class Client:
    """Calls documented operations and checks every answer against the document.

    `call(method, template, expect, ...)` fills the path template's `{names}` from `ids`,
    sends the request, then records a failure for an unexpected status, an undocumented status
    or content type, or a body that does not match the documented schema.
    """

    def __init__(self, base_url, log_path=None):
        self.base_url = base_url
        self.log_path = log_path
        self.token = None
        self.failures = []
        self.calls = 0
        self.successes = set()  # (method, template) answered with a documented 2xx/3xx
        self.errors = set()     # (method, template) answered with a documented 4xx/5xx
        self.timings = []
        self.headers_seen = []

    def fail(self, message):
        self.failures.append(message)

    def call(self, method, template, expect, *, ids=None, query=None, body=None, raw=None,
             content_type=None, auth=True, headers=None, must=False):
        method = method.lower()
        operation = DOCUMENT["paths"].get(template, {}).get(method)
        label = f"{method.upper()} {template}"
        if operation is None:
            # Still sent, so that the rest of the run goes on; the answer cannot be checked.
            self.fail(f"{label} is not in openapi.json, but the test (and so the server) has it")
            operation = {"responses": {}}
        path = template
        for name, value in (ids or {}).items():
            path = path.replace("{" + name + "}", urllib.parse.quote(str(value), safe=""))
        assert "{" not in path, f"{label}: unfilled path parameter in {path}"
        url = self.base_url + path
        if query:
            documented = {p["name"] for p in map(resolve, DOCUMENT["paths"].get(template, {}).get("parameters", [])
                                                   + operation.get("parameters", [])) if p["in"] == "query"}
            for name in query:
                if name not in documented:
                    self.fail(f"{label}: the test sends query parameter {name!r}, which is not documented")
            url += "?" + urllib.parse.urlencode(query)
        data = raw
        if body is not None:
            data = json.dumps(body).encode()
            content_type = content_type or "application/json"
        if data is not None and 200 <= expect < 300 and operation["responses"]:
            self.check_request(label, operation, template, method, content_type, body)
        request = urllib.request.Request(url, data=data, method=method.upper())
        if content_type:
            request.add_header("Content-Type", content_type)
        bearer = auth if isinstance(auth, str) else self.token if auth else None  # a string: that token
        if bearer:
            request.add_header("Authorization", "Bearer " + bearer)
        for name, value in (headers or {}).items():
            request.add_header(name, value)
        sent = time.monotonic()
        try:
            with OPENER.open(request, timeout=60) as response:
                answer = Answer(response.status, response.headers, response.read())
        except urllib.error.HTTPError as error:
            answer = Answer(error.code, error.headers, error.read())
        except (urllib.error.URLError, OSError) as error:
            log = self.log_path.read_text(errors="replace")[-3000:] if self.log_path else ""
            pytest.fail(f"{label} ({method.upper()} {path}): no answer ({error}); the server log ends:\n{log}", pytrace=False)
        self.calls += 1
        self.timings.append((time.monotonic() - sent, method.upper() + " " + path))
        where = f"{label} ({method.upper()} {path}{'?' + urllib.parse.urlencode(query) if query else ''})"
        if answer.status != expect:
            message = f"{where}: expected {expect}, got {answer.status}: {answer.body[:300]!r}"
            if must:
                pytest.fail(message + "\n" + "\n".join(self.failures), pytrace=False)
            self.fail(message)
        if operation["responses"]:
            self.check_response(where, template, method, operation, answer)
        if DUMP:
            with open(DUMP, "a", encoding="utf-8") as dump:
                shown = answer.body[:600].decode("utf-8", "replace") if answer.content_type in JSON_TYPES else f"<{len(answer.body)} bytes>"
                dump.write(f"{answer.status} {answer.content_type} {where}\n    {shown}\n")
        return answer

    def check_request(self, label, operation, template, method, content_type, body):
        content = operation.get("requestBody", {}).get("content", {})
        media = (content_type or "").split(";")[0].strip()
        if media not in content:
            self.fail(f"{label}: the test sends {media!r}, but the request body documents {sorted(content)}")
            return
        if body is not None and media in JSON_TYPES:
            at = pointer("paths", template, method, "requestBody", "content", media, "schema")
            for error in schema_errors(body, at):
                self.fail(f"{label}: request body {json.dumps(body)[:200]} does not match its schema: {error}")

    def check_response(self, where, template, method, operation, answer):
        responses = operation["responses"]
        key = str(answer.status)
        if key not in responses:
            key = f"{key[0]}XX" if f"{key[0]}XX" in responses else "default"
        if key not in responses:
            self.fail(f"{where}: status {answer.status} is not documented (documented: {sorted(responses)}); body {answer.body[:200]!r}")
            return
        if answer.status < 400:
            self.successes.add((method, template))
        else:
            self.errors.add((method, template))
        at = pointer("paths", template, method, "responses", key)
        response = responses[key]
        if "$ref" in response:
            at = response["$ref"][1:]
            response = resolve(response)
        for name, header in response.get("headers", {}).items():
            header = resolve(header)
            value = answer.headers.get(name)
            if value is None:
                # A documented header is a promise, except a download's name on a JSON answer and
                # one the document marks `required: false` (Retry-After on a busy receipt read only).
                if header.get("required", True) is False:
                    continue
                if not (name == "Content-Disposition" and answer.content_type in JSON_TYPES):
                    self.fail(f"{where}: the documented header {name} is missing")
                continue
            self.headers_seen.append((where, name, value))
            schema = header.get("schema", {})
            instance = int(value) if resolve(schema).get("type") == "integer" and value.isdigit() else value
            for error in schema_errors(instance, at + pointer("headers", name, "schema")):
                self.fail(f"{where}: header {name}: {value!r}: {error}")
        content = response.get("content")
        if not content:
            if answer.body:
                self.fail(f"{where}: documented without a body, but {len(answer.body)} bytes came ({answer.content_type})")
            return
        if answer.content_type not in content:
            self.fail(f"{where}: content type {answer.content_type!r} is not documented for {key} (documented: {sorted(content)})")
            return
        if answer.content_type in JSON_TYPES or answer.content_type.endswith("+json"):
            try:
                instance = answer.json()
            except ValueError as error:
                self.fail(f"{where}: the {answer.content_type} body is not JSON ({error}): {answer.body[:200]!r}")
                return
            errors = schema_errors(instance, at + pointer("content", answer.content_type, "schema"), STRICT_URI)
            if errors:
                more = f"\n      … and {len(errors) - 3} more" if len(errors) > 3 else ""
                self.fail(f"{where}: the body does not match the {key} {answer.content_type} schema:\n      "
                          + "\n      ".join(errors[:3]) + more
                          + f"\n      body: {answer.body[:300].decode('utf-8', 'replace')}")
        elif not answer.body:
            self.fail(f"{where}: an empty {answer.content_type} body")
        else:
            problem = body_unlike_type(answer.content_type, answer.body, content[answer.content_type])
            if problem:
                self.fail(f"{where}: the {answer.content_type} body {problem}")


SIGNATURES = {
    "application/pdf": [b"%PDF-"],
    "image/png": [b"\x89PNG\r\n\x1a\n"],
    "image/jpeg": [b"\xff\xd8\xff"],
    "image/webp": [b"RIFF"],
    "text/calendar": [b"BEGIN:VCALENDAR\r\n"],
}


def body_unlike_type(content_type, body, media) -> str:
    """Not a schema check: only that a non-JSON body is what its content type says.

    Files start with their signature; a CSV's header starts with the columns of the documented
    example (up to its first period column, for trends)."""
    signatures = SIGNATURES.get(content_type)
    if signatures and not any(body.startswith(signature) for signature in signatures):
        return f"does not start like one: {body[:16]!r}"
    if content_type == "text/csv":
        example = media.get("example")
        if example is None:
            examples = resolve(media.get("schema", {})).get("examples") or [None]
            example = examples[0]
        if isinstance(example, str):
            expected = []
            for column in example.splitlines()[0].split(","):
                if column[:1].isdigit():
                    break
                expected.append(column)
            header = body.decode("utf-8-sig", "replace").splitlines()[0].split(",")
            if header[:len(expected)] != expected:
                return f"has the header {','.join(header)!r}, not one starting {','.join(expected)!r} as documented"
    return ""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if not os.access(TALLY_BIN, os.X_OK):
        pytest.fail(f"server binary {TALLY_BIN} is missing; run `swift build` first (or set TALLY_BIN)")
    tmp = tmp_path_factory.mktemp("openapi")
    port = free_port()
    log_path = tmp / "server.log"
    log = open(log_path, "wb")
    process = subprocess.Popen(
        [TALLY_BIN, "serve", "--data", str(tmp / "data"), "--host", "127.0.0.1", "--port", str(port),
         "--public-url", f"http://127.0.0.1:{port}"],
        stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
    )
    base_url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                pytest.fail(f"tally serve exited with {process.returncode}:\n{log_path.read_text(errors='replace')}")
            try:
                with urllib.request.urlopen(base_url + "/health", timeout=2) as response:
                    if response.status == 200:
                        break
            except (urllib.error.URLError, ConnectionError, OSError):
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"tally serve did not answer on {base_url} within 60 s")
            time.sleep(0.1)
        yield base_url, process, log_path
    finally:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(timeout=10)
        log.close()


# --------------------------------------------------------------------------- every operation


def multipart(field, filename, content_type, data, fields=None):
    boundary = "tally-openapi-test-boundary"
    body = (f"--{boundary}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{filename}\"\r\n"
            f"Content-Type: {content_type}\r\n\r\n").encode() + data + b"\r\n"
    for name, value in (fields or {}).items():
        body += f"--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n".encode()
    return body + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


IMPORT_CSV = (
    "date,amount,kind,payee,category,subcategory,account,currency,note,time,to_account\n"
    "{d1},12.89,expense,Whole Foods,Food,Groceries,Debit Card,USD,\"milk, eggs\",,\n"
    "{d2},3200.00,income,Acme Corp,Salary,,Debit Card,USD,November salary,09:00,\n"
    "{d2},42.00,expense,Time Out Market,Travel,,Cash,EUR,Lisbon,13:15,\n"
    "{d2},100.00,transfer,,,,Debit Card,USD,to cash,,Cash\n"
)


# A bank's OFX statement of one checking account (only its last four digits are ever shown), and a
# bank's CSV that needs a mapping.
BANK_OFX = (
    b"OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD\n"
    b"<BANKACCTFROM><BANKID>1<ACCTID>000123456789<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST>\n"
    b"<STMTTRN><TRNTYPE>POS<DTPOSTED>20260302<TRNAMT>-4.50<FITID>A1<NAME>STARBUCKS</STMTTRN>\n"
    b"<STMTTRN><TRNTYPE>POS<DTPOSTED>20260303<TRNAMT>-11.50<FITID>A2<NAME>SAFEWAY</STMTTRN>\n"
    b"</BANKTRANLIST><LEDGERBAL><BALAMT>-16.00<DTASOF>20260331</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
)
BANK_CSV = b"Date,Description,Amount\n2026-03-02,Coffee,-4.50\n2026-03-05,Refund,12.00\n"


def exercise(c: Client):
    """Seeds a book through the API and calls every documented operation; `c` records what came back."""
    today = datetime.now(timezone.utc).date()  # the caller's time zone is set to UTC below
    month = today.strftime("%Y-%m")
    first = today.replace(day=1).isoformat()
    png = tiny_png()

    # ---- health and the document
    c.call("get", "/healthz", 200, auth=False)
    moved = c.call("get", "/api/v1/openapi.json", 308, auth=False)
    with urllib.request.urlopen(c.base_url + moved.headers.get("Location", "/static/openapi.json"), timeout=30) as response:
        served = json.loads(response.read())
    if "TALLY_OPENAPI" not in os.environ and served != DOCUMENT:
        c.fail(f"the server serves another openapi.json than {DOCUMENT_PATH.relative_to(ROOT)}: is {TALLY_BIN} older than the file?")

    # ---- sign-up, tokens
    c.call("post", "/api/v1/users", 400, body={"email": EMAIL, "password": PASSWORD, "colour": "red"})
    c.call("post", "/api/v1/users", 400, raw=b"{not json", content_type="application/json")
    c.call("post", "/api/v1/users", 422, body={"email": "not an email", "password": PASSWORD})
    c.call("post", "/api/v1/users", 422, body={"email": EMAIL, "password": PASSWORD, "currency": "ZZZ"})
    c.call("post", "/api/v1/users", 201, body={"email": EMAIL, "password": PASSWORD, "currency": "USD"}, must=True)
    c.call("post", "/api/v1/users", 403, body={"email": "grace@example.com", "password": PASSWORD})
    c.call("post", "/api/v1/tokens", 401, body={"email": EMAIL, "password": "wrong password", "name": "x"})
    c.call("post", "/api/v1/tokens", 400, body={"email": EMAIL, "password": PASSWORD, "scope": "all"})
    c.call("post", "/api/v1/tokens", 422, body={"name": "no credentials"})
    c.call("post", "/api/v1/tokens", 413, raw=b'{"email":"' + b"a" * (1024 * 1024 + 10) + b'"}', content_type="application/json")
    token = c.call("post", "/api/v1/tokens", 201, body={"email": EMAIL, "password": PASSWORD, "name": "openapi test"}, must=True).json()
    c.token = token["token"]
    for _ in range(5):
        c.call("post", "/api/v1/tokens", 401, body={"email": "nobody@example.com", "password": "guess"})
    c.call("post", "/api/v1/tokens", 429, body={"email": "nobody@example.com", "password": "guess"})
    c.call("get", "/api/v1/tokens", 200)
    spare = c.call("post", "/api/v1/tokens", 201, body={"email": EMAIL, "password": PASSWORD}, must=True).json()
    c.call("delete", "/api/v1/tokens/{id}", 204, ids={"id": spare["id"]})
    c.call("delete", "/api/v1/tokens/{id}", 404, ids={"id": spare["id"]})
    c.call("get", "/api/v1/books", 401, auth="tly_" + "0" * 48)

    # ---- books
    books = c.call("get", "/api/v1/books", 200, must=True).json()
    book = books[0]["id"]
    B = {"book": book}
    NOBOOK = {"book": MISSING}
    trip = c.call("post", "/api/v1/books", 201, body={"name": "Trip to Japan", "currency": "JPY"}, must=True).json()
    TRIP = {"book": trip["id"]}
    c.call("post", "/api/v1/books", 201, body={"name": "Family", "currency": "EUR", "copy_categories_from": book})
    c.call("post", "/api/v1/books", 422, body={"name": "", "currency": "EUR"})
    c.call("post", "/api/v1/books", 400, body={"name": "X", "colour": "red"})
    c.call("post", "/api/v1/books", 400, raw=b'{"name": "X",}', content_type="application/json")  # trailing comma
    c.call("post", "/api/v1/books", 400, raw=b'{"name": "X", "name": "Y"}', content_type="application/json")
    c.call("post", "/api/v1/books", 415, raw=b'{"name": "X"}', content_type="text/plain")
    c.call("post", "/api/v1/books", 422, body={"name": "Two\nlines"})
    c.call("patch", "/api/v1/books/{book}", 200, ids=TRIP, body={"name": "Japan 2027", "archived": True})
    c.call("patch", "/api/v1/books/{book}", 422, ids=TRIP, body={"name": ""})
    c.call("patch", "/api/v1/books/{book}", 404, ids=NOBOOK, body={"archived": False})

    # ---- sharing: an invitation opens sign-up for one person; roles; members; leaving
    link = c.call("post", "/api/v1/books/{book}/invitations", 201, ids=TRIP, body={"role": "editor"}, must=True).json()
    c.call("post", "/api/v1/books/{book}/invitations", 422, ids=TRIP, body={"role": "boss"})
    c.call("get", "/api/v1/books/{book}/invitations", 200, ids=TRIP)
    c.call("post", "/api/v1/users", 404, body={"email": "grace@example.com", "password": PASSWORD, "invitation": "inv_" + "0" * 48})
    c.call("post", "/api/v1/users", 201, body={"email": "grace@example.com", "password": PASSWORD, "invitation": link["token"]}, must=True)
    c.call("post", "/api/v1/users", 410, body={"email": "hedy@example.com", "password": PASSWORD, "invitation": link["token"]})
    grace = c.call("post", "/api/v1/tokens", 201, body={"email": "grace@example.com", "password": PASSWORD}, must=True).json()["token"]
    by_email = c.call("post", "/api/v1/books/{book}/invitations", 201, ids=B, body={"role": "viewer", "email": "grace@example.com", "expires_in_days": 3}, must=True).json()
    c.call("get", "/api/v1/invitations", 200, auth=grace)
    c.call("post", "/api/v1/invitations/{token}/accept", 200, ids={"token": by_email["id"]}, auth=grace)
    c.call("post", "/api/v1/invitations/{token}/accept", 410, ids={"token": link["token"]}, auth=grace)
    revoked = c.call("post", "/api/v1/books/{book}/invitations", 201, ids=TRIP, body={"role": "viewer"}, must=True).json()
    c.call("delete", "/api/v1/books/{book}/invitations/{id}", 204, ids={**TRIP, "id": revoked["id"]})
    c.call("delete", "/api/v1/books/{book}/invitations/{id}", 404, ids={**TRIP, "id": revoked["id"]})
    members = c.call("get", "/api/v1/books/{book}/members", 200, ids=TRIP, must=True).json()
    me = next(m["user_id"] for m in members if m["email"] == EMAIL)
    grace_id = next(m["user_id"] for m in members if m["email"] == "grace@example.com")
    c.call("patch", "/api/v1/books/{book}/members/{user}", 409, ids={**TRIP, "user": me}, body={"role": "viewer"})
    c.call("patch", "/api/v1/books/{book}/members/{user}", 422, ids={**TRIP, "user": grace_id}, body={"role": "boss"})
    c.call("patch", "/api/v1/books/{book}/members/{user}", 200, ids={**TRIP, "user": grace_id}, body={"role": "viewer"})
    c.call("post", "/api/v1/books/{book}/categories", 403, ids=TRIP, body={"name": "Viewer"}, auth=grace)
    c.call("get", "/api/v1/books/{book}/rates", 200, ids=TRIP, auth=grace)  # viewers read the rates, change none
    c.call("post", "/api/v1/books/{book}/rates", 403, ids=TRIP, body={"date": "2026-03-01", "currency": "USD", "rate": "150"}, auth=grace)
    c.call("post", "/api/v1/books/{book}/rates/import", 403, ids=TRIP, raw=b"date,currency,rate\n2026-03-01,USD,150\n",
           content_type="text/csv", auth=grace)
    c.call("delete", "/api/v1/books/{book}/rates/{id}", 403, ids={**TRIP, "id": MISSING}, auth=grace)
    c.call("delete", "/api/v1/books/{book}/members/{user}", 409, ids={**TRIP, "user": me})
    c.call("delete", "/api/v1/books/{book}/members/{user}", 204, ids={**TRIP, "user": grace_id})
    c.call("post", "/api/v1/books/{book}/leave", 204, ids=B, auth=grace)

    # ---- profile: name, email, password, two-step sign-in, deleting the account (as Grace)
    c.call("get", "/api/v1/profile", 200, auth=grace)
    c.call("get", "/api/v1/profile/photo", 404, auth=grace)
    c.call("put", "/api/v1/profile/photo", 422, raw=b"not an image", content_type="image/png", auth=grace)
    c.call("put", "/api/v1/profile/photo", 422, raw=tiny_png(30000, 30000), content_type="image/png", auth=grace)
    c.call("put", "/api/v1/profile/photo", 413, raw=png + bytes(10 * 1024 * 1024 + 1 - len(png)),
           content_type="image/png", auth=grace)
    c.call("put", "/api/v1/profile/photo", 200, raw=png, content_type="image/png", auth=grace)
    c.call("get", "/api/v1/profile/photo", 200, auth=grace)
    c.call("get", "/api/v1/books/{book}/members/{user}/photo", 404, ids={**TRIP, "user": me})  # none yet
    c.call("put", "/api/v1/profile/photo", 200, raw=png, content_type="image/png")
    c.call("get", "/api/v1/books/{book}/members/{user}/photo", 200, ids={**TRIP, "user": me})
    c.call("get", "/api/v1/books/{book}/members/{user}/photo", 404, ids={**TRIP, "user": grace_id})  # no longer a member
    exported = c.call("get", "/api/v1/profile/export", 200, auth=grace)
    if not exported.body.startswith(b"PK"):
        c.fail(f"GET /api/v1/profile/export is not a zip: {exported.body[:20]!r}")
    # ---- backup and restore: grace's books out as one zip, one of them back into a new empty book
    backup = c.call("get", "/api/v1/backup", 200, auth=grace)
    if not backup.body.startswith(b"PK"):
        c.fail(f"GET /api/v1/backup is not a zip: {backup.body[:20]!r}")
    fresh = c.call("post", "/api/v1/books", 201, body={"name": "Restored", "currency": "EUR"}, auth=grace, must=True).json()
    one = c.call("get", "/api/v1/backup", 200, query={"book": fresh["id"]}, auth=grace)
    if not one.body.startswith(b"PK"):
        c.fail(f"GET /api/v1/backup?book= is not a zip: {one.body[:20]!r}")
    c.call("get", "/api/v1/backup", 404, query={"book": MISSING}, auth=grace)
    c.call("get", "/api/v1/backup", 400, query={"book": "abc"}, auth=grace)
    c.call("post", "/api/v1/restore", 400, raw=backup.body, content_type="application/zip", auth=grace)
    c.call("post", "/api/v1/restore", 404, query={"book": MISSING}, raw=backup.body, content_type="application/zip", auth=grace)
    c.call("post", "/api/v1/restore", 422, query={"book": fresh["id"]}, raw=b"not a zip", content_type="application/zip", auth=grace)
    c.call("post", "/api/v1/restore", 200, query={"book": fresh["id"], "from": 1}, raw=backup.body, content_type="application/zip", auth=grace)
    c.call("post", "/api/v1/restore", 422, query={"book": fresh["id"], "from": MISSING}, raw=backup.body, content_type="application/zip", auth=grace)
    c.call("patch", "/api/v1/profile", 200, body={"name": "Grace H."}, auth=grace)
    c.call("patch", "/api/v1/profile", 422, body={"name": "x" * 61}, auth=grace)
    c.call("post", "/api/v1/profile/email", 422, body={"email": "gh@example.com", "password": "wrong password"}, auth=grace)
    c.call("post", "/api/v1/profile/email", 200, body={"email": "gh@example.com", "password": PASSWORD}, auth=grace)
    c.call("post", "/api/v1/profile/password", 422, body={"password": PASSWORD, "new_password": "short"}, auth=grace)
    c.call("post", "/api/v1/profile/password", 204, body={"password": PASSWORD, "new_password": PASSWORD + "!"}, auth=grace)
    c.call("post", "/api/v1/profile/two-step", 422, body={"password": "wrong password"}, auth=grace)
    setup = c.call("post", "/api/v1/profile/two-step", 201, body={"password": PASSWORD + "!"}, auth=grace, must=True).json()
    c.call("post", "/api/v1/profile/two-step/enable", 422, body={"code": "000000" if totp(setup["secret"]) != "000000" else "111111"}, auth=grace)
    c.call("post", "/api/v1/profile/two-step/enable", 200, body={"code": totp(setup["secret"])}, auth=grace)
    c.call("post", "/api/v1/profile/two-step", 409, body={"password": PASSWORD + "!"}, auth=grace)
    c.call("post", "/api/v1/profile/two-step/enable", 409, body={"code": totp(setup["secret"])}, auth=grace)
    c.call("post", "/api/v1/tokens", 401, body={"email": "gh@example.com", "password": PASSWORD + "!"})
    c.call("post", "/api/v1/profile/recovery-codes", 422, body={"password": PASSWORD}, auth=grace)
    c.call("post", "/api/v1/profile/recovery-codes", 200, body={"password": PASSWORD + "!"}, auth=grace)
    c.call("post", "/api/v1/profile/two-step/disable", 422, body={"password": PASSWORD}, auth=grace)
    c.call("post", "/api/v1/profile/two-step/disable", 204, body={"password": PASSWORD + "!"}, auth=grace)
    c.call("post", "/api/v1/profile/recovery-codes", 409, body={"password": PASSWORD + "!"}, auth=grace)
    c.call("delete", "/api/v1/profile/photo", 204, auth=grace)
    c.call("post", "/api/v1/profile/delete", 422, body={"password": PASSWORD}, auth=grace)
    c.call("post", "/api/v1/profile/delete", 204, body={"password": PASSWORD + "!"}, auth=grace)
    c.call("get", "/api/v1/profile", 401, auth=grace)
    c.call("post", "/api/v1/books/{book}/leave", 409, ids=TRIP)
    c.call("delete", "/api/v1/books/{book}", 204, ids=TRIP)
    c.call("delete", "/api/v1/books/{book}", 404, ids=TRIP)

    # ---- settings: the time zone decides "today"
    c.call("get", "/api/v1/settings", 200)
    c.call("patch", "/api/v1/settings", 200, body={"time_zone": "UTC", "daily_reminder": True, "reminder_time": "21:15"})
    c.call("patch", "/api/v1/settings", 422, body={"time_zone": "Mars/Olympus"})
    c.call("patch", "/api/v1/settings", 200, body={"locale": "de_de", "first_weekday": 7})
    c.call("patch", "/api/v1/settings", 422, body={"locale": "sv-SE"})
    c.call("patch", "/api/v1/settings", 200, body={"locale": None, "first_weekday": None})
    c.call("get", "/api/v1/locales", 200, auth=False)
    c.call("get", "/api/v1/locales", 401, auth="tly_" + "0" * 48)
    c.call("patch", "/api/v1/settings", 400, body={"zone": "UTC"})

    c.call("get", "/api/v1/books/{book}/today", 200, ids=B)  # no budget yet: `budget` is left out

    # ---- categories
    c.call("get", "/api/v1/books/{book}/categories", 200, ids=B)
    c.call("get", "/api/v1/books/{book}/categories", 404, ids=NOBOOK)
    food = c.call("post", "/api/v1/books/{book}/categories", 201, ids=B,
                  body={"name": "Eating", "icon": "🍔", "color": "#F2994A"}, must=True).json()
    coffee = c.call("post", "/api/v1/books/{book}/categories", 201, ids=B,
                    body={"name": "Coffee", "parent": food["id"]}, must=True).json()
    salary = c.call("post", "/api/v1/books/{book}/categories", 201, ids=B,
                    body={"name": "Wages", "kind": "income"}, must=True).json()
    c.call("post", "/api/v1/books/{book}/categories", 201, ids=B, body={"name": "Pets", "color": "#abcdef", "icon": "🐈"})
    c.call("post", "/api/v1/books/{book}/categories", 400, ids=B, body={"name": "X", "colour": "#000000"})
    c.call("post", "/api/v1/books/{book}/categories", 422, ids=B, body={"name": ""})
    c.call("patch", "/api/v1/books/{book}/categories/{id}", 200, ids={**B, "id": coffee["id"]}, body={"icon": "☕"})
    c.call("patch", "/api/v1/books/{book}/categories/{id}", 404, ids={**B, "id": MISSING}, body={"icon": "☕"})
    c.call("patch", "/api/v1/books/{book}/categories/{id}", 422, ids={**B, "id": coffee["id"]}, body={"name": "a:b"})

    # ---- accounts
    c.call("get", "/api/v1/books/{book}/accounts", 200, ids=B)
    c.call("get", "/api/v1/books/{book}/accounts", 404, ids=NOBOOK)
    card = c.call("post", "/api/v1/books/{book}/accounts", 201, ids=B,
                  body={"name": "Visa", "kind": "credit", "opening_balance": "0.00"}, must=True).json()
    savings = c.call("post", "/api/v1/books/{book}/accounts", 201, ids=B,
                     body={"name": "Savings", "kind": "savings", "opening_balance": "250.00", "currency": "USD"}, must=True).json()
    c.call("post", "/api/v1/books/{book}/accounts", 201, ids=B,
           body={"name": "Loan", "kind": "other", "opening_balance": "-500.00"})
    c.call("post", "/api/v1/books/{book}/accounts", 201, ids=B, body={"name": "Yen wallet", "kind": "cash", "currency": "JPY"})
    spare_account = c.call("post", "/api/v1/books/{book}/accounts", 201, ids=B, body={"name": "Old wallet"}, must=True).json()
    c.call("post", "/api/v1/books/{book}/accounts", 422, ids=B, body={"name": "Bad", "opening_balance": 12})
    c.call("post", "/api/v1/books/{book}/accounts", 400, ids=B, body={"name": "Bad", "balance": "1"})
    c.call("patch", "/api/v1/books/{book}/accounts/{id}", 200, ids={**B, "id": spare_account["id"]}, body={"archived": True})
    c.call("patch", "/api/v1/books/{book}/accounts/{id}", 404, ids={**B, "id": MISSING}, body={"archived": True})
    c.call("delete", "/api/v1/books/{book}/accounts/{id}", 204, ids={**B, "id": spare_account["id"]})
    c.call("delete", "/api/v1/books/{book}/accounts/{id}", 404, ids={**B, "id": spare_account["id"]})

    # ---- transactions of every kind
    T = "/api/v1/books/{book}/transactions"
    coffee_record = c.call("post", T, 201, ids=B, must=True, body={
        "kind": "expense", "amount": "4.50", "date": today.isoformat(), "time": "08:30", "payee": "Blue Bottle",
        "category": "Eating:Coffee", "account": card["id"], "note": "flat white"}).json()
    c.call("post", T, 201, ids=B, must=True, body={
        "kind": "income", "amount": "3,200.00", "date": first, "payee": "Acme Corp", "category": salary["id"], "account": "Visa"})
    c.call("post", T, 201, ids=B, must=True, body={
        "kind": "transfer", "amount": "100.00", "date": first, "account": card["id"], "to_account": savings["id"], "note": "move"})
    c.call("post", T, 201, ids=B, body={"kind": "transfer", "amount": "1.00", "account": "Visa", "to_account": "Cash", "payee": None})
    c.call("post", T, 201, ids=B, must=True, body={
        "amount": "42.00", "currency": "EUR", "date": first, "payee": "Time Out Market", "category": food["id"]})
    c.call("post", T, 201, ids=B, must=True, body={"amount": "5.25", "payee": "Blue Bottle"})  # autofilled
    c.call("post", T, 201, ids=B, body={"amount": "3.00", "payee": "Nowhere Shop"})  # no category, no account
    c.call("post", T, 201, ids=B, body={"amount": "450", "currency": "JPY", "payee": "Konbini", "account": "Yen wallet"})
    c.call("post", T, 201, ids=B, body={"amount": "1.250", "currency": "KWD", "payee": "Souq", "date": first})
    c.call("post", T, 201, ids=B, body={"amount": "9999999999.99", "payee": "Largest", "date": "2199-12-31", "category": "Eating"})
    c.call("post", T, 201, ids=B, body={"kind": "income", "amount": "9,999,999,999.99", "payee": "Earliest", "date": "1900-01-01"})
    c.call("post", T, 201, ids=B, body={"amount": "50.00", "payee": "Big dinner", "category": "Eating", "account": "Visa",
                                        "date": (today - timedelta(days=7)).isoformat()})
    doomed = c.call("post", T, 201, ids=B, must=True, body={"amount": "1.00", "payee": "Mistake", "category": "Eating"}).json()
    # A line of text read into a draft (nothing stored): the known payee, its category and account.
    P = T + "/parse"
    draft = c.call("post", P, 200, ids=B, must=True, body={"text": "blue botle 4,20 yesterday 8am"}).json()
    assert (draft["payee"], draft["category"], draft["amount"], draft["time"]) == ("Blue Bottle", "Eating:Coffee", "4.20", "08:00"), draft
    assert draft["sources"]["payee"] == "payee" and draft["date"] == (today - timedelta(days=1)).isoformat(), draft
    c.call("post", P, 200, ids=B, body={"text": "+12 EUR 3/4/2025", "date_order": "DMY"})
    c.call("post", P, 422, ids=B, body={"text": "no amount here"})
    c.call("post", P, 422, ids=B, body={"text": "coffee 1", "date_order": "YDM"})
    # An add that is safe to send again (an offline queue's): 201, then 200 with the same record.
    key = {"Idempotency-Key": "3f2b8c1e-9d4a-4b6f-8e21-7c5a0d9e4f13"}
    keyed_body = {"amount": "2.75", "payee": "Queued on a bus", "date": first}
    keyed = c.call("post", T, 201, ids=B, must=True, body=keyed_body, headers=key).json()
    again = c.call("post", T, 200, ids=B, must=True, body=keyed_body, headers=key).json()
    assert again == keyed, "a repeat with the same key answers with the record it made"
    c.call("post", T, 422, ids=B, body={**keyed_body, "amount": "2.76"}, headers=key)
    c.call("post", T, 422, ids=B, body=keyed_body, headers={"Idempotency-Key": "k" * 256})
    gone_key = {"Idempotency-Key": "deleted-since"}
    gone = c.call("post", T, 201, ids=B, must=True, body={"amount": "0.50", "payee": "Gone"}, headers=gone_key).json()
    c.call("delete", T + "/{id}", 204, ids={**B, "id": gone["id"]})
    c.call("post", T, 409, ids=B, body={"amount": "0.50", "payee": "Gone"}, headers=gone_key)
    c.call("post", T, 422, ids=B, body={"amount": 4.5, "payee": "Number"})
    c.call("post", T, 422, ids=B, body={"amount": "4.555", "payee": "Decimals"})
    c.call("post", T, 400, ids=B, body={"amount": "4.50", "payee": "X", "memo": "?"})
    c.call("post", T, 404, ids=NOBOOK, body={"amount": "4.50", "payee": "X"})
    page = c.call("get", T, 200, ids=B, query={"limit": 2}, must=True).json()
    if "next_cursor" in page:
        c.call("get", T, 200, ids=B, query={"limit": 2, "cursor": page["next_cursor"]})
    c.call("get", T, 200, ids=B, query={"from": first, "to": today.isoformat(), "category": "Eating", "account": "Visa",
                                        "payee": "blue bottle", "kind": "expense", "q": "bott", "amount_min": "1",
                                        "amount_max": "100.00", "order": "newest"})
    c.call("get", T, 200, ids=B, query={"format": "csv"})
    c.call("get", T, 200, ids=B, query={"format": "ledger"})
    c.call("get", T, 200, ids=B, query={"format": "beancount", "kind": "expense"})
    c.call("get", T, 422, ids=B, query={"format": "nonsense"})
    c.call("get", T, 422, ids=B, query={"format": "ledger", "category": "No such category"})
    c.call("get", T, 422, ids=B, query={"from": "2026-02-30"})
    c.call("get", T, 422, ids=B, query={"limit": 0})
    c.call("get", T, 422, ids=B, query={"order": "NEWEST"})
    c.call("get", T, 422, ids=B, query={"category": "No such category"})
    c.call("get", T, 422, ids=B, query={"cursor": "not-a-cursor"})
    c.call("get", T, 404, ids=NOBOOK)
    TI = T + "/{id}"
    rec = {**B, "id": coffee_record["id"]}
    c.call("get", TI, 200, ids=rec)
    c.call("get", TI, 404, ids={**B, "id": MISSING})
    c.call("patch", TI, 200, ids=rec, body={"note": "oat flat white", "time": "08:45"})
    c.call("patch", TI, 200, ids=rec, body={"time": ""})
    c.call("patch", TI, 422, ids=rec, body={"date": "2200-01-01"})
    c.call("patch", TI, 400, ids=rec, body={"colour": "red"})
    c.call("patch", TI, 404, ids={**B, "id": MISSING}, body={"note": "x"})
    c.call("delete", TI, 204, ids={**B, "id": doomed["id"]})
    c.call("delete", TI, 404, ids={**B, "id": doomed["id"]})

    # ---- receipts
    R = TI + "/receipts"
    receipt = c.call("post", R, 201, ids=rec, raw=png, content_type="image/png", must=True).json()
    body, multipart_type = multipart("file", "receipt.png", "image/png", png)
    second_receipt = c.call("post", R, 201, ids=rec, raw=body, content_type=multipart_type, must=True).json()
    c.call("post", R, 422, ids=rec, raw=b"this is not an image", content_type="application/octet-stream")
    c.call("post", R, 400, ids=rec, raw=b"garbage", content_type="multipart/form-data; boundary=")
    over_10_mb = png + bytes(10 * 1024 * 1024 + 1 - len(png))
    c.call("post", R, 413, ids=rec, raw=over_10_mb, content_type="image/png")
    c.call("post", R, 422, ids=rec, raw=tiny_png(30000, 30000), content_type="image/png")  # 900 megapixels
    c.call("post", R, 404, ids={**B, "id": MISSING}, raw=png, content_type="image/png")
    c.call("get", R, 200, ids=rec)
    c.call("get", R, 404, ids={**B, "id": MISSING})
    # A receipt photo read into a proposal (issue 28): 503 on a server without Tesseract.
    RR = "/api/v1/books/{book}/receipts/read"
    photo = open(os.path.join(os.path.dirname(__file__), "..", "receipts", "generated", "r01-us.jpg"), "rb").read()
    c.call("post", RR, 200 if shutil.which("tesseract") else 503, ids=B, raw=photo, content_type="image/jpeg")
    c.call("post", RR, 422, ids=B, raw=b"this is not an image", content_type="image/jpeg")
    c.call("post", RR, 422, ids=B, raw=tiny_png(30000, 30000), content_type="image/png")  # issue 42: pixel flood
    c.call("post", RR, 413, ids=B, raw=over_10_mb, content_type="image/png")
    RI = "/api/v1/books/{book}/receipts/{id}"
    c.call("get", RI, 200, ids={**B, "id": receipt["id"]})
    c.call("delete", RI, 204, ids={**B, "id": second_receipt["id"]})
    c.call("get", RI, 404, ids={**B, "id": second_receipt["id"]})
    c.call("delete", RI, 404, ids={**B, "id": second_receipt["id"]})

    # ---- calendar month, payees
    c.call("get", "/api/v1/books/{book}/calendar", 200, ids=B, query={"month": month})
    c.call("get", "/api/v1/books/{book}/calendar", 200, ids=B)
    c.call("get", "/api/v1/books/{book}/calendar", 422, ids=B, query={"month": "2026-13"})
    c.call("get", "/api/v1/books/{book}/calendar", 404, ids=NOBOOK)
    c.call("get", "/api/v1/books/{book}/payees", 200, ids=B, query={"q": "Blu"})
    c.call("get", "/api/v1/books/{book}/payees", 200, ids=B)
    c.call("get", "/api/v1/books/{book}/payees", 404, ids=NOBOOK)

    # ---- imports: a preview, the import, errors
    csv = IMPORT_CSV.format(d1=first, d2=today.isoformat()).encode()
    I = "/api/v1/books/{book}/imports"
    c.call("post", I, 200, ids=B, query={"dry_run": "true"}, raw=csv, content_type="text/csv")
    c.call("post", I, 201, ids=B, raw=csv, content_type="text/csv")
    c.call("post", I, 201, ids=B, raw=csv.splitlines(keepends=True)[0], content_type="text/csv")  # a header only
    c.call("post", I, 422, ids=B, raw=csv.replace(b"12.89", b"12.899"), content_type="text/csv")
    c.call("post", I, 422, ids=B, query={"dry_run": "maybe"}, raw=csv, content_type="text/csv")
    c.call("post", I, 422, ids=B, query={"dry_run": ""}, raw=csv, content_type="text/csv")
    for preview in ("1", "yes", "TRUE"):
        c.call("post", I, 200, ids=B, query={"dry_run": preview}, raw=csv, content_type="text/csv")
    c.call("post", I, 201, ids=B, query={"dry_run": "no"}, raw=csv, content_type="text/csv")
    c.call("post", I, 404, ids=NOBOOK, raw=csv, content_type="text/csv")
    # Tally's JSON export, a split and tags included; a number for an amount is a 422.
    records = [{"date": first, "kind": "expense", "amount": "52.50", "payee": "Costco", "tags": ["costco"],
                "lines": [{"category": "Food:Groceries", "amount": "40.00", "note": ""},
                          {"category": "Household", "amount": "12.50", "note": ""}]}]
    c.call("post", I, 200, ids=B, query={"dry_run": "true"}, raw=json.dumps(records).encode(),
           content_type="application/json")
    c.call("post", I, 201, ids=B, raw=json.dumps(records).encode(), content_type="application/json")
    c.call("post", I, 422, ids=B, raw=json.dumps([{**records[0], "amount": 52.5}]).encode(),
           content_type="application/json")

    # ---- bank files: staged, reviewed, committed, found again, discarded and undone
    staged = c.call("post", I, 201, ids=B, query={"account": "Checking"}, raw=BANK_OFX,
                    content_type="application/octet-stream", must=True).json()
    SI = I + "/{id}"
    SID = {**B, "id": staged["id"]}
    c.call("get", I, 200, ids=B)
    c.call("get", I, 404, ids=NOBOOK)
    c.call("get", SI, 200, ids=SID)
    c.call("get", SI, 404, ids={**B, "id": MISSING})
    ROW = SI + "/rows/{row}"
    c.call("patch", ROW, 200, ids={**SID, "row": 2}, body={"action": "skip"})
    c.call("patch", ROW, 200, ids={**SID, "row": 1}, body={"category": "Eating:Coffee", "note": "flat white"})
    c.call("patch", ROW, 422, ids={**SID, "row": 1}, body={"action": "maybe"})
    c.call("patch", ROW, 422, ids={**SID, "row": 1}, body={"category": "No such category"})
    c.call("patch", ROW, 400, ids={**SID, "row": 1}, body={"colour": "red"})
    c.call("patch", ROW, 404, ids={**SID, "row": 99}, body={"note": "x"})
    c.call("patch", ROW, 404, ids={**B, "id": MISSING, "row": 1}, body={"note": "x"})
    CM = SI + "/commit"
    c.call("post", CM, 404, ids={**B, "id": MISSING})
    c.call("post", CM, 200, ids=SID, must=True)
    c.call("post", CM, 409, ids=SID)
    c.call("patch", ROW, 409, ids={**SID, "row": 1}, body={"note": "late"})
    again = c.call("post", I, 201, ids=B, raw=BANK_OFX, content_type="application/octet-stream", must=True).json()
    if [row["status"] for row in again["rows"]] != ["imported", "new"]:
        c.fail(f"the same OFX again: {[row['status'] for row in again['rows']]}, not ['imported', 'new']")
    qif = b"!Type:Bank\nD03/04/2026\nT-12.50\nPCorner Shop\n^\n"
    body, multipart_type = multipart("file", "cash.qif", "application/octet-stream", qif,
                                     fields={"account": "Cash", "date_order": "DMY"})
    c.call("post", I, 201, ids=B, raw=body, content_type=multipart_type)
    c.call("post", I, 422, ids=B, query={"format": "qif"}, raw=qif.replace(b"12.50", b"12.345"),
           content_type="application/octet-stream")
    c.call("post", I, 422, ids=B, query={"format": "qif", "date_order": "YMD"}, raw=qif, content_type="application/octet-stream")
    c.call("post", I, 422, ids=B, query={"format": "xls"}, raw=BANK_OFX, content_type="application/octet-stream")
    c.call("post", I, 422, ids=B, raw=BANK_CSV, content_type="text/csv")  # no mapping: proposed_mapping
    c.call("post", I, 413, ids=B, raw=b"OFXHEADER:100\n" + b" " * (20 * 1024 * 1024), content_type="application/octet-stream")
    c.call("delete", SI, 200, ids={**B, "id": again["id"]})  # a staged one is discarded
    c.call("delete", SI, 409, ids={**B, "id": again["id"]})
    c.call("delete", SI, 404, ids={**B, "id": MISSING})

    # ---- CSV presets, and a bank CSV through one
    PR = "/api/v1/books/{book}/import-presets"
    mapping = {"date": "Date", "amount": "Amount", "payee": "Description"}
    preset = c.call("post", PR, 201, ids=B, body={"name": "My bank", "mapping": mapping, "header": "Date,Description,Amount"},
                    must=True).json()
    c.call("post", PR, 422, ids=B, body={"name": "Bad", "mapping": {"amount": "Amount"}})
    c.call("post", PR, 422, ids=B, body={"name": "", "mapping": mapping})
    c.call("post", PR, 400, ids=B, body={"name": "Bad", "colour": "red"})
    c.call("get", PR, 200, ids=B)
    c.call("get", PR, 404, ids=NOBOOK)
    by_preset = c.call("post", I, 201, ids=B, query={"preset": "my bank", "account": "Checking"}, raw=BANK_CSV,
                       content_type="text/csv", must=True).json()
    c.call("post", I, 201, ids=B, query={"mapping": json.dumps(mapping), "account": "Checking"}, raw=BANK_CSV, content_type="text/csv")
    c.call("post", I, 422, ids=B, query={"preset": "Nope"}, raw=BANK_CSV, content_type="text/csv")
    c.call("post", I, 422, ids=B, query={"mapping": '{"date":"Date"}'}, raw=BANK_CSV, content_type="text/csv")
    c.call("delete", SI, 200, ids={**B, "id": by_preset["id"]})
    PRI = PR + "/{id}"
    c.call("delete", PRI, 204, ids={**B, "id": preset["id"]})
    c.call("delete", PRI, 404, ids={**B, "id": preset["id"]})

    # ---- rules: add, preview, apply, undo the run; a new record is filled
    RU = "/api/v1/books/{book}/rules"
    rule = c.call("post", RU, 201, ids=B, body={"payee_contains": "bottle", "set_note": "coffee run"}, must=True).json()
    c.call("post", RU, 201, ids=B, body={"payee_is": "Nowhere Shop", "amount_min": "1.00", "set_category": food["id"], "position": 1})
    c.call("post", RU, 422, ids=B, body={"set_category": "Eating"})
    c.call("post", RU, 422, ids=B, body={"payee_is": "x", "set_category": "No such category"})
    c.call("post", RU, 422, ids=B, body={"payee_is": "x", "set_note": "y", "amount_is": 4.5})
    c.call("post", RU, 400, ids=B, body={"payee_is": "x", "colour": "red"})
    c.call("get", RU, 200, ids=B)
    c.call("get", RU, 404, ids=NOBOOK)
    AP = RU + "/{id}/apply"
    RID = {**B, "id": rule["id"]}
    preview = c.call("post", AP, 200, ids=RID, query={"dry_run": "true"}, must=True).json()
    c.call("post", AP, 422, ids=RID, query={"dry_run": "maybe"})
    c.call("post", AP, 404, ids={**B, "id": MISSING})
    run = c.call("post", AP, 200, ids=RID, must=True).json()
    if run.get("count") != preview.get("count") or "run" in preview:
        c.fail(f"a rule's preview {preview} and its run {run} disagree")
    RR = "/api/v1/books/{book}/rule-runs/{id}"
    c.call("delete", RR, 200, ids={**B, "id": run["run"]})
    c.call("delete", RR, 404, ids={**B, "id": run["run"]})
    filled = c.call("post", T, 201, ids=B, body={"amount": "2.00", "payee": "Blue Bottle Kiosk", "category": "Eating"}, must=True).json()
    if filled.get("note") != "coffee run":
        c.fail(f"the rule did not fill the note of a new record: {filled}")

    # ---- a viewer reads imports, presets and rules, and changes none of them
    viewer_link = c.call("post", "/api/v1/books/{book}/invitations", 201, ids=B, body={"role": "viewer"}, must=True).json()
    c.call("post", "/api/v1/users", 201, body={"email": "ida@example.com", "password": PASSWORD, "invitation": viewer_link["token"]},
           must=True)
    ida = c.call("post", "/api/v1/tokens", 201, body={"email": "ida@example.com", "password": PASSWORD}, must=True).json()["token"]
    c.call("get", I, 200, ids=B, auth=ida)
    c.call("get", SI, 200, ids=SID, auth=ida)
    c.call("get", PR, 200, ids=B, auth=ida)
    c.call("get", RU, 200, ids=B, auth=ida)
    c.call("post", I, 403, ids=B, raw=BANK_OFX, content_type="application/octet-stream", auth=ida)
    c.call("patch", ROW, 403, ids={**SID, "row": 1}, body={"note": "x"}, auth=ida)
    c.call("post", CM, 403, ids=SID, auth=ida)
    c.call("delete", SI, 403, ids=SID, auth=ida)
    c.call("post", PR, 403, ids=B, body={"name": "Mine", "mapping": mapping}, auth=ida)
    c.call("delete", PRI, 403, ids={**B, "id": MISSING}, auth=ida)
    c.call("post", RU, 403, ids=B, body={"payee_is": "x", "set_note": "y"}, auth=ida)
    c.call("post", AP, 403, ids=RID, query={"dry_run": "true"}, auth=ida)
    c.call("delete", RR, 403, ids={**B, "id": MISSING}, auth=ida)
    RUI = RU + "/{id}"
    c.call("delete", RUI, 403, ids=RID, auth=ida)
    c.call("delete", RUI, 204, ids=RID)
    c.call("delete", RUI, 404, ids=RID)
    # Undoing the first import: its record was not edited since, so it goes.
    undone = c.call("delete", SI, 200, ids=SID, must=True).json()
    if undone != {"removed": 1, "kept": [], "restored": 0}:
        c.fail(f"undoing the bank import: {undone}")

    # ---- tags: on records (in any case, several in one item), listed with counts, renamed onto
    # another (a merge), refused when not one word, deleted
    TX = "/api/v1/books/{book}/transactions"
    tagged = c.call("post", TX, 201, ids=B, must=True, body={
        "amount": "12.00", "payee": "Tagged", "category": "Food", "date": first, "tags": ["japan-2026, Trip", "#trip"]}).json()
    if tagged["tags"] != ["japan-2026", "Trip"]:
        c.fail(f"a record's tags: {tagged['tags']}")
    c.call("post", TX, 422, ids=B, body={"amount": "1", "payee": "Bad tag", "tags": ["no;semicolons"]})
    c.call("patch", TX + "/{id}", 200, ids={**B, "id": tagged["id"]}, body={"tags": ["japan-2026", "reimbursable", "spare"]})
    listed = {t["name"]: t for t in c.call("get", "/api/v1/books/{book}/tags", 200, ids=B, must=True).json()}
    c.call("get", "/api/v1/books/{book}/tags", 200, ids=B, query={"prefix": "JAP", "limit": "5"})
    c.call("get", "/api/v1/books/{book}/tags", 422, ids=B, query={"limit": "0"})
    TG = "/api/v1/books/{book}/tags/{id}"
    merged = c.call("patch", TG, 200, ids={**B, "id": listed["reimbursable"]["id"]}, body={"name": "Japan-2026"}, must=True).json()
    if merged["count"] != 1 or merged["name"] != "Japan-2026":
        c.fail(f"a merged tag: {merged}")
    c.call("patch", TG, 422, ids={**B, "id": merged["id"]}, body={"name": "two words"})
    c.call("patch", TG, 404, ids={**B, "id": MISSING}, body={"name": "x"})
    c.call("delete", TG, 204, ids={**B, "id": listed["spare"]["id"]})
    c.call("get", TX, 200, ids=B, query={"tag": "japan-2026"})
    c.call("get", "/api/v1/books/{book}/reports/summary", 200, ids=B, query={"by": "tag", "tag": "japan-2026"})

    # ---- exchange rates: set, replace, list, delete, import; the records in EUR and JPY get a
    # base amount, the KWD ones stay unconverted (the reports below list them)
    RT = "/api/v1/books/{book}/rates"
    rate = {"date": first, "currency": "EUR", "rate": "1.0856"}
    eur = c.call("post", RT, 201, ids=B, body=rate, must=True).json()
    again = c.call("post", RT, 201, ids=B, body={**rate, "rate": "1.08560"}, must=True).json()  # that day's, replaced
    assert again["rate"] == eur["rate"] and again["written"] == 1 and "rate" in eur, (eur, again)
    c.call("post", RT, 201, ids=B, body={"date": "1900-01-01", "currency": "jpy", "rate": "0.00634"})
    c.call("post", RT, 422, ids=B, body={**rate, "rate": "-1.08"})
    c.call("post", RT, 422, ids=B, body={**rate, "rate": "0"})
    c.call("post", RT, 422, ids=B, body={**rate, "rate": "1.0000000000001"})  # 13 decimal places
    c.call("post", RT, 422, ids=B, body={**rate, "rate": "1234567890123456"})  # 16 digits
    c.call("post", RT, 422, ids=B, body={**rate, "rate": 1.0856})
    c.call("post", RT, 422, ids=B, body={**rate, "currency": "USD"})  # the book's own
    c.call("post", RT, 422, ids=B, body={**rate, "currency": "Euro"})
    c.call("post", RT, 422, ids=B, body={**rate, "date": "2026-02-30"})
    c.call("post", RT, 422, ids=B, body={"currency": "EUR", "rate": "1"})
    c.call("post", RT, 400, ids=B, body={**rate, "source": "ecb"})
    c.call("post", RT, 404, ids=NOBOOK, body=rate)
    listed = c.call("get", RT, 200, ids=B, must=True).json()
    assert [r["currency"] for r in listed] == ["EUR", "JPY"] and listed[0]["rate"] == "1.0856", listed
    c.call("get", RT, 200, ids=B, query={"currency": "eur", "limit": 1})
    c.call("get", RT, 200, ids=B, query={"currency": "CHF"})  # none
    c.call("get", RT, 422, ids=B, query={"currency": "Euro"})
    c.call("get", RT, 422, ids=B, query={"limit": 0})
    c.call("get", RT, 422, ids=B, query={"limit": 1001})
    c.call("get", RT, 404, ids=NOBOOK)
    converted = c.call("get", T, 200, ids=B, query={"q": "time out"}, must=True).json()["transactions"]
    assert converted and all(r["base_amount"] for r in converted), converted  # EUR records, now converted
    RTI = RT + "/{id}"
    spare_rate = c.call("post", RT, 201, ids=B, body={"date": first, "currency": "GBP", "rate": "1.27"}, must=True).json()["rate"]
    gone_rate = c.call("delete", RTI, 200, ids={**B, "id": spare_rate["id"]}, must=True).json()
    assert "rate" not in gone_rate and gone_rate["written"] == 0, gone_rate
    c.call("delete", RTI, 404, ids={**B, "id": spare_rate["id"]})
    c.call("delete", RTI, 404, ids={**NOBOOK, "id": eur["rate"]["id"]})
    RTM = RT + "/import"
    ecb = f"Date,USD,JPY,CYP,GBP,\n{today.isoformat()},1.0856,162.88,N/A,0.8412,\n{first},1.0801,161.5,N/A,N/A,\n".encode()
    imported = c.call("post", RTM, 200, ids=B, raw=ecb, content_type="text/csv", must=True).json()
    assert imported["skipped"] == ["CYP"] and "rate" not in imported, imported
    c.call("post", RTM, 200, ids=B, raw=f"date,currency,rate\n{first},CHF,1.13\n{first},CHF,1.14\n".encode(), content_type="text/csv")
    c.call("post", RTM, 422, ids=B, raw=b"date,currency,rate\n2026-03-01,EUR,abc\n", content_type="text/csv")
    c.call("post", RTM, 422, ids=B, raw=b"date,currency,rate\n2026-03-01,USD,1\n", content_type="text/csv")
    c.call("post", RTM, 422, ids=B, raw=b"Date,JPY,\n2026-03-01,160,\n", content_type="text/csv")  # no USD column
    c.call("post", RTM, 422, ids=B, raw=b"when,currency,rate\n2026-03-01,EUR,1\n", content_type="text/csv")  # the heading
    c.call("post", RTM, 422, ids=B, raw=b"date,currency,rate\n", content_type="text/csv")
    c.call("post", RTM, 422, ids=B, raw=b"", content_type="text/csv")
    c.call("post", RTM, 413, ids=B, raw=b"date,currency,rate\n" + b" " * (16 * 1024 * 1024), content_type="text/csv")
    c.call("post", RTM, 404, ids=NOBOOK, raw=ecb, content_type="text/csv")

    # ---- reports
    S = "/api/v1/books/{book}/reports/summary"
    TR = "/api/v1/books/{book}/reports/trend"
    CF = "/api/v1/books/{book}/reports/cashflow"
    span = {"from": first, "to": today.isoformat()}
    for by in ("category", "subcategory", "payee", "account"):
        c.call("get", S, 200, ids=B, query={**span, "by": by, "kind": "both"})
        c.call("get", TR, 200, ids=B, query={**span, "by": by, "kind": "both", "interval": "month"})
    c.call("get", S, 200, ids=B, query={"from": "1900-01-01", "to": "2199-12-31", "kind": "income"})
    c.call("get", TR, 200, ids=B, query={"from": "1900-01-01", "to": "2199-12-31", "interval": "year"})
    c.call("get", CF, 200, ids=B, query={"from": "1900-01-01", "to": "2199-12-31", "interval": "year"})
    c.call("get", S, 200, ids=B)
    c.call("get", S, 200, ids=B, query={**span, "format": "csv"})
    c.call("get", S, 200, ids=B, query={**span, "format": "pdf"})
    c.call("get", S, 422, ids=B, query={"by": "colour"})
    c.call("get", S, 422, ids=B, query={"from": "2026-03-02", "to": "2026-03-01"})
    c.call("get", S, 404, ids=NOBOOK)
    c.call("get", TR, 200, ids=B, query={**span, "by": "category", "interval": "week"})
    c.call("get", TR, 200, ids=B, query={**span, "kind": "both", "interval": "day"})
    c.call("get", TR, 200, ids=B, query={**span, "by": "payee", "format": "csv"})
    c.call("get", TR, 200, ids=B, query={"format": "csv", "kind": "income"})  # per kind, still named by-category
    c.call("get", CF, 200, ids=B, query={**span, "by": "payee", "kind": "both"})  # read, not used
    c.call("get", CF, 422, ids=B, query={"by": "colour"})
    c.call("get", TR, 422, ids=B, query={"from": "1900-01-01", "to": "2199-12-31", "interval": "day"})
    c.call("get", TR, 422, ids=B, query={"format": "pdf"})
    c.call("get", TR, 404, ids=NOBOOK)
    c.call("get", CF, 200, ids=B, query={**span, "interval": "month"})
    c.call("get", CF, 200, ids=B, query={**span, "interval": "year"})
    c.call("get", CF, 422, ids=B, query={"interval": "fortnight"})
    c.call("get", CF, 404, ids=NOBOOK)
    BAL = "/api/v1/books/{book}/reports/balances"
    balances = c.call("get", BAL, 200, ids=B, must=True).json()  # the last twelve months by month
    assert len(balances["periods"]) == 12 and balances["periods"][-1]["end"] == today.isoformat(), balances
    c.call("get", BAL, 200, ids=B, query={**span, "interval": "week"})
    c.call("get", BAL, 200, ids=B, query={**span, "interval": "day"})
    c.call("get", BAL, 200, ids=B, query={"from": "1900-01-01", "to": "1900-01-01", "interval": ""})
    c.call("get", BAL, 422, ids=B, query={"interval": "year"})
    c.call("get", BAL, 422, ids=B, query={"from": "2026-03-02", "to": "2026-03-01"})
    c.call("get", BAL, 422, ids=B, query={"from": "1900-01-01", "to": "2199-12-31"})
    c.call("get", BAL, 404, ids=NOBOOK)

    # ---- budgets
    BU = "/api/v1/books/{book}/budgets"
    c.call("get", BU, 200, ids=B)
    c.call("get", BU, 404, ids=NOBOOK)
    weekly = c.call("post", BU, 201, ids=B, must=True, body={
        "name": "Allowance", "limit": "100.00", "cycle": "weekly", "week_start": "monday",
        "start": (today - timedelta(days=20)).isoformat(), "mode": "spender", "categories": [food["id"]], "accounts": ["Visa"]}).json()
    monthly = c.call("post", BU, 201, ids=B, must=True, body={
        "name": "Everyday", "limit": "600", "cycle": "monthly", "day_of_month": "31", "categories": None, "main": True}).json()
    tight = c.call("post", BU, 201, ids=B, must=True, body={
        "name": "Tight", "limit": "10", "cycle": "weekly", "mode": "spender", "start": (today - timedelta(days=14)).isoformat()}).json()
    c.call("get", BU + "/{id}/status", 200, ids={**B, "id": tight["id"]})
    c.call("get", BU + "/{id}/history", 200, ids={**B, "id": tight["id"]}, query={"limit": 500})
    spare_budget = c.call("post", BU, 201, ids=B, must=True, body={"name": "Spare", "limit": "1", "cycle": "daily"}).json()
    c.call("post", BU, 422, ids=B, body={"name": "Bad", "limit": 100})
    c.call("post", BU, 422, ids=B, body={"name": "Bad", "limit": "100", "cycle": "hourly"})
    c.call("post", BU, 400, ids=B, body={"name": "Bad", "limit": "100", "period": "weekly"})
    BI = BU + "/{id}"
    c.call("get", BI, 200, ids={**B, "id": weekly["id"]})
    c.call("get", BI, 404, ids={**B, "id": MISSING})
    c.call("patch", BI, 200, ids={**B, "id": weekly["id"]}, body={"limit": "120.00", "accounts": []})
    c.call("patch", BI, 422, ids={**B, "id": weekly["id"]}, body={"day_of_month": 32})
    c.call("patch", BI, 404, ids={**B, "id": MISSING}, body={"name": "x"})
    for budget in (weekly, monthly):
        c.call("get", BI + "/status", 200, ids={**B, "id": budget["id"]})
        c.call("get", BI + "/status", 200, ids={**B, "id": budget["id"]}, query={"date": (today - timedelta(days=8)).isoformat()})
        c.call("get", BI + "/history", 200, ids={**B, "id": budget["id"]}, query={"through": today.isoformat(), "limit": 3})
    c.call("get", BI + "/status", 422, ids={**B, "id": weekly["id"]}, query={"date": "tomorrow"})
    c.call("get", BI + "/status", 404, ids={**B, "id": MISSING})
    c.call("get", BI + "/history", 422, ids={**B, "id": weekly["id"]}, query={"limit": 501})
    c.call("get", BI + "/history", 404, ids={**B, "id": MISSING})
    c.call("get", BI + "/status", 200, ids={**B, "id": spare_budget["id"]})  # over
    c.call("delete", BI, 204, ids={**B, "id": spare_budget["id"]})
    c.call("delete", BI, 404, ids={**B, "id": spare_budget["id"]})

    # ---- goals, contributions, photo
    G = "/api/v1/books/{book}/goals"
    c.call("get", G, 200, ids=B)
    c.call("get", G, 404, ids=NOBOOK)
    bike = c.call("post", G, 201, ids=B, must=True, body={
        "name": "Bike", "price": "1000.00", "saved": "100.00", "income": "2000.00", "cycle": "monthly", "percent": 10,
        "account": savings["id"]}).json()
    trip = c.call("post", G, 201, ids=B, must=True, body={
        "name": "Trip", "price": "1200.00", "income": "2000.00", "target_date": (today + timedelta(days=200)).isoformat()}).json()
    c.call("post", G, 201, ids=B, must=True, body={"name": "Someday", "price": "50", "saved": "50", "income": "10"})  # reached
    c.call("post", G, 201, ids=B, body={"name": "Overdone", "price": "10", "saved": "15", "income": "10", "cycle": "weekly"})
    c.call("post", G, 201, ids=B, body={"name": "Out of reach", "price": "100000", "income": "10", "target_date": (today + timedelta(days=40)).isoformat()})
    c.call("post", G, 201, ids=B, body={"name": "Centuries", "price": "9999999999.99", "income": "0.01", "percent": 1, "cycle": "yearly"})
    spare_goal = c.call("post", G, 201, ids=B, must=True, body={"name": "Spare", "price": "10", "target_date": "2199-12-31"}).json()
    c.call("post", G, 422, ids=B, body={"name": "Both", "price": "10", "percent": 10, "target_date": "2199-01-01"})
    c.call("post", G, 422, ids=B, body={"name": "Numbers", "price": 10})
    c.call("post", G, 400, ids=B, body={"name": "X", "price": "10", "cost": "10"})
    c.call("get", G, 200, ids=B, query={"date": "2030-01-01"})
    c.call("get", G, 422, ids=B, query={"date": "2030-13-01"})
    GI = G + "/{id}"
    c.call("get", GI, 200, ids={**B, "id": bike["id"]})
    c.call("get", GI, 200, ids={**B, "id": trip["id"]})
    c.call("get", GI, 404, ids={**B, "id": MISSING})
    c.call("patch", GI, 200, ids={**B, "id": trip["id"]}, body={"income": "", "saved": "10.00"})
    c.call("patch", GI, 422, ids={**B, "id": trip["id"]}, body={"percent": 101})
    c.call("patch", GI, 404, ids={**B, "id": MISSING}, body={"name": "x"})
    GC = GI + "/contributions"
    gid = {**B, "id": bike["id"]}
    contribution = c.call("post", GC, 201, ids=gid, must=True, body={
        "amount": "50.00", "date": today.isoformat(), "note": "birthday", "from_account": card["id"]}).json()
    c.call("post", GC, 201, ids=gid, body={"amount": "25"})
    c.call("post", GC, 422, ids=gid, body={"amount": "-5"})
    c.call("post", GC, 404, ids={**B, "id": MISSING}, body={"amount": "5"})
    c.call("get", GC, 200, ids=gid)
    c.call("get", GC, 404, ids={**B, "id": MISSING})
    GCI = GC + "/{contribution}"
    c.call("delete", GCI, 204, ids={**gid, "contribution": contribution["id"]})
    c.call("delete", GCI, 404, ids={**gid, "contribution": contribution["id"]})
    GP = GI + "/photo"
    c.call("get", GP, 404, ids=gid)
    c.call("put", GP, 204, ids=gid, raw=png, content_type="image/png")
    c.call("put", GP, 422, ids=gid, raw=b"GIF89a not a photo we take", content_type="application/octet-stream")
    c.call("put", GP, 404, ids={**B, "id": MISSING}, raw=png, content_type="image/png")
    c.call("put", GP, 413, ids=gid, raw=over_10_mb, content_type="image/png")  # just over 10 MB: a 413 naming photo
    c.call("put", GP, 422, ids=gid, raw=tiny_png(1, 20001), content_type="image/png")  # a side over 20,000 pixels
    c.call("get", GP, 200, ids=gid)
    c.call("get", GI, 200, ids=gid)  # now with `photo`
    c.call("get", G, 200, ids=B)
    c.call("delete", GP, 204, ids=gid)
    c.call("delete", GP, 404, ids={**B, "id": MISSING})
    c.call("delete", GI, 204, ids={**B, "id": spare_goal["id"]})
    c.call("delete", GI, 404, ids={**B, "id": spare_goal["id"]})

    # ---- bills, occurrences, payments
    BL = "/api/v1/books/{book}/bills"
    defaults = c.call("get", BL, 200, ids=B, must=True).json()
    c.call("get", BL, 404, ids=NOBOOK)
    phone = c.call("post", BL, 201, ids=B, must=True, body={
        "title": "Phone", "amount": "45.00", "cycle": "monthly", "due_day": 28, "first_due": (today - timedelta(days=40)).isoformat(),
        "account": "Visa", "category": "Eating", "url": "example.com/pay", "remind_days": 2, "note": "contract"}).json()
    power = c.call("post", BL, 201, ids=B, must=True, body={
        "title": "Power", "amount": "varies", "cycle": "every_n_months", "every_months": "3", "first_due": first}).json()
    c.call("post", BL, 201, ids=B, body={"title": "Gym weekly", "amount": "10", "cycle": "weekly"})
    c.call("post", BL, 201, ids=B, body={"title": "Domain", "amount": "12", "cycle": "yearly", "first_due": "2024-02-29"})
    c.call("post", BL, 201, ids=B, body={"title": "Free trial", "amount": "0", "first_due": (today - timedelta(days=3)).isoformat(), "remind_days": 0})
    c.call("post", BL, 422, ids=B, body={"title": "Bad", "url": "ftp://example.com"})
    c.call("post", BL, 422, ids=B, body={"title": "Bad", "remind_days": 61})
    c.call("post", BL, 400, ids=B, body={"title": "Bad", "due": "2026-01-01"})
    BLI = BL + "/{id}"
    pid = {**B, "id": phone["id"]}
    c.call("get", BLI, 200, ids=pid)
    c.call("get", BLI, 200, ids={**B, "id": power["id"]})
    c.call("get", BLI, 404, ids={**B, "id": MISSING})
    c.call("patch", BLI, 200, ids=pid, body={"note": "new contract", "url": None})
    c.call("patch", BLI, 422, ids=pid, body={"due_day": 0})
    c.call("patch", BLI, 404, ids={**B, "id": MISSING}, body={"note": "x"})
    O = BLI + "/occurrences"
    occurrences = c.call("get", O, 200, ids=pid, query={"from": (today - timedelta(days=60)).isoformat(),
                                                         "to": (today + timedelta(days=60)).isoformat()}, must=True).json()
    c.call("get", O, 200, ids=pid)
    c.call("get", O, 422, ids=pid, query={"from": "2026-01-01", "to": "2030-01-01"})
    c.call("get", O, 404, ids={**B, "id": MISSING})
    due = [o["due_date"] for o in occurrences]
    assert len(due) >= 3, occurrences
    P = O + "/{due}/pay"
    c.call("post", P, 201, ids={**pid, "due": due[0]}, body={"paid_on": due[0]})
    c.call("post", P, 201, ids={**pid, "due": due[1]}, raw=b"", content_type="application/json")
    c.call("post", P, 409, ids={**pid, "due": due[0]}, body={"paid_on": due[0]})
    c.call("post", P, 404, ids={**pid, "due": "2001-01-02"})
    c.call("post", P, 422, ids={**pid, "due": "soon"})
    c.call("post", P, 422, ids={**pid, "due": due[2]}, body={"amount": "-1"})
    c.call("post", P, 201, ids={**pid, "due": due[2]})  # no body at all: the bill's amount, today
    c.call("post", P, 400, ids={**pid, "due": due[-1]}, body={"paid": True})
    c.call("post", P, 413, ids={**pid, "due": due[-1]}, raw=b" " * (64 * 1024 + 1), content_type="application/json")
    c.call("get", O, 200, ids=pid, query={"from": (today - timedelta(days=60)).isoformat()})  # with paid ones
    power_due = c.call("get", O, 200, ids={**B, "id": power["id"]}, must=True).json()
    c.call("post", P, 422, ids={**B, "id": power["id"], "due": power_due[0]["due_date"]})  # the amount varies
    c.call("post", P, 201, ids={**B, "id": power["id"], "due": power_due[0]["due_date"]}, body={"amount": "61.20"})
    c.call("get", O, 200, ids={**B, "id": power["id"]})
    c.call("delete", P, 204, ids={**pid, "due": due[1]})
    c.call("delete", P, 404, ids={**pid, "due": due[1]})
    c.call("delete", P, 422, ids={**pid, "due": "soon"})
    c.call("delete", BLI, 204, ids={**B, "id": defaults[0]["id"]})
    c.call("delete", BLI, 404, ids={**B, "id": defaults[0]["id"]})

    # ---- today
    c.call("get", "/api/v1/books/{book}/today", 200, ids=B)
    c.call("get", "/api/v1/books/{book}/today", 404, ids=NOBOOK)

    # ---- deleting what is in use, and what is not
    c.call("delete", "/api/v1/books/{book}/accounts/{id}", 409, ids={**B, "id": card["id"]})
    c.call("delete", "/api/v1/books/{book}/categories/{id}", 422, ids={**B, "id": coffee["id"]})
    c.call("delete", "/api/v1/books/{book}/categories/{id}", 204, ids={**B, "id": coffee["id"]}, query={"move_to": "Eating"})
    c.call("delete", "/api/v1/books/{book}/categories/{id}", 404, ids={**B, "id": coffee["id"]})
    c.call("delete", "/api/v1/books/{book}/budgets/{id}", 204, ids={**B, "id": monthly["id"]})

    # ---- every list again, now that the book has everything
    for path in ("categories", "accounts", "budgets", "goals", "bills", "payees", "today", "calendar", "transactions"):
        c.call("get", "/api/v1/books/{book}/" + path, 200, ids=B)
    c.call("get", "/api/v1/books/{book}/calendar", 200, ids=B, query={"month": "2199-12"})
    c.call("get", "/api/v1/books/{book}/transactions", 200, ids=B, query={"from": "1900-01-01", "to": "2199-12-31", "limit": 500})
    c.call("get", "/api/v1/books/{book}/goals/{id}/contributions", 200, ids=gid)

    # ---- the calendar feed
    made = c.call("get", "/api/v1/calendar-feed", 200, must=True).json()
    c.call("get", "/api/v1/calendar-feed", 200)
    feed = "/calendar/{token}.ics"
    old = re.search(r"/calendar/([0-9a-f]{64})\.ics$", made["url"] or "")
    assert old, made
    c.call("get", feed, 200, ids={"token": old.group(1)}, auth=False)
    rotated = c.call("post", "/api/v1/calendar-feed/rotate", 200, must=True).json()
    c.call("get", feed, 404, ids={"token": old.group(1)}, auth=False)
    new = re.search(r"/calendar/([0-9a-f]{64})\.ics$", rotated["url"] or "")
    assert new, rotated
    c.call("get", feed, 200, ids={"token": new.group(1)}, auth=False)

    # ---- the browser session: the cookie, and the CSRF token with every unsafe request
    cookie, csrf = sign_in_with_a_browser_session(c)
    c.call("get", "/api/v1/books", 200, auth=False, headers={"Cookie": cookie})
    c.call("post", "/api/v1/books/{book}/categories", 201, ids=B, body={"name": "Session"}, auth=False,
           headers={"Cookie": cookie, "X-CSRF-Token": csrf})
    c.call("post", "/api/v1/books/{book}/categories", 403, ids=B, body={"name": "Forged"}, auth=False,
           headers={"Cookie": cookie, "X-CSRF-Token": "0" * 64})
    every_unsafe_operation_without_csrf(c, book, cookie)

    # ---- every operation with an unknown token, a bad id, an empty body
    live = {"book": book, "transactions": coffee_record["id"], "receipts": receipt["id"], "categories": food["id"],
            "accounts": savings["id"], "budgets": weekly["id"], "goals": bike["id"], "bills": phone["id"],
            "tokens": token["id"], "due": due[0], "user": me, "invitations": by_email["id"], "rates": eur["rate"]["id"],
            "tags": merged["id"]}
    every_operation_with_an_unknown_token(c, live)
    every_operation_with_a_bad_id(c, live)
    every_json_operation_with_an_empty_body(c, live)

    # ---- the API token is revoked by DELETE /tokens/{id}: the last call
    c.call("delete", "/api/v1/tokens/{id}", 204, ids={"id": token["id"]})
    c.call("get", "/api/v1/books", 401)
    return {"book": book}


def totp(secret, at=None):
    """RFC 6238 (SHA-1, 6 digits, 30 s), written from the RFC apart from the server's."""
    key = base64.b32decode(secret + "=" * (-len(secret) % 8))
    mac = hmac.new(key, struct.pack(">Q", int((at or time.time()) // 30)), hashlib.sha1).digest()
    offset = mac[-1] & 15
    return f"{(struct.unpack('>I', mac[offset:offset + 4])[0] & 0x7FFFFFFF) % 1_000_000:06d}"


def path_ids(path, live, bad=None):
    """Fills every path parameter: `bad` for all of them when given, else a live id of the right kind."""
    ids = {}
    segments = path.strip("/").split("/")
    for index, segment in enumerate(segments):
        match = re.fullmatch(r"{(\w+)}(\.ics)?", segment)
        if not match:
            continue
        name = match.group(1)
        if bad is not None:
            ids[name] = bad
        elif name == "id":
            ids[name] = live.get(segments[index - 1], 1)  # the collection before it: transactions, goals…
        elif name == "token":
            ids[name] = live.get(name, "0" * 64)
        else:
            ids[name] = live.get(name, 1)
    return ids


def every_operation_with_an_unknown_token(c: Client, live):
    """An unknown or revoked bearer token is a 401 on every route, also the ones that need no sign-in."""
    for method, path, operation in operations():
        c.call(method, path, 401, ids=path_ids(path, live), auth="tly_" + "0" * 48)


def every_operation_with_a_bad_id(c: Client, live):
    """A path id that is not a positive integer is a 404 (a due date that is not a date: a 422)."""
    for method, path, operation in operations():
        names = re.findall(r"{(\w+)}", path)
        if not names or path.startswith("/calendar/"):
            continue
        for bad in ("abc", "0", "-1", "1.5", "99999999999999999999"):
            ids = {name: ("2026-01-01" if name == "due" else bad) for name in names}
            c.call(method, path, 404, ids=ids)
        if "due" in names:
            c.call(method, path, 422, ids={**path_ids(path, live), "due": "2026-02-30"})


def every_json_operation_with_an_empty_body(c: Client, live):
    """An empty body where a JSON object is read is a 400 (paying a bill needs none). An import's
    body is a file (Tally's CSV or its JSON array): an empty one is a 422 naming `file`."""
    for method, path, operation in operations():
        content = operation.get("requestBody", {}).get("content", {})
        if "application/json" not in content or path.endswith("/pay"):
            continue
        status = 422 if path.endswith("/imports") else 400
        c.call(method, path, status, ids=path_ids(path, live), raw=b"", content_type="application/json")


def every_operation_without_credentials(c: Client, book):
    """Every operation that needs a sign-in, called without one: a documented 401."""
    for method, path, operation in operations():
        security = operation.get("security", DOCUMENT.get("security"))
        if not security or {} in security:
            continue
        ids = {name: (book if name == "book" else "2026-01-01" if name == "due" else 1)
               for name in re.findall(r"{(\w+)}", path)}
        body = {} if "requestBody" in operation else None
        media = next(iter(operation.get("requestBody", {}).get("content", {"application/json": None})))
        raw = None if media == "application/json" or body is None else b"x"
        c.call(method, path, 401, ids=ids, body=body if raw is None else None, raw=raw,
               content_type=media if raw is not None else None, auth=False)


def sign_in_with_a_browser_session(c: Client) -> tuple:
    """Signs in through the login form as a browser does: (Cookie header, CSRF token of the session)."""
    import http.cookiejar
    jar = http.cookiejar.CookieJar()
    browser = urllib.request.build_opener(NoRedirect, urllib.request.HTTPCookieProcessor(jar))
    with browser.open(c.base_url + "/login", timeout=30) as response:
        form_token = re.search(r'name="_csrf" value="([0-9a-f]+)"', response.read().decode()).group(1)
    form = urllib.parse.urlencode({"_csrf": form_token, "next": "/", "email": EMAIL, "password": PASSWORD}).encode()
    try:
        browser.open(urllib.request.Request(c.base_url + "/login", data=form, method="POST"), timeout=30)
    except urllib.error.HTTPError as error:
        assert error.code in (302, 303), f"POST /login answered {error.code}"
    with browser.open(c.base_url + "/settings", timeout=30) as response:
        page_token = re.search(r'<meta name="csrf-token" content="([0-9a-f]+)"', response.read().decode()).group(1)
    session_name = DOCUMENT["components"]["securitySchemes"]["sessionCookie"]["name"]
    names = {cookie.name for cookie in jar}
    if session_name not in names:
        c.fail(f"signing in set the cookies {sorted(names)}, not the documented session cookie {session_name!r}")
    return "; ".join(f"{cookie.name}={cookie.value}" for cookie in jar), page_token


def every_unsafe_operation_without_csrf(c: Client, book, cookie):
    """Every unsafe operation that takes the session cookie, sent with it but without the CSRF token: 403."""
    for method, path, operation in operations():
        security = operation.get("security", DOCUMENT.get("security"))
        if method in ("get", "head") or not any("sessionCookie" in s for s in security):
            continue
        ids = {name: (book if name == "book" else "2026-01-01" if name == "due" else 1)
               for name in re.findall(r"{(\w+)}", path)}
        c.call(method, path, 403, ids=ids, auth=False, headers={"Cookie": cookie})


@pytest.fixture(scope="module")
def exercised(server):
    base_url, process, log_path = server
    c = Client(base_url, log_path)
    started = time.monotonic()
    book = exercise(c)["book"]
    every_operation_without_credentials(c, book)
    c.elapsed = time.monotonic() - started
    if process.poll() is not None:
        c.fail(f"the server exited with {process.returncode}:\n{log_path.read_text(errors='replace')[-3000:]}")
    return c


def test_every_live_answer_matches_the_document(exercised):
    slowest = max(exercised.timings)
    print(f"{exercised.calls} calls in {exercised.elapsed:.1f} s (slowest {slowest[0]:.2f} s: {slowest[1]})")
    if exercised.failures:
        pytest.fail(f"{len(exercised.failures)} answers (or requests) do not match openapi.json:\n  "
                    + "\n  ".join(exercised.failures), pytrace=False)


def test_every_documented_operation_was_exercised(exercised):
    documented = {(method, path) for method, path, _ in operations()}
    no_success = sorted(f"{m.upper()} {p}" for m, p in documented - exercised.successes)
    no_error = sorted(f"{m.upper()} {p}" for m, p in documented - exercised.errors)
    print(f"{len(documented)} documented operations; {len(exercised.successes)} answered a success, "
          f"{len(exercised.errors)} a documented error")
    if no_success or no_error:
        pytest.fail(
            "documented operations this test did not exercise; add them to exercise() in Tests/openapi/test_openapi.py:\n"
            + "".join(f"  no success: {line}\n" for line in no_success)
            + "".join(f"  no documented error: {line}\n" for line in no_error), pytrace=False)


def live_routes():
    out = subprocess.run([TALLY_BIN, "routes"], capture_output=True, text=True, timeout=60, check=True).stdout
    routes = set()
    for line in out.splitlines():
        method, _, path = line.strip().partition(" ")
        if path:
            routes.add((method.lower(), re.sub(r":(\w+)", r"{\1}", path)))
    assert len(routes) > 50, out
    return routes


def test_live_api_routes_are_documented():
    if not os.access(TALLY_BIN, os.X_OK):
        pytest.fail(f"server binary {TALLY_BIN} is missing; run `swift build` first (or set TALLY_BIN)")
    live = {(m, p) for m, p in live_routes() if p.startswith("/api/v1/")}
    documented = {(m, p) for m, p, _ in operations() if p.startswith("/api/v1/")}
    undocumented = sorted(f"{m.upper()} {p}" for m, p in live - documented)
    unserved = sorted(f"{m.upper()} {p}" for m, p in documented - live)
    if undocumented or unserved:
        pytest.fail(
            "`tally routes` and openapi.json disagree:\n"
            + "".join(f"  live but not in openapi.json: {line}\n" for line in undocumented)
            + "".join(f"  in openapi.json but not a live route: {line}\n" for line in unserved), pytrace=False)
    # Outside /api/v1, the document has the health check and the calendar feed, both live.
    others = {(m, p) for m, p, _ in operations() if not p.startswith("/api/v1/")}
    assert others == {("get", "/healthz"), ("get", "/calendar/{token}.ics")}, others
    assert {("get", "/healthz"), ("get", "/calendar/{file}")} <= live_routes()

