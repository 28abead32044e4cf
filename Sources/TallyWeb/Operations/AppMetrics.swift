import CoreMetrics
import Dispatch
import HTTPTypes
import Prometheus
import Synchronization
import TallyStore

/// The server's metrics: a Prometheus registry filled through swift-metrics, rendered as the
/// Prometheus text format by `/metrics`.
///
/// Each app has a registry of its own, handed to swift-metrics as an explicit factory rather than
/// bootstrapped globally (one bootstrap per process would tie every app of a test process to one
/// registry). The store counts through the same factory (`StoreMetrics`).
public final class AppMetrics: Sendable {
    /// The metrics, as Prometheus keeps them.
    public let registry: PrometheusCollectorRegistry
    /// swift-metrics' view of `registry`.
    public let factory: PrometheusMetricsFactory
    /// Handlers by route, method and status, made once each (the factory's own lookup takes a lock
    /// and builds the label set every time).
    private let endpoints = Mutex<[Endpoint: EndpointMetrics]>([:])
    private let inFlight: Meter
    private let users: CoreMetrics.Gauge
    private let books: CoreMetrics.Gauge
    private let records: CoreMetrics.Gauge

    /// A new, empty registry. Latency buckets run from a quarter of a millisecond (a month's
    /// summary takes about one) to ten seconds (an export).
    public init() {
        registry = PrometheusCollectorRegistry()
        var factory = PrometheusMetricsFactory(registry: registry)
        factory.defaultDurationHistogramBuckets = [
            .microseconds(250), .microseconds(500), .milliseconds(1), .milliseconds(2), .milliseconds(5),
            .milliseconds(10), .milliseconds(20), .milliseconds(50), .milliseconds(100), .milliseconds(250),
            .milliseconds(500), .seconds(1), .milliseconds(2500), .seconds(10),
        ]
        self.factory = factory
        inFlight = Meter(label: "tally_http_requests_in_flight", factory: factory)
        users = CoreMetrics.Gauge(label: "tally_users", factory: factory)
        books = CoreMetrics.Gauge(label: "tally_books", factory: factory)
        records = CoreMetrics.Gauge(label: "tally_records", factory: factory)
    }

    /// What the store counts through this registry.
    public var store: StoreMetrics { StoreMetrics(factory: factory) }

    /// Counts one request, by the route's pattern (never the raw path, which would make a series
    /// per record id), its method and its status.
    func recordRequest(route: String, method: HTTPRequest.Method, status: HTTPResponse.Status, nanoseconds: UInt64) {
        let key = Endpoint(route: route, method: method.rawValue, status: status.code)
        let metrics = endpoints.withLock { cache in
            if let found = cache[key] { return found }
            let made = EndpointMetrics(key, factory: factory)
            cache[key] = made
            return made
        }
        metrics.requests.increment()
        metrics.duration.recordNanoseconds(Int64(clamping: nanoseconds))
    }

    /// A request began (`ended` when its answer is written).
    func started() { inFlight.increment() }
    func ended() { inFlight.decrement() }

    /// The registry as Prometheus text, with the counts read from the database first.
    public func render(_ store: Store) async throws -> String {
        let counts = try await store.serverCounts()
        users.record(counts.users)
        books.record(counts.books)
        records.record(counts.records)
        return registry.emitToString()
    }

    private struct Endpoint: Hashable {
        let route: String
        let method: String
        let status: Int
    }

    private struct EndpointMetrics {
        let requests: CoreMetrics.Counter
        let duration: CoreMetrics.Timer

        init(_ key: Endpoint, factory: PrometheusMetricsFactory) {
            let labels = [("route", key.route), ("method", key.method), ("status", String(key.status))]
            requests = CoreMetrics.Counter(label: "tally_http_requests_total", dimensions: labels, factory: factory)
            duration = CoreMetrics.Timer(
                label: "tally_http_request_duration_seconds",
                dimensions: labels,
                preferredDisplayUnit: .seconds,
                factory: factory
            )
        }
    }
}
