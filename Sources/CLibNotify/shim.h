#ifndef CHIME_CLIBNOTIFY_SHIM_H
#define CHIME_CLIBNOTIFY_SHIM_H
#include <libnotify/notify.h>
#endif
