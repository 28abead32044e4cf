import TallyCore

/// An error the services raise on purpose, classified once for every interface: what kind of
/// refusal it is, the sentence for people and the field at fault. The web turns the kind into an
/// HTTP status and the CLI into an exit code, so the interfaces cannot disagree about what an
/// error means. Anything not classified here is a bug or an outage.
public struct KnownError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What kind of refusal it is.
    public enum Kind: Sendable, Equatable {
        /// The input is wrong (a `FieldError`): the caller should change it.
        case invalid
        /// The thing does not exist, or the caller may not see it.
        case notFound
        /// The caller may see it but not change it.
        case forbidden
        /// It clashes with what is stored.
        case conflict
        /// Wrong credentials or a revoked token.
        case unauthorized
        /// It existed but can no longer be used.
        case gone
        /// Too many attempts; try again later.
        case throttled
    }

    /// What kind of refusal it is.
    public let kind: Kind
    /// What went wrong, naming the field where there is one ("amount: …").
    public let detail: String
    /// The field (or CSV column / command option) at fault.
    public let field: String?
    /// Seconds to wait before trying again (`throttled`).
    public let retryAfter: Int?

    /// Classifies an error the services raise; `nil` for anything else.
    public init?(_ error: any Error) {
        switch error {
        case let error as KnownError: self = error
        case let error as FieldError: self.init(.invalid, error.description, field: error.field)
        case let error as StoreError:
            let kind: Kind =
                switch error {
                case .notFound: .notFound
                case .forbidden: .forbidden
                case .conflict: .conflict
                case .unauthorized: .unauthorized
                case .gone: .gone
                }
            self.init(kind, error.description)
        case let error as LoginThrottled: self.init(.throttled, error.description, retryAfter: error.retryAfter)
        default: return nil
        }
    }

    /// A classified error.
    public init(_ kind: Kind, _ detail: String, field: String? = nil, retryAfter: Int? = nil) {
        self.kind = kind
        self.detail = detail
        self.field = field
        self.retryAfter = retryAfter
    }

    /// The detail.
    public var description: String { detail }

    /// The CLI's exit status: 65 (EX_DATAERR) for input it refused, 1 for anything else.
    public var exitCode: Int32 { kind == .invalid ? 65 : 1 }
}
