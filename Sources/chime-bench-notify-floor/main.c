// The latency floor `chime-bench notify` compares chimed's notifier with: a bare libnotify
// client in C, one thread, no main loop of its own, showing the same notifications to the same
// server in the same run.
//
// Reads one notification per line on standard input, tab-separated, each field with `\\`, `\t`
// and `\n` escaped:
//   summary body icon app-name desktop-entry urgency category timeout stack-hint stack-value
//   [action-key action-label]...
// (an empty stack-hint sends no stack hint). For each line it shows the notification, closes it
// (not measured, as the benchmark closes chimed's), and answers one line on standard output:
// the nanoseconds from the first libnotify call for it to `notify_notification_show` returning
// (the server's answer), or `error: MESSAGE`. Exits at the end of its input.
#include <libnotify/notify.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { FIXED_FIELDS = 10, MAX_FIELDS = 64 };

/// Undoes the benchmark's escapes in place.
static void unescape(char *text) {
    char *out = text;
    for (char *in = text; *in != '\0'; in++) {
        if (*in == '\\' && in[1] != '\0') {
            in++;
            *out++ = *in == 't' ? '\t' : *in == 'n' ? '\n' : *in;
        } else {
            *out++ = *in;
        }
    }
    *out = '\0';
}

/// Splits `line` at tabs into at most MAX_FIELDS unescaped fields; returns how many.
static int split(char *line, char *fields[MAX_FIELDS]) {
    int count = 0;
    char *start = line;
    for (;;) {
        char *tab = strchr(start, '\t');
        if (tab != NULL) *tab = '\0';
        if (count == MAX_FIELDS) return -1;
        unescape(start);
        fields[count++] = start;
        if (tab == NULL) return count;
        start = tab + 1;
    }
}

static long long nanoseconds_since(const struct timespec *start) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long long)(now.tv_sec - start->tv_sec) * 1000000000LL + (now.tv_nsec - start->tv_nsec);
}

/// Actions are only ever answered while a main loop runs; this client never runs one.
static void ignore_action(NotifyNotification *notification, char *action, gpointer user_data) {
    (void)notification;
    (void)action;
    (void)user_data;
}

int main(void) {
    if (!notify_init("Chime")) {
        puts("error: notify_init failed");
        return 69;
    }
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    while ((length = getline(&line, &capacity, stdin)) > 0) {
        if (line[length - 1] == '\n') line[length - 1] = '\0';
        char *fields[MAX_FIELDS];
        int count = split(line, fields);
        if (count < FIXED_FIELDS || (count - FIXED_FIELDS) % 2 != 0) {
            printf("error: expected %d fields and action pairs, got %d\n", FIXED_FIELDS, count);
            fflush(stdout);
            continue;
        }
        struct timespec start;
        clock_gettime(CLOCK_MONOTONIC, &start);
        NotifyNotification *notification = notify_notification_new(fields[0], fields[1], fields[2]);
        notify_notification_set_app_name(notification, fields[3]);
        notify_notification_set_hint(notification, "desktop-entry", g_variant_new_string(fields[4]));
        notify_notification_set_urgency(notification, (NotifyUrgency)atoi(fields[5]));
        notify_notification_set_category(notification, fields[6]);
        notify_notification_set_timeout(notification, atoi(fields[7]));
        if (fields[8][0] != '\0') {
            notify_notification_set_hint(notification, fields[8], g_variant_new_string(fields[9]));
        }
        for (int index = FIXED_FIELDS; index + 1 < count; index += 2) {
            notify_notification_add_action(notification, fields[index], fields[index + 1], ignore_action, NULL, NULL);
        }
        GError *error = NULL;
        gboolean shown = notify_notification_show(notification, &error);
        long long elapsed = nanoseconds_since(&start);
        if (shown) {
            // Not measured: keeps one bubble on screen, as the benchmark does for chimed.
            notify_notification_close(notification, NULL);
            printf("%lld\n", elapsed);
        } else {
            printf("error: %s\n", error != NULL ? error->message : "the server did not show the notification");
            g_clear_error(&error);
        }
        g_object_unref(notification);
        // The `closed` signals queued meanwhile, dispatched so nothing piles up.
        while (g_main_context_iteration(NULL, FALSE)) {}
        fflush(stdout);
    }
    free(line);
    notify_uninit();
    return 0;
}
