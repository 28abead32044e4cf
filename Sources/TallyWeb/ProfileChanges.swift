import Hummingbird
import TallyCore
import TallyStore

/// The changes signed-in callers make to their own account, made the same way from the JSON API
/// (`ProfileAPI`) and from the settings page (`ProfilePages`), which only read the input and
/// write the answer. Every change that asks for the password counts a wrong one against the
/// caller's address with the server's limits, so guessing it here is throttled like signing in.
struct ProfileChanges {
    let store: Store
    let limits: LoginLimits
    /// Who is changing their account.
    let user: User
    /// Where the request came from, for the throttle.
    let client: String
    /// The request's own session, which a password change keeps signed in (none for a token).
    let session: String?

    init(store: Store, limits: LoginLimits, request: Request, context: SignedInContext) {
        self.store = store
        self.limits = limits
        user = context.user
        client = context.clientAddress
        session = request.cookies["tally_session"]?.value
    }

    /// Sets the display name ("" clears it).
    func rename(to name: String?) async throws -> User {
        try await store.users.setName(name, for: user)
    }

    /// Changes the sign-in email once the password is given.
    func changeEmail(password: String?, to email: String?) async throws -> User {
        try await store.users.changeEmail(for: user, password: password, to: email, client: client, limits: limits)
    }

    /// Changes the password and ends every other session.
    func changePassword(current: String?, new: String?) async throws {
        try await store.users.changePassword(
            for: user,
            current: current,
            new: new,
            keepSession: session,
            client: client,
            limits: limits
        )
    }

    /// Sets the profile photo, or removes it with nil.
    func setPhoto(_ bytes: [UInt8]?) async throws -> User {
        try await store.users.setPhoto(bytes, for: user)
    }

    /// Begins setting up two-step sign-in once the password is given.
    func startTwoStep(password: String?) async throws -> TwoStepSetup {
        try await store.users.startTwoStep(for: user, password: password, client: client, limits: limits)
    }

    /// Turns two-step sign-in on with a code from the app; the answer is the recovery codes.
    func enableTwoStep(code: String?) async throws -> [String] {
        try await store.users.enableTwoStep(for: user, code: code)
    }

    /// Turns two-step sign-in off once the password is given.
    func disableTwoStep(password: String?) async throws {
        try await store.users.disableTwoStep(for: user, password: password, client: client, limits: limits)
    }

    /// New recovery codes, once the password is given; the old ones stop working.
    func renewRecoveryCodes(password: String?) async throws -> [String] {
        try await store.users.renewRecoveryCodes(for: user, password: password, client: client, limits: limits)
    }

    /// Deletes the account once the password is given.
    func deleteAccount(password: String?) async throws {
        try await store.users.deleteAccount(user, password: password, client: client, limits: limits)
    }
}
