/// The words one language uses for the dates and times of a quick-add line ("coffee 4.50
/// yesterday"), kept as data so that another language is a new value, not new code. Every word is
/// written folded: lower case, without accents.
public struct QuickAddLanguage: Sendable {
    /// Words for today ("today"); a phrase of two words is written with one space ("last night").
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
    /// Words that start a phrase about the record rather than its payee ("lunch with bob",
    /// "+120 from john for tickets"): a payee read from the words ends before them.
    public var connectors: Set<String>
    /// Words after an account's name or kind that belong to it ("debit card", "visa card").
    public var accountNouns: Set<String>
    /// Words for a currency written after the amount ("12 bucks", "20 euros"): a code, or `$` for
    /// the book's currency when its symbol is `$` (else the US dollar).
    public var currencyWords: [String: String]
    /// Words that count back from today ("2 days ago"): the word after the count, in days.
    public var agoUnits: [String: Int]
    /// The word after the unit ("ago").
    public var ago: Set<String>
    /// Counts written as words ("a week ago").
    public var counts: [String: Int]
    /// Words that mean `&` in a name ("barnes and noble" for Barnes & Noble).
    public var ampersand: Set<String>
    /// Everyday words for a kind of spending or income ("lunch", "taxi", "paycheck"), with the
    /// names of the categories they may mean, likeliest first: the first that the book has is
    /// proposed, as weakly as one word of a category's name (the payee's usual category and the
    /// rules come first). The word stays in the line, as the payee or the note.
    public var categoryWords: [String: [String]] = [:]

    /// The weekday a folded word names, 1 (Monday) to 7.
    func weekday(_ word: String) -> Int? {
        weekdays.firstIndex { $0.contains(word) }.map { $0 + 1 }
    }

    /// The month a folded word names, 1 to 12.
    func month(_ word: String) -> Int? {
        months.firstIndex { $0.contains(word) }.map { $0 + 1 }
    }
}

/// The order of day and month in a date written with slashes ("3/14", "14/3"): the core's
/// `DateOrder`, which bank files are read with too.
public typealias QuickAddDateOrder = DateOrder
