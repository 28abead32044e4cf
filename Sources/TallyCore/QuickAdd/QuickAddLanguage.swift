/// The words one language uses for the dates and times of a quick-add line ("coffee 4.50
/// yesterday"), kept as data so that another language is a new value, not new code. Every word is
/// written folded: lower case, without accents.
public struct QuickAddLanguage: Sendable {
    /// Words for today ("today").
    public var today: Set<String>
    /// Words for yesterday.
    public var yesterday: Set<String>
    /// Words for tomorrow.
    public var tomorrow: Set<String>
    /// Words that put a weekday before this week's ("last friday").
    public var last: Set<String>
    /// The weekdays' names and short forms, Monday first.
    public var weekdays: [[String]]
    /// The months' names and short forms, January first.
    public var months: [[String]]
    /// Endings of an ordinal day ("14th"), taken off before the number is read.
    public var ordinalEndings: [String]
    /// Words that only introduce a date ("on friday"); dropped with it.
    public var beforeDate: Set<String>
    /// Words that only introduce a time ("at 8:30"); dropped with it.
    public var beforeTime: Set<String>
    /// The words after a 12-hour time, morning then afternoon ("8pm", "8:30 am").
    public var meridiem: (am: Set<String>, pm: Set<String>)
    /// Words that name a kind of account ("card", "cash"), with the kinds they may mean, likeliest
    /// first.
    public var accountWords: [String: [AccountKind]]
    /// Words that only introduce an account ("paid with card"); dropped with it.
    public var beforeAccount: Set<String>
    /// Words that only introduce a payee ("at starbucks"); dropped with it.
    public var beforePayee: Set<String>
    /// Words that end the payee and start the note ("uber - airport").
    public var noteMarkers: Set<String>

    /// English.
    public static let english = QuickAddLanguage(
        today: ["today", "tdy"],
        yesterday: ["yesterday", "yday", "yest"],
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
        beforeDate: ["on"],
        beforeTime: ["at", "@"],
        meridiem: (am: ["am", "a.m."], pm: ["pm", "p.m."]),
        accountWords: [
            "card": [.credit, .checking], "credit": [.credit], "visa": [.credit], "mastercard": [.credit],
            "amex": [.credit], "debit": [.checking], "bank": [.checking], "checking": [.checking],
            "cash": [.cash], "savings": [.savings], "cheque": [.check], "check": [.check], "gift": [.gift],
        ],
        beforeAccount: ["with", "by", "from", "via", "using", "paid"],
        beforePayee: ["at", "@", "from"],
        noteMarkers: ["-", "–", "—", "//", ";", "|", "note:"]
    )

    /// The weekday a folded word names, 1 (Monday) to 7.
    func weekday(_ word: String) -> Int? {
        weekdays.firstIndex { $0.contains(word) }.map { $0 + 1 }
    }

    /// The month a folded word names, 1 to 12.
    func month(_ word: String) -> Int? {
        months.firstIndex { $0.contains(word) }.map { $0 + 1 }
    }
}

/// The order of day and month in a date written with slashes ("3/14", "14/3").
public enum QuickAddDateOrder: String, Sendable, CaseIterable {
    /// Month, then day: "3/14" is 14 March.
    case monthFirst = "MDY"
    /// Day, then month: "14/3" is 14 March.
    case dayFirst = "DMY"
}
