import ChimeTestSupport
import Foundation
import Glibc
import Testing

/// The zone rules follow, with the real `chimed`: the same for `chime` and chimed whatever each
/// process's `TZ` says, and a change of it (the system's `/etc/localtime` in a private mount
/// namespace, or the `time_zone` setting) derives a daily reminder's next occurrence again, in
/// either direction, without losing it.
@Suite("chime and chimed: one zone for rules, and zone changes both ways", .serialized)
struct DaemonRuleZoneTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let newYork = TimeZone(identifier: "America/New_York")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    /// How the zone rules follow is changed in a test.
    enum ZoneChange {
        /// `/etc/localtime` of a private `/etc` (root only).
        case systemZone
        /// `chime config set time_zone`.
        case setting
    }

    /// A sandbox whose rules follow UTC and a chimed answering, both seeing the same zone: the
    /// system's of a private `/etc` (no `TZ` anywhere), or the setting.
    struct Bed {
        let sandbox: CliSandbox
        let etc: PrivateEtc?
        var daemon: SandboxDaemon

        init(_ change: ZoneChange) async throws {
            if change == .systemZone {
                sandbox = CliSandbox(timeZone: "UTC")
                sandbox.environment["TZ"] = nil
                etc = try PrivateEtc(in: sandbox.root, zone: "Etc/UTC")
            } else {
                sandbox = await CliSandbox.pinned()
                etc = nil
            }
            daemon = try SandboxDaemon(sandbox: sandbox, etc: etc)
            try await daemon.waitUntilAnswering(etc: etc)
        }

        /// Runs `chime` where chimed runs (in the private `/etc`, if any), expecting success.
        @discardableResult
        func chime(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) async -> CliOutcome {
            let outcome: CliOutcome
            if let etc {
                let (executable, wrapped) = etc.wrapping(CliBinaries.path("chime"), arguments)
                outcome = await sandbox.run(executable, wrapped)
            } else {
                outcome = await sandbox.run(CliBinaries.path("chime"), arguments)
            }
            #expect(outcome.status == 0, "chime \(arguments.joined(separator: " ")): \(outcome.errors)", sourceLocation: sourceLocation)
            return outcome
        }

        /// Makes rules follow `zone`, and waits until chimed says it follows it.
        func move(to zone: TimeZone) async throws {
            if let etc {
                try etc.setZone(zone.identifier)
            } else {
                await chime("config", "set", "time_zone", zone.identifier)
            }
            let line = "the time zone rules follow is now \(zone.identifier)"
            #expect(await daemon.waitUntil(within: 15) { daemon.log.contains(line) }, "\(daemon.log)")
        }

        /// The pending notifications of reminder `id`: identifier and due instant.
        func pending(of id: String) async -> [(String, Date?)] {
            await sandbox.pendingRows(in: etc).filter { $0["group"] as? String == id }.map { row in
                (row["id"] as? String ?? "", (row["due"] as? String).flatMap { try? Date($0, strategy: .iso8601) })
            }
        }

        /// Restarts chimed and waits until it answers.
        mutating func restart() async throws {
            daemon.stop()
            daemon = try SandboxDaemon(sandbox: sandbox, etc: etc)
            try await daemon.waitUntilAnswering(etc: etc)
        }
    }

    static let namespaces = MountNamespace.isAvailable

    /// Flying west: a daily reminder shown at its time in UTC, then the zone becomes New York;
    /// the same local time of the same date is not shown again, the next is tomorrow's there,
    /// and it is still pending after chimed restarts.
    func west(_ change: ZoneChange) async throws {
        var bed = try await Bed(change)
        defer { bed.daemon.stop() }
        let due = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 6).rounded(.up))
        await bed.chime("remind", "every", Occurrences.dailyRule(at: due, in: Self.utc), "pills", "--id", "d1")
        let shown = "remind/d1/" + Occurrences.occurrenceReading(due, in: Self.utc)
        #expect(await bed.daemon.waitUntil(within: 30) { bed.daemon.shownIdentifiers.contains(shown) }, "\(bed.daemon.log)")
        try await bed.move(to: Self.newYork)
        let next = Occurrences.nextDaily(sameReadingAs: due, readIn: Self.utc, in: Self.newYork, after: Date(), excludedDates: [String(shown.dropFirst(10).prefix(10))])
        let expected = "remind/d1/" + Occurrences.occurrenceReading(next, in: Self.newYork)
        let pending = await bed.pending(of: "d1")
        #expect(pending.map(\.0) == [expected], "\(bed.daemon.log)")
        #expect(pending.first?.1 == next)
        try await bed.restart()
        #expect(await bed.pending(of: "d1").map(\.0) == [expected], "\(bed.daemon.log)")
    }

    /// Flying east: a daily reminder not shown yet moves to its time in Tokyo.
    func east(_ change: ZoneChange) async throws {
        let bed = try await Bed(change)
        defer { bed.daemon.stop() }
        let due = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3 * 3600).rounded(.up))
        await bed.chime("remind", "every", Occurrences.dailyRule(at: due, in: Self.utc), "pills", "--id", "d1")
        #expect(await bed.pending(of: "d1").map(\.1) == [due])
        try await bed.move(to: Self.tokyo)
        let next = Occurrences.nextDaily(sameReadingAs: due, readIn: Self.utc, in: Self.tokyo, after: Date())
        let pending = await bed.pending(of: "d1")
        #expect(pending.map(\.0) == ["remind/d1/" + Occurrences.occurrenceReading(next, in: Self.tokyo)], "\(bed.daemon.log)")
        #expect(pending.first?.1 == next)
    }

    @Test("/etc/localtime moves west while chimed runs: the daily reminder goes on, tomorrow at its time there", .timeLimit(.minutes(1)),
          .enabled(if: Self.namespaces, "needs root for a private /etc (unshare -m, mount --bind)"))
    func systemZoneWest() async throws {
        try await west(.systemZone)
    }

    @Test("/etc/localtime moves east while chimed runs: the pending occurrence moves to its time there", .timeLimit(.minutes(1)),
          .enabled(if: Self.namespaces, "needs root for a private /etc (unshare -m, mount --bind)"))
    func systemZoneEast() async throws {
        try await east(.systemZone)
    }

    @Test("time_zone set west while chimed runs: the daily reminder goes on, tomorrow at its time there", .timeLimit(.minutes(1)))
    func settingWest() async throws {
        try await west(.setting)
    }

    @Test("time_zone set east while chimed runs: the pending occurrence moves to its time there", .timeLimit(.minutes(1)))
    func settingEast() async throws {
        try await east(.setting)
    }

    @Test("the next occurrence skipped with cancel, then time_zone set west while chimed runs: the skipped date stays skipped in New York, the day after comes there", .timeLimit(.minutes(1)))
    func skipThenWest() async throws {
        var bed = try await Bed(.setting)
        defer { bed.daemon.stop() }
        let due = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 3 * 3600).rounded(.up))
        await bed.chime("remind", "every", Occurrences.dailyRule(at: due, in: Self.utc), "pills", "--id", "d1")
        let skipped = "remind/d1/" + Occurrences.occurrenceReading(due, in: Self.utc)
        #expect(await bed.pending(of: "d1").map(\.0) == [skipped])
        await bed.chime("cancel", skipped)
        #expect(await bed.pending(of: "d1").map(\.0) != [skipped])
        try await bed.move(to: Self.newYork)
        let next = Occurrences.nextDaily(
            sameReadingAs: due, readIn: Self.utc, in: Self.newYork, after: Date(), excludedDates: [String(skipped.dropFirst(10).prefix(10))]
        )
        let pending = await bed.pending(of: "d1")
        #expect(pending.map(\.0) == ["remind/d1/" + Occurrences.occurrenceReading(next, in: Self.newYork)], "\(bed.daemon.log)")
        #expect(pending.first?.1 == next)
        try await bed.restart()
        #expect(await bed.pending(of: "d1").map(\.0) == pending.map(\.0), "\(bed.daemon.log)")
    }

    @Test("chimed with TZ=Asia/Tokyo, the shell with TZ=America/New_York: the reminder fires at the rule's time in the system's zone, and its next one stays there; doctor warns", .timeLimit(.minutes(1)),
          .enabled(if: Self.namespaces, "needs root for a private /etc (unshare -m, mount --bind)"))
    func chimedFollowsTheAgreedZone() async throws {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        let sandbox = CliSandbox(timeZone: "America/New_York")
        let etc = try PrivateEtc(in: sandbox.root, zone: "Europe/Berlin")
        let daemon = try SandboxDaemon(sandbox: sandbox, extra: ["TZ": "Asia/Tokyo"], etc: etc)
        defer { daemon.stop() }
        try await daemon.waitUntilAnswering(etc: etc)
        let due = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 + 6).rounded(.up))
        let set = await sandbox.chime(in: etc, "remind", "every", Occurrences.dailyRule(at: due, in: berlin), "pills", "--id", "d1")
        #expect(set.status == 0, "\(set.errors)")
        let first = "remind/d1/" + Occurrences.occurrenceReading(due, in: berlin)
        #expect(await daemon.waitUntil(within: 30) { daemon.shownIdentifiers.contains(first) }, "\(daemon.log)")
        let shown = daemon.shown.first { $0["identifier"] as? String == first }
        #expect((shown?["due"] as? String).flatMap { try? Date($0, strategy: .iso8601) } == due)
        let tomorrow = Occurrences.nextDaily(sameReadingAs: due, readIn: berlin, in: berlin, after: due)
        let next = ["remind/d1/" + Occurrences.occurrenceReading(tomorrow, in: berlin)]
        // chimed records the showing, and derives the next occurrence, once the bubble is out.
        var pending: [[String: Any]] = []
        #expect(await daemon.waitUntil(within: 30) {
            pending = cliJSONArray(await sandbox.chime(in: etc, "list", "--json").output) ?? []
            return pending.compactMap { $0["id"] as? String } == next
        }, "\(pending) \(daemon.log)")
        #expect(pending.first.flatMap { ($0["due"] as? String).flatMap { try? Date($0, strategy: .iso8601) } } == tomorrow)
        let doctor = await sandbox.chime(in: etc, "doctor")
        let line = doctor.lines.first { $0.contains("time zone") } ?? ""
        #expect(line.hasPrefix("warning  time zone"), "\(doctor.output)")
        #expect(line.contains("rules and schedules follow Europe/Berlin (the system's zone)"), "\(line)")
    }
}
