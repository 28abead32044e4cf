import Hummingbird
import TallyCore
import TallyStore

/// `/books/{book}/tags`: the book's tags with their record counts (each a link to its records
/// and its report), a form to rename each (onto another tag's name it merges the two), and delete.
struct TagPages {
    let store: Store
    let pages: PageRenderer

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let book = routes.book(store)
        book.get("tags", use: list)
        book.post("tags/:id", use: rename)
        book.post("tags/:id/delete", use: delete)
        return routes
    }

    func list(_ request: Request, context: AppContext) async throws -> Response {
        let notice = request.uri.queryParameters.get("done") == "1" ? "Saved." : ""
        return try await page(context: context, notice: notice)
    }

    private func page(
        context: AppContext,
        notice: String = "",
        error: String = "",
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let scope = try context.bookScope()
        let book = scope.book
        let tags = try await store.records.tags(in: scope)
        let model = TagsPage(
            tags: tags.map { tag in
                let query = Links.query([("tag", tag.name)])
                return TagRowView(
                    id: tag.id.rawValue,
                    name: tag.name,
                    count: tag.count,
                    recordsLink: "/books/\(book.id)/search?\(query)",
                    reportLink: "/books/\(book.id)/reports?\(query)"
                )
            },
            hasTags: !tags.isEmpty,
            notice: notice,
            error: error
        )
        return pages.page("tags", title: "Tags", context: context, book: book, model: model, status: status)
    }

    func rename(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let id = try context.parameters.id("id", as: TagID.self)
        return try await PageRenderer.post(request, context: context, as: TagForm.self) { form in
            _ = try await store.records.renameTag(id, to: form.name ?? "", in: scope)
            return "/books/\(scope.bookID)/tags?done=1"
        } refused: { _, error in
            try await page(context: context, error: error.description, status: .unprocessableContent)
        }
    }

    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.records.deleteTag(try context.parameters.id("id"), in: scope)
        return PageRenderer.redirect("/books/\(scope.bookID)/tags?done=1")
    }
}

/// The rename form.
struct TagForm: PageForm {
    var name: String?
}

/// `tags.mustache`.
struct TagsPage: ViewModel {
    let tags: [TagRowView]
    let hasTags: Bool
    let notice: String
    let error: String
}

/// One tag on the tags page.
struct TagRowView: ViewModel {
    let id: Int64
    let name: String
    let count: Int
    let recordsLink: String
    let reportLink: String
}
