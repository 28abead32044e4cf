import Foundation
import TallyCore
import TallyStore

/// What `tally book` needs: the user's books, not one book's contents, so it is apart from
/// `TallyBackend`. Locally the store's `Books` service for the user; remotely `/api/v1/books`.
protocol BookBackend: Sendable {
    /// The user's books, as the book switcher orders them.
    func books() async throws -> [Book]
    /// A new book owned by the user.
    func createBook(name: String, currency: String, copyCategoriesFrom: String?) async throws -> Book
    /// Renames a book (owners only).
    func rename(_ book: BookID, to name: String) async throws -> Book
    /// Archives a book, or brings it back.
    func setArchived(_ archived: Bool, _ book: BookID) async throws -> Book
}

/// The user's books in the local store.
struct LocalBooks: BookBackend {
    let store: Store
    let user: User

    func books() async throws -> [Book] { try await store.books.all(for: user) }

    func createBook(name: String, currency: String, copyCategoriesFrom: String?) async throws -> Book {
        try await store.books.createBook(
            for: user,
            name: name,
            currency: currency,
            copyCategoriesFrom: copyCategoriesFrom
        )
    }

    func rename(_ book: BookID, to name: String) async throws -> Book {
        try await store.books.rename(in: try await store.scope(user, book: book), to: name)
    }

    func setArchived(_ archived: Bool, _ book: BookID) async throws -> Book {
        try await store.books.setArchived(archived, in: try await store.scope(user, book: book))
    }
}

/// The user's books on a server.
struct RemoteBooks: BookBackend {
    let client: ServerClient

    /// `BookJSON`.
    struct Entry: Decodable {
        let id: Int64, name: String, currency: String, role: String, archived: Bool

        var book: Book {
            get throws {
                guard let currency = Currency(code: currency), let role = Role(rawValue: role) else {
                    throw CLIError("the server sent a book this version cannot read")
                }
                return Book(id: BookID(rawValue: id), name: name, currency: currency, role: role, archived: archived)
            }
        }
    }

    func books() async throws -> [Book] {
        try RemoteJSON.decode([Entry].self, try await client.send(.GET, "/api/v1/books").body).map { try $0.book }
    }

    func createBook(name: String, currency: String, copyCategoriesFrom: String?) async throws -> Book {
        var body = ["name": name, "currency": currency]
        if let copyCategoriesFrom { body["copy_categories_from"] = copyCategoriesFrom }
        return try RemoteJSON.decode(Entry.self, try await client.send(.POST, "/api/v1/books", json: body).body).book
    }

    func rename(_ book: BookID, to name: String) async throws -> Book {
        try await change(book, ["name": name])
    }

    func setArchived(_ archived: Bool, _ book: BookID) async throws -> Book {
        try await change(book, ["archived": archived])
    }

    private func change(_ book: BookID, _ body: [String: Any]) async throws -> Book {
        try RemoteJSON.decode(Entry.self, try await client.send(.PATCH, "/api/v1/books/\(book)", json: body).body).book
    }
}

extension StoreOptions {
    /// Runs `body` with the user's books, locally or on the server in effect (as `withBackend`).
    func withBooks<T: Sendable>(
        _ who: UserOptions,
        _ body: @Sendable (any BookBackend) async throws -> T
    ) async throws
        -> T
    {
        if let target = try serverTarget() {
            if who.user != nil {
                throw CLIError("--user is for local data; against a server the token says who you are")
            }
            return try await body(RemoteBooks(client: ServerClient(server: target.server, token: target.token)))
        }
        return try await withStore { store in
            try await body(LocalBooks(store: store, user: try await who.resolveUser(store)))
        }
    }
}
