import ChimeCore
import Foundation

/// A store written by a released Chime, with that release's answers about it, as
/// `scripts/make-release-fixture.sh` leaves it under `Tests/EndToEndTests/Fixtures/`: the tests
/// that a newer Chime opens such a store with nothing lost and answers the same read it here.
public struct ReleaseStoreFixture: Sendable {
    /// One command whose answer the release recorded.
    public struct Command: Codable, Hashable, Sendable, CustomStringConvertible {
        /// How an answer is compared: JSON as values (key order and spacing aside), text by line.
        public enum Format: String, Codable, Sendable {
            case json, txt
        }

        /// A short name for the command (several commands share one when only the format differs).
        public let name: String
        /// What follows `chime` on the command line.
        public let arguments: [String]
        public let format: Format
        /// The release's exit status.
        public let status: Int32
        /// The answer's file, relative to the fixture's directory.
        public let answer: String

        public var description: String { "chime " + arguments.joined(separator: " ") }
    }

    /// What `manifest.json` holds.
    public struct Manifest: Codable, Sendable {
        /// The full commit of the release that wrote the store and the answers.
        public let release: String
        public let version: String
        /// The zone every command ran in (`TZ`).
        public let timeZone: String
        /// The instant T every answer was recorded at, in seconds since 1970.
        public let answerEpoch: Int64
        /// T as ISO 8601 with the zone's offset.
        public let answerTime: String
        /// `PRAGMA user_version` of the store as the release left it.
        public let schemaVersion: Int
        /// The number of rows in each table of the store as the release left it.
        public let tableRows: [String: Int64]
        public let commands: [Command]

        enum CodingKeys: String, CodingKey {
            case release, version, commands
            case timeZone = "time_zone"
            case answerEpoch = "answer_epoch"
            case answerTime = "answer_time"
            case schemaVersion = "schema_version"
            case tableRows = "table_rows"
        }
    }

    /// The fixture of Chime 0.1, commit 38fc83a: the schema of version 7, before issue 19.
    public static let release01 = ReleaseStoreFixture(directoryName: "release-0.1-38fc83a")

    /// The fixture's directory.
    public let directory: URL

    /// The fixture in `Tests/EndToEndTests/Fixtures/<directoryName>` of this checkout.
    public init(directoryName: String) {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        directory = root.appendingPathComponent("Tests/EndToEndTests/Fixtures").appendingPathComponent(directoryName)
    }

    /// The store file as the release left it. Never open it in place: SQLite would put its
    /// `-wal` and `-shm` files beside it; use ``copyStore(to:)``.
    public var storePath: String { directory.appendingPathComponent("chime.db").path }

    /// The manifest, read from `manifest.json`.
    public func manifest() throws -> Manifest {
        try JSONCoding.decode(Manifest.self, from: Data(contentsOf: directory.appendingPathComponent("manifest.json")))
    }

    /// The answer the release gave to `command`.
    public func answer(to command: Command) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(command.answer), encoding: .utf8)
    }

    /// Copies the store to `path` (a database file that does not exist yet), mode 0600.
    public func copyStore(to path: String) throws {
        try FileManager.default.copyItem(atPath: storePath, toPath: path)
        chmod(path, 0o600)
    }
}
