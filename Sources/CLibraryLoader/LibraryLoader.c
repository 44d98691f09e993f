// The loading declared in CLibraryLoader.h.
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

#include "CLibraryLoader.h"

/// Under the lock: opens the library and takes each function, or records why not.
static void load_locked(struct chime_library *library) {
    void *handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(library->failure, sizeof library->failure, "%s", reason != NULL ? reason : library->soname);
        __atomic_store_n(&library->state, -1, __ATOMIC_RELEASE);
        return;
    }
    for (size_t index = 0; index < library->count; index++) {
        library->pointers[index] = dlsym(handle, library->names[index]);
        if (library->pointers[index] == NULL) {
            snprintf(library->failure, sizeof library->failure, "%s has no %s", library->soname, library->names[index]);
            __atomic_store_n(&library->state, -1, __ATOMIC_RELEASE);
            return;
        }
    }
    __atomic_store_n(&library->state, 1, __ATOMIC_RELEASE);
}

int chime_library_load(struct chime_library *library, const char **reason) {
    // Every forwarded call passes here: once loaded, one atomic read.
    int state = __atomic_load_n(&library->state, __ATOMIC_ACQUIRE);
    if (state == 0) {
        pthread_mutex_lock(&library->lock);
        if (__atomic_load_n(&library->state, __ATOMIC_ACQUIRE) == 0) load_locked(library);
        pthread_mutex_unlock(&library->lock);
        state = __atomic_load_n(&library->state, __ATOMIC_ACQUIRE);
    }
    if (state == 1) return 0;
    if (reason != NULL) *reason = library->failure;
    return -1;
}

void chime_library_require(struct chime_library *library) {
    const char *reason = NULL;
    if (chime_library_load(library, &reason) != 0) {
        fprintf(stderr, "%s could not be loaded: %s\n", library->soname, reason);
        abort();
    }
}
