import ChimeControl

/// A connection to `chimed` that answers one control request at a time.
///
/// ``ControlClient`` is the real one; tests pass a double that records the nudges it receives
/// or behaves like a daemon that is not running.
public protocol DaemonLink {
    /// Sends `request` and returns the answer; throws ``RuntimeError`` when the daemon is not
    /// running, does not answer in time, or answers something unreadable.
    func send(_ request: ControlRequest) throws -> ControlResponse
}

extension ControlClient: DaemonLink {}
