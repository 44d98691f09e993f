// chimed: the Chime scheduler daemon. Wiring only: everything lives in ChimeDaemon.
import ChimeCore
import ChimeDaemon
import Foundation
import Glibc

// First, before any thread exists: every thread inherits this mask, so the daemon's signals
// reach only its signalfd. A broken pipe (stdout closed) is an error to handle, not a death.
do {
    try SignalSource.block(Set(SignalSource.Signal.allCases))
} catch {
    DaemonLog.writeToStandardError("<3>chimed: cannot block signals: \(error)\n")
    exit(ExitCode.operatingSystem.rawValue)
}
// A signal its parent ignored (`nohup` ignores SIGHUP) would be discarded, never queued for
// the signalfd: blocked now, the default disposition is safe to restore.
for handled in SignalSource.Signal.allCases {
    signal(handled.rawValue, SIG_DFL)
}
signal(SIGPIPE, SIG_IGN)

exit(Daemon.main(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment).rawValue)
