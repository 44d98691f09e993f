// swift-tools-version:6.0
import PackageDescription

/// Compiler settings shared by every Swift target: Swift 6 mode is the package default, and
/// warnings in our own code fail the build (SwiftPM's `-pthread` notice is not a compiler warning).
let strictSettings: [SwiftSetting] = [
    .unsafeFlags(["-warnings-as-errors"]),
]

let package = Package(
    name: "Chime",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "chime", targets: ["chime"]),
        .executable(name: "chimed", targets: ["chimed"]),
        .executable(name: "chime-bench", targets: ["chime-bench"]),
    ],
    targets: [
        // C libraries, each behind one module map and a shim header.
        // A C library loaded with dlopen on its first use: what CSQLite, CDBus and CLibicalLoader share
        // (CLibraryForwarders.h defines the forwarders from each one's list of functions).
        .target(name: "CLibraryLoader", cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]),
        // SQLite's declarations (Debian's libsqlite3-dev), and the functions ChimeStore calls,
        // defined to load libsqlite3 on the first: not linked, so `chime --version` and `--help`
        // never load it.
        .target(name: "CSQLite", dependencies: ["CLibraryLoader"], cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]),
        .systemLibrary(
            name: "CLibNotify",
            pkgConfig: "libnotify",
            providers: [.apt(["libnotify-dev"])]
        ),
        .systemLibrary(name: "CLinux"),
        // libdbus-1's declarations (Debian's libdbus-1-dev), and the functions ChimeBusProbe
        // calls, defined to load libdbus on the first: `chime doctor` asks the session bus about
        // the notification server without GLib, and no other command loads libdbus.
        .target(
            name: "CDBus", dependencies: ["CLibraryLoader"],
            cSettings: [
                // An empty DBUS_EXPORT drops the declarations' default visibility, which would
                // conflict with the hidden forwarders (CLibraryForwarders.h).
                .define("DBUS_EXPORT", to: ""),
                .unsafeFlags(["-Wall", "-Wextra", "-Werror", "-I/usr/include/dbus-1.0", "-I/usr/lib/x86_64-linux-gnu/dbus-1.0/include"]),
            ]
        ),
        // libical's declarations. Not linked: CLibicalLoader defines the functions ChimeCalendar
        // calls and loads libical with dlopen on the first, so only what reads or writes
        // iCalendar loads it (and never libicalss or libicalvcal, which load Berkeley DB).
        .systemLibrary(name: "CLibical", providers: [.apt(["libical-dev"])]),
        .target(name: "CLibicalLoader", dependencies: ["CLibraryLoader"]),

        // Libraries: dependencies flow one way, from the executables down to ChimeCore.
        // ICU's normalizer (UnicodeNormalization): FoundationInternationalization brings ICU into
        // every program, but only a direct link lets ChimeCore call it in a dynamic (debug) build.
        .target(name: "ChimeCore", linkerSettings: [.linkedLibrary("_FoundationICU")]),
        // The POSIX calls the store, the control socket and chimed share: errno as typed errors,
        // owned descriptors, the one private-directory check, the monotonic clock.
        .target(name: "ChimeSystem", dependencies: ["CLinux"]),
        .target(name: "ChimeStore", dependencies: ["ChimeCore", "ChimeSystem", "CSQLite"]),
        // Every intention (a command, a button, what chimed derives) as a change decided inside
        // the store's write transaction: the one desk both programs go through.
        .target(name: "ChimeDesk", dependencies: ["ChimeCore", "ChimeStore"]),
        // What a bubble says (title, body, buttons, urgency) and what a notification server is
        // and can do: values without C, shared by chimed's notifier and `chime` (list, status, doctor).
        .target(name: "ChimeBubbleText", dependencies: ["ChimeCore"]),
        .target(name: "ChimeNotify", dependencies: ["ChimeCore", "ChimeBubbleText", "ChimeSystem", "CLibNotify"]),
        // `chime doctor`'s questions to the notification server, through libdbus (no GLib in `chime`).
        .target(name: "ChimeBusProbe", dependencies: ["ChimeBubbleText", "ChimeSystem", "CDBus"]),
        // Reads iCalendar files and vdir folders (through libical) into ChimeCore's calendar values.
        .target(name: "ChimeCalendar", dependencies: ["ChimeCore", "ChimeSystem", "CLibical", "CLibicalLoader"]),
        // The client side of the control socket, shared by chime and chimed without the scheduler.
        .target(name: "ChimeControl", dependencies: ["ChimeCore", "ChimeSystem", "CLinux"]),
        .target(name: "ChimeDaemon", dependencies: ["ChimeCore", "ChimeStore", "ChimeDesk", "ChimeNotify", "ChimeControl", "ChimeSystem", "ChimeCalendar", "CLinux"]),
        // Not ChimeNotify: `chime` links no libnotify or GLib (its bubble texts come from ChimeBubbleText).
        .target(name: "ChimeCLI", dependencies: ["ChimeCore", "ChimeStore", "ChimeDesk", "ChimeBubbleText", "ChimeBusProbe", "ChimeControl", "ChimeCalendar", "ChimeSystem", "CLinux"]),
        .target(name: "ChimeTestSupport", dependencies: ["ChimeCore", "ChimeNotify", "ChimeControl", "ChimeSystem", "ChimeDaemon"]),

        // Executables: wiring only.
        .executableTarget(name: "chime", dependencies: ["ChimeCLI"]),
        .executableTarget(name: "chimed", dependencies: ["ChimeDaemon", "ChimeCore"]),
        // Writes the manual pages from the programs' tables (`make man`).
        .executableTarget(name: "chime-manpages", dependencies: ["ChimeCLI", "ChimeDaemon", "ChimeCore"]),
        .executableTarget(
            name: "chime-bench",
            // ChimeTestSupport: the benchmarks start processes and private servers as the tests do.
            dependencies: ["ChimeCore", "ChimeStore", "ChimeDesk", "ChimeNotify", "ChimeControl", "ChimeDaemon", "ChimeTestSupport", "ChimeCalendar"]
        ),
        // The start-up floor of the `cli` benchmark: a plain Swift program.
        .executableTarget(name: "chime-bench-floor"),
        // The second floor: a Swift program that imports Foundation and prints one line.
        .executableTarget(name: "chime-bench-foundation-floor"),
        // The latency floor of the `notify` benchmark: a bare libnotify client in C.
        .executableTarget(
            name: "chime-bench-notify-floor",
            dependencies: ["CLibNotify"],
            cSettings: [.unsafeFlags(["-Wall", "-Wextra", "-Werror"])]
        ),
        .executableTarget(
            name: "chime-store-worker",
            dependencies: ["ChimeStore", "ChimeCore"],
            path: "Tests/StoreWorker"
        ),
        .executableTarget(
            name: "chime-timeline",
            // The real scheduler with the test doubles' manual clock, timer and notifier.
            dependencies: ["ChimeCore", "ChimeStore", "ChimeNotify", "ChimeDaemon", "ChimeTestSupport"],
            path: "Examples/Timeline"
        ),

        // Tests: one target per library, plus end-to-end tests of the built binaries.
        .testTarget(name: "ChimeCoreTests", dependencies: ["ChimeCore", "ChimeTestSupport"]),
        .testTarget(name: "ChimeStoreTests", dependencies: ["ChimeStore", "ChimeCore", "ChimeSystem", "CSQLite", "ChimeTestSupport"]),
        .testTarget(
            name: "ChimeCalendarTests",
            dependencies: ["ChimeCalendar", "ChimeCore", "ChimeTestSupport"],
            // Calendar files read through #filePath, not bundled: tests open them as a user would.
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "ChimeDeskTests", dependencies: ["ChimeDesk", "ChimeStore", "ChimeCore", "ChimeCalendar", "ChimeTestSupport"]),
        .testTarget(name: "ChimeNotifyTests", dependencies: ["ChimeNotify", "ChimeBubbleText", "ChimeBusProbe", "ChimeCore", "ChimeTestSupport"]),
        .testTarget(name: "ChimeSystemTests", dependencies: ["ChimeSystem"]),
        .testTarget(name: "ChimeControlTests", dependencies: ["ChimeControl", "ChimeCore"]),
        .testTarget(name: "ChimeDaemonTests", dependencies: ["ChimeDaemon", "ChimeControl", "ChimeSystem", "ChimeCore", "ChimeStore", "ChimeDesk", "ChimeCalendar", "ChimeTestSupport"]),
        .testTarget(name: "ChimeCLITests", dependencies: ["ChimeCLI", "ChimeControl", "ChimeCore", "ChimeStore", "ChimeTestSupport"]),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["ChimeCore", "ChimeStore", "ChimeControl", "ChimeDaemon", "ChimeCalendar", "ChimeTestSupport"],
            // Stores and answers of released versions, read from the checkout by path (ReleaseStoreFixture).
            exclude: ["Fixtures"]
        ),
    ]
)

/// What `pkg-config --cflags dbus-1` names on Debian amd64 (the architecture of the package),
/// for every target: not only ChimeBusProbe but each module built over it reads CDBus's clang
/// module, and builds it itself when the module cache lacks it (then without these folders it
/// cannot). Nothing links libdbus (no `pkgConfig`): CDBus loads it with dlopen.
let dbusHeaders: [SwiftSetting] = [
    .unsafeFlags(["-Xcc", "-I/usr/include/dbus-1.0", "-Xcc", "-I/usr/lib/x86_64-linux-gnu/dbus-1.0/include"]),
]

for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + strictSettings + dbusHeaders
}

/// How every executable links, the start-up floors of `chime-bench cli` included: with the
/// toolchain's lld, relative relocations packed (DT_RELR, glibc 2.36). A release `chime` holds
/// about 79,000 of them (Foundation's and ICU's tables): unpacked they are 1.9 MB the loader
/// reads at every start; packed, 16 KB, and 2.5 MB less resident memory. gold, the default,
/// cannot pack them.
///
/// `--no-export-dynamic` undoes the `-export-dynamic` swiftc passes on Linux: it would put every
/// public symbol of our own modules (8,500 in `chime`) in the dynamic symbol table, which nothing
/// looks up (no plugins; the backtracer reads the file's own symbols), and which the loader maps
/// at every start: 0.5 MB more resident.
///
/// Release builds place the functions a start runs (the runtime's, Foundation's, CoreFoundation's
/// and ICU's initialisers, `--version`, `status --format waybar`) next to each other, in the order
/// of scripts/startup-symbol-order.txt (written by scripts/startup-symbol-order.sh): scattered over
/// the 17 MB of code, each first call faults in a 64 KB window of its own; together they take a
/// few. Names the file lacks or that no longer exist are ignored: a stale file only costs memory.
let executableLinkerSettings: [LinkerSetting] = [
    .unsafeFlags(["-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs", "-Xlinker", "--no-export-dynamic"]),
    .unsafeFlags(
        [
            "-Xlinker", "--symbol-ordering-file=\(Context.packageDirectory)/scripts/startup-symbol-order.txt",
            "-Xlinker", "--no-warn-symbol-ordering",
        ],
        .when(configuration: .release)
    ),
]
for target in package.targets where target.type == .executable {
    target.linkerSettings = (target.linkerSettings ?? []) + executableLinkerSettings
}
