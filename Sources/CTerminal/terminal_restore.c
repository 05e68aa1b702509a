#define _GNU_SOURCE
#include "cterminal.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#if defined(__linux__)
#include <sys/signalfd.h>
#endif
#include <unistd.h>

/* signalfd is Linux's alone: elsewhere these fail with ENOSYS (Posix.SignalSet.openDescriptor says
 * what that gives up). */
int imgsel_signalfd_open(const sigset_t *mask) {
#if defined(__linux__)
    return signalfd(-1, mask, SFD_NONBLOCK | SFD_CLOEXEC);
#else
    (void)mask;
    errno = ENOSYS;
    return -1;
#endif
}

int imgsel_signalfd_next(int fd) {
#if defined(__linux__)
    struct signalfd_siginfo info;
    for (;;) {
        ssize_t n = read(fd, &info, sizeof info);
        if (n == (ssize_t)sizeof info) return (int)info.ssi_signo;
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return 0;
        return -1;
    }
#else
    (void)fd;
    errno = ENOSYS;
    return -1;
#endif
}

int imgsel_signal_is_ignored(int signal) {
    struct sigaction current;
    if (sigaction(signal, NULL, &current) != 0) return 0;
    return current.sa_handler == SIG_IGN;
}

/* The state the handlers read. Written only while disarmed (armed == 0), so a handler
 * never sees it half-written. */
static volatile sig_atomic_t armed = 0;
static int restore_fd = -1;
static struct termios restore_modes;
static unsigned char restore_bytes[256];
static size_t restore_length = 0;

static const int fatal_signals[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT };
enum { fatal_count = sizeof fatal_signals / sizeof fatal_signals[0] };
static struct sigaction previous[fatal_count];
static int installed = 0;
static int exit_hook_registered = 0;

/* Async-signal-safe: write(2) and tcsetattr(3) only. Runs at most once per arm. */
static void restore_terminal(void) {
    if (!armed) return;
    armed = 0;
    size_t done = 0;
    while (done < restore_length) {
        ssize_t n = write(restore_fd, restore_bytes + done, restore_length - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        done += (size_t)n;
    }
    tcsetattr(restore_fd, TCSADRAIN, &restore_modes);
}

static void on_fatal_signal(int signal) {
    int saved_errno = errno;
    restore_terminal();
    for (int i = 0; i < fatal_count; i++) {
        if (fatal_signals[i] == signal) sigaction(signal, &previous[i], NULL);
    }
    errno = saved_errno;
    /* A fault repeats when the instruction runs again; a raised signal must be raised again.
     * Either way the previous handler (or the default action) now takes it. */
    raise(signal);
}

static void on_exit_hook(void) {
    restore_terminal();
}

int imgsel_terminal_arm(int fd, const struct termios *saved, const unsigned char *leave, size_t length) {
    if (length > sizeof restore_bytes) return -1;
    armed = 0;
    restore_fd = fd;
    restore_modes = *saved;
    memcpy(restore_bytes, leave, length);
    restore_length = length;
    if (!installed) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_fatal_signal;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESETHAND | SA_ONSTACK;
        for (int i = 0; i < fatal_count; i++) sigaction(fatal_signals[i], &action, &previous[i]);
        installed = 1;
    }
    if (!exit_hook_registered) {
        atexit(on_exit_hook);
        exit_hook_registered = 1;
    }
    armed = 1;
    return 0;
}

void imgsel_terminal_disarm(void) {
    armed = 0;
    if (installed) {
        for (int i = 0; i < fatal_count; i++) sigaction(fatal_signals[i], &previous[i], NULL);
        installed = 0;
    }
}
