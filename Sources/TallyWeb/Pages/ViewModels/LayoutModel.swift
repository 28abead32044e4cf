import Mustache
import TallyCore

/// What `layout.mustache` reads on every page: the title, the CSRF token, who is signed in,
/// the open book and its today (for the Add link).
struct LayoutModel: ViewModel {
    /// The keys the layout owns; a page's own model must not declare them (it would be
    /// shadowed), which `PageRenderer` asserts in debug builds.
    static let keys: Set<String> = ["title", "csrf", "user", "book", "today"]

    let title: String
    let csrf: String
    let user: UserModel?
    let book: BookModel?
    /// The book's today as YYYY-MM-DD, "" without a book.
    let today: String

    /// The signed-in user.
    struct UserModel: ViewModel {
        let email: String
    }

    /// The open book and whether this user may change it.
    struct BookModel: ViewModel {
        let id: RecordID
        let name: String
        let currency: String
        let canWrite: Bool

        init(_ book: Book) {
            id = book.id
            name = book.name
            currency = book.currency.code
            canWrite = book.role.canWrite
        }
    }
}

/// The object a page is rendered with: the layout's keys first, then the page's own.
struct PageModel<Content: ViewModel>: MustacheParent {
    let layout: LayoutModel
    let content: Content

    func child(named name: String) -> Any? {
        if LayoutModel.keys.contains(name) { return layout.child(named: name) }
        return content.child(named: name)
    }
}

/// An empty page model, for templates that read only the layout's keys.
struct EmptyPage: ViewModel {}
