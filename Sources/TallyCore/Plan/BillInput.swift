/// The raw fields of a bill; `nil` means "not given".
public struct BillInput: Sendable, Equatable {
    /// What it is.
    public var title: String?
    /// The usual amount; "" or "varies" when it changes each time.
    public var amount: String?
    /// monthly, weekly, yearly or every_n_months.
    public var cycle: String?
    /// Day of the month, 1–31.
    public var dueDay: String?
    /// N of every_n_months.
    public var everyMonths: String?
    /// The first due date.
    public var firstDue: String?
    /// Account id or name; "" clears it.
    public var account: String?
    /// Category id, name or path; "" clears it.
    public var category: String?
    /// Where it is paid.
    public var url: String?
    /// Reminder lead time in days.
    public var remindDays: String?
    /// Free text.
    public var note: String?

    /// Makes an input; every field optional.
    public init(
        title: String? = nil,
        amount: String? = nil,
        cycle: String? = nil,
        dueDay: String? = nil,
        everyMonths: String? = nil,
        firstDue: String? = nil,
        account: String? = nil,
        category: String? = nil,
        url: String? = nil,
        remindDays: String? = nil,
        note: String? = nil
    ) {
        self.title = title
        self.amount = amount
        self.cycle = cycle
        self.dueDay = dueDay
        self.everyMonths = everyMonths
        self.firstDue = firstDue
        self.account = account
        self.category = category
        self.url = url
        self.remindDays = remindDays
        self.note = note
    }
}

/// A bill whose fields are checked; account and category are still to be looked up.
public struct BillDraft: Sendable, Equatable {
    /// What it is.
    public var title: String
    /// The usual amount, `nil` when it varies.
    public var amount: Money?
    /// When it comes due.
    public var schedule: BillSchedule
    /// The account; `nil` = keep, `.some(nil)` = none.
    public var account: Reference??
    /// The category; `nil` = keep, `.some(nil)` = none.
    public var category: Reference??
    /// Where it is paid.
    public var url: String
    /// Reminder lead time in days, 0–60.
    public var remindDays: Int
    /// Free text.
    public var note: String

    /// Makes a draft.
    public init(
        title: String,
        amount: Money?,
        schedule: BillSchedule,
        account: Reference??,
        category: Reference??,
        url: String,
        remindDays: Int,
        note: String
    ) {
        self.title = title
        self.amount = amount
        self.schedule = schedule
        self.account = account
        self.category = category
        self.url = url
        self.remindDays = remindDays
        self.note = note
    }

    /// Checks `input`; a new bill needs a title. It defaults to monthly, first due today, on the
    /// first due date's day, reminding 3 days ahead.
    public static func validate(
        _ input: BillInput,
        base: Bill?,
        currency: Currency,
        today: LocalDate
    ) throws(FieldError) -> BillDraft {
        var title = base?.title ?? ""
        if let raw = input.title ?? (base == nil ? "" : nil) {
            title = try Validate.name(raw, field: "title", maxLength: 60)
        }
        var amount = base?.amount
        if let raw = input.amount {
            let text = raw.trimmingSpaces()
            amount =
                text.isEmpty || text.lowercased() == "varies"
                ? nil : try PlanValidate.amount(text, field: "amount", currency: currency, allowZero: true)
        }
        let cycle =
            try input.cycle.map { raw throws(FieldError) in
                try Validate.option(raw, field: "cycle", default: BillCycle.monthly)
            }
            ?? base?.schedule.cycle ?? .monthly
        let firstDue =
            try input.firstDue.flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 }.map { raw throws(FieldError) in
                try PlanValidate.date(raw, field: "first_due")
            } ?? base?.schedule.firstDue ?? today
        let dueDay =
            try input.dueDay.flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 }.map { raw throws(FieldError) in
                try PlanValidate.integer(raw, field: "due_day", in: 1...31)
            }
            ?? (input.firstDue?.trimmingSpaces().isEmpty == false
                ? firstDue.day : base?.schedule.dueDay ?? firstDue.day)
        var everyMonths =
            try input.everyMonths.flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 }.map {
                raw throws(FieldError) in
                try PlanValidate.integer(raw, field: "every_months", in: 1...120)
            } ?? base?.schedule.everyMonths ?? 1
        if cycle == .everyNMonths && everyMonths < 2 {
            // Blank is "not given", as for the other numbers: the default of 2 then applies.
            guard input.everyMonths?.trimmingSpaces().isEmpty ?? true else {
                throw FieldError("every_months", "must be 2 or more for every_n_months (use monthly for 1)")
            }
            everyMonths = 2
        }
        var url = base?.url ?? ""
        if let raw = input.url { url = try Self.url(raw) }
        let remind =
            try input.remindDays.flatMap { $0.trimmingSpaces().isEmpty ? nil : $0 }.map { raw throws(FieldError) in
                try PlanValidate.integer(raw, field: "remind_days", in: 0...60)
            } ?? base?.remindDays ?? 3
        let note =
            input.note == nil ? base?.note ?? "" : try PlanValidate.text(input.note, field: "note", maxLength: 500)
        return BillDraft(
            title: title,
            amount: amount,
            schedule: BillSchedule(cycle: cycle, firstDue: firstDue, dueDay: dueDay, everyMonths: everyMonths),
            account: input.account.map { Reference($0) },
            category: input.category.map { Reference($0) },
            url: url,
            remindDays: remind,
            note: note
        )
    }

    /// A web address: "example.com/pay" gets "https://"; only http(s), no spaces.
    public static func url(_ raw: String) throws(FieldError) -> String {
        var text = raw.trimmingSpaces()
        guard !text.isEmpty else { return "" }
        let lower = text.lowercased()
        if !lower.hasPrefix("http://") && !lower.hasPrefix("https://") {
            // Another scheme (ftp://, javascript:…) is refused; a bare host gets https://.
            guard !lower.contains("://"), !lower.hasPrefix("javascript:"), !lower.hasPrefix("data:") else {
                throw FieldError("url", "must be a web address starting with https://")
            }
            text = "https://" + text
        }
        guard text.count <= 500, !text.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "<" || $0 == ">" }),
            text.dropFirst(text.lowercased().hasPrefix("https://") ? 8 : 7).first.map({ $0 != "/" }) ?? false
        else {
            throw FieldError("url", "must be a web address such as https://example.com/pay")
        }
        return text
    }
}
