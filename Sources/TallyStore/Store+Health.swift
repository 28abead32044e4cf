import Foundation
import SQLKit

extension Store {
    /// Whether the database answers a trivial query within `timeout` (for `/healthz`). The
    /// query runs in its own task so that a database that never answers (a pool waiting for a
    /// connection that will not come) costs the caller `timeout`, not a hung request.
    public func databaseReachable(timeout: Duration = .seconds(5)) async -> Bool {
        let database = self.database
        let answer = OneAnswer()
        return await withCheckedContinuation { continuation in
            answer.install(continuation)
            Task {
                let ok = (try? await database.read { db in try await db.raw("SELECT 1 AS one").first() }) != nil
                answer.give(ok)
            }
            Task {
                try? await Task.sleep(for: timeout)
                answer.give(false)
            }
        }
    }
}

/// Resumes a continuation with the first of several racing answers.
private final class OneAnswer: @unchecked Sendable {
    // @unchecked: every field is read and written under `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<Bool, Never>?
    private var pending: Bool?
    private var done = false

    func install(_ continuation: CheckedContinuation<Bool, Never>) {
        lock.lock()
        if let pending, !done {
            done = true
            lock.unlock()
            continuation.resume(returning: pending)
            return
        }
        self.continuation = continuation
        lock.unlock()
    }

    func give(_ value: Bool) {
        lock.lock()
        guard !done else {
            lock.unlock()
            return
        }
        guard let continuation else {
            if pending == nil { pending = value }
            lock.unlock()
            return
        }
        done = true
        self.continuation = nil
        lock.unlock()
        continuation.resume(returning: value)
    }
}

/// How much a server holds, for `/metrics`.
public struct ServerCounts: Sendable, Equatable {
    /// Accounts people sign in to.
    public var users: Int
    /// Books, archived ones included.
    public var books: Int
    /// Records in every book.
    public var records: Int
}

extension Store {
    /// Counts users, books and records in one read. Records are counted by the database each
    /// time (tens of milliseconds at a million), which a scrape every 15 seconds or more affords.
    public func serverCounts() async throws -> ServerCounts {
        try await database.read { db in
            let row = try await db.raw(
                """
                SELECT (SELECT CAST(COUNT(*) AS BIGINT) FROM users) AS users,
                  (SELECT CAST(COUNT(*) AS BIGINT) FROM books) AS books,
                  (SELECT CAST(COUNT(*) AS BIGINT) FROM transactions) AS records
                """
            ).first()
            return ServerCounts(
                users: try row?.decode(column: "users", as: Int.self) ?? 0,
                books: try row?.decode(column: "books", as: Int.self) ?? 0,
                records: try row?.decode(column: "records", as: Int.self) ?? 0
            )
        }
    }
}
