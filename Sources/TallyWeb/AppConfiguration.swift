/// How the web app is run: where it listens and its sign-up and cookie policy.
public struct AppConfiguration: Sendable {
    /// Address to bind.
    public var host: String
    /// Port to bind.
    public var port: Int
    /// Allow sign-ups after the first user.
    public var openSignup: Bool
    /// Mark cookies `Secure` (set when served over HTTPS, e.g. behind a TLS proxy).
    public var secureCookies: Bool

    /// Makes a configuration; the defaults are those of `tally serve`.
    public init(host: String = "127.0.0.1", port: Int = 8080, openSignup: Bool = false, secureCookies: Bool = false) {
        self.host = host
        self.port = port
        self.openSignup = openSignup
        self.secureCookies = secureCookies
    }
}
