import Foundation
import Hummingbird
import TallyCore
import TallyStore

/// The Today view: the quick glance a user pins to their home screen. The main budget's
/// remaining amount, today's spending, a big "Add expense" button and the bills due soon.
struct TodayPages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("today", use: store.oneSnapshot(today))
        book.get("queue", use: queue)
        return routes
    }

    func today(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let book = scope.book
        let summary = try await store.plans.todaySummary(in: scope)
        let form =
            book.role.canWrite
            ? try await RecordFormModel(store: store).make(
                scope: scope,
                input: TransactionInput(kind: "expense", date: summary.date.description),
                recordID: nil
            ) : nil
        let model = TodayPage(
            date: summary.date.longTitle,
            spentToday: summary.spentToday.formatted,
            addLink: "/books/\(book.id)/transactions/new?date=\(summary.date)",
            dueSoon: summary.dueSoon.map { PlanText.occurrence($0, book: book.id, today: summary.date) },
            hasDueSoon: !summary.dueSoon.isEmpty,
            budgetsLink: "/books/\(book.id)/budgets",
            billsLink: "/books/\(book.id)/bills",
            main: summary.main.map { PlanText.budget($0, book: book.id) },
            form: form
        )
        return pages.page("today", title: "Today", context: context, book: book, model: model)
    }

    /// The device's queue of records waiting to sync (the list itself is drawn by the script).
    func queue(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let model = QueuePage(addLink: "/books/\(scope.bookID)/transactions/new")
        return pages.page("queue", title: "Waiting to sync", context: context, book: scope.book, model: model)
    }
}
