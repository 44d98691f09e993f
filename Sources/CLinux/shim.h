#ifndef CHIME_CLINUX_SHIM_H
#define CHIME_CLINUX_SHIM_H
#include <sys/timerfd.h>
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/inotify.h>
#endif
