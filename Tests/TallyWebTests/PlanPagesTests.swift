import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyStore
import TallyWeb
import Testing

extension API {
    /// The HTML pages of budgets, goals, bills, Today and settings, through their forms.
    @Suite struct PlanPages {
        /// Signs up through the form; returns the browser (signed in), the user and the book id.
        func signedIn(
            _ client: Client,
            _ store: Store,
            email: String = "ann@example.com"
        ) async throws -> (Browser, User, BookID) {
            let browser = Browser(client)
            try await browser.get("/signup")
            let response = try await browser.post(
                "/signup",
                [("email", email), ("password", "correct horse"), ("currency", "USD")]
            )
            try #require(response.status == .seeOther, "sign-up: \(response.status) \(response.text)")
            let user = try #require(try await store.users.user(email: email))
            let book = try #require(try await store.books.all(for: user).first)
            return (browser, user, book.id)
        }

        func categoryID(_ path: String, _ store: Store, _ user: User, _ book: BookID) async throws -> CategoryID {
            let all = try await store.books.categories(in: try await store.scope(user, book: book))
            return try #require(all.first { $0.path(in: all) == path }).id
        }

        @discardableResult
        func addExpense(
            _ browser: Browser,
            _ book: BookID,
            _ amount: String,
            category: String,
            date: LocalDate,
            payee: String = "Shop"
        ) async throws -> TestResponse {
            let response = try await browser.post(
                "/books/\(book)/transactions",
                [
                    ("kind", "expense"), ("amount", amount), ("date", date.description), ("payee", payee),
                    ("category", category), ("account", "Cash"),
                ]
            )
            #expect(response.status == .seeOther, "add: \(response.text)")
            return response
        }

        @Test(arguments: Backend.all)
        func aBudgetFromTheFormShowsTheExactRemainingAfterAnExpense(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let (browser, user, book) = try await signedIn(client, store)
                let today = try await store.settings.today(for: user)
                let food = try await categoryID("Food", store, user, book)
                let home = try await categoryID("Home", store, user, book)
                let form = try await browser.get("/books/\(book)/budgets")
                #expect(form.status == .ok)
                #expect(form.text.contains("No budgets yet"))
                #expect(csrfField(in: form.text) == browser.csrf)

                let created = try await browser.post(
                    "/books/\(book)/budgets",
                    [
                        ("name", "Food and home"), ("limit", "500"), ("cycle", "monthly"), ("week_start", "monday"),
                        ("start", today.startOfMonth.description), ("day_of_month", "1"), ("scope", "1"),
                        ("categories[]", String(food)), ("categories[]", String(home)), ("mode", "saver"),
                        ("main", "1"),
                    ]
                )
                #expect(created.status == .seeOther, "\(created.text)")
                #expect(created.headers[.location] == "/books/\(book)/budgets")
                let budget = try #require(
                    try await store.plans.budgets(in: try await store.scope(user, book: book)).first
                )
                #expect(
                    budget.categoryIDs == [food, home].sorted(),
                    "both chosen categories of the multi-select are kept"
                )
                #expect(budget.isMain && budget.limit.decimalString == "500.00")

                // A sub-category counts toward its parent; another category does not.
                try await addExpense(browser, book, "123.45", category: "Food:Groceries", date: today)
                try await addExpense(browser, book, "50", category: "Transportation:Taxi", date: today)
                let page = try await browser.get("/books/\(book)/budgets/\(budget.id)")
                #expect(page.status == .ok)
                #expect(page.text.contains("class=\"budget-remaining\">$376.55<"), "remaining is 500 − 123.45")
                #expect(page.text.contains("$123.45"))
                #expect(page.text.contains("id=\"budget-history\""))
                #expect(page.text.contains("<svg"), "the history chart")
                #expect(page.text.contains("alert-ok"))
                let list = try await browser.get("/books/\(book)/budgets")
                #expect(list.text.contains("$376.55"))

                // Lower the limit: 80% → near, then over.
                let near = try await browser.post(
                    "/books/\(book)/budgets/\(budget.id)",
                    [("limit", "150"), ("name", "Food and home")]
                )
                #expect(near.status == .seeOther, "\(near.text)")
                let nearPage = try await browser.get("/books/\(book)/budgets/\(budget.id)")
                #expect(nearPage.text.contains("$26.55"))
                #expect(nearPage.text.contains("alert-near") && nearPage.text.contains("82%"))
                #expect(
                    try await store.plans.budgets(in: try await store.scope(user, book: book)).first?.categoryIDs.count
                        == 2,
                    "a form without the lists keeps the scope"
                )

                _ = try await browser.post("/books/\(book)/budgets/\(budget.id)", [("limit", "100")])
                let over = try await browser.get("/books/\(book)/budgets/\(budget.id)")
                #expect(over.text.contains("-$23.45") && over.text.contains("Over budget by $23.45"))
                #expect(over.text.contains("alert-over"))

                let dashboard = try await browser.get("/books/\(book)/dashboard")
                #expect(dashboard.text.contains("Budgets") && dashboard.text.contains("over by $23.45"))
                let calendar = try await browser.get("/books/\(book)/calendar")
                #expect(
                    calendar.text.contains("id=\"budget-warnings\"") && calendar.text.contains("Food and home"),
                    "\(calendar.text)"
                )
                let earlier = try await browser.get(
                    "/books/\(book)/calendar?month=\(YearMonth(today).previous.previous)"
                )
                #expect(!earlier.text.contains("id=\"budget-warnings\""), "no warning for a month without spending")

                let deleted = try await browser.post("/books/\(book)/budgets/\(budget.id)/delete", [])
                #expect(deleted.status == .seeOther)
                #expect(try await store.plans.budgets(in: try await store.scope(user, book: book)).isEmpty)
                #expect(try await browser.get("/books/\(book)/budgets/\(budget.id)").status == .notFound)
            }
        }

        @Test(arguments: Backend.all)
        func badFormInputShowsTheFormAgainWithTheFieldAnd422(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let (browser, user, book) = try await signedIn(client, store)
                let budget = try await browser.post(
                    "/books/\(book)/budgets",
                    [("name", "Weekly"), ("limit", "-5"), ("cycle", "weekly"), ("scope", "1")]
                )
                #expect(budget.status == .unprocessableContent)
                #expect(budget.text.contains("limit: must not be negative"))
                #expect(budget.text.contains("value=\"Weekly\""), "the typed name is kept")
                #expect(try await store.plans.budgets(in: try await store.scope(user, book: book)).isEmpty)
                let day = try await browser.post(
                    "/books/\(book)/budgets",
                    [("name", "Monthly"), ("limit", "5"), ("day_of_month", "32")]
                )
                #expect(day.status == .unprocessableContent && day.text.contains("day_of_month"))

                let goal = try await browser.post(
                    "/books/\(book)/goals",
                    [
                        ("name", "Bike"), ("price", "1000"), ("income", "2000"), ("cycle", "monthly"),
                        ("plan", "percent"), ("percent", "250"),
                    ]
                )
                #expect(goal.status == .unprocessableContent)
                #expect(goal.text.contains("percent: must be a whole number from 1 to 100"))
                #expect(goal.text.contains("value=\"Bike\""))
                let noDate = try await browser.post(
                    "/books/\(book)/goals",
                    [("name", "Bike"), ("price", "1000"), ("plan", "date"), ("target_date", "")]
                )
                #expect(noDate.status == .unprocessableContent && noDate.text.contains("target_date"))
                #expect(try await store.plans.goals(in: try await store.scope(user, book: book)).isEmpty)

                let billsBefore = try await store.plans.bills(in: try await store.scope(user, book: book)).count
                let bill = try await browser.post(
                    "/books/\(book)/bills",
                    [
                        ("title", "Water"), ("amount", "40"), ("cycle", "monthly"), ("due_day", "32"),
                        ("first_due", "2026-03-05"),
                    ]
                )
                #expect(bill.status == .unprocessableContent)
                #expect(bill.text.contains("due_day: must be a whole number from 1 to 31"))
                #expect(bill.text.contains("value=\"Water\""))
                #expect(try await store.plans.bills(in: try await store.scope(user, book: book)).count == billsBefore)

                let badMonth = try await browser.get("/books/\(book)/bills?month=2026-13")
                #expect(badMonth.status == .unprocessableContent && badMonth.text.contains("month"))
            }
        }

        @Test(arguments: Backend.all)
        func markingABillPaidThroughTheConfirmationRecordsAnExpenseOnTheCalendarDay(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let (browser, user, book) = try await signedIn(client, store)
                #expect(try await browser.get("/books/\(book)/bills/new").status == .ok)
                let created = try await browser.post(
                    "/books/\(book)/bills",
                    [
                        ("title", "Apartment"), ("amount", "1200"), ("cycle", "monthly"), ("due_day", "5"),
                        ("every_months", ""),
                        ("first_due", "2026-03-05"), ("account", "Cash"), ("category", "Home:Rent"),
                        ("url", "example.com/pay"),
                        ("remind_days", "3"), ("note", ""),
                    ]
                )
                #expect(created.status == .seeOther, "\(created.text)")
                #expect(created.headers[.location] == "/books/\(book)/bills?month=2026-03")
                let bill = try #require(
                    try await store.plans.bills(in: try await store.scope(user, book: book)).first {
                        $0.title == "Apartment"
                    }
                )

                let month = try await browser.get("/books/\(book)/bills?month=2026-03")
                #expect(month.status == .ok)
                #expect(month.text.contains("Apartment") && month.text.contains("$1,200.00"))
                #expect(
                    month.text.contains(
                        "href=\"https://example.com/pay\" target=\"_blank\" rel=\"noopener noreferrer\""
                    )
                )
                #expect(month.text.contains("/books/\(book)/bills/\(bill.id)/occurrences/2026-03-05/pay"))
                #expect(month.text.contains("?month=2026-02") && month.text.contains("?month=2026-04"))

                let pay = "/books/\(book)/bills/\(bill.id)/occurrences/2026-03-05/pay"
                let confirm = try await browser.get("\(pay)?amount=1180&paid_on=2026-03-04")
                #expect(confirm.status == .ok)
                #expect(
                    confirm.text.contains("<strong>$1,180.00</strong>") && confirm.text.contains("4 Mar 2026")
                        && confirm.text.contains("Home:Rent")
                )
                #expect(
                    try await store.records.transactions(in: try await store.scope(user, book: book)).records.isEmpty,
                    "the confirmation page records nothing"
                )
                #expect(
                    try await browser.get("/books/\(book)/bills/\(bill.id)/occurrences/2026-03-06/pay").status
                        == .notFound
                )

                let bad = try await browser.post(pay, [("amount", "abc"), ("paid_on", "2026-03-04")])
                #expect(bad.status == .unprocessableContent && bad.text.contains("amount"))

                let paid = try await browser.post(pay, [("amount", "1180"), ("paid_on", "2026-03-04")])
                #expect(paid.status == .seeOther, "\(paid.text)")
                #expect(paid.headers[.location] == "/books/\(book)/bills?month=2026-03")
                let calendar = try await browser.get("/books/\(book)/calendar?month=2026-03")
                #expect(calendarCell(calendar.text, date: "2026-03-04")?.contains("$1,180.00") == true)
                let day = try await browser.get("/books/\(book)/days/2026-03-04")
                #expect(day.text.contains("Apartment"))
                let after = try await browser.get("/books/\(book)/bills?month=2026-03")
                #expect(after.text.contains("Paid on 4 Mar 2026"))
                #expect(after.text.contains("id=\"bills-paid\">$1,180.00<"))
                #expect(try await browser.post(pay, [("amount", "1180")]).status == .conflict, "paying twice")

                let undo = try await browser.post("/books/\(book)/bills/\(bill.id)/occurrences/2026-03-05/undo", [])
                #expect(undo.status == .seeOther)
                let undone = try await browser.get("/books/\(book)/calendar?month=2026-03")
                #expect(calendarCell(undone.text, date: "2026-03-04")?.contains("$") == false)
                #expect(
                    try await store.records.transactions(in: try await store.scope(user, book: book)).records.isEmpty
                )

                let edited = try await browser.post(
                    "/books/\(book)/bills/\(bill.id)",
                    [("title", "Flat"), ("amount", "")]
                )
                #expect(edited.status == .seeOther)
                let varies = try await store.plans.bill(bill.id, in: try await store.scope(user, book: book))
                #expect(varies.title == "Flat" && varies.amount == nil)
                #expect(try await browser.get("/books/\(book)/bills/\(bill.id)").text.contains("value=\"Flat\""))
                #expect(try await browser.post("/books/\(book)/bills/\(bill.id)/delete", []).status == .seeOther)
                #expect(
                    try await store.plans.bills(in: try await store.scope(user, book: book)).contains {
                        $0.id == bill.id
                    }
                        == false
                )
            }
        }

        @Test(arguments: Backend.all)
        func todayShowsTheMainBudgetsRemainingAndBillsDueSoon(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let (browser, user, book) = try await signedIn(client, store)
                let today = try await store.settings.today(for: user)
                let empty = try await browser.get("/books/\(book)/today")
                #expect(empty.status == .ok)
                #expect(
                    empty.text.contains("id=\"no-budget\"") && empty.text.contains("href=\"/books/\(book)/budgets\"")
                )

                _ = try await browser.post(
                    "/books/\(book)/budgets",
                    [("name", "Pocket money"), ("limit", "200"), ("cycle", "weekly"), ("scope", "1")]
                )
                _ = try await browser.post(
                    "/books/\(book)/bills",
                    [("title", "Phone plan"), ("amount", "25"), ("first_due", today.description)]
                )
                try await addExpense(browser, book, "30", category: "Food:Coffee", date: today)
                let page = try await browser.get("/books/\(book)/today")
                #expect(page.text.contains("id=\"today-remaining\">$170.00<"))
                #expect(page.text.contains("of $200.00"))
                #expect(page.text.contains("id=\"spent-today\">$30.00<"))
                // The quick-add form is on the page: amount first, posting to the records.
                #expect(page.text.contains("action=\"/books/\(book)/transactions\""))
                #expect(page.text.contains("name=\"amount\" id=\"amount\" value=\"\" inputmode=\"decimal\""))
                #expect(page.text.contains("Phone plan"), "a bill due today is due soon")
                #expect(page.text.contains("<link rel=\"manifest\" href=\"/manifest.webmanifest\">"))

                let dashboard = try await browser.get("/books/\(book)/dashboard")
                #expect(dashboard.text.contains("Due soon") && dashboard.text.contains("Phone plan"))
                #expect(dashboard.text.contains("$170.00 left"))
            }
        }

        @Test(arguments: Backend.all)
        func goalsPlanTakeContributionsAndAPhoto(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let (browser, user, book) = try await signedIn(client, store)
                let today = try await store.settings.today(for: user)
                let created = try await browser.post(
                    "/books/\(book)/goals",
                    [
                        ("name", "Bike"), ("price", "1000"), ("saved", "100"), ("income", "2000"), ("cycle", "monthly"),
                        ("account", "Debit Card"), ("plan", "percent"), ("percent", "10"), ("target_date", ""),
                    ]
                )
                #expect(created.status == .seeOther, "\(created.text)")
                let goal = try #require(try await store.plans.goals(in: try await store.scope(user, book: book)).first)
                    .goal
                let page = try await browser.get("/books/\(book)/goals/\(goal.id)")
                #expect(page.text.contains("class=\"goal-saved\">$100.00<") && page.text.contains("$1,000.00"))
                #expect(page.text.contains("$200.00 a month (10% of income)"))
                // 900 left at 200 a month: 5 months.
                let date = today.adding(months: 5)
                let expected = "\(date.day) \(LocalDate.monthNames[date.month - 1].prefix(3)) \(date.year)"
                #expect(page.text.contains("class=\"goal-date\">\(expected)<"), "\(expected)")
                #expect(page.text.contains("On track"))

                let added = try await browser.post(
                    "/books/\(book)/goals/\(goal.id)/contributions",
                    [
                        ("amount", "150"), ("date", today.description), ("note", ""), ("from_account", "Cash"),
                    ]
                )
                #expect(added.status == .seeOther, "\(added.text)")
                let after = try await browser.get("/books/\(book)/goals/\(goal.id)")
                #expect(after.text.contains("class=\"goal-saved\">$250.00<"))
                #expect(after.text.contains("transfer recorded"))
                let transfer = try #require(
                    try await store.records.transactions(in: try await store.scope(user, book: book)).records.first
                ).transaction
                #expect(transfer.kind == .transfer && transfer.amount.decimalString == "150.00")
                let contribution = try #require(
                    try await store.plans.contributions(to: goal.id, in: try await store.scope(user, book: book)).first
                )
                let undo = try await browser.post(
                    "/books/\(book)/goals/\(goal.id)/contributions/\(contribution.id)/delete",
                    []
                )
                #expect(undo.status == .seeOther)
                #expect(
                    try await store.records.transactions(in: try await store.scope(user, book: book)).records.isEmpty,
                    "undo takes back the transfer too"
                )

                // The edit form, multipart with a photo; then a target-date plan.
                let boundary = "PlanPagesBoundary"
                var body = ""
                for (name, value) in [
                    ("_csrf", try #require(browser.csrf)), ("name", "Bike"), ("price", "1000"), ("saved", "100"),
                    ("income", "2000"), ("cycle", "monthly"), ("plan", "percent"), ("percent", "20"),
                ] {
                    body += "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n"
                }
                var buffer = ByteBuffer(
                    string: body
                        + "--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"bike.png\"\r\nContent-Type: image/png\r\n\r\n"
                )
                buffer.writeBytes(Images.png)
                buffer.writeString("\r\n--\(boundary)--\r\n")
                var headers = browser.cookieHeader
                headers[.contentType] = "multipart/form-data; boundary=\(boundary)"
                let upload = try await client.post("/books/\(book)/goals/\(goal.id)", body: buffer, headers: headers)
                #expect(upload.status == .seeOther, "\(upload.text)")
                let photo = try await browser.get("/books/\(book)/goals/\(goal.id)/photo")
                #expect(photo.status == .ok && photo.headers[.contentType] == "image/png")
                #expect(Array(buffer: photo.body) == Images.png)
                let withPhoto = try await browser.get("/books/\(book)/goals")
                #expect(withPhoto.text.contains("src=\"/books/\(book)/goals/\(goal.id)/photo\""))
                #expect(withPhoto.text.contains("$400.00 a month (20% of income)"))

                let target = today.adding(months: 9)
                let byDate = try await browser.post(
                    "/books/\(book)/goals/\(goal.id)",
                    [("plan", "date"), ("target_date", target.description), ("percent", "20")]
                )
                #expect(byDate.status == .seeOther, "\(byDate.text)")
                let planned = try await store.plans.goal(goal.id, in: try await store.scope(user, book: book))
                #expect(planned.goal.targetDate == target && planned.goal.percent == nil)
                #expect(
                    try await browser.get("/books/\(book)/goals/\(goal.id)").text.contains(
                        "$100.00 a month (5% of income)"
                    )
                )

                #expect(try await browser.post("/books/\(book)/goals/\(goal.id)/photo/delete", []).status == .seeOther)
                #expect(try await browser.get("/books/\(book)/goals/\(goal.id)/photo").status == .notFound)
                #expect(try await browser.post("/books/\(book)/goals/\(goal.id)/delete", []).status == .seeOther)
                #expect(try await store.plans.goals(in: try await store.scope(user, book: book)).isEmpty)
            }
        }

        @Test(arguments: Backend.all)
        func settingsShowTheFeedLinkAndMakeANewOne(_ backend: Backend) async throws {
            try await withApp(backend) { client, store in
                let (browser, user, _) = try await signedIn(client, store)
                let page = try await browser.get("/settings")
                #expect(page.status == .ok)
                #expect(page.text.contains("You have no feed link yet"))
                #expect(page.text.contains("<option value=\"Europe/Berlin\">"))
                // Made on request and shown once, under the configured public address (the
                // default http://127.0.0.1:8080), whatever Host the request names.
                let made = try await browser.post("/settings/calendar-feed", [])
                #expect(made.status == .ok)
                let token = try #require(made.text.firstMatch(of: /calendar\/([0-9a-f]{64})\.ics/).map { String($0.1) })
                #expect(made.text.contains("value=\"http://127.0.0.1:8080/calendar/\(token).ics\""))
                #expect(made.text.contains("href=\"webcal://127.0.0.1:8080/calendar/\(token).ics\""))
                #expect(try await store.plans.calendarFeedCreatedAt(for: user) != nil)
                #expect(
                    !(try await browser.get("/settings").text.contains(token)),
                    "only its hash is kept: not shown again"
                )

                let bad = try await browser.post(
                    "/settings",
                    [("time_zone", "Mars/Olympus"), ("daily_reminder", "0"), ("reminder_time", "20:00")]
                )
                #expect(bad.status == .unprocessableContent && bad.text.contains("time_zone"))
                let saved = try await browser.post(
                    "/settings",
                    [
                        ("time_zone", "Europe/Berlin"), ("daily_reminder", "1"),
                        ("reminder_time", "07:30"),
                    ]
                )
                #expect(saved.status == .seeOther)
                let settings = try await store.settings.current(for: user)
                #expect(
                    settings.timeZone == "Europe/Berlin" && settings.dailyReminder
                        && settings.reminderTime.description == "07:30"
                )

                #expect(try await client.get("/calendar/\(token).ics").status == .ok)
                let rotated = try await browser.post("/settings/calendar-feed", [])
                #expect(rotated.status == .ok)
                let fresh = try #require(
                    rotated.text.firstMatch(of: /calendar\/([0-9a-f]{64})\.ics/).map { String($0.1) }
                )
                #expect(fresh != token)
                #expect(try await client.get("/calendar/\(token).ics").status == .notFound, "the old link is revoked")
                #expect(try await client.get("/calendar/\(fresh).ics").status == .ok)
            }
        }

        @Test(arguments: Backend.all)
        func aStrangersBookIsNotFound(_ backend: Backend) async throws {
            try await withApp(backend, openSignup: true) { client, store in
                let (ann, annUser, book) = try await signedIn(client, store, email: "ann@example.com")
                _ = try await ann.post("/books/\(book)/budgets", [("name", "Secret budget"), ("limit", "100")])
                _ = try await ann.post(
                    "/books/\(book)/goals",
                    [("name", "Secret goal"), ("price", "100"), ("income", "10"), ("percent", "10")]
                )
                _ = try await ann.post(
                    "/books/\(book)/bills",
                    [("title", "Secret bill"), ("amount", "9"), ("first_due", "2026-03-05")]
                )
                let budget = try #require(
                    try await store.plans.budgets(in: try await store.scope(annUser, book: book)).first
                )
                .id
                let goal = try #require(
                    try await store.plans.goals(in: try await store.scope(annUser, book: book)).first
                )
                .goal.id
                let bill = try #require(
                    try await store.plans.bills(in: try await store.scope(annUser, book: book)).first {
                        $0.title == "Secret bill"
                    }
                ).id

                let (bob, _, _) = try await signedIn(client, store, email: "bob@example.com")
                let b = "/books/\(book)"
                for path in [
                    "\(b)/budgets", "\(b)/budgets/\(budget)", "\(b)/goals", "\(b)/goals/\(goal)",
                    "\(b)/goals/\(goal)/photo",
                    "\(b)/bills", "\(b)/bills/new", "\(b)/bills/\(bill)",
                    "\(b)/bills/\(bill)/occurrences/2026-03-05/pay", "\(b)/today",
                ] {
                    let response = try await bob.get(path)
                    #expect(response.status == .notFound, "\(path)")
                    #expect(!response.text.contains("Secret"), "\(path)")
                }
                let posts: [(String, [(String, String)])] = [
                    ("\(b)/budgets", [("name", "Mallory"), ("limit", "1")]),
                    ("\(b)/budgets/\(budget)", [("limit", "1")]),
                    ("\(b)/budgets/\(budget)/delete", []), ("\(b)/goals", [("name", "Mallory"), ("price", "1")]),
                    ("\(b)/goals/\(goal)", [("price", "1")]), ("\(b)/goals/\(goal)/contributions", [("amount", "1")]),
                    ("\(b)/goals/\(goal)/photo/delete", []), ("\(b)/goals/\(goal)/delete", []),
                    ("\(b)/bills", [("title", "Mallory")]), ("\(b)/bills/\(bill)", [("title", "Mallory")]),
                    ("\(b)/bills/\(bill)/occurrences/2026-03-05/pay", [("amount", "1")]),
                    ("\(b)/bills/\(bill)/occurrences/2026-03-05/undo", []), ("\(b)/bills/\(bill)/delete", []),
                ]
                for (path, fields) in posts {
                    #expect(try await bob.post(path, fields).status == .notFound, "POST \(path)")
                }
                #expect(
                    try await store.plans.budgets(in: try await store.scope(annUser, book: book)).map(\.name) == [
                        "Secret budget"
                    ]
                )
                #expect(
                    try await store.plans.goals(in: try await store.scope(annUser, book: book)).map(\.goal.name) == [
                        "Secret goal"
                    ]
                )
                #expect(
                    try await store.plans.bill(bill, in: try await store.scope(annUser, book: book)).title
                        == "Secret bill"
                )
                #expect(
                    try await store.records.transactions(in: try await store.scope(annUser, book: book)).records.isEmpty
                )
            }
        }
    }
}
