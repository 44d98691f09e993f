import ChimeCLI
import Glibc

// A status bar or `head` that stops reading must not kill chime mid-line: writes then fail
// with EPIPE, which the output reports and `status --follow` ends on.
signal(SIGPIPE, SIG_IGN)

// `chime --version` prints its line before the runner and its environment are built.
if let version = CommandParser.processVersionLine() {
    FileDescriptorOutput.standardOutput().write(version + "\n")
    exit(0)
}

// The runner lives only inside: it closes the store (checkpointing its log) before exit.
let status: Int32 = {
    let runner = CommandRunner(environment: .live())
    switch CommandParser.parseProcessArguments() {
    case .failure(let error):
        BidiBalancingOutput(FileDescriptorOutput.standardError()).write(error.line(in: runner.language) + "\n")
        return error.exitCode.rawValue
    case .success(let command):
        return runner.run(command).rawValue
    }
}()
exit(status)
