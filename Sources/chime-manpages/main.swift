// chime-manpages DIRECTORY: writes chime.1 and chimed.1 there, and their Chinese in
// DIRECTORY/zh_CN/man1, from the programs' own tables.
// Wiring only: the pages are built in ChimeCLI and ChimeDaemon.
import ChimeCLI
import ChimeCore
import ChimeDaemon
import Foundation

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 1, let directory = arguments.first else {
    FileHandle.standardError.write(Data("usage: chime-manpages DIRECTORY\n".utf8))
    exit(ExitCode.usage.rawValue)
}
do {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    try Data(CommandManualPage.page.roff.utf8).write(to: URL(fileURLWithPath: directory + "/chime.1"))
    try Data(DaemonManualPage.page.roff.utf8).write(to: URL(fileURLWithPath: directory + "/chimed.1"))
    let chinese = directory + "/zh_CN/man1"
    try FileManager.default.createDirectory(atPath: chinese, withIntermediateDirectories: true)
    try Data(CommandManualPage.page(in: .simplifiedChinese).roff.utf8).write(to: URL(fileURLWithPath: chinese + "/chime.1"))
    try Data(DaemonManualPage.page(in: .simplifiedChinese).roff.utf8).write(to: URL(fileURLWithPath: chinese + "/chimed.1"))
} catch {
    FileHandle.standardError.write(Data("chime-manpages: cannot write the pages in \(directory): \(error.localizedDescription)\n".utf8))
    exit(ExitCode.cannotCreate.rawValue)
}
