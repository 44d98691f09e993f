#ifndef CHIME_CLINUX_SHIM_H
#define CHIME_CLINUX_SHIM_H

/* Linux-only system interfaces ChimeDaemon uses and Swift's Glibc module does not export. */

#include <stdint.h>
#include <sys/types.h>
#include <sys/stat.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/file.h>
#include <sys/timerfd.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#include <sys/eventfd.h>
#include <malloc.h>

/* Why: glibc declares accept4 only under _GNU_SOURCE, which Swift's Glibc module does not
   define. Accepting with SOCK_NONBLOCK | SOCK_CLOEXEC in one call keeps a connection from
   leaking into a child process spawned by another thread between accept and fcntl. The
   declaration matches the kernel ABI; the symbol is glibc's. */
extern int accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);

static inline int chime_accept4(int fd, int flags) {
    return accept4(fd, NULL, NULL, flags);
}

/* The peer of a connected Unix socket, as SO_PEERCRED reports it (the kernel's struct ucred). */
struct chime_peer_credentials {
    int32_t pid;
    uint32_t uid;
    uint32_t gid;
};

/* Why: struct ucred is likewise hidden behind _GNU_SOURCE. Its layout (pid, uid, gid; 12 bytes)
   is kernel ABI, so a struct of our own with the same layout is passed to getsockopt. */
static inline int chime_peer_credentials(int fd, struct chime_peer_credentials *credentials) {
    socklen_t length = sizeof(*credentials);
    return getsockopt(fd, SOL_SOCKET, SO_PEERCRED, credentials, &length);
}

/* Why: S_ISDIR and friends are function-like macros, which Swift cannot import, and Glibc's
   Swift overlay gives S_IFMT another type than the header does (an ambiguous name in Swift). */
static inline int chime_is_directory(mode_t mode) { return S_ISDIR(mode); }
static inline int chime_is_socket(mode_t mode) { return S_ISSOCK(mode); }

/* Why: malloc_trim is declared in <malloc.h>, which Swift's Glibc module does not import.
   chimed calls it after reading a whole calendar: parsing thousands of files leaves freed heap
   that glibc keeps mapped, and a daemon that stays up should give it back. */
static inline int chime_malloc_trim(void) { return malloc_trim(0); }

#endif
