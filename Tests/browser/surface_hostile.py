"""Hostile text for the whole-surface test: what a user may type into any text field.

Every piece must come back escaped and whole wherever a page shows it: markup and script
(`<script>`, quotes, `&`), a Mustache tag, a spreadsheet formula, right-to-left scripts, emoji
(with a joined family), 200-character values and one long word with no break.
"""
import itertools

SCRIPT = "<script>alert(1)</script>"
QUOTES = "\"quotes' & <b>"
MUSTACHE = "«{{x}}»"  # after rendering, "«" must still hold "{{x}}"
FORMULA = "=cmd|'/c calc'!A1"
ARABIC = "مرحبا بالعالم"
HEBREW = "שלום עולם"
EMOJI = "🍕🚗💸👨\u200d👩\u200d👧\u200d👦"
PIECES = [SCRIPT, QUOTES, MUSTACHE, FORMULA, ARABIC, HEBREW, EMOJI]

# A fragment found on a page must be part of the whole piece there: a cut or half-rendered
# piece ("alert(1)" without its tags, "«»" without "{{x}}") means the text was mangled.
FRAGMENTS = [("alert(1)", SCRIPT), ("quotes'", QUOTES), ("«", MUSTACHE), ("calc'", FORMULA)]


def mixed(length, start=0):
    """Whole hostile pieces, space-separated from the `start`th on, padded with letters to exactly
    `length` characters (no piece is ever cut)."""
    out = ""
    for piece in itertools.islice(itertools.cycle(PIECES), start, start + 200):
        candidate = (out + " " + piece) if out else piece
        if len(candidate) > length - 1:
            break
        out = candidate
    return (out + " " + "x" * length)[:length]


def unbroken(length):
    """One word with no break opportunity: the layout has to wrap or clip it, not widen the page."""
    return ("CarMaintenanceAndRepairs" * (length // 24 + 1))[:length]


LONG_PAYEE = mixed(200)
LONG_WORD_PAYEE = unbroken(200)
LONG_NOTE = mixed(200, start=3)
assert len(LONG_PAYEE) == len(LONG_NOTE) == len(LONG_WORD_PAYEE) == 200

# Names are at most 60 characters (categories, accounts, budgets, goals, bills).
CATEGORY = f"{SCRIPT} {QUOTES}"
SUB_MUSTACHE = f"{MUSTACHE} {FORMULA} 🍕"
SUB_RTL = f"{ARABIC} {HEBREW}"
SUB_LONG = unbroken(60)
INCOME_CATEGORY = f"{QUOTES} {MUSTACHE}"
ACCOUNT = f"{SCRIPT}💳"
ACCOUNT_LONG = unbroken(60)
PAYEES = [LONG_PAYEE, LONG_WORD_PAYEE, SCRIPT, QUOTES, MUSTACHE, FORMULA, f"{ARABIC} {HEBREW}", EMOJI]
# The largest amount a record may have (Money.maxMinorUnits), to stretch every figure's box.
MAX_AMOUNT = "9999999999.99"


def name60(prefix, index):
    """A hostile name of at most 60 characters, different for each index."""
    name = f"{prefix} {PIECES[index % len(PIECES)]}"
    extra = PIECES[(index + 3) % len(PIECES)]
    if len(name) + 1 + len(extra) <= 60:
        name += " " + extra
    assert len(name) <= 60, name
    return name
