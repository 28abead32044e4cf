import Foundation
import TallyCore

/// Reads the text of a receipt photo with the `tesseract` command, on this server only: the
/// image is written to a private temporary folder, read, and deleted. Photos are first turned
/// upright by their EXIF orientation, straightened and made grey with ImageMagick when it is
/// installed (optional: without it Tesseract reads the photo as it is). One reading per core at a
/// time and at most `waiting` in line for a turn; each stopped `limit` after it arrived, the wait
/// counted.
public struct ReceiptOCR: Sendable {
    /// The command run: `tesseract` on `PATH`, or a path (tests name a missing one).
    public var command: String
    /// Tesseract's languages, `+`-joined (`eng+deu+fra`).
    public let languages: String
    /// The longest one reading may take before it is stopped.
    public var limit: Duration
    /// ImageMagick's command for the upright, straight, grey copy; `nil` to read photos as sent.
    public var imageMagick: String?
    /// How many photos may wait for a turn, beside the ones being read (`tally serve --ocr-queue`).
    public let waiting: Int
    private let slots: ReadingSlots

    /// Photos that may wait for a turn unless `--ocr-queue` says otherwise: with one reading per
    /// core of about a second each, the last of them is read well within the limit.
    public static let defaultWaiting = 16

    /// A reader; check a configured `languages` with `checked(languages:)` first.
    public init(
        command: String = "tesseract",
        languages: String = "eng",
        limit: Duration = .seconds(20),
        imageMagick: String? = "convert",
        concurrent: Int = ProcessInfo.processInfo.activeProcessorCount,
        waiting: Int = ReceiptOCR.defaultWaiting
    ) {
        self.command = command
        self.languages = languages
        self.limit = limit
        self.imageMagick = imageMagick
        self.waiting = waiting
        slots = ReadingSlots(running: concurrent, waiting: waiting)
    }

    /// `languages` when it is a `+`-joined list of Tesseract language codes (`eng+deu+fra`), so
    /// `tally serve` refuses a bad `--ocr-languages` at start rather than at the first photo.
    public static func checked(languages: String) throws(ReceiptOCRError) -> String {
        guard languages.wholeMatch(of: #/[a-z][a-z_]{1,19}(\+[a-z][a-z_]{1,19}){0,9}/#) != nil else {
            throw .badLanguages(languages)
        }
        return languages
    }

    /// Whether the `tesseract` command is installed.
    public var isInstalled: Bool { ChildProcess.find(command) != nil }

    /// The text on the receipt in `bytes`, which must pass `ReceiptImageType.checked` (size,
    /// type, pixels, metadata: a `FieldError` naming `image` otherwise) before anything decodes it.
    /// Throws `busy` when the line is full or no turn comes in time.
    public func text(of bytes: [UInt8]) async throws -> String {
        // The limit counts from arrival: a photo that waited for its turn has that much less.
        let deadline = ContinuousClock.now + limit
        let type = try ReceiptImageType.checked(bytes, field: "image")
        guard let tesseract = ChildProcess.find(command) else {
            throw ReceiptOCRError.notInstalled(package: "tesseract-ocr")
        }
        // A turn that comes with less than a quarter of the limit left would mostly be stopped
        // half read: the photo is refused at once instead, and the turn goes to the next.
        return try await slots.run(by: deadline - limit / 4, retryAfter: retryAfter) {
            try await read(bytes, type: type, tesseract: tesseract, deadline: deadline)
        }
    }

    /// The seconds a refused photo is told to wait: by then every reading running has ended.
    var retryAfter: Int { max(1, Int((limit.milliseconds + 999) / 1000)) }

    private func read(
        _ bytes: [UInt8],
        type: ReceiptImageType,
        tesseract: String,
        deadline: ContinuousClock.Instant
    ) async throws -> String {
        let folder = try ScratchFolder.make("receipt")
        // The photo never stays behind, whatever happens to the reading.
        defer { try? FileManager.default.removeItem(at: folder) }
        let photo = folder.appendingPathComponent("photo.\(type.rawValue.dropFirst("image/".count))")
        try Data(bytes).write(to: photo)
        let image = try await prepared(photo, in: folder, deadline: deadline) ?? photo
        let first = try await recognise(
            image,
            as: "text",
            in: folder,
            type: type,
            tesseract: tesseract,
            deadline: deadline
        )
        var (text, read) = (first, image)
        // A scan or photo lying on its side reads as noise: no line says total and no date is
        // found. Only then (it costs a second reading) Tesseract's orientation check says which way
        // is up, ImageMagick turns the image, and the upright reading is kept when it reads better.
        if ReceiptReading.clues(in: first) == 0,
            let angle = try await orientation(of: image, in: folder, tesseract: tesseract, deadline: deadline),
            let upright = try await rotated(image, by: angle, in: folder, deadline: deadline)
        {
            let second = try await recognise(
                upright,
                as: "upright",
                in: folder,
                type: type,
                tesseract: tesseract,
                deadline: deadline
            )
            // The check said the image lies turned: its upright reading is kept unless it reads worse.
            if ReceiptReading.clues(in: second) >= ReceiptReading.clues(in: first) { (text, read) = (second, upright) }
        }
        // Still no total line or no date: `--psm 6` (one block of text) reads lines that `--psm 4`
        // drops or garbles on real scans (a large `Summe`, a date beside a barcode). Its text
        // follows the first, so it only fills what the first lacks: the first total line of a
        // rank and the first date win, and the shop is looked for in the first lines.
        // A second look that runs out of time leaves the first reading as it was.
        if ReceiptReading.clues(in: text) < 3,
            let block = try? await recognise(
                read,
                as: "block",
                layout: "6",
                in: folder,
                type: type,
                tesseract: tesseract,
                deadline: deadline
            )
        {
            text += "\n\n" + block
        }
        return text
    }

    /// Tesseract's text of `image`, written beside it under `name`; `layout` is the page
    /// segmentation mode (4: a single column of lines of different sizes, which is what a receipt is).
    private func recognise(
        _ image: URL,
        as name: String,
        layout: String = "4",
        in folder: URL,
        type: ReceiptImageType,
        tesseract: String,
        deadline: ContinuousClock.Instant
    ) async throws -> String {
        let errors = folder.appendingPathComponent("errors.txt")
        let output = folder.appendingPathComponent(name)
        let arguments = [image.path, output.path, "-l", languages, "--psm", layout]
        let left = deadline - ContinuousClock.now
        guard left > .zero, let status = try await ChildProcess.run(tesseract, arguments, errors: errors, limit: left)
        else {
            throw ReceiptOCRError.timedOut(seconds: retryAfter)
        }
        guard status == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            if let missing = message.firstMatch(of: #/Failed loading language '([a-z_]+)'/#) {
                throw ReceiptOCRError.notInstalled(package: "tesseract-ocr-\(missing.1.replacing("_", with: "-"))")
            }
            throw ReceiptOCRError.unreadable("\(type.rawValue) images cannot be read on this server")
        }
        return try String(contentsOf: output.appendingPathExtension("txt"), encoding: .utf8)
    }

    /// The clockwise turn (90, 180 or 270) that puts `image` upright, from Tesseract's orientation
    /// and script detection (`--psm 0`, the `osd` data every Debian `tesseract-ocr` has); `nil`
    /// when it is upright, when ImageMagick (which would turn it) is missing, or when the check
    /// says nothing or is unsure.
    private func orientation(
        of image: URL,
        in folder: URL,
        tesseract: String,
        deadline: ContinuousClock.Instant
    ) async throws -> Int? {
        guard let imageMagick, ChildProcess.find(imageMagick) != nil else { return nil }
        let output = folder.appendingPathComponent("orientation")
        let left = deadline - ContinuousClock.now
        guard left > .zero,
            try await ChildProcess.run(tesseract, [image.path, output.path, "--psm", "0"], errors: nil, limit: left)
                == 0,
            let report = try? String(contentsOf: output.appendingPathExtension("osd"), encoding: .utf8),
            let found = report.firstMatch(of: #/Rotate: (90|180|270)/#),
            let sure = report.firstMatch(of: #/Orientation confidence: ([0-9.]+)/#),
            // Below 2 the check is a coin toss on a page of noise (a turn the wrong way reads no better).
            sure.1.split(separator: ".").first.flatMap({ Int($0) }) ?? 0 >= 2
        else { return nil }
        return Int(found.1)
    }
}
