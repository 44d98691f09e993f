import ChimeCalendar
import Foundation

/// The folders chimed watches for its calendars: each calendar's collections, a set's folder
/// and the folder above it, and what an event on each means to which calendar.
extension CalendarWatch {
    /// What a watched folder means to a calendar.
    enum Role: Hashable {
        /// A collection's folder: the `.ics` files in it are items.
        case files(calendar: String, folder: String)
        /// A set's folder: its subfolders are collections.
        case collections(calendar: String)
        /// The folder above a calendar: the entry `name` is the calendar's folder or file.
        case entry(calendar: String, name: String)
    }

    /// Watches the folders calendar `name` now has: its collections, a set's folder, and the
    /// folder above it; stops watching those it no longer has.
    /// Returns whether a folder is watched now that was not before.
    @discardableResult
    func watchFolders(of name: String) -> Bool {
        guard let watched = calendars[name] else { return false }
        let index = watched.index
        var wanted: [(String, Role)] = []
        let path = watched.source.path
        let parent = (path as NSString).deletingLastPathComponent
        wanted.append((parent.isEmpty ? "/" : parent, .entry(calendar: name, name: (path as NSString).lastPathComponent)))
        switch index.layout {
        case .collection?:
            wanted.append((path, .files(calendar: name, folder: path)))
        case .collectionSet?:
            wanted.append((path, .collections(calendar: name)))
            for collection in index.collections { wanted.append((collection.path, .files(calendar: name, folder: collection.path))) }
        case .file?, nil:
            break
        }
        var watches = Set<Int32>()
        for (folder, role) in wanted {
            do {
                let watch = try folders.watch(folder)
                roles[watch, default: []].insert(role)
                watches.insert(watch)
            } catch {
                log.warning("calendar \(name): cannot watch \(folder) (\(error)): its changes are seen at the next stat pass")
            }
        }
        for watch in watched.watches.subtracting(watches) { release(watch, for: name) }
        // Roles this calendar no longer has on a folder still watched.
        let kept = Set(wanted.map(\.1))
        for watch in watches {
            roles[watch] = roles[watch]?.filter { role in !Self.belongs(role, to: name) || kept.contains(role) }
        }
        calendars[name]?.watches = watches
        return !watches.subtracting(watched.watches).isEmpty
    }

    /// Drops calendar `name`'s roles on `watch`, and the watch once no calendar has one there.
    func release(_ watch: Int32, for name: String) {
        roles[watch] = roles[watch]?.filter { !Self.belongs($0, to: name) }
        if roles[watch]?.isEmpty ?? true {
            roles[watch] = nil
            folders.unwatch(watch)
        }
    }

    /// A watch the kernel ended (its folder was deleted): forgotten by every calendar.
    func forget(watch: Int32) {
        roles[watch] = nil
        for name in calendars.keys { calendars[name]?.watches.remove(watch) }
    }

    private static func belongs(_ role: Role, to name: String) -> Bool {
        switch role {
        case .files(let calendar, _), .collections(let calendar), .entry(let calendar, _): return calendar == name
        }
    }
}
