import CoreMetrics
import Dispatch

/// What the store counts for a server's `/metrics`, through swift-metrics with the factory the
/// server hands in (none by default: the CLI and tests count nothing, at no cost).
///
/// The factory is passed in rather than bootstrapped globally: swift-metrics allows one global
/// bootstrap per process, and a test process builds many apps, each with a registry of its own.
public struct StoreMetrics: Sendable {
    /// Records added one at a time (forms, the API, quick add, the offline queue), once stored.
    let recordsAdded: Counter
    /// Imports committed, by kind (`records`: Tally's CSV or JSON; `statement`: a bank file).
    let importsCSV: Counter
    let importsStatement: Counter
    /// Records written by imports.
    let recordsImported: Counter
    /// Password checks that failed, and attempts refused by the throttle.
    let signInFailures: Counter
    let signInThrottled: Counter
    /// The database's connections, per pool (`read`, `write`).
    let pools: [DatabasePool: PoolMetrics]
    /// Whether anything is counted (the factory is not swift-metrics' no-op one).
    let enabled: Bool

    /// The pools `Database` hands connections from.
    enum DatabasePool: String, CaseIterable {
        case read, write
    }

    /// One pool's gauges and its wait for a connection.
    struct PoolMetrics {
        /// Connections handed out now.
        let inUse: Meter
        /// Callers waiting for a connection now.
        let waiting: Meter
        /// From asking for a connection to getting it.
        let acquire: Timer
    }

    /// Counts nothing.
    public static let none = StoreMetrics(factory: NOOPMetricsHandler.instance, enabled: false)

    /// Counts through `factory`.
    public init(factory: any MetricsFactory) {
        self.init(factory: factory, enabled: true)
    }

    private init(factory: any MetricsFactory, enabled: Bool) {
        self.enabled = enabled
        recordsAdded = Counter(label: "tally_records_added_total", factory: factory)
        importsCSV = Counter(label: "tally_imports_total", dimensions: [("kind", "records")], factory: factory)
        importsStatement = Counter(label: "tally_imports_total", dimensions: [("kind", "statement")], factory: factory)
        recordsImported = Counter(label: "tally_records_imported_total", factory: factory)
        signInFailures = Counter(
            label: "tally_signin_failures_total",
            dimensions: [("reason", "wrong")],
            factory: factory
        )
        signInThrottled = Counter(
            label: "tally_signin_failures_total",
            dimensions: [("reason", "throttled")],
            factory: factory
        )
        var pools: [DatabasePool: PoolMetrics] = [:]
        for pool in DatabasePool.allCases {
            let dimensions = [("pool", pool.rawValue)]
            pools[pool] = PoolMetrics(
                inUse: Meter(label: "tally_db_connections_in_use", dimensions: dimensions, factory: factory),
                waiting: Meter(label: "tally_db_connections_waiting", dimensions: dimensions, factory: factory),
                acquire: Timer(label: "tally_db_connection_acquire_seconds", dimensions: dimensions, factory: factory)
            )
        }
        self.pools = pools
    }

    /// Runs `body` with a connection from `pool` (through `acquire`), counting the wait and the
    /// connection in use. Without a factory it is `acquire` alone.
    func connection<T>(
        _ pool: DatabasePool,
        _ acquire: ((@escaping () -> Void) async throws -> T)
    ) async throws -> T {
        guard enabled, let metrics = pools[pool] else { return try await acquire({}) }
        let asked = DispatchTime.now().uptimeNanoseconds
        metrics.waiting.increment()
        let got = GotConnection()
        do {
            let result = try await acquire {
                got.value = true
                metrics.waiting.decrement()
                metrics.acquire.recordNanoseconds(Int64(DispatchTime.now().uptimeNanoseconds - asked))
                metrics.inUse.increment()
            }
            metrics.inUse.decrement()
            return result
        } catch {
            if got.value { metrics.inUse.decrement() } else { metrics.waiting.decrement() }
            throw error
        }
    }
}

/// Whether the connection was handed over before a failure (the gauges undo one or the other).
private final class GotConnection: @unchecked Sendable {
    // @unchecked: set inside the one task that reads it afterwards.
    var value = false
}
