import Foundation
import Hummingbird
import TallyCore
import TallyJSON
import TallyStore

/// The profile and account forms of the settings page: display name, email (after the
/// password), password (ending every other session), two-step sign-in with recovery codes, and
/// deleting the account. Each post shows the settings page again with what happened.
struct ProfilePages {
    let store: Store
    let settings: SettingsPages
    /// Password checks here are throttled like sign-in.
    var limits: LoginLimits = .standard

    private func changes(_ request: Request, _ context: SignedInContext) -> ProfileChanges {
        ProfileChanges(store: store, limits: limits, request: request, context: context)
    }

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let signedIn = routes.signedIn()
        signedIn.post("settings/profile", use: rename)
        signedIn.post("settings/email", use: email)
        signedIn.post("settings/password", use: password)
        signedIn.post("settings/two-step", use: startTwoStep)
        signedIn.post("settings/two-step/enable", use: enableTwoStep)
        signedIn.post("settings/two-step/disable", use: disableTwoStep)
        signedIn.post("settings/recovery-codes", use: renewCodes)
        signedIn.post("settings/delete-account", use: deleteAccount)
        signedIn.post("settings/photo", use: photo)
        // "Export all my data" is the full backup of every book the person can reach, the
        // same zip as `GET /api/v1/backup`, which `tally restore` and `POST /restore` take back.
        signedIn.get("settings/export") { _, context in
            try await BackupAPI.download(for: context.user, store: store)
        }
        return routes
    }

    func rename(_ request: Request, context: SignedInContext) async throws -> Response {
        let form = try await request.form(ProfileForm.self, context: context)
        return try await run(request, context) {
            _ = try await changes(request, context).rename(to: form.name)
            return "Your name is saved."
        }
    }

    func email(_ request: Request, context: SignedInContext) async throws -> Response {
        let form = try await request.form(ProfileForm.self, context: context)
        return try await run(request, context) {
            let user = try await changes(request, context).changeEmail(password: form.password, to: form.email)
            return "You now sign in as \(user.email)."
        }
    }

    func password(_ request: Request, context: SignedInContext) async throws -> Response {
        let form = try await request.form(ProfileForm.self, context: context)
        return try await run(request, context) {
            try await changes(request, context).changePassword(current: form.password, new: form.newPassword)
            return "Your password is changed, and you are signed out everywhere else."
        }
    }

    func startTwoStep(_ request: Request, context: SignedInContext) async throws -> Response {
        let form = try await request.form(ProfileForm.self, context: context)
        let setup: TwoStepSetup
        do {
            setup = try await changes(request, context).startTwoStep(password: form.password)
        } catch let error as FieldError {
            return try await refused(error, request, context)
        }
        return try await settings.page(request, context: context) {
            $0.setupSecret = setup.secret
            $0.setupURI = setup.uri
        }
    }

    func enableTwoStep(_ request: Request, context: SignedInContext) async throws -> Response {
        let form = try await request.form(ProfileForm.self, context: context)
        do {
            let codes = try await changes(request, context).enableTwoStep(code: form.code)
            return try await settings.page(request, context: context) {
                $0.notice =
                    "Two-step sign-in is on. Keep these recovery codes somewhere safe: each works once, and they are shown only now."
                $0.recoveryCodes = codes
            }
        } catch let error as FieldError {
            // The same secret stays (the app already has it): show it again with the message.
            let pending = try await store.users.pendingTwoStep(for: context.user, shown: form.secret)
            return try await settings.page(request, context: context, status: .unprocessableContent) {
                $0.error = error.description
                $0.setupSecret = pending?.secret ?? ""
                $0.setupURI = pending?.uri ?? ""
            }
        }
    }

    func disableTwoStep(_ request: Request, context: SignedInContext) async throws -> Response {
        let form = try await request.form(ProfileForm.self, context: context)
        return try await run(request, context) {
            try await changes(request, context).disableTwoStep(password: form.password)
            return "Two-step sign-in is off."
        }
    }

    func renewCodes(_ request: Request, context: SignedInContext) async throws -> Response {
        let form = try await request.form(ProfileForm.self, context: context)
        do {
            let codes = try await changes(request, context).renewRecoveryCodes(password: form.password)
            return try await settings.page(request, context: context) {
                $0.notice = "New recovery codes; the old ones no longer work."
                $0.recoveryCodes = codes
            }
        } catch let error as FieldError {
            return try await refused(error, request, context)
        }
    }

    /// Uploads a photo, or removes it when `remove` is posted.
    func photo(_ request: Request, context: SignedInContext) async throws -> Response {
        let form = try await request.form(PhotoForm.self, context: context)
        return try await run(request, context) {
            if form.remove != nil {
                _ = try await changes(request, context).setPhoto(nil)
                return "Your photo is removed."
            }
            guard let bytes = try GoalPages.checkedPhoto(form.photo) else {
                throw FieldError("photo", "choose a photo")
            }
            _ = try await changes(request, context).setPhoto(bytes)
            return "Your photo is saved."
        }
    }

    func deleteAccount(_ request: Request, context: SignedInContext) async throws -> Response {
        let form = try await request.form(ProfileForm.self, context: context)
        do {
            try await changes(request, context).deleteAccount(password: form.password)
        } catch let error as FieldError {
            return try await refused(error, request, context)
        }
        return PageRenderer.redirect("/login")
    }

    /// The settings page again with the reason a form was refused, a 422.
    private func refused(_ error: FieldError, _ request: Request, _ context: SignedInContext) async throws -> Response {
        try await settings.page(request, context: context, status: .unprocessableContent) {
            $0.error = error.description
        }
    }

    /// Runs a change and shows the settings page with its sentence, or with the field's error.
    private func run(
        _ request: Request,
        _ context: SignedInContext,
        _ change: () async throws -> String
    ) async throws -> Response {
        do {
            let notice = try await change()
            // The page is read again after the change, so it shows the new name or email.
            var fresh = context
            if let user = try await store.users.user(id: context.user.id) { fresh = fresh.with(user: user) }
            return try await settings.page(request, context: fresh) { $0.notice = notice }
        } catch let error as FieldError {
            return try await refused(error, request, context)
        }
    }
}

/// `POST /settings/photo` (multipart): a file, or `remove`.
struct PhotoForm: PageForm {
    var photo: Upload?
    var remove: String?
}

/// The fields of the profile forms (each form posts some of them).
struct ProfileForm: PageForm {
    var name: String?
    var email: String?
    var password: String?
    var newPassword: String?
    var code: String?
    /// The secret being set up, carried by the enable form so a wrong code can show it again.
    var secret: String?

    enum CodingKeys: String, CodingKey {
        case name, email, password, code, secret
        case newPassword = "new_password"
    }
}
