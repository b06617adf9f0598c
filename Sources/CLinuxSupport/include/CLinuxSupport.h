// Small wrappers for Linux calls Swift cannot make directly: the packed epoll_event and
// variadic ioctl/fcntl/open.
#ifndef FORCETOUCH_CLINUXSUPPORT_H
#define FORCETOUCH_CLINUXSUPPORT_H
#include <stdint.h>
#include <sys/types.h>

/// Adds `fd` to an epoll set for input, with `token` returned by ft_epoll_wait.
int ft_epoll_add(int epfd, int fd, uint64_t token);
int ft_epoll_del(int epfd, int fd);
/// Waits; fills `tokens` with up to `max` ready tokens. Returns the count or -1 (errno).
int ft_epoll_wait(int epfd, uint64_t *tokens, int max, int timeout_ms);
/// open(2) with flags and no mode.
int ft_open(const char *path, int flags);
int ft_set_nonblocking(int fd);
#endif

#ifndef FORCETOUCH_CLINUXSUPPORT_EXTRA
#define FORCETOUCH_CLINUXSUPPORT_EXTRA
/// epoll_create1(EPOLL_CLOEXEC).
int ft_epoll_create(void);
/// A non-blocking CLOCK_MONOTONIC timerfd.
int ft_timerfd_create(void);
/// Arms the timer for an absolute monotonic time in microseconds; 0 disarms.
int ft_timerfd_arm(int fd, int64_t microseconds);
/// Drains the timer's expiration count.
void ft_timerfd_drain(int fd);
/// Blocks `signals` for the process and returns a non-blocking signalfd for them.
int ft_signalfd_create(const int *signals, int count);
/// The next queued signal number, or 0 when none is queued.
int ft_signalfd_next(int fd);
#endif
