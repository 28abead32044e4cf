import Foundation
import Mustache
import TallyCore

/// What `layout.mustache` reads on every page: the title, the CSRF token, who is signed in,
/// the open book and its today (for the Add link).
struct LayoutModel: ViewModel {
    /// The keys the layout owns; a page's own model must not declare them (it would be
    /// shadowed), which `PageRenderer` asserts in debug builds.
    static let keys: Set<String> = ["title", "csrf", "user", "book", "today", "asset", "switcher", "lang", "dir"]

    let title: String
    let csrf: String
    let user: UserModel?
    let book: BookModel?
    /// The book's today as YYYY-MM-DD, "" without a book.
    let today: String
    /// The header's book switcher: the caller's open books (book pages only).
    var switcher: [SwitchItem] = []
    /// `<html lang>`: the locale's BCP 47 tag.
    var lang = "en-US"
    /// `<html dir>`: `ltr`, or `rtl` for Arabic.
    var dir = "ltr"

    /// A book in the switcher.
    struct SwitchItem: ViewModel {
        let id: BookID
        let label: String
        let current: Bool
    }
    /// The hashed paths of the styles, scripts and icons (plain paths when none are given).
    var asset = Assets(StaticAssets(files: [:], hashed: [:]))

    /// The static files the layout links, by their content-hashed paths.
    struct Assets: ViewModel {
        let css: String
        let js: String
        let queueJS: String
        /// The record form's split editor: loaded with the form only.
        let splitJS: String
        /// The one-line quick add's live draft: loaded with the field only.
        let quickAddJS: String
        /// The add page's receipt reading: loaded with its box only.
        let receiptJS: String
        /// The queue page's list: loaded with that page only.
        let queuePageJS: String
        let icon: String
        let touchIcon: String

        init(_ assets: StaticAssets) {
            css = assets.path("app.css")
            js = assets.path("app.js")
            queueJS = assets.path("queue.js")
            splitJS = assets.path("split.js")
            quickAddJS = assets.path("quickadd.js")
            receiptJS = assets.path("receipt.js")
            queuePageJS = assets.path("queuepage.js")
            icon = assets.path("icon.svg")
            touchIcon = assets.path("icon-180.png")
        }
    }

    /// The signed-in user.
    struct UserModel: ViewModel {
        let id: UserID
        let email: String
        /// Their name, else their email.
        let shown: String
        /// Their photo's URL, "" when there is none.
        let photo: String
    }

    /// The open book and whether this user may change it.
    struct BookModel: ViewModel {
        let id: BookID
        let name: String
        let currency: String
        let canWrite: Bool
        let isOwner: Bool
        let archived: Bool

        init(_ book: Book) {
            id = book.id
            name = book.name
            currency = book.currency.code
            canWrite = book.role.canWrite
            isOwner = book.role == .owner
            archived = book.archived
        }
    }
}

/// The object a page is rendered with: the layout's keys first, then the page's own.
struct PageModel<Content: ViewModel>: MustacheParent {
    let layout: LayoutModel
    let content: Content
    /// Where keys that no object on the stack declares are noted (debug builds).
    var undeclared: UndeclaredKeys?

    func child(named name: String) -> Any? {
        if LayoutModel.keys.contains(name) { return layout.child(named: name) }
        if let value = content.child(named: name) { return value }
        // Mustache asks the page last, after every nested model: nobody declares this key, so
        // the template reads something no view model has (a typo, or a key that was dropped).
        undeclared?.add(name)
        return nil
    }
}

/// Keys a template read that no view model declares, collected while one page renders.
final class UndeclaredKeys: @unchecked Sendable {
    private let lock = NSLock()
    private var names: Set<String> = []

    func add(_ name: String) {
        lock.lock()
        names.insert(name)
        lock.unlock()
    }

    /// The keys, sorted.
    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return names.sorted()
    }
}
