import ChimeCore
import ChimeNotify
import ChimeStore
import Foundation

/// `chime doctor`: each check becomes a ``DoctorReport/Finding``; exit 0 only when none is a problem.
extension CommandRunner {
    func doctor() throws -> ExitCode {
        var findings = [storeFinding()]
        findings += storeWarnings()
        findings.append(daemonFinding())
        findings += notificationFindings(environment.probeNotificationServer())
        findings.append(timeZoneFinding())
        let report = DoctorReport(findings: findings)
        write(report.text(style: environment.style))
        return report.exitCode
    }

    private func storeFinding() -> DoctorReport.Finding {
        do {
            let health = try store().healthCheck()
            let size = ByteCountFormatter.string(fromByteCount: health.sizeBytes, countStyle: .file)
            // Read as it is, so its journal mode says nothing about its health.
            if health.isReadOnly, health.quickCheck == ["ok"] {
                return .init(check: "store", outcome: .problem,
                             detail: "\(health.path) (schema \(health.schemaVersion), \(size), \(health.pendingCount) pending, integrity ok) is on a read-only file system: commands that only read work, nothing can be changed, and chimed cannot record what it shows",
                             fix: "remount it read-write, or set XDG_DATA_HOME to a writable place")
            }
            guard health.quickCheck == ["ok"], health.journalMode.lowercased() == "wal" else {
                return .init(check: "store", outcome: .problem,
                             detail: "\(health.path): integrity check says \(health.quickCheck.prefix(3).joined(separator: "; ")), journal mode \(health.journalMode)",
                             fix: "move the file aside and restore a backup, or start afresh with an empty database")
            }
            return .init(check: "store", outcome: .ok,
                         detail: "\(health.path) (schema \(health.schemaVersion), \(size), \(health.pendingCount) pending, integrity ok)")
        } catch {
            let path = (try? StoreLocation.defaultDatabasePath(environment: environment.variables)) ?? "the Chime database"
            return .init(check: "store", outcome: .problem, detail: "\(path) cannot be used", fix: Self.failure(for: error).message)
        }
    }

    private func storeWarnings() -> [DoctorReport.Finding] {
        guard let store = try? store() else { return [] }
        return store.warnings.map { .init(check: "store", outcome: .warning, detail: $0, fix: $0) }
    }

    private func daemonFinding() -> DoctorReport.Finding {
        let start = "start it with \"systemctl --user start chimed\" (after \"make install\") or \"chimed --foreground\""
        switch askDaemon() {
        case .answered(let status):
            var detail = "chimed \(status.daemon.version) (pid \(status.daemon.pid)) answers: \(status.pendingCount) pending"
            if let armed = status.armedDeadline {
                detail += ", next wake \(display(environment.clock()).clockAndRelative(armed))"
            }
            detail += ", notification server \(status.notificationServer)"
            guard status.daemon.version == CommandTable.version else {
                return .init(check: "daemon", outcome: .warning, detail: detail,
                             fix: "chimed is version \(status.daemon.version) and chime \(CommandTable.version): restart chimed after updating")
            }
            return .init(check: "daemon", outcome: .ok, detail: detail)
        case .notRunning:
            return .init(check: "daemon", outcome: .problem, detail: "chimed is not running", fix: start)
        case .notAnswering(let reason):
            return .init(check: "daemon", outcome: .problem, detail: "chimed is running but does not answer: \(reason)",
                         fix: "restart it: systemctl --user restart chimed")
        case .unreachable(let reason):
            return .init(check: "daemon", outcome: .problem, detail: "chimed cannot be reached: \(reason)", fix: start)
        }
    }

    /// The session bus and the notification server, as chimed's libnotify notifier sees them.
    func notificationFindings(_ probe: ServerProbe) -> [DoctorReport.Finding] {
        let busFix = "log in to a desktop session, or set DBUS_SESSION_BUS_ADDRESS to its bus (chimed needs the same)"
        var findings: [DoctorReport.Finding] = []
        if probe.isBusReachable {
            findings.append(.init(check: "session bus", outcome: .ok, detail: probe.busAddress ?? "reachable"))
        } else {
            let detail: String
            if case .unavailable(let reason) = probe.status { detail = "\(reason)" } else { detail = probe.detail ?? "not reachable" }
            findings.append(.init(check: "session bus", outcome: .problem, detail: detail, fix: busFix))
        }
        let check = "notification server"
        switch probe.status {
        case .ready:
            guard let server = probe.server else {
                findings.append(.init(check: check, outcome: .ok, detail: "answers"))
                break
            }
            let capabilities = probe.capabilities.isEmpty ? "none" : probe.capabilities.joined(separator: ", ")
            let detail = "\(server.name) \(server.version) (\(server.vendor), specification \(server.specificationVersion)); capabilities: \(capabilities)"
            if probe.capabilities.contains("actions") {
                findings.append(.init(check: check, outcome: .ok, detail: detail))
            } else {
                findings.append(.init(check: check, outcome: .warning, detail: detail,
                                      fix: "this server shows no buttons: use \"chime water drink\" and \"chime snooze\" instead of Drank and Snooze"))
            }
            if let advice = DunstPauseRule.finding(for: server) {
                findings.append(advice)
            }
        case .unavailable(.noServer):
            findings.append(.init(check: check, outcome: .problem, detail: "nothing owns org.freedesktop.Notifications on the session bus",
                                  fix: "start a notification server (dunst, mako, or your desktop's)"))
        case .unavailable:
            findings.append(.init(check: check, outcome: .problem, detail: "cannot be asked without a session bus", fix: busFix))
        case .busy, .timedOut:
            findings.append(.init(check: check, outcome: .problem, detail: probe.detail ?? "did not answer in time",
                                  fix: "restart the notification server"))
        case .failed:
            findings.append(.init(check: check, outcome: .problem, detail: probe.detail ?? "answered with an error",
                                  fix: "restart the notification server, then run \"chime doctor\" again"))
        }
        return findings
    }

    private func timeZoneFinding() -> DoctorReport.Finding {
        let zone = environment.timeZone
        if let error = environment.timeZoneError {
            return .init(check: "time zone", outcome: .problem, detail: error.message,
                         fix: "set TZ to a zone name such as Europe/Berlin, or unset it to use the system zone")
        }
        let offset = ISO8601Text.format(environment.clock(), in: zone).suffix(6)
        let source = environment.variables["TZ"] == nil ? "system zone" : "from TZ"
        return .init(check: "time zone", outcome: .ok, detail: "\(zone.displayName) (UTC\(offset) now, \(source))")
    }
}
