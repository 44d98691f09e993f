import Glibc

/// A mutex its holder may take again (a POSIX recursive mutex), as Foundation's `NSRecursiveLock`
/// is, without Foundation: a static `chime` that refers to any of swift-corelibs-foundation links
/// all of it. Sendable: the mutex serialises every thread that takes it.
package final class RecursiveLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        var attributes = pthread_mutexattr_t()
        pthread_mutexattr_init(&attributes)
        pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
        pthread_mutex_init(mutex, &attributes)
        pthread_mutexattr_destroy(&attributes)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    package func lock() {
        pthread_mutex_lock(mutex)
    }

    package func unlock() {
        pthread_mutex_unlock(mutex)
    }
}
