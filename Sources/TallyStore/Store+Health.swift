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
