import CLibNotify
import ChimeCore
import Foundation

/// Everything ChimeNotify knows about the notification server, confined to the main-loop
/// thread: the bus connection, the server's unique name and capabilities, and the bubble of each
/// request identifier.
final class NotificationServerSession {
    /// The most bubbles remembered for replacement; the oldest is forgotten beyond that (its
    /// bubble stays on screen; a later show of its identifier adds a new one).
    static let bubbleLimit = 256

    private let configuration: LibNotifyNotifier.Configuration
    private let emit: (NotifierEvent) -> Void
    private var bus: SessionBus?
    /// The last server seen; kept while no server runs, so that the next one is recognised as a
    /// different process.
    private var knownServer: ServerIdentity?
    /// Whether a server owned the name when last seen (`nil` until first seen either way).
    private var serverPresent: Bool?
    /// Whether `serverPresent` and `knownServer` describe the current bus: a `GetNameOwner`
    /// answered on this connection, and the `NameOwnerChanged` subscription made before it
    /// reports every change since.
    private var ownerTracked = false
    private var capabilities: [String]?
    /// What the current server is sent, from its name and `capabilities`.
    private var profile: ServerProfile?
    /// Whether the server is in do-not-disturb mode, as last reported.
    private(set) var doNotDisturb = false
    /// Follows the do-not-disturb mode of the current server process, where it tells.
    private var doNotDisturbWatch: DoNotDisturbWatch?
    /// Follows the current server process's own signals beside libnotify (closings, clicks on
    /// bubbles it reported closed).
    private var signalWatch: ServerSignalWatch?
    private var bubbles: [String: NotificationBubble] = [:]
    private var bubbleOrder: [String] = []
    /// Notify calls answered late: the retry of a request the server showed late is answered
    /// with its id, and one whose answer may still come is not sent again meanwhile.
    private let late = LateAnswerBook(limit: NotificationServerSession.bubbleLimit)
    /// Notices the answers to Notify calls libnotify gave up on.
    private let tracker: NotifyCallTracker

    /// Makes a session; `emit` reports events (on the main-loop thread), `tracker` catches the
    /// answers libnotify gives up on (its late answers must come to ``lateAnswer(_:_:)``).
    init(configuration: LibNotifyNotifier.Configuration, tracker: NotifyCallTracker, emit: @escaping (NotifierEvent) -> Void) {
        self.configuration = configuration
        self.tracker = tracker
        self.emit = emit
    }

    /// Shows `notification` for `job`, replacing the bubble its identifier already has.
    func deliver(_ notification: RenderedNotification, for job: DeliveryJob) -> DeliveryOutcome {
        let identifier = job.request.identifier
        if let serverID = late.takeAnswer(for: job.request) {
            // The retry of a delivery the server answered late: it is on screen already (or the
            // user dismissed it since); showing it again would add or bring back a bubble.
            return .shown(serverID: serverID)
        }
        if late.isWaiting(for: identifier) {
            // The server may still show the earlier call's bubble: sending again would add one.
            return .serverBusy
        }
        let server: ServerState
        switch connectToServer() {
        case .success(let state): server = state
        case .failure(let problem): return problem.deliveryOutcome
        }
        let profile = server.profile
        if job.showsOnlyInPlace, let previous = job.replacesServerID, profile.listsClosedBubbles,
           closedBubbleIDs(of: server.busName).contains(previous) {
            // dunst would take an unknown id for a new bubble: the one the user dismissed.
            return .rejected(reason: "bubble \(previous) is no longer on screen")
        }
        let bubble = bubbles[identifier] ?? makeBubble(identifier: identifier, replacing: job.replacesServerID)
        let content = NotificationBubble.Content(
            title: notification.title,
            body: notification.bodyText(markup: profile.bodyMarkup),
            iconName: configuration.iconName,
            appName: configuration.appName,
            desktopEntry: configuration.desktopEntry,
            urgency: notification.urgency,
            category: notification.category,
            timeout: profile.timeout(for: notification.expiry),
            actions: profile.actions ? notification.actions : [],
            stackTag: profile.stackTag.map { (hint: $0, value: identifier) }
        )
        let token = tracker.expectNotify()
        do throws(GLibError) {
            let serverID = try bubble.show(content)
            _ = tracker.finish(token, gaveUp: false)
            remember(bubble)
            return .shown(serverID: serverID)
        } catch {
            // Whatever went wrong, the next call asks the bus again who serves notifications.
            ownerTracked = false
            if error.meansTimeout {
                // libnotify gave up waiting; the server may still show the bubble.
                if case .shown(let serverID) = tracker.finish(token, gaveUp: true) {
                    // Its answer came just as libnotify gave up.
                    bubble.adopt(serverID: serverID)
                    remember(bubble)
                    return .shown(serverID: serverID)
                }
                if tracker.isAwaitingLateAnswer(token) {
                    late.gaveUp(token, request: job.request, bubble: bubble)
                }
            } else {
                _ = tracker.finish(token, gaveUp: false)
            }
            return ServerProblem(error).deliveryOutcome
        }
    }

    /// The server answered the Notify call of `token`, which libnotify had given up on, with
    /// `result`: a bubble it showed is adopted (its buttons work, a retry is answered with its id,
    /// a change replaces it) and reported as ``NotifierEvent/answeredLate(request:serverID:)``;
    /// one made surplus by a later call is closed.
    func lateAnswer(_ token: NotifyCallTracker.Token, _ result: NotifyCallTracker.LateResult) {
        guard let waiting = late.answered(token), case .shown(let serverID) = result else { return }
        let identifier = waiting.request.identifier
        waiting.bubble.adopt(serverID: serverID)
        if waiting.superseded || (bubbles[identifier].map { $0 !== waiting.bubble && $0.serverID != 0 } ?? false) {
            // Another call shows the request already.
            try? waiting.bubble.close()
            return
        }
        remember(waiting.bubble)
        late.remember(waiting.request, shownAs: serverID)
        emit(.answeredLate(request: waiting.request, serverID: serverID))
    }

    /// Notes that the server showed `job`'s request as `serverID` after the delivery had been
    /// answered as timed out: its retry is answered with this id instead of being shown again.
    func rememberLateAnswer(serverID: UInt32, for job: DeliveryJob) {
        late.remember(job.request, shownAs: serverID)
        emit(.answeredLate(request: job.request, serverID: serverID))
    }

    /// Asks the server to close the bubbles with `serverIDs`, each in turn: one that fails does
    /// not keep the others open. The outcome is the first failure, if any.
    func close(serverIDs: [UInt32]) -> CloseOutcome {
        switch connectToServer() {
        case .success: break
        case .failure(let problem): return problem.closeOutcome
        }
        var firstFailure: CloseOutcome?
        // libnotify keeps ids as positive Int32; nothing else can be a bubble of ours.
        ids: for serverID in serverIDs where serverID > 0 && serverID <= UInt32(Int32.max) {
            // A bubble shown by this process reports its `closed` signal; for an id from before a
            // restart, a throwaway notification carrying that id sends the same CloseNotification.
            let bubble = bubbles.values.first { $0.serverID == serverID }
                ?? NotificationBubble(identifier: "", replacing: serverID, onClosed: { _, _ in }, onAction: { _ in })
            do throws(GLibError) {
                try bubble.close()
            } catch where error.meansUnknownNotification {
                // Already gone (dismissed, expired): that is what closing wanted.
                continue
            } catch {
                let problem = ServerProblem(error)
                firstFailure = firstFailure ?? problem.closeOutcome
                switch problem {
                // No server, or one that hangs: the other ids would fare the same (each
                // blocking this thread for libnotify's 25 s).
                case .unavailable, .timedOut: break ids
                case .full, .failed: continue
                }
            }
        }
        return firstFailure ?? .closed
    }

    /// Who serves notifications, and what they can do.
    func probe() -> ServerProbe {
        let address = SessionBus.address(environment: ProcessInfo.processInfo.environment)
        // A diagnosis asks the bus itself rather than trusting what was seen before.
        ownerTracked = false
        switch connectToServer() {
        case .failure(let problem):
            return problem.probe(busAddress: address)
        case .success(let server):
            do throws(GLibError) {
                let reply = try bus!.call(
                    destination: server.busName, path: SessionBus.notificationsPath, interface: SessionBus.notificationsName,
                    method: "GetServerInformation", replyType: "(ssss)", timeout: configuration.watchdog
                )
                let information = ServerInformation(
                    name: reply.child(0).string, vendor: reply.child(1).string, version: reply.child(2).string,
                    specificationVersion: reply.child(3).string, busName: server.busName, busGUID: bus!.guid
                )
                let doNotDisturb = doNotDisturbWatch.map { watch in
                    DoNotDisturbReading(
                        source: watch.source, isReadable: watch.isReadable, isOn: self.doNotDisturb,
                        discardsBubbles: server.profile.discardsBubblesInDoNotDisturb
                    )
                }
                return ServerProbe(
                    status: .ready, busAddress: address, server: information, capabilities: server.capabilities, doNotDisturb: doNotDisturb
                )
            } catch {
                return ServerProblem(error).probe(busAddress: address)
            }
        }
    }

    /// Forgets every bubble and drops the bus connection; then libnotify can be shut down.
    func tearDown() {
        reconnect = (nil, PresenceMonitor.reconnectWaits.first)
        forgetBubbles()
        bus = nil
    }

    // MARK: The bus going away

    /// The pending attempt to reach the bus again after it went away, and the wait before the next.
    private var reconnect: (timer: ContextTimer?, wait: Double) = (nil, PresenceMonitor.reconnectWaits.first)

    /// Drops everything tied to a bus that went away (a new login session, a restarted bus),
    /// libnotify's cached proxy included (only notify_uninit drops it): GIO makes a new shared
    /// connection only once nobody holds the closed one.
    private func dropClosedBus() {
        forgetBubbles()
        signalWatch = nil
        bus = nil
        ownerTracked = false
        doNotDisturbWatch = nil
        if serverPresent == true { serverPresent = false }
        notify_uninit()
        _ = notify_init(configuration.appName)
    }

    /// The bus closed under a live connection: tries to reach it again by itself (1 s, 2 s, ...
    /// 60 s), so the server's do-not-disturb mode is read again as soon as the bus is back, and
    /// deliveries waiting for a server hear that one appeared, without waiting for a call.
    private func busClosed() {
        dropClosedBus()
        let wait = reconnect.wait
        reconnect = (ContextTimer(after: wait) { [weak self] in self?.reconnectToBus() }, wait)
    }

    private func reconnectToBus() {
        reconnect.timer = nil
        if case .failure(.unavailable(let reason)) = connectToServer(), reason != .noServer {
            let wait = min(reconnect.wait * 2, PresenceMonitor.reconnectWaits.longest)
            reconnect = (ContextTimer(after: wait) { [weak self] in self?.reconnectToBus() }, wait)
        } else {
            reconnect.wait = PresenceMonitor.reconnectWaits.first
        }
    }

    // MARK: Server state

    /// The server that owns the notifications name now, with its capabilities; connects to the
    /// bus first if needed. Nothing here can start a server.
    private func connectToServer() -> Result<ServerState, ServerProblem> {
        if let current = bus, current.isClosed {
            // The bus went away (a new login session) before its `closed` signal was handled.
            dropClosedBus()
        }
        if bus == nil {
            guard let address = SessionBus.address(environment: ProcessInfo.processInfo.environment) else {
                return .failure(.unavailable(.noSessionBus))
            }
            do throws(GLibError) {
                let connected = try SessionBus(address: address)
                connected.observeOwner(of: SessionBus.notificationsName) { [weak self] owner in
                    self?.serverOwnerChanged(to: owner)
                }
                connected.onClosed { [weak self] in self?.busClosed() }
                tracker.install(on: connected)
                bus = connected
            } catch {
                return .failure(.unavailable(.busUnreachable(error.message)))
            }
        }
        do throws(GLibError) {
            let owner: String
            if ownerTracked, serverPresent == true, let known = knownServer?.name {
                // The server seen last still serves: a change of owner would have come as a
                // signal, dispatched on this thread in order with the calls. Saves a round trip
                // (a quarter of a delivery); a server that vanishes in between fails the
                // Notify call sent to its unique name (libnotify's proxy follows the same
                // signal), which then resets the tracking.
                owner = known
            } else {
                guard let found = try bus!.owner(of: SessionBus.notificationsName, timeout: configuration.watchdog) else {
                    serverOwnerChanged(to: nil)
                    ownerTracked = true
                    return .failure(.unavailable(.noServer))
                }
                serverOwnerChanged(to: found)
                ownerTracked = true
                owner = found
            }
            if capabilities == nil || profile == nil {
                let reply = try bus!.call(
                    destination: owner, path: SessionBus.notificationsPath, interface: SessionBus.notificationsName,
                    method: "GetCapabilities", replyType: "(as)", timeout: configuration.watchdog
                )
                // The name picks the server's quirks (once per server process).
                let information = try bus!.call(
                    destination: owner, path: SessionBus.notificationsPath, interface: SessionBus.notificationsName,
                    method: "GetServerInformation", replyType: "(ssss)", timeout: configuration.watchdog
                )
                let found = reply.child(0).strings
                capabilities = found
                let newProfile = ServerProfile(name: information.child(0).string, capabilities: found)
                profile = newProfile
                followDoNotDisturb(of: owner, profile: newProfile)
                followSignals(of: owner)
            }
            return .success(ServerState(busName: owner, capabilities: capabilities ?? [], profile: profile!))
        } catch {
            return .failure(ServerProblem(error))
        }
    }

    /// Notes who owns the notifications name now; a different process than before means every
    /// server id is stale (the new server hands out small ids again).
    private func serverOwnerChanged(to owner: String?) {
        guard let owner else {
            capabilities = nil
            profile = nil
            serverPresent = false
            // A server gone answers nothing more.
            late.forgetUnanswered()
            tracker.forgetAll()
            doNotDisturbWatch = nil
            setDoNotDisturb(false)
            return
        }
        let appeared = serverPresent == false
        serverPresent = true
        // A bus started anew hands out its unique names again, so the one the server had before
        // the bus went away may well name a new process: the bus's GUID tells them apart.
        let identity = ServerIdentity(busGUID: bus?.guid ?? "", name: owner)
        if identity != knownServer {
            let replaced = knownServer != nil
            knownServer = identity
            capabilities = nil
            profile = nil
            doNotDisturbWatch = nil
            setDoNotDisturb(false)
            if replaced {
                forgetBubbles()
                emit(.serverChanged)
            }
        }
        if appeared { emit(.serverAppeared) }
    }

    /// The ids of the bubbles dunst closed (its history); empty when it cannot tell.
    private func closedBubbleIDs(of owner: String) -> Set<UInt32> {
        do throws(GLibError) {
            let reply = try bus!.call(
                destination: owner, path: SessionBus.notificationsPath, interface: "org.dunstproject.cmd0",
                method: "NotificationListHistory", replyType: "(aa{sv})", timeout: configuration.watchdog
            )
            return Set(reply.child(0).children.compactMap { $0.value(forKey: "id")?.integer }.map { UInt32(truncatingIfNeeded: $0) })
        } catch {
            return []
        }
    }

    // MARK: Do not disturb

    /// Reads whether the server `owner` is in do-not-disturb mode and follows its changes, once
    /// per server process, when its profile says where it tells (``DoNotDisturbWatch``).
    private func followDoNotDisturb(of owner: String, profile: ServerProfile) {
        guard let source = profile.doNotDisturb, doNotDisturbWatch?.owner != owner, let bus else { return }
        doNotDisturbWatch = nil
        doNotDisturbWatch = DoNotDisturbWatch(source: source, owner: owner, bus: bus, timeout: configuration.watchdog) { [weak self] on in
            // A reading of a server gone since counts no more.
            guard let self, self.knownServer?.name == owner, self.serverPresent == true else { return }
            self.setDoNotDisturb(on)
        }
    }

    /// Follows the server `owner`'s own signals, once per server process (``ServerSignalWatch``).
    private func followSignals(of owner: String) {
        guard signalWatch?.owner != owner, let bus else { return }
        signalWatch = nil
        signalWatch = ServerSignalWatch(
            owner: owner, bus: bus, limit: Self.bubbleLimit,
            // A live bubble's clicks reach it through libnotify.
            isLive: { [weak self] id in self?.bubbles.values.contains { $0.serverID == id } ?? false },
            emit: emit
        )
    }

    private func setDoNotDisturb(_ on: Bool) {
        guard on != doNotDisturb else { return }
        doNotDisturb = on
        emit(.doNotDisturbChanged(on))
    }

    // MARK: Bubbles

    private func makeBubble(identifier: String, replacing serverID: UInt32?) -> NotificationBubble {
        NotificationBubble(
            identifier: identifier, replacing: serverID,
            onClosed: { [weak self] serverID, reason in
                self?.bubbleClosed(identifier: identifier, serverID: serverID, reason: reason)
            },
            onAction: { [emit] action in
                emit(.actionInvoked(identifier: identifier, action: action))
            }
        )
    }

    private func bubbleClosed(identifier: String, serverID: UInt32, reason: CloseReason) {
        emit(.closed(identifier: identifier, serverID: serverID, reason: reason))
        signalWatch?.noteClosed(serverID, of: identifier)
        // A closed bubble cannot be replaced any more; the next show of the identifier adds one.
        if bubbles[identifier]?.serverID == serverID || bubbles[identifier]?.serverID == 0 {
            bubbles[identifier] = nil
            bubbleOrder.removeAll { $0 == identifier }
        }
    }

    private func remember(_ bubble: NotificationBubble) {
        if bubbles[bubble.identifier] == nil {
            bubbleOrder.append(bubble.identifier)
        }
        bubbles[bubble.identifier] = bubble
        if bubbleOrder.count > Self.bubbleLimit {
            bubbles[bubbleOrder.removeFirst()] = nil
        }
    }

    private func forgetBubbles() {
        bubbles.removeAll()
        bubbleOrder.removeAll()
        late.forgetAll()
        tracker.forgetAll()
    }
}
