extension QuickAddLanguage {
    /// English.
    public static let english = QuickAddLanguage(
        today: ["today", "tdy", "tonight", "this morning", "this afternoon", "this evening"],
        yesterday: ["yesterday", "yday", "yest", "last night"],
        tomorrow: ["tomorrow", "tmrw"],
        last: ["last", "past"],
        weekdays: [
            ["monday", "mon"], ["tuesday", "tue", "tues"], ["wednesday", "wed"], ["thursday", "thu", "thur", "thurs"],
            ["friday", "fri"], ["saturday", "sat"], ["sunday", "sun"],
        ],
        months: [
            ["january", "jan"], ["february", "feb"], ["march", "mar"], ["april", "apr"], ["may"], ["june", "jun"],
            ["july", "jul"], ["august", "aug"], ["september", "sep", "sept"], ["october", "oct"],
            ["november", "nov"], ["december", "dec"],
        ],
        ordinalEndings: ["st", "nd", "rd", "th"],
        // "the" only before a day of the month ("on the 15th").
        beforeDate: ["on", "the"],
        beforeTime: ["at", "@"],
        meridiem: (am: ["am", "a.m."], pm: ["pm", "p.m."]),
        accountWords: [
            "card": [.credit, .checking], "credit": [.credit], "visa": [.credit], "mastercard": [.credit],
            "amex": [.credit], "debit": [.checking], "bank": [.checking], "checking": [.checking],
            "cash": [.cash], "savings": [.savings], "cheque": [.check], "check": [.check], "gift": [.gift],
        ],
        beforeAccount: ["with", "by", "from", "via", "using", "paid", "on"],
        beforePayee: ["at", "@", "from"],
        noteMarkers: ["-", "–", "—", "//", ";", "|", "note:"],
        connectors: ["with", "w/", "for"],
        accountNouns: ["card", "account", "acct"],
        currencyWords: [
            "bucks": "$", "buck": "$", "dollars": "$", "dollar": "$", "euros": "EUR", "euro": "EUR",
            "pounds": "GBP", "quid": "GBP", "yen": "JPY",
        ],
        agoUnits: ["day": 1, "days": 1, "week": 7, "weeks": 7],
        ago: ["ago"],
        counts: ["a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6],
        ampersand: ["and"],
        categoryWords: Self.englishCategoryWords
    )

    /// English everyday words for categories, against the names books use for them (Tally's own
    /// and those of the common finance apps: "Restaurants" or "Dining", "Public Transit" or
    /// "Public Transportation").
    static let englishCategoryWords: [String: [String]] = {
        let groups: [([String], [String])] = [
            (
                [
                    "lunch", "dinner", "breakfast", "brunch", "supper", "pizza", "sushi", "ramen", "burger", "burgers",
                    "tacos", "takeout", "takeaway", "meal",
                ],
                ["Restaurants", "Dining", "Dining Out", "Eating Out", "Food & Dining", "Food"]
            ),
            (["latte", "cappuccino", "espresso", "americano", "flat white"], ["Coffee", "Coffee Shops", "Cafe"]),
            (
                ["drinks", "beer", "beers", "wine", "cocktail", "cocktails", "pub"],
                ["Alcohol & Bars", "Bars", "Alcohol", "Nightlife"]
            ),
            (["taxi", "cab"], ["Taxi", "Ride Share", "Rideshare", "Taxis"]),
            (
                ["bus", "train", "metro", "subway", "tram", "tube", "ferry"],
                ["Public Transit", "Public Transportation", "Transit"]
            ),
            (["flight", "plane", "airfare", "airline"], ["Flights", "Air Travel", "Airfare"]),
            (["motel", "hostel", "lodging"], ["Hotels", "Hotel", "Lodging"]),
            (["clothes", "shoes", "shirt", "jeans", "dress", "jacket"], ["Clothing", "Clothes"]),
            (["haircut", "barber", "hairdresser", "salon"], ["Haircut", "Hair"]),
            (["medicine", "meds", "prescription", "pills"], ["Pharmacy", "Medical", "Health"]),
            (["dentist"], ["Dentist", "Doctor", "Medical", "Health"]),
            (["cinema", "film"], ["Movies", "Cinema"]),
            (["power", "electric"], ["Electricity", "Utilities"]),
            (["electricity"], ["Electricity", "Utilities"]),
            (["petrol", "diesel"], ["Fuel", "Gas & Fuel", "Gas"]),
            (["supermarket"], ["Groceries"]),
            (["vet"], ["Veterinary", "Vet", "Pets"]),
            (["laundromat"], ["Laundry"]),
            (["paycheck", "paycheque", "wages", "bonus"], ["Salary", "Paycheck", "Wages"]),
        ]
        return Dictionary(groups.flatMap { words, names in words.map { ($0, names) } }) { first, _ in first }
    }()
}
