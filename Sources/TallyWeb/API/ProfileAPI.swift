import Foundation
import Hummingbird
import NIOCore
import TallyCore
import TallyJSON
import TallyStore

/// The caller's profile and account: `GET|PATCH /profile` (name), `POST /profile/email`,
/// `POST /profile/password`, `POST /profile/delete`, and two-step sign-in: `POST
/// /profile/two-step` (start), `…/two-step/enable`, `…/two-step/disable`,
/// `POST /profile/recovery-codes`, and `GET /profile/export` (a zip of all their data). Everything that changes how one signs in needs the password.
struct ProfileAPI {
    let store: Store
    /// Password checks here are throttled like sign-in.
    var limits: LoginLimits = .standard

    private func changes(_ request: Request, _ context: SignedInContext) -> ProfileChanges {
        ProfileChanges(store: store, limits: limits, request: request, context: context)
    }

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        let signedIn = routes.signedIn()
        signedIn.get("profile", use: show)
        signedIn.patch("profile", use: rename)
        signedIn.post("profile/email", use: email)
        signedIn.post("profile/password", use: password)
        signedIn.post("profile/delete", use: delete)
        signedIn.post("profile/two-step", use: startTwoStep)
        signedIn.post("profile/two-step/enable", use: enableTwoStep)
        signedIn.post("profile/two-step/disable", use: disableTwoStep)
        signedIn.post("profile/recovery-codes", use: renewCodes)
        signedIn.get("profile/photo") { _, context in
            try await Self.image(try await store.users.photo(of: context.user.id))
        }
        signedIn.put("profile/photo", use: putPhoto)
        signedIn.delete("profile/photo", use: deletePhoto)
        signedIn.get("profile/export") { _, context in try await AccountExport.response(for: context.user, store: store)
        }
        return routes
    }

    func show(_ request: Request, context: SignedInContext) async throws -> APIModel.ProfileJSON {
        try await profile(context.user)
    }

    func rename(_ request: Request, context: SignedInContext) async throws -> APIModel.ProfileJSON {
        let body = try await request.decode(as: ProfileBody.self, context: context)
        return try await profile(try await changes(request, context).rename(to: body.name))
    }

    func email(_ request: Request, context: SignedInContext) async throws -> APIModel.ProfileJSON {
        let body = try await request.decode(as: ProfileBody.self, context: context)
        return try await profile(
            try await changes(request, context).changeEmail(password: body.password, to: body.email)
        )
    }

    /// Ends every session but the caller's own (when the caller is one); API tokens stay.
    func password(_ request: Request, context: SignedInContext) async throws -> Response {
        let body = try await request.decode(as: ProfileBody.self, context: context)
        try await changes(request, context).changePassword(current: body.password, new: body.newPassword)
        return Response(status: .noContent)
    }

    func delete(_ request: Request, context: SignedInContext) async throws -> Response {
        let body = try await request.decode(as: ProfileBody.self, context: context)
        try await changes(request, context).deleteAccount(password: body.password)
        return Response(status: .noContent)
    }

    func startTwoStep(_ request: Request, context: SignedInContext) async throws -> EditedResponse<APIModel.TwoStepJSON>
    {
        let body = try await request.decode(as: ProfileBody.self, context: context)
        let setup = try await changes(request, context).startTwoStep(password: body.password)
        return created(
            APIModel.TwoStepJSON(secret: setup.secret.replacingOccurrences(of: " ", with: ""), uri: setup.uri)
        )
    }

    func enableTwoStep(_ request: Request, context: SignedInContext) async throws -> APIModel.RecoveryCodesJSON {
        let body = try await request.decode(as: ProfileBody.self, context: context)
        return APIModel.RecoveryCodesJSON(
            recoveryCodes: try await changes(request, context).enableTwoStep(code: body.code)
        )
    }

    func disableTwoStep(_ request: Request, context: SignedInContext) async throws -> Response {
        let body = try await request.decode(as: ProfileBody.self, context: context)
        try await changes(request, context).disableTwoStep(password: body.password)
        return Response(status: .noContent)
    }

    func renewCodes(_ request: Request, context: SignedInContext) async throws -> APIModel.RecoveryCodesJSON {
        let body = try await request.decode(as: ProfileBody.self, context: context)
        let codes = try await changes(request, context).renewRecoveryCodes(password: body.password)
        return APIModel.RecoveryCodesJSON(recoveryCodes: codes)
    }

    func putPhoto(_ request: Request, context: SignedInContext) async throws -> APIModel.ProfileJSON {
        let bytes = try await ReceiptsAPI.imageBody(request, field: "photo")
        return try await profile(try await changes(request, context).setPhoto(bytes))
    }

    func deletePhoto(_ request: Request, context: SignedInContext) async throws -> Response {
        _ = try await changes(request, context).setPhoto(nil)
        return Response(status: .noContent)
    }

    /// A profile photo as an image response (its URL changes with each new photo).
    static func image(_ photo: (type: String, data: Data)) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: photo.type, .cacheControl: "private, max-age=86400"],
            body: .init(byteBuffer: ByteBuffer(bytes: photo.data))
        )
    }

    private func profile(_ user: User) async throws -> APIModel.ProfileJSON {
        let twoStep = try await store.users.twoStepEnabled(user)
        return APIModel.ProfileJSON(
            id: user.id,
            email: user.email,
            name: user.name,
            photoUrl: user.photoVersion.map { "/api/v1/profile/photo?v=\($0)" },
            twoStep: twoStep,
            recoveryCodesLeft: twoStep ? try await store.users.recoveryCodesLeft(user) : 0
        )
    }
}

/// The bodies of the profile routes (each takes some of these).
struct ProfileBody: APIRequest {
    static let fields: Set<String> = ["name", "email", "password", "new_password", "code"]
    let name, email, password, newPassword, code: String?

    init(_ body: JSONBody) throws {
        name = try body.string("name")
        email = try body.string("email")
        password = try body.string("password")
        newPassword = try body.string("new_password")
        code = try body.string("code", allowInteger: true)
    }
}

extension APIModel {
    /// `GET /profile`.
    struct ProfileJSON: ResponseEncodable {
        let id: UserID, email: String, name: String, photoUrl: String?, twoStep: Bool, recoveryCodesLeft: Int
    }

    /// A second factor being set up.
    struct TwoStepJSON: ResponseEncodable {
        let secret: String, uri: String
    }

    /// Recovery codes, shown once.
    struct RecoveryCodesJSON: ResponseEncodable {
        let recoveryCodes: [String]
    }
}
