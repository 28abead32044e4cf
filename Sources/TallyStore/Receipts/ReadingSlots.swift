/// At most `count` receipt readings at a time (one per core): Tesseract keeps a core busy for a
/// second or more, and a burst of uploads must queue rather than starve the web requests.
actor ReadingSlots {
    private var free: Int
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(_ count: Int) { free = max(1, count) }

    /// Runs `work` once a slot is free, and frees it after, whatever `work` does.
    func run<T: Sendable>(_ work: @Sendable () async throws -> T) async throws -> T {
        await take()
        defer { give() }
        return try await work()
    }

    private func take() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func give() {
        if waiters.isEmpty { free += 1 } else { waiters.removeFirst().resume() }
    }
}
