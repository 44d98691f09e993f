import ChimeBubbleText
import ChimeCore
import ChimeDesk
import ChimeStore
import FoundationEssentials

/// `chime doctor`: each check becomes a ``DoctorReport/Finding``; exit 0 only when none is a problem.
extension CommandRunner {
    func doctor() throws -> ExitCode {
        var findings = [storeFinding()]
        findings += storeWarnings()
        findings.append(daemonFinding())
        findings += notificationFindings(environment.probeNotificationServer())
        findings.append(timeZoneFinding())
        findings += calendarFindings()
        let report = DoctorReport(findings: findings)
        write(report.text(style: environment.style, language: language))
        return report.exitCode
    }

    /// `message` in the invocation's language.
    private func say(_ message: CommandText, _ values: [String: String] = [:]) -> String {
        message.text(language, values)
    }

    private func storeFinding() -> DoctorReport.Finding {
        let check = say(.checkStore)
        do {
            let health = try store().healthCheck()
            let size = ByteCountText.file(health.sizeBytes)
            // Read as it is, so its journal mode says nothing about its health.
            if health.isReadOnly, health.quickCheck == ["ok"] {
                return .init(check: check, outcome: .problem,
                             detail: say(.storeReadOnly, ["health": say(.storeHealth, [
                                 "path": health.path, "schema": "\(health.schemaVersion)", "size": size, "pending": "\(health.pendingCount)",
                             ])]),
                             fix: say(.storeReadOnlyFix))
            }
            guard health.quickCheck == ["ok"], health.journalMode.lowercased() == "wal" else {
                return .init(check: check, outcome: .problem,
                             detail: say(.storeDamaged, [
                                 "path": health.path, "check": health.quickCheck.prefix(3).joined(separator: "; "), "mode": health.journalMode,
                             ]),
                             fix: say(.storeDamagedFix))
            }
            return .init(check: check, outcome: .ok, detail: say(.storeHealth, [
                "path": health.path, "schema": "\(health.schemaVersion)", "size": size, "pending": "\(health.pendingCount)",
            ]))
        } catch {
            let path = (try? StoreLocation.defaultDatabasePath(environment: environment.variables)) ?? say(.theDatabase)
            return .init(check: check, outcome: .problem, detail: say(.cannotBeUsed, ["path": path]),
                         fix: Self.failure(for: error).text.text(in: language))
        }
    }

    private func storeWarnings() -> [DoctorReport.Finding] {
        guard let store = try? store() else { return [] }
        return store.localizedWarnings.map { warning in
            let text = warning.text(in: language)
            return .init(check: say(.checkStore), outcome: .warning, detail: text, fix: text)
        }
    }

    private func daemonFinding() -> DoctorReport.Finding {
        let start = say(.startDaemonFix)
        let check = say(.checkDaemon)
        switch askDaemon() {
        case .answered(let status):
            var detail = say(.daemonAnswersDetail, [
                "version": status.daemon.version, "pid": "\(status.daemon.pid)", "pending": "\(status.pendingCount)",
            ])
            if let armed = status.armedDeadline {
                detail += say(.nextWake, ["when": display(environment.clock()).clockAndRelative(armed)])
            }
            detail += say(.daemonServer, ["server": status.notificationServer])
            if status.waitingForRoom > 0 {
                detail += say(.daemonWaitingForRoom, ["count": "\(status.waitingForRoom)"])
                return .init(check: check, outcome: .warning, detail: detail, fix: say(.waitingForRoomFix))
            }
            guard status.daemon.version == CommandTable.version else {
                return .init(check: check, outcome: .warning, detail: detail,
                             fix: say(.versionMismatch, ["daemon": status.daemon.version, "chime": CommandTable.version]))
            }
            return .init(check: check, outcome: .ok, detail: detail)
        case .notRunning:
            return .init(check: check, outcome: .problem, detail: say(.daemonNotRunningDetail), fix: start)
        case .notAnswering(let reason):
            return .init(check: check, outcome: .problem, detail: say(.daemonNotAnsweringDetail, ["reason": reason]),
                         fix: say(.restartDaemonFix))
        case .unreachable(let reason):
            return .init(check: check, outcome: .problem, detail: say(.daemonUnreachableDetail, ["reason": reason]), fix: start)
        }
    }

    /// The session bus and the notification server, asked what chimed's notifier asks them
    /// (`BusServerProbe`, through libdbus: `chime` links no libnotify).
    func notificationFindings(_ probe: ServerProbe) -> [DoctorReport.Finding] {
        let busFix = say(.busFix)
        var findings: [DoctorReport.Finding] = []
        let busCheck = say(.checkSessionBus)
        if probe.isBusReachable {
            findings.append(.init(check: busCheck, outcome: .ok, detail: probe.busAddress ?? say(.reachable)))
        } else {
            let detail: String
            switch probe.status {
            case .unavailable(.noSessionBus): detail = say(.noSessionBus)
            case .unavailable(.busUnreachable(let message)): detail = say(.busUnreachable, ["message": message])
            case .unavailable(let reason): detail = "\(reason)"
            default: detail = probe.detail ?? say(.notReachable)
            }
            findings.append(.init(check: busCheck, outcome: .problem, detail: detail, fix: busFix))
        }
        let check = say(.checkServer)
        switch probe.status {
        case .ready:
            guard let server = probe.server else {
                findings.append(.init(check: check, outcome: .ok, detail: say(.serverAnswers)))
                break
            }
            let capabilities = probe.capabilities.isEmpty ? say(.noCapabilities) : probe.capabilities.joined(separator: ", ")
            let detail = say(.serverDetail, [
                "name": server.name, "version": server.version, "vendor": server.vendor,
                "specification": server.specificationVersion, "capabilities": capabilities,
            ])
            if probe.capabilities.contains("actions") {
                findings.append(.init(check: check, outcome: .ok, detail: detail))
            } else {
                findings.append(.init(check: check, outcome: .warning, detail: detail, fix: say(.noButtonsFix)))
            }
            if let source = DoNotDisturbFinding.finding(for: probe, in: language) {
                findings.append(source)
            }
            if let advice = DunstPauseRule.finding(for: server, in: language) {
                findings.append(advice)
            }
        case .unavailable(.noServer):
            findings.append(.init(check: check, outcome: .problem, detail: say(.noServer), fix: say(.startServerFix)))
        case .unavailable:
            findings.append(.init(check: check, outcome: .problem, detail: say(.serverWithoutBus), fix: busFix))
        case .busy, .timedOut:
            findings.append(.init(check: check, outcome: .problem, detail: probe.detail ?? say(.serverTimedOut), fix: say(.restartServerFix)))
        case .failed:
            findings.append(.init(check: check, outcome: .problem, detail: probe.detail ?? say(.serverFailed), fix: say(.restartServerAgainFix)))
        }
        return findings
    }

    private func timeZoneFinding() -> DoctorReport.Finding {
        let zone = environment.timeZone
        let check = say(.checkTimeZone)
        if let error = environment.timeZoneError {
            return .init(check: check, outcome: .problem, detail: error.text.text(in: language), fix: say(.timeZoneFix))
        }
        let now = environment.clock()
        let offset = ISO8601Text.format(now, in: zone).suffix(6)
        let source = say(environment.variables["TZ"] == nil ? .systemZone : .fromTZ)
        let detail = say(.timeZoneDetail, ["zone": zone.displayName, "offset": String(offset), "source": source])
        // Rules follow the setting or the system's zone, in chimed too: a TZ of this shell alone
        // moves only what this shell shows.
        let setting = environment.storeExists() ? ((try? store().setting(ChimeTimeZone.settingKey)) ?? nil) : nil
        let rules = ChimeTimeZone.resolve(setting: setting, system: environment.systemTimeZone)
        let ruleSource = say(setting.flatMap(ChimeTimeZone.zone(named:)) == nil ? .ruleZoneFromSystem : .ruleZoneFromSetting)
        guard Self.sameRules(zone, rules, from: now) else {
            return .init(
                check: check, outcome: .warning,
                detail: detail + say(.clauseSeparator) + say(.ruleZoneDiffers, ["rules": rules.displayName, "source": ruleSource]),
                fix: say(.ruleZoneFix, ["zone": zone.displayName])
            )
        }
        return .init(check: check, outcome: .ok, detail: detail + say(.clauseSeparator) + say(.ruleZoneSame, ["source": ruleSource]))
    }

    /// Whether two zones keep the same clock over the coming year (`UTC` and `Etc/UTC` do).
    static func sameRules(_ one: TimeZone, _ other: TimeZone, from now: Date) -> Bool {
        one.identifier == other.identifier || stride(from: 0.0, through: 366 * 86_400, by: 86_400 / 4).allSatisfy { offset in
            let instant = now.addingTimeInterval(offset)
            return one.secondsFromGMT(for: instant) == other.secondsFromGMT(for: instant)
        }
    }
}
