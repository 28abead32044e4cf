#!/usr/bin/env python3
"""Writes Sources/TallyCore/DateOrder+CLDR.swift: the regions and languages whose people write a
day and month alone month first (`3/14`), from CLDR's `Md` skeleton (the pattern a date without a
year takes), read through Babel (PyPI `babel`, which carries CLDR). Only run to refresh the data:

    pip install babel && python3 scripts/date-orders.py

A region's order is that of its likely locale (`und_NP` → `ne_NP`: `MM-dd`); a language's, that of
its default locale. Plain English is left out on purpose: `en` is written both ways (en-US, en-GB),
so `DateOrder(locales:)` lets the book's currency decide for it.
"""
import os

import babel
from babel import Locale, localedata
from babel.core import get_global


def month_first(locale):
    skeleton = locale.datetime_skeletons.get("Md")
    pattern = str(skeleton) if skeleton is not None else locale.date_formats["short"].pattern
    return pattern.index("M") < pattern.index("d")


def main():
    regions = set()
    for territory in get_global("territory_languages"):
        if not territory.isalpha() or territory == "ZZ":
            continue
        try:
            if month_first(Locale.parse("und_" + territory)):
                regions.add(territory.lower())
        except (ValueError, babel.UnknownLocaleError):
            continue
    languages = set()
    for identifier in localedata.locale_identifiers():
        if "_" in identifier or identifier in ("en", "root"):
            continue
        try:
            if month_first(Locale.parse(identifier)):
                languages.add(identifier.lower())
        except (ValueError, babel.UnknownLocaleError):
            continue

    def swift_set(items):
        words = [f'"{w}"' for w in sorted(items)]
        lines, line = [], "       "
        for word in words:
            if len(line) + len(word) + 2 > 116:
                lines.append(line.rstrip())
                line = "       "
            line += " " + word + ","
        lines.append(line.rstrip())
        return "\n".join(lines)

    out = f"""// Written by scripts/date-orders.py from CLDR, through Babel {babel.__version__}; do not edit by hand.

extension DateOrder {{
    /// Regions whose people write a day and month alone month first (`3/14`): CLDR's `Md` pattern of
    /// the region's likely locale (`und_NP` → `ne_NP`, `MM-dd`).
    static let monthFirstRegions: Set<String> = [
{swift_set(regions)}
    ]

    /// Languages written month first when no region is given: CLDR's `Md` pattern of the language's
    /// default locale (plain English is left out: it is written both ways).
    static let monthFirstLanguages: Set<String> = [
{swift_set(languages)}
    ]
}}
"""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "TallyCore", "DateOrder+CLDR.swift")
    with open(path, "w") as file:
        file.write(out)
    print(f"{len(regions)} regions, {len(languages)} languages written month first")


if __name__ == "__main__":
    main()
