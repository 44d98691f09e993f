import ChimeCLI
import Glibc

// A status bar or `head` that stops reading must not kill chime mid-line: writes then fail
// with EPIPE, which the output reports and `status --follow` ends on.
signal(SIGPIPE, SIG_IGN)

let runner = CommandRunner(environment: .live())
switch CommandParser.parseProcessArguments() {
case .failure(let error):
    FileDescriptorOutput.standardError().write(error.line(in: runner.language) + "\n")
    exit(error.exitCode.rawValue)
case .success(let command):
    exit(runner.run(command).rawValue)
}
