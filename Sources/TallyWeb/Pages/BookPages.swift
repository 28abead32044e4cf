import Foundation
import Hummingbird
import TallyCore
import TallyLocales
import TallyStore

/// The book switcher (`/books`: every book, a form to make one, invitations to accept) and each
/// book's settings page (`/books/{book}/settings`: name, archive, delete, members, invitations,
/// leave). What each role may post is `BookAccess`'s to say; the forms a role cannot use are
/// not shown.
struct BookPages {
    let store: Store
    let pages: PageRenderer
    /// The server's public address, for invitation links.
    let publicURL: String

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let signedIn = routes.signedIn()
        signedIn.get("books", use: list)
        signedIn.post("books", use: create)
        let book = routes.book(store)
        book.get("settings", use: settings)
        book.post("settings", use: rename)
        book.post("settings/archive", use: archive)
        book.post("settings/delete", use: delete)
        book.post("members/:user", use: setRole)
        book.post("members/:user/remove", use: removeMember)
        book.post("invitations", use: invite)
        book.post("invitations/:id/revoke", use: revoke)
        book.post("leave", use: leave)
        return routes
    }

    func list(_ request: Request, context: SignedInContext) async throws -> Response {
        try await listPage(request, context: context)
    }

    private func listPage(
        _ request: Request,
        context: SignedInContext,
        form: NewBookForm? = nil,
        error: FieldError? = nil
    ) async throws -> Response {
        let books = try await store.books.all(for: context.user)
        let current = request.cookies[LastBook.cookie].flatMap { Int64($0.value) }.map(BookID.init(rawValue:))
        let currency = form?.currency ?? books.first?.currency.code ?? "USD"
        var model = BooksPage(
            active: books.filter { !$0.archived }.map { BookItem($0, current: current) },
            archivedBooks: books.filter(\.archived).map { BookItem($0, current: current) },
            invitations: try await store.books.invitations(for: context.user).map(InvitationItem.init),
            currencies: Currency.all.map { CurrencyOption(code: $0.code, selected: $0.code == currency) },
            sources: books.map { BookItem($0) },
            name: form?.name ?? "",
            error: error?.description ?? ""
        )
        model.hasInvitations = !model.invitations.isEmpty
        model.hasArchived = !model.archivedBooks.isEmpty
        return pages.page(
            "books",
            title: "Your books",
            context: context,
            model: model,
            status: error == nil ? .ok : .unprocessableContent
        )
    }

    func create(_ request: Request, context: SignedInContext) async throws -> Response {
        try await PageRenderer.post(request, context: context, as: NewBookForm.self) { form in
            let book = try await store.books.createBook(
                for: context.user,
                name: form.name,
                currency: form.currency,
                copyCategoriesFrom: form.categories == "default" ? nil : form.categories,
                names: Catalogs.shipped.catalog(context.locale.language)
            )
            return "/books/\(book.id)/dashboard"
        } refused: { form, error in
            try await listPage(request, context: context, form: form, error: error)
        }
    }

    func settings(_ request: Request, context: AppContext) async throws -> Response {
        try await settingsPage(context: context)
    }

    /// The settings page; `newLink` is an invitation link just made (shown once).
    private func settingsPage(
        context: AppContext,
        name: String? = nil,
        error: FieldError? = nil,
        newLink: String = ""
    ) async throws -> Response {
        let scope = try context.bookScope()
        var model = BookSettingsPage(
            bookName: name ?? scope.book.name,
            members: try await store.books.members(in: scope).map {
                MemberItem($0, me: scope.user.id, book: scope.bookID)
            },
            invitations: try await store.books.invitations(in: scope).map(InvitationItem.init),
            newLink: newLink,
            error: error?.description ?? "",
            notice: newLink.isEmpty ? "" : "Send this link to the person you invite. It is shown only once."
        )
        model.hasInvitations = !model.invitations.isEmpty
        var response = pages.page(
            "book_settings",
            title: "Book settings",
            context: context,
            book: scope.book,
            model: model,
            status: error == nil ? .ok : .unprocessableContent
        )
        if !newLink.isEmpty { response.headers[.cacheControl] = "no-store" }
        return response
    }

    func rename(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        return try await PageRenderer.post(request, context: context, as: NameForm.self) { form in
            _ = try await store.books.rename(in: scope, to: form.name)
            return "/books/\(scope.bookID)/settings"
        } refused: { form, error in
            try await settingsPage(context: context, name: form.name, error: error)
        }
    }

    func archive(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let form = try await request.form(ArchiveForm.self, context: context)
        _ = try await store.books.setArchived(form.archived == "1", in: scope)
        return PageRenderer.redirect("/books/\(scope.bookID)/settings")
    }

    /// Deletes the book once its name is typed back, the way the best products guard it.
    func delete(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        return try await PageRenderer.post(request, context: context, as: NameForm.self) { form in
            guard form.name?.trimmingSpaces() == scope.book.name else {
                throw FieldError("name", "type the book's name, \(scope.book.name), to delete it")
            }
            try await store.books.delete(in: scope)
            return "/books"
        } refused: { _, error in
            try await settingsPage(context: context, error: error)
        }
    }

    func setRole(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let form = try await request.form(RoleForm.self, context: context)
        _ = try await store.books.setRole(form.role, of: try context.parameters.id("user"), in: scope)
        return PageRenderer.redirect("/books/\(scope.bookID)/settings")
    }

    func removeMember(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.books.removeMember(try context.parameters.id("user"), in: scope)
        return PageRenderer.redirect("/books/\(scope.bookID)/settings")
    }

    func invite(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        let form = try await request.form(InviteForm.self, context: context)
        do {
            let made = try await store.books.invite(in: scope, role: form.role, email: form.email)
            return try await settingsPage(
                context: context,
                newLink: InvitationLink.url(token: made.token, publicURL: publicURL)
            )
        } catch let error as FieldError {
            return try await settingsPage(context: context, error: error)
        }
    }

    func revoke(_ request: Request, context: AppContext) async throws -> Response {
        let scope = try context.bookScope()
        try await store.books.revokeInvitation(try context.parameters.id("id"), in: scope)
        return PageRenderer.redirect("/books/\(scope.bookID)/settings")
    }

    func leave(_ request: Request, context: AppContext) async throws -> Response {
        try await store.books.leave(try context.bookScope())
        return PageRenderer.redirect("/books")
    }
}

/// `POST /books`: `categories` is "default" or the id of a book to copy them from.
struct NewBookForm: PageForm {
    var name: String?
    var currency: String?
    var categories: String?
}

/// A form with one `name` field (rename; the typed-back name that confirms a delete).
struct NameForm: PageForm {
    var name: String?
}

/// `POST …/settings/archive`: "1" archives, anything else brings the book back.
struct ArchiveForm: PageForm {
    var archived: String?
}

/// `POST …/members/{user}`.
struct RoleForm: PageForm {
    var role: String?
}

/// `POST …/invitations`.
struct InviteForm: PageForm {
    var role: String?
    var email: String?
}
