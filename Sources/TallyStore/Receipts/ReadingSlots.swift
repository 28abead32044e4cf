/// At most `running` receipt readings at a time (one per core: Tesseract keeps a core busy for a
/// second or more) and at most `waiting` in line for a turn. A burst of uploads must neither
/// starve the web requests nor pile up without end: a reading that finds the line full, or whose
/// turn has not come by the time it would have too little left of its limit, is refused at once
/// (`ReceiptOCRError.busy`, a 503 with `Retry-After`).
actor ReadingSlots {
    private let running: Int
    private let waiting: Int
    private var busy = 0
    private var line: [Waiter] = []
    private var nextID = 0

    /// One reading in line: resumed with true for its turn, false when it gave up.
    private struct Waiter {
        let id: Int
        let turn: CheckedContinuation<Bool, Never>
        let timer: Task<Void, Never>
    }

    init(running: Int, waiting: Int) {
        self.running = max(1, running)
        self.waiting = max(0, waiting)
    }

    /// Runs `work` once a slot is free, and frees it after, whatever `work` does. Throws `busy`
    /// (saying to come back in `retryAfter` seconds) when the line is full, or when no slot is
    /// free by `latest`.
    func run<T: Sendable>(
        by latest: ContinuousClock.Instant,
        retryAfter: Int,
        _ work: @Sendable () async throws -> T
    ) async throws -> T {
        guard await take(by: latest) else { throw ReceiptOCRError.busy(retryAfter: retryAfter) }
        defer { give() }
        return try await work()
    }

    private func take(by latest: ContinuousClock.Instant) async -> Bool {
        if busy < running {
            busy += 1
            return true
        }
        guard waiting > line.count, latest > ContinuousClock.now else { return false }
        nextID += 1
        let id = nextID
        return await withCheckedContinuation { turn in
            let timer = Task {
                try? await Task.sleep(until: latest, clock: .continuous)
                self.giveUp(id)
            }
            line.append(Waiter(id: id, turn: turn, timer: timer))
        }
    }

    /// The waiter `id` leaves the line unserved, if it is still in it.
    private func giveUp(_ id: Int) {
        guard let index = line.firstIndex(where: { $0.id == id }) else { return }
        line.remove(at: index).turn.resume(returning: false)
    }

    /// The slot goes to the first in line, or back to the free ones.
    private func give() {
        guard !line.isEmpty else {
            busy -= 1
            return
        }
        let next = line.removeFirst()
        next.timer.cancel()
        next.turn.resume(returning: true)
    }
}
