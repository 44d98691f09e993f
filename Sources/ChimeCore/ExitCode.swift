/// The process exit status of `chime`, `chimed` and the package's tools, from the BSD
/// `sysexits.h` conventions: the one place the numbers are written.
public enum ExitCode: Int32, Hashable, Sendable {
    /// Everything worked.
    case success = 0
    /// A check failed without being any of the kinds below (kept for completeness).
    case failure = 1
    /// `EX_USAGE`: the command line is malformed (unknown command or option, missing argument).
    case usage = 64
    /// `EX_DATAERR`: a value is malformed (bad duration, time, plan, text, id, invalid UTF-8), or the
    /// change refers to something that does not exist.
    case dataError = 65
    /// `EX_UNAVAILABLE`: something Chime needs is missing (`doctor` findings).
    case unavailable = 69
    /// `EX_SOFTWARE`: an internal error; a bug to report.
    case software = 70
    /// `EX_OSERR`: the operating system refused something every run needs (`chimed` could not
    /// block its signals).
    case operatingSystem = 71
    /// `EX_CANTCREAT`: an output file cannot be created (`chime-manpages`).
    case cannotCreate = 73
    /// `EX_TEMPFAIL`: try again later (store locked, disk full, the daemon did not answer in time,
    /// another `chimed` runs).
    case tryAgain = 75

    /// The exit status for a rejected input or change from the core.
    ///
    /// Every domain error is about the data the user gave (a value, an id, a conflicting state),
    /// so all of them are `EX_DATAERR`; the switch is exhaustive so a new kind must be decided here.
    public init(for kind: DomainError.Kind) {
        switch kind {
        case .invalidDuration, .invalidPlan, .invalidTime, .invalidText, .invalidIdentifier, .invalidAmount,
             .invalidRule, .conflict, .notFound:
            self = .dataError
        }
    }
}
