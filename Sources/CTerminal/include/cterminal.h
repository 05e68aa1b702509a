#ifndef CTERMINAL_H
#define CTERMINAL_H

/* What TerminalUI needs from C:
 *  - signalfd(2), which glibc declares only in <sys/signalfd.h>, a header Swift's Glibc
 *    module leaves out;
 *  - a last-resort restore of the terminal when the process crashes (a Swift trap is
 *    SIGILL or SIGTRAP) or calls exit() while full screen. That must run inside a signal
 *    handler or an atexit hook, where only async-signal-safe calls are allowed: Swift code
 *    cannot promise that (it may allocate, retain, or take a lock), so it is written in C. */

#include <signal.h>
#include <stddef.h>
#include <termios.h>

#ifdef __cplusplus
extern "C" {
#endif

/* A non-blocking, close-on-exec signalfd for `mask` (the signals must be blocked first).
 * Returns the descriptor, or -1 with errno set. */
int imgsel_signalfd_open(const sigset_t *mask);

/* Reads one signal from a signalfd: its number, 0 when none is waiting, -1 on error. */
int imgsel_signalfd_next(int fd);

/* 1 when `signal`'s disposition is SIG_IGN (inherited from the parent, as nohup does). */
int imgsel_signal_is_ignored(int signal);

/* From now until disarm: if the process dies of SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE
 * or SIGABRT, or calls exit(), first write `leave` (at most 256 bytes) to `fd` and put back
 * `saved` with tcsetattr; then the signal goes on to the handler that was there before (the
 * Swift runtime's backtracer, or the default). Returns 0, or -1 if `leave` is too long. */
int imgsel_terminal_arm(int fd, const struct termios *saved, const unsigned char *leave, size_t length);

/* Ends what arm started and puts the previous signal handlers back. */
void imgsel_terminal_disarm(void);

#ifdef __cplusplus
}
#endif

#endif
