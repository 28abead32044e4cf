import TallyCore
import TallyStore

/// How the web app is run: where it listens, its public address, and its sign-up, cookie and
/// proxy policy.
public struct AppConfiguration: Sendable {
    /// Address to bind.
    public var host: String
    /// Port to bind.
    public var port: Int
    /// Allow sign-ups after the first user.
    public var openSignup: Bool
    /// Mark cookies `Secure` (set when served over HTTPS, e.g. behind a TLS proxy); the CSRF
    /// cookie is then named `__Host-tally_csrf`.
    public var secureCookies: Bool
    /// The address people reach the server at, without a trailing slash ("https://tally.example").
    /// Links the server hands out for use elsewhere (the calendar feed) are built from it, never
    /// from the request's Host header. Defaults to `http://<host>:<port>`.
    public var publicURL: String
    /// Take the client address for login throttling from the last `X-Forwarded-For` entry (the
    /// one the proxy in front added). Only safe when every request comes through that proxy.
    public var trustForwardedFor: Bool
    /// Failed sign-ins allowed per account and per client address.
    public var loginLimits: LoginLimits
    /// `/metrics`, when on (off by default).
    public var metrics: MetricsSettings?
    /// How receipt photos are read (`--ocr-languages`; tests point it at a missing command).
    public var receipts = ReceiptOCR()
    /// The locale of a caller with no setting and no `Accept-Language` Tally speaks
    /// (`--locale`, `TALLY_LOCALE`); nil is US English.
    public var defaultLocale: TallyLocale?

    /// Makes a configuration; the defaults are those of `tally serve`.
    public init(
        host: String = "127.0.0.1",
        port: Int = 8080,
        openSignup: Bool = false,
        secureCookies: Bool = false,
        publicURL: String? = nil,
        trustForwardedFor: Bool = false,
        loginLimits: LoginLimits = .standard,
        metrics: MetricsSettings? = nil
    ) {
        self.host = host
        self.port = port
        self.openSignup = openSignup
        self.secureCookies = secureCookies
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        self.publicURL = publicURL ?? "http://\(bracketed):\(port)"
        self.trustForwardedFor = trustForwardedFor
        self.loginLimits = loginLimits
        self.metrics = metrics
    }

    /// Checks and normalises a `--public-url` / `TALLY_PUBLIC_URL` value: an absolute http(s)
    /// URL with a host, no query or fragment, no spaces; a trailing "/" is dropped.
    public static func publicURL(_ raw: String) throws(FieldError) -> String {
        var value = raw.trimmingSpaces()
        while value.hasSuffix("/") { value.removeLast() }
        let lower = value.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://") else {
            throw FieldError("public-url", "must start with http:// or https://")
        }
        let rest = value.drop(while: { $0 != ":" }).dropFirst(3)
        guard !rest.isEmpty, !rest.hasPrefix("/"), value.count <= 200,
            !value.unicodeScalars.contains(where: {
                $0.value <= 0x20 || $0.value == 0x7F || "?#\\\"<>".unicodeScalars.contains($0)
            })
        else {
            throw FieldError(
                "public-url",
                "must be an address like https://tally.example.com, without spaces, query or fragment"
            )
        }
        return value
    }
}
