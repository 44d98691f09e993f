import ChimeNotify
import Foundation

/// The bare libnotify C client (`chime-bench-notify-floor`) the `notify` suite compares chimed's
/// notifier with, running beside the benchmark and showing one notification per request.
///
/// The client measures its own interval (from its first libnotify call for a notification to
/// the server's answer to `Notify`), so nothing of the pipe between the two processes is counted.
final class NotifyFloorClient {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var pending = Data()

    /// Starts the client at `path`; it reaches the session bus named in this process's environment.
    init(path: String) throws {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw BenchmarkFailure("chime-bench-notify-floor is not built next to chime-bench (\(path)): build it first (make bench does)")
        }
        process.executableURL = URL(fileURLWithPath: path)
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// Shows `content` as the notification server would get it from chimed, and returns the
    /// client's latency in milliseconds.
    func show(_ content: BubbleContent) throws -> Double {
        input.fileHandleForWriting.write(Data((content.fields.map(Self.escaped).joined(separator: "\t") + "\n").utf8))
        let answer = try readLine()
        guard let nanoseconds = Double(answer) else {
            throw BenchmarkFailure("the C client could not show a notification: \(answer)")
        }
        return nanoseconds / 1_000_000
    }

    /// Ends the client's input and waits for it to exit.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    private func readLine() throws -> String {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                return line
            }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchmarkFailure("the C client exited without answering") }
            pending.append(chunk)
        }
    }

    private static func escaped(_ field: String) -> String {
        field.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\t", with: "\\t").replacingOccurrences(of: "\n", with: "\\n")
    }

    /// What one bubble sends to the server: the fields chimed's notifier sets on its
    /// `NotifyNotification` (NotificationServerSession's content) for the same request and server.
    struct BubbleContent {
        var title: String
        var body: String
        var iconName: String
        var appName: String
        var desktopEntry: String
        var urgency: RenderedNotification.Urgency
        var category: RenderedNotification.Category
        var timeout: Int32
        var stackTag: (hint: String, value: String)?
        var actions: [NotificationAction]

        /// The content of `job`'s bubble as `configuration`'s notifier sends it to a server with `profile`.
        init(_ job: DeliveryJob, configuration: LibNotifyNotifier.Configuration, profile: ServerProfile) throws {
            let rendered = try NotificationRenderer(language: job.language ?? configuration.language).render(job)
            title = rendered.title
            body = rendered.bodyText(markup: profile.bodyMarkup)
            iconName = configuration.iconName
            appName = configuration.appName
            desktopEntry = configuration.desktopEntry
            urgency = rendered.urgency
            category = rendered.category
            timeout = profile.timeout(for: rendered.expiry)
            stackTag = profile.stackTag.map { (hint: $0, value: job.request.identifier) }
            actions = profile.actions ? rendered.actions : []
        }

        /// The client's fields, in the order its input line takes them.
        var fields: [String] {
            [title, body, iconName, appName, desktopEntry, String(urgency.rawValue), category.rawValue, String(timeout),
             stackTag?.hint ?? "", stackTag?.value ?? ""] + actions.flatMap { [$0.key.rawValue, $0.label] }
        }
    }
}
