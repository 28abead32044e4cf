// The forms the pages post, one type each, named for the fields of their templates.

import TallyCore

/// `POST /signup`.
struct SignUpForm: PageForm {
    var email: String?
    var password: String?
    var currency: String?
    /// An invitation's token, when the form came from an invitation link.
    var invite: String?
}

/// `POST /login`.
struct LoginForm: PageForm {
    var email: String?
    var password: String?
    /// Where to go after signing in (checked by `AuthPages.safeNext`).
    var next: String?
}

/// The add-record and edit-record form, with its receipt photos.
struct RecordForm: PageForm {
    var kind: String?
    var amount: String?
    var currency: String?
    var date: String?
    var time: String?
    var payee: String?
    var category: String?
    var account: String?
    var toAccount: String?
    var note: String?
    /// `receipts[]`: the photos chosen (multipart only).
    var receipts: [Upload]?
    /// `client_id`: a new record form's own id, made when the form was shown, so that pressing
    /// Save twice (or a resend after a lost answer) stores one record.
    var clientID: String?
    /// "1" when the record is split over the lines below (the category tiles then do not count).
    var split: String?
    /// The record's tags as typed: "japan-2026, reimbursable".
    var tags: String?
    /// `line_category[]`, `line_amount[]`, `line_note[]`: the split's rows, in order.
    var lineCategory: [String]?
    var lineAmount: [String]?
    var lineNote: [String]?

    enum CodingKeys: String, CodingKey {
        case kind, amount, currency, date, time, payee, category, account, note, receipts, split, tags
        case toAccount = "to_account"
        case clientID = "client_id"
        case lineCategory = "line_category"
        case lineAmount = "line_amount"
        case lineNote = "line_note"
    }

    /// The split's rows as lines, rows left wholly blank dropped; nil when the form is not split
    /// (then `lines: []`: an edited split record becomes one category again).
    var lines: [LineInput] {
        guard split == "1" else { return [] }
        let amounts = lineAmount ?? []
        let categories = lineCategory ?? []
        let notes = lineNote ?? []
        return (0..<max(amounts.count, categories.count, notes.count)).compactMap { i in
            func at(_ list: [String]) -> String { i < list.count ? list[i].trimmingSpaces() : "" }
            if at(amounts).isEmpty && at(categories).isEmpty && at(notes).isEmpty { return nil }
            return LineInput(category: at(categories), amount: at(amounts), note: at(notes))
        }
    }
}

/// More receipt photos for a saved record.
struct ReceiptsForm: PageForm {
    /// `receipts[]`.
    var receipts: [Upload]?
}

/// A new account, or an account's changes.
struct AccountForm: PageForm {
    var name: String?
    var kind: String?
    var openingBalance: String?
    var currency: String?
    /// "1" to archive, "0" to restore.
    var archived: String?
    /// Present when the form had the archive checkbox, so leaving it unticked means "restore"
    /// (a browser posts nothing for an unticked box).
    var archiveShown: String?

    enum CodingKeys: String, CodingKey {
        case name, kind, currency, archived
        case openingBalance = "opening_balance"
        case archiveShown = "archive_shown"
    }
}

/// A new category (with `kind` and `parent`), or a category's changes.
struct CategoryForm: PageForm {
    var name: String?
    var kind: String?
    var parent: String?
    var icon: String?
    var color: String?
}

/// Deleting a category that has records: where they move.
struct CategoryDeleteForm: PageForm {
    var moveTo: String?

    enum CodingKeys: String, CodingKey {
        case moveTo = "move_to"
    }
}

/// The budget add/edit form.
struct BudgetPostForm: PageForm {
    /// Present when the category and account lists were part of the form, so choosing none of
    /// them means "all spending".
    var scope: String?
    var name: String?
    var limit: String?
    var cycle: String?
    var weekStart: String?
    var start: String?
    var dayOfMonth: String?
    /// `categories[]`.
    var categories: [String]?
    /// `accounts[]`.
    var accounts: [String]?
    var mode: String?
    /// "1" for the main budget.
    var main: String?

    enum CodingKeys: String, CodingKey {
        case scope, name, limit, cycle, start, categories, accounts, mode, main
        case weekStart = "week_start"
        case dayOfMonth = "day_of_month"
    }
}

/// The goal add/edit form, with its photo.
struct GoalPostForm: PageForm {
    var name: String?
    var price: String?
    var saved: String?
    var income: String?
    var cycle: String?
    /// "percent" or "date": which plan the goal follows.
    var plan: String?
    var percent: String?
    var targetDate: String?
    var account: String?
    var photo: Upload?

    enum CodingKeys: String, CodingKey {
        case name, price, saved, income, cycle, plan, percent, account, photo
        case targetDate = "target_date"
    }
}

/// A contribution to a goal.
struct ContributionForm: PageForm {
    var amount: String?
    var date: String?
    var note: String?
    var fromAccount: String?
    var toAccount: String?

    enum CodingKeys: String, CodingKey {
        case amount, date, note
        case fromAccount = "from_account"
        case toAccount = "to_account"
    }
}

/// The bill add/edit form.
struct BillPostForm: PageForm {
    var title: String?
    var amount: String?
    var cycle: String?
    var dueDay: String?
    var everyMonths: String?
    var firstDue: String?
    var account: String?
    var category: String?
    var url: String?
    var remindDays: String?
    var note: String?

    enum CodingKeys: String, CodingKey {
        case title, amount, cycle, account, category, url, note
        case dueDay = "due_day"
        case everyMonths = "every_months"
        case firstDue = "first_due"
        case remindDays = "remind_days"
    }
}

/// Marking a bill's occurrence paid.
struct PaymentForm: PageForm {
    var amount: String?
    var paidOn: String?

    enum CodingKeys: String, CodingKey {
        case amount
        case paidOn = "paid_on"
    }
}

/// The user's settings.
struct SettingsForm: PageForm {
    var timeZone: String?
    /// "1" when the reminder is on; absent (an unticked box) when it is off.
    var dailyReminder: String?
    var reminderTime: String?

    enum CodingKeys: String, CodingKey {
        case timeZone = "time_zone"
        case dailyReminder = "daily_reminder"
        case reminderTime = "reminder_time"
    }
}

/// A CSV file to preview before importing.
struct ImportUploadForm: PageForm {
    var file: Upload?
}

/// Confirming or cancelling a previewed import.
struct ImportConfirmForm: PageForm {
    /// The staged upload's token.
    var token: String?
    /// Present when the cancel button was pressed.
    var cancel: String?
}
