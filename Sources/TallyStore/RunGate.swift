import Synchronization

/// A gate that opens once; until then `wait()` suspends.
///
/// PostgresNIO logs a warning ("`PostgresClient.run()` hasn't been called yet") when a connection
/// is leased before the pool's `run()` has started, and every `tally` command and server start on
/// PostgreSQL printed it: the migrations asked for a connection while the task that runs the pool
/// was still being scheduled. `Database` leases PostgreSQL connections only once its `run()` has
/// opened the gate, shortly after starting the pool's (see `Database.run`).
final class RunGate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// Opens the gate and lets every waiter go; later calls do nothing.
    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the gate is open (at once when it already is).
    func wait() async {
        if state.withLock({ $0.open }) { return }
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let openNow = state.withLock { state in
                if state.open { return true }
                state.waiters.append(waiter)
                return false
            }
            if openNow { waiter.resume() }
        }
    }
}
