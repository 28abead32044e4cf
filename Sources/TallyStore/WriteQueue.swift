/// Statements handed to the database in order while the caller goes on working.
///
/// An import reads and checks the next rows while SQLite, on its own thread, writes the ones
/// before: the two cores work side by side instead of taking turns. Each write starts when the one
/// before it has finished, so they land in order; at most `depth` wait, which bounds the memory.
/// The queue must be settled (or drained, on failure) before the transaction ends.
struct WriteQueue {
    private var tasks: [Task<Void, any Error>] = []
    /// How many writes may wait before `enqueue` waits for the oldest.
    let depth: Int

    init(depth: Int) { self.depth = depth }

    /// Queues `work` after everything queued before it.
    mutating func enqueue(_ work: @escaping @Sendable () async throws -> Void) async throws {
        let previous = tasks.last
        tasks.append(
            Task {
                try await previous?.value
                try await work()
            }
        )
        if tasks.count > depth { try await tasks.removeFirst().value }
    }

    /// Waits for every queued write; throws the first failure.
    mutating func settle() async throws {
        let all = tasks
        tasks = []
        var failure: (any Error)?
        for task in all {
            do { try await task.value } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }

    /// Waits for every queued write and ignores failures: before a rollback, which must not run
    /// under a statement still in progress.
    mutating func drain() async {
        try? await settle()
    }
}
