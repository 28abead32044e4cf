import Foundation
import Hummingbird
import TallyCore
import TallyFiles
import TallyStore

/// `GET /calendar/{token}.ics`: a user's private iCalendar feed, for Apple Calendar and Google
/// Calendar to subscribe to. The long random token in the URL is the only key (calendar apps
/// cannot log in); a wrong or rotated token gets 404.
struct CalendarFeedRoute {
    let store: Store

    var routes: RouteCollection<AppContext> {
        let routes = RouteCollection(context: AppContext.self)
        routes.get("calendar/:file", use: feed)
        return routes
    }

    func feed(_ request: Request, context: AppContext) async throws -> Response {
        guard let file = context.parameters.get("file"), file.hasSuffix(".ics") else { throw HTTPError(.notFound) }
        let content: CalendarFeedContent
        do {
            content = try await store.plans.calendarFeed(token: String(file.dropLast(4)))
        } catch StoreError.notFound {
            throw HTTPError(.notFound, message: "No calendar at this address. Copy the current link from Settings.")
        }
        // Written the owner's way: their setting, else what the calendar app asks for.
        let locale = LocaleResolution.resolve(
            setting: content.settings.locale,
            acceptLanguage: nil,
            serverDefault: context.browserLocale
        )
        let document = Formats.$current.withValue(Formats(locale, firstWeekday: content.settings.firstWeekday)) {
            ICalendar.document(name: "Tally bills", stamp: Self.stamp(Date()), events: Self.events(content))
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/calendar; charset=utf-8", .cacheControl: "private, max-age=900",
                .contentDisposition: "inline; filename=\"tally.ics\"",
            ],
            body: .init(byteBuffer: ByteBuffer(string: document))
        )
    }

    /// One all-day event per bill occurrence (a reminder at the bill's lead time while it is
    /// unpaid), and the daily "log today's expenses" reminder when the user turned it on.
    static func events(_ content: CalendarFeedContent) -> [ICalendarEvent] {
        var events: [ICalendarEvent] = content.occurrences.map { book, o in
            let amount = o.amount.map { $0.minorUnits > 0 ? $0.formatted : nil } ?? nil
            let summary =
                o.status == .paid ? "✓ Paid: \(o.bill.title)" : "\(o.bill.title) due" + (amount.map { ": \($0)" } ?? "")
            var details = ["Book: \(book.name)"]
            if let amount {
                details.append("Amount: \(amount)")
            } else {
                details.append(o.amount == nil ? "Amount varies" : "Amount not set yet")
            }
            if let paidOn = o.paidOn { details.append("Paid on \(paidOn)") }
            if !o.bill.url.isEmpty { details.append("Pay now: \(o.bill.url)") }
            if !o.bill.note.isEmpty { details.append(o.bill.note) }
            let remind = o.status != .paid && o.dueDate >= content.today
            return ICalendarEvent(
                uid: "bill-\(o.bill.id)-\(o.dueDate)@tally",
                start: .date(o.dueDate),
                summary: summary,
                description: details.joined(separator: "\n"),
                url: o.bill.url,
                alarmTrigger: remind ? ICalendar.trigger(daysBefore: o.bill.remindDays) : nil
            )
        }
        if content.settings.dailyReminder {
            events.append(
                ICalendarEvent(
                    uid: "daily-reminder-\(content.user.id)@tally",
                    start: .floating(content.today, content.settings.reminderTime),
                    durationMinutes: 5,
                    summary: "Log today's expenses in Tally",
                    description: "A moment to add what you spent today.",
                    recurrence: "FREQ=DAILY",
                    alarmTrigger: "PT0M"
                )
            )
        }
        return events
    }

    /// The feed's absolute URL under the server's configured public address (`--public-url`),
    /// never the request's Host header, which the client chooses.
    static func url(token: String, publicURL: String) -> String {
        "\(publicURL)/calendar/\(token).ics"
    }

    /// The same address as a `webcal://` link, which calendar apps open as a subscription.
    static func webcalURL(token: String, publicURL: String) -> String {
        let address = url(token: token, publicURL: publicURL)
        guard let colon = address.firstIndex(of: ":") else { return address }
        return "webcal" + address[colon...]
    }

    /// DTSTAMP: the time in UTC as YYYYMMDDTHHMMSSZ.
    static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let p = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return LocalDate.pad(p.year!, 4) + LocalDate.pad(p.month!, 2) + LocalDate.pad(p.day!, 2) + "T"
            + LocalDate.pad(p.hour!, 2) + LocalDate.pad(p.minute!, 2) + LocalDate.pad(p.second!, 2) + "Z"
    }
}
