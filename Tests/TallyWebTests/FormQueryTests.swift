import Testing

@testable import TallyWeb

@Suite("A + in a query string is a space")
struct FormQueryTests {
    @Test(
        "only the query's + are rewritten",
        arguments: [
            (
                "/books/1/transactions?payee=Coffee+Shop&amount_max=+5+",
                "/books/1/transactions?payee=Coffee%20Shop&amount_max=%205%20"
            ),
            ("/a+b?x=1+2&y=%2B", "/a+b?x=1%202&y=%2B"),
            ("/a+b?x=1", nil), ("/a+b", nil), ("/search?q=", nil),
        ] as [(String, String?)]
    )
    func rewritten(path: String, expected: String?) {
        #expect(FormQueryMiddleware<AppContext>.rewritten(path) == expected)
    }
}
