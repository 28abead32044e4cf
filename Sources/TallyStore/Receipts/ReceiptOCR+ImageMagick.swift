import Foundation
import TallyCore

/// ImageMagick's part of a reading: the upright, straight, grey copy and the turned one. Each
/// runs under resource limits, and a copy Tesseract would be given is checked first.
extension ReceiptOCR {
    /// ImageMagick's resource limits, on its command line. An argument holds for this one run
    /// whatever the machine's environment says, needs no file shipped beside Tally (a policy.xml
    /// would need MAGICK_CONFIGURE_PATH, found again at each run), and only ever lowers the
    /// system's own policy.xml, which stays in force with the rest it says (Debian's turns off
    /// coders such as PS and PDF). Memory beyond 256 MiB goes to a memory map, then to disk, then
    /// the run stops; the width, height and area are the upload's own limits, and the time is
    /// what is left of the reading's.
    static func magickLimits(until deadline: ContinuousClock.Instant) -> [String] {
        let seconds = max(1, ((deadline - .now).milliseconds + 999) / 1000)
        return [
            "-limit", "memory", "256MiB", "-limit", "map", "512MiB", "-limit", "disk", "1GiB",
            "-limit", "area", "\(ReceiptImageType.maxPixels / 1_000_000)MP",
            "-limit", "width", "\(ReceiptImageType.maxSide)", "-limit", "height", "\(ReceiptImageType.maxSide)",
            "-limit", "time", "\(seconds)",
        ]
    }

    /// `image` named with its coder (`png:…`, `jpeg:…`, from the extension the reader gave it
    /// after sniffing its bytes), so ImageMagick never guesses the format from what it reads.
    static func coded(_ image: URL) -> String { "\(image.pathExtension):\(image.path)" }

    /// Whether a copy ImageMagick wrote (always a PNG) is within the upload limits by its header:
    /// a turned or straightened copy is a little larger than the photo, and Tesseract is never
    /// handed one over them.
    static func fits(_ copy: URL) -> Bool {
        guard let file = FileHandle(forReadingAtPath: copy.path) else { return false }
        defer { try? file.close() }
        let head = Array((try? file.read(upToCount: 64)) ?? Data())
        return ReceiptImageType.png.size(of: head).map(ReceiptImageType.fits) ?? false
    }

    /// `image` turned `angle` degrees clockwise by ImageMagick, or `nil` when that failed.
    func rotated(_ image: URL, by angle: Int, in folder: URL, deadline: ContinuousClock.Instant) async throws -> URL? {
        guard let imageMagick, let convert = ChildProcess.find(imageMagick) else { return nil }
        let upright = folder.appendingPathComponent("upright.png")
        let left = deadline - ContinuousClock.now
        let arguments =
            Self.magickLimits(until: deadline) + [Self.coded(image), "-rotate", String(angle), upright.path]
        guard left > .zero, try await ChildProcess.run(convert, arguments, errors: nil, limit: left) == 0 else {
            return nil
        }
        return Self.fits(upright) ? upright : nil
    }

    /// The upright, straightened, grey copy ImageMagick makes, or `nil` when it is not installed
    /// or fails (then Tesseract reads the photo as sent: its own binarisation still applies).
    func prepared(_ photo: URL, in folder: URL, deadline: ContinuousClock.Instant) async throws -> URL? {
        guard let imageMagick, let convert = ChildProcess.find(imageMagick) else { return nil }
        let grey = folder.appendingPathComponent("grey.png")
        let steps = [Self.coded(photo) + "[0]", "-auto-orient", "-deskew", "40%", "-colorspace", "Gray", grey.path]
        let status = try await ChildProcess.run(
            convert,
            Self.magickLimits(until: deadline) + steps,
            errors: nil,
            limit: (deadline - .now) / 2
        )
        return status == 0 && Self.fits(grey) ? grey : nil
    }
}
