"""Writes formats-babel.json: how Babel (PyPI `babel`, CLDR's own data; BSD licence) writes
amounts, dates, ranges and week starts in the locales and currencies FormatsGoldenTests checks
Tally's formatter (ICU through Foundation) against. Run it again after a Babel upgrade:

    python3 Tests/TallyCoreTests/Fixtures/formats_babel.py

Amounts follow Tally's rule: CLDR's digits for the currency, unless the amount has a non-zero
minor unit below them (IDR 1,525,012.50 keeps its ,50).
"""
import datetime
import decimal
import json
import os

import babel
from babel import Locale, dates, numbers

LOCALES = ["en-US", "en-GB", "en-IN", "en-AU", "en-CA", "en-NZ", "de-DE", "de-AT", "de-LU", "fr-FR",
           "fr-CA", "fr-BE", "es-ES", "es-MX", "es-AR", "pt-BR", "pt-PT", "id-ID", "ja-JP", "ar-EG", "ar-SA",
           "ar-AE", "ar-EG-u-nu-latn"]
CURRENCIES = {"USD": 2, "EUR": 2, "IDR": 2, "INR": 2, "JPY": 0, "KWD": 3, "CHF": 2, "EGP": 2}
# CLDR's minimumGroupingDigits of 2 (no separator in a four-digit whole part: `1234,56 €`), which
# Babel does not read. Swiss locales are left out: Babel 2.19 drops their grouping past six digits.
MIN_GROUPING_TWO = {"es-ES", "pt-PT"}
MINOR = [0, 5, 123456, -4567, 152501250, 3500000, 123456789012345]
DATES = ["2026-12-02", "2026-01-31"]


def babel_locale(tag):
    base = tag.split("-u-")[0]
    return Locale.parse(base.replace("-", "_")), ("latn" if "-u-nu-latn" in tag else "default")


def amount(tag, minor, code, iso, loc, numbering):
    cldr = numbers.get_currency_precision(code)
    shown = cldr
    if cldr < iso and minor % (10 ** (iso - cldr)) != 0:
        shown = iso
    value = decimal.Decimal(minor).scaleb(-iso)
    pattern = numbers.parse_pattern(loc.currency_formats["standard"])
    pattern.frac_prec = (shown, shown)
    text = pattern.apply(value, loc, currency=code, currency_digits=False, numbering_system=numbering)
    if tag in MIN_GROUPING_TWO and 1000 <= abs(value) < 10000:
        text = text.replace(loc.number_symbols["latn"]["group"], "", 1)
    return text


def main():
    out = {"babel": babel.__version__, "cldr": babel.core.get_cldr_version(), "amounts": [], "dates": [],
           "weeks": []}
    for tag in LOCALES:
        loc, numbering = babel_locale(tag)
        for code, iso in CURRENCIES.items():
            for minor in MINOR:
                out["amounts"].append({"locale": tag, "currency": code, "minor": minor,
                                       "text": amount(tag, minor, code, iso, loc, numbering)})
        for day in DATES:
            d = datetime.date.fromisoformat(day)
            # Foundation's numeric and abbreviated dates are CLDR's skeletons yMd and yMMMd; its
            # long and complete ones CLDR's long and full patterns.
            for form, skeleton in [("short", "yMd"), ("medium", "yMMMd"), ("long", None), ("full", None)]:
                text = (dates.format_skeleton(skeleton, d, locale=loc) if skeleton
                        else dates.format_date(d, form, locale=loc))
                out["dates"].append({"locale": tag, "date": day, "form": form, "text": text})
        first = datetime.date(2026, 12, 1)
        last = datetime.date(2026, 12, 7)
        out["dates"].append({"locale": tag, "date": "2026-12-01/2026-12-07", "form": "range",
                             "text": dates.format_interval(first, last, "yMMMd", locale=loc)})
        # Babel counts weekdays from Monday = 0.
        out["weeks"].append({"locale": tag, "first": loc.first_week_day + 1})
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "formats-babel.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump(out, f, ensure_ascii=False, indent=1)
        f.write("\n")


main()
