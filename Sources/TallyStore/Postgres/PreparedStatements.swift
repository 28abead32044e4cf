import Synchronization

/// Which statements run as named prepared statements on PostgreSQL, and under which name.
///
/// An unnamed statement is parsed and planned by the server on every run: at 1M records that was
/// most of the server's time for the hot reads (a page of 50 records: 0.4 ms parsing and 1.1 ms
/// planning around 0.3 ms of execution, from the server's own log). A named statement is parsed
/// once per connection, and after five runs PostgreSQL may keep a generic plan for it.
///
/// Like pgJDBC's `prepareThreshold` and statement cache, a text is named only once it has run
/// `threshold` times (across the pool), and at most `capacity` texts are ever named, so a query
/// built once for an odd filter does not take a slot on every connection of the server.
/// PostgresNIO keeps a named statement prepared for the life of its connection.
final class PreparedStatements: Sendable {
    /// A statement's text and the types of its binds: the same text bound with a NULL where it
    /// once had a number is prepared apart, since the server fixes a parameter's type at Parse.
    struct Key: Hashable, Sendable {
        let sql: String
        let types: String
    }

    private struct State {
        var seen: [Key: Int] = [:]
        var named: [Key: Int] = [:]
        /// Per connection and name, how many times the statement failed in a way that may have
        /// left it unusable there (see `failed`); each failure moves it to a fresh name.
        var failures: [Failure: Int] = [:]
    }

    private struct Failure: Hashable {
        let connection: Int
        let statement: Int
    }

    /// Runs of one text before it is named.
    let threshold: Int
    /// Texts named at most.
    let capacity: Int
    /// Failures of one name on one connection before its text runs unnamed there.
    static let failuresAllowed = 3
    private let state = Mutex(State())

    init(threshold: Int = 3, capacity: Int = 256) {
        self.threshold = threshold
        self.capacity = capacity
    }

    /// The name to run `key` under on `connection`, or nil to run it unnamed.
    func name(for key: Key, connection: Int) -> String? {
        state.withLock { state in
            if let statement = state.named[key] {
                let failures = state.failures[Failure(connection: connection, statement: statement)] ?? 0
                guard failures < Self.failuresAllowed else { return nil }
                return failures == 0 ? "tally_\(statement)" : "tally_\(statement)_\(failures)"
            }
            // Only a text not yet named is looked through (a named one never holds the mark).
            guard state.named.count < capacity, Self.mayName(key.sql) else { return nil }
            let runs = state.seen[key, default: 0] + 1
            guard runs >= threshold else {
                // Candidates that never reach the threshold are forgotten in bulk, which bounds
                // the map without keeping an order.
                if state.seen.count >= capacity * 8 { state.seen.removeAll(keepingCapacity: true) }
                state.seen[key] = runs
                return nil
            }
            state.seen[key] = nil
            let statement = state.named.count + 1
            state.named[key] = statement
            return "tally_\(statement)"
        }
    }

    /// Whether a text may be named at all: not when it holds `unnamed`.
    static func mayName(_ sql: String) -> Bool { !sql.contains(unnamed) }

    /// Marks a statement (anywhere in its text) that must stay unnamed: after five runs
    /// PostgreSQL may keep a generic plan for a named statement, made without its binds, and
    /// for some the best plan depends on them (a word search, `SearchConditions`; a long range
    /// of kept totals, `TotalsQuery`). A comment, so the SQL means the same on both engines.
    static let unnamed = "/* unnamed */ "

    /// Records that `key` failed under its name on `connection`. PostgresNIO remembers a failed
    /// preparation for the life of the connection (a Parse refused inside a failed transaction
    /// would refuse that text there for good), so the next run on that connection uses a new name.
    func failed(_ key: Key, connection: Int) {
        state.withLock { state in
            guard let statement = state.named[key] else { return }
            state.failures[Failure(connection: connection, statement: statement), default: 0] += 1
        }
    }

    /// How many texts are named (for tests).
    var namedCount: Int { state.withLock { $0.named.count } }
}
