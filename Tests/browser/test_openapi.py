"""Checks Sources/TallyWeb/Public/openapi.json against the OpenAPI 3.1 schema and against the
routes the Swift code registers. Needs no server and no browser.

Run: python3 -m pytest -q Tests/browser/test_openapi.py
"""

import json
import re
from pathlib import Path

import pytest
openapi_spec_validator = pytest.importorskip("openapi_spec_validator", reason="pip install openapi-spec-validator to check the API document")
OpenAPIV31SpecValidator, validate = openapi_spec_validator.OpenAPIV31SpecValidator, openapi_spec_validator.validate

ROOT = Path(__file__).resolve().parents[2]
DOCUMENT = ROOT / "Sources" / "TallyWeb" / "Public" / "openapi.json"
API_SOURCES = ROOT / "Sources" / "TallyWeb" / "API"
APP_BUILD = ROOT / "Sources" / "TallyWeb" / "App+build.swift"
CALENDAR_FEED = ROOT / "Sources" / "TallyWeb" / "CalendarFeedRoute.swift"
HEALTH = ROOT / "Sources" / "TallyWeb" / "HealthRoute.swift"

# `routes.get("books/:book/transactions", use: list)` and friends in the API controllers.
ROUTE = re.compile(r'\broutes\.(get|post|patch|delete|put|head)\(\s*"([^"]*)"')
# The one route App+build.swift adds to the `api` group itself.
GROUP_ROUTE = re.compile(r'\bapi\.(get|post|patch|delete|put|head)\(\s*"([^"]*)"')
METHODS = {"get", "put", "post", "delete", "options", "head", "patch", "trace"}


def to_openapi_path(route: str) -> str:
    """`books/:book/transactions/:id` -> `/api/v1/books/{book}/transactions/{id}`."""
    segments = [re.sub(r"^:(\w+)$", r"{\1}", segment) for segment in route.strip("/").split("/")]
    return "/api/v1/" + "/".join(segments)


def registered_routes(files, pattern) -> set:
    found = set()
    for path in files:
        for method, route in pattern.findall(path.read_text(encoding="utf-8")):
            found.add((to_openapi_path(route), method))
    return found


@pytest.fixture(scope="module")
def document() -> dict:
    return json.loads(DOCUMENT.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def code_routes() -> set:
    routes = registered_routes(sorted(API_SOURCES.glob("*.swift")), ROUTE)
    assert len(routes) >= 20, f"the route regex found too few routes: {sorted(routes)}"
    return routes


def document_routes(document: dict) -> set:
    return {
        (path, method)
        for path, item in document["paths"].items()
        for method in item
        if method in METHODS
    }


def test_document_is_valid_openapi_31(document):
    assert document["openapi"].startswith("3.1")
    validate(document, cls=OpenAPIV31SpecValidator)
    assert document["info"]["title"] == "Tally"
    assert document["info"]["version"] == "0.1.0"
    assert document["servers"] == [{"url": "/"}]


def test_every_registered_route_is_documented(document, code_routes):
    documented = document_routes(document)
    missing = sorted(code_routes - documented)
    assert not missing, f"routes registered in Sources/TallyWeb/API but not in openapi.json: {missing}"


def test_document_has_no_route_the_code_does_not_register(document, code_routes):
    extra_allowed = registered_routes([APP_BUILD], GROUP_ROUTE)
    assert ("/api/v1/openapi.json", "get") in extra_allowed, "App+build.swift should register api.get(\"openapi.json\")"
    # The private iCalendar feed is outside /api/v1: `routes.get("calendar/:file")`, served only for `{token}.ics`.
    feed = CALENDAR_FEED.read_text(encoding="utf-8")
    assert 'routes.get("calendar/:file"' in feed and 'hasSuffix(".ics")' in feed
    extra_allowed = extra_allowed | {("/calendar/{token}.ics", "get")}
    # The health check is outside /api/v1 too: `routes.get("healthz", …)`.
    assert 'routes.get("healthz"' in HEALTH.read_text(encoding="utf-8")
    extra_allowed = extra_allowed | {("/healthz", "get")}
    extra = sorted(document_routes(document) - code_routes - extra_allowed)
    assert not extra, f"paths in openapi.json that the code does not register: {extra}"


# Path parameters that are not ids: a bill occurrence's due date and the calendar feed's token.
NON_ID_PARAMETERS = {"due": {"format": "date"}, "token": {"pattern": "^[0-9a-f]{64}$"}}


def test_path_parameters_are_declared_integers(document):
    components = document["components"]["parameters"]
    for path, item in document["paths"].items():
        names = set(re.findall(r"{(\w+)}", path))
        declared = {}
        for parameter in item.get("parameters", []):
            if "$ref" in parameter:
                parameter = components[parameter["$ref"].rsplit("/", 1)[-1]]
            if parameter["in"] == "path":
                declared[parameter["name"]] = parameter
        assert set(declared) == names, f"{path}: path parameters {sorted(declared)} != {sorted(names)}"
        for parameter in declared.values():
            schema = parameter["schema"]
            if "$ref" in schema:
                schema = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[-1]]
            if parameter["name"] in NON_ID_PARAMETERS:
                expected = NON_ID_PARAMETERS[parameter["name"]]
                assert schema["type"] == "string" and all(schema.get(k) == v for k, v in expected.items()), f"{path}: {parameter['name']}"
                continue
            assert schema["type"] == "integer", f"{path}: {parameter['name']} is not an integer"


def test_json_request_bodies_refuse_unknown_fields(document):
    schemas = document["components"]["schemas"]

    def resolve(schema):
        while "$ref" in schema:
            schema = schemas[schema["$ref"].rsplit("/", 1)[-1]]
        return schema

    for path, item in document["paths"].items():
        for method, operation in item.items():
            if method not in METHODS or "requestBody" not in operation:
                continue
            content = operation["requestBody"]["content"]
            if "application/json" not in content:
                continue
            schema = resolve(content["application/json"]["schema"])
            parts = [resolve(part) for part in schema.get("allOf", [])] or [schema]
            assert all(part.get("additionalProperties") is False for part in parts), (
                f"{method.upper()} {path}: the JSON body schema should set additionalProperties: false"
            )


def test_allowed_fields_match_the_code(document):
    """The properties of each JSON body are exactly the `allowed:` fields JSONBody.read checks."""
    schemas = document["components"]["schemas"]
    transaction_fields = re.search(
        r"transactionFields: Set<String> = \[([^\]]*)\]", (API_SOURCES / "JSONBody.swift").read_text(encoding="utf-8")
    ).group(1)
    expected = {
        "SignUpInput": ("AuthAPI.swift", "signUp"),
        "TokenInput": ("AuthAPI.swift", "createToken"),
        "CategoryInput": ("CategoriesAPI.swift", "create"),
        "CategoryChanges": ("CategoriesAPI.swift", "update"),
        "AccountInput": ("AccountsAPI.swift", "create"),
        "AccountChanges": ("AccountsAPI.swift", "update"),
    }
    for schema_name, (file, function) in expected.items():
        source = (API_SOURCES / file).read_text(encoding="utf-8")
        body = source.split(f"func {function}(", 1)[1]
        allowed = re.search(r"allowed: \[([^\]]*)\]", body).group(1)
        fields = set(re.findall(r'"(\w+)"', allowed))
        assert set(schemas[schema_name]["properties"]) == fields, f"{schema_name} != allowed fields of {file} {function}"
    assert set(schemas["TransactionInput"]["properties"]) == set(re.findall(r'"(\w+)"', transaction_fields))
    # Endpoints whose fields are a `static let fields` set.
    for schema_name, file in {"BudgetInput": "BudgetsAPI.swift", "GoalInput": "GoalsAPI.swift", "BillInput": "BillsAPI.swift"}.items():
        source = (API_SOURCES / file).read_text(encoding="utf-8")
        fields = re.search(r"static let fields: Set<String> = \[([^\]]*)\]", source).group(1)
        assert set(schemas[schema_name]["properties"]) == set(re.findall(r'"(\w+)"', fields)), f"{schema_name} != {file} fields"
    # Endpoints with the allowed fields inline.
    for schema_name, (file, function) in {
        "ContributionInput": ("GoalsAPI.swift", "contribute"),
        "BillPaymentInput": ("BillsAPI.swift", "pay"),
        "SettingsInput": ("TodayAPI.swift", "updateSettings"),
    }.items():
        body = (API_SOURCES / file).read_text(encoding="utf-8").split(f"func {function}(", 1)[1]
        allowed = re.search(r"allowed: \[([^\]]*)\]", body).group(1)
        assert set(schemas[schema_name]["properties"]) == set(re.findall(r'"(\w+)"', allowed)), f"{schema_name} != {file} {function}"


# APIModel struct -> the component schema that documents it.
MODEL_SCHEMAS = {
    "BookJSON": "Book",
    "TransactionJSON": "Transaction",
    "PageJSON": "TransactionPage",
    "CategoryJSON": "Category",
    "AccountJSON": "Account",
    "CalendarDayJSON": "CalendarDay",
    "CalendarJSON": "CalendarMonth",
    "PayeeJSON": "Payee",
    "ReceiptJSON": "Receipt",
    "TokenJSON": "Token",
    "NewTokenJSON": "NewToken",
    "UserJSON": "User",
    "BudgetJSON": "Budget",
    "PeriodJSON": "BudgetPeriod",
    "BudgetStatusJSON": "BudgetStatus",
    "GoalJSON": "Goal",
    "ContributionJSON": "Contribution",
    "BillJSON": "Bill",
    "OccurrenceJSON": "BillOccurrence",
    "TodayJSON": "Today",
    "SettingsJSON": "Settings",
}


def snake_case(name: str) -> str:
    """What JSONEncoder's convertToSnakeCase makes of a property name (`cashFlow` -> `cash_flow`)."""
    return re.sub(r"(?<=[a-z0-9])([A-Z])", r"_\1", name).lower()


def encoded_keys() -> dict:
    """struct name -> {json key: optional?} from the stored properties in APIModels.swift."""
    source = (API_SOURCES / "APIModels.swift").read_text(encoding="utf-8")
    models = {}
    for block in re.split(r"\n\s*struct ", source)[1:]:
        name = re.match(r"(\w+)", block).group(1)
        keys = {}
        for line in block.splitlines():
            line = line.strip()
            if line.startswith("let "):
                for prop, swift_type in re.findall(r"(\w+):\s*([\w\[\]]+\??)", line[4:]):
                    keys[snake_case(prop)] = swift_type.endswith("?")
        models[name] = keys
    return models


def test_response_schemas_match_the_encoded_keys(document):
    schemas = document["components"]["schemas"]
    models = encoded_keys()
    assert set(MODEL_SCHEMAS) == set(models), f"APIModels.swift structs changed: {sorted(models)}"
    for model, schema_name in MODEL_SCHEMAS.items():
        keys, schema = models[model], schemas[schema_name]
        assert set(schema["properties"]) == set(keys), f"{schema_name} properties != keys {model} encodes"
        # Optionals that are nil are left out by the encoder, so only the others are required.
        required = {key for key, optional in keys.items() if not optional}
        assert set(schema.get("required", [])) == required, f"{schema_name} required != non-optional keys of {model}"
        for key, optional in keys.items():
            assert "null" not in json.dumps(schema["properties"][key].get("type", "")), (
                f"{schema_name}.{key}: nil values are omitted, never null"
            )
