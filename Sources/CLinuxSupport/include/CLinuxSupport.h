// Small wrappers for Linux calls Swift cannot make directly: the packed epoll_event and
// variadic ioctl/fcntl/open.
#ifndef FORCETOUCH_CLINUXSUPPORT_H
#define FORCETOUCH_CLINUXSUPPORT_H
#include <stdint.h>
#include <sys/types.h>

/// Adds `fd` to an epoll set for input, with `token` returned by ft_epoll_wait. Edge-triggered
/// (EPOLLET) when `edge_triggered` is non-zero: reported when new input arrives, for a reader
/// that always reads to EAGAIN.
int ft_epoll_add(int epfd, int fd, uint64_t token, int edge_triggered);
int ft_epoll_del(int epfd, int fd);
/// Waits; fills `tokens` with up to `max` ready tokens. Returns the count or -1 (errno).
int ft_epoll_wait(int epfd, uint64_t *tokens, int max, int timeout_ms);
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

#ifndef FORCETOUCH_CLINUXSUPPORT_SOCKET
#define FORCETOUCH_CLINUXSUPPORT_SOCKET
/// A non-blocking, close-on-exec Unix stream socket listening at `path` (mode 0600).
int ft_unix_listen(const char *path, int backlog);
/// Accepts one client (non-blocking, close-on-exec); -1 with errno when none is waiting.
int ft_unix_accept(int fd);
/// The peer's uid and gid through SO_PEERCRED. Returns 0 on success.
int ft_peer_credentials(int fd, uint32_t *uid, uint32_t *gid, int32_t *pid);
/// Connects a blocking Unix stream socket to `path`; -1 with errno on failure.
int ft_unix_connect(const char *path);
#endif

#ifndef FORCETOUCH_CLINUXSUPPORT_EPOLLOUT
#define FORCETOUCH_CLINUXSUPPORT_EPOLLOUT
/// Changes what wakes `fd`: input always, output too when `writable` is non-zero.
int ft_epoll_mod(int epfd, int fd, uint64_t token, int writable);
#endif

#ifndef FORCETOUCH_CLINUXSUPPORT_PIPE
#define FORCETOUCH_CLINUXSUPPORT_PIPE
/// pipe2(fds, O_CLOEXEC | (nonblocking ? O_NONBLOCK : 0)).
int ft_pipe(int fds[2], int nonblocking);
/// fcntl(fd, F_SETPIPE_SZ, size).
int ft_set_pipe_size(int fd, int size);
#endif

#ifndef FORCETOUCH_CLINUXSUPPORT_EVDEV
#define FORCETOUCH_CLINUXSUPPORT_EVDEV
/// EVIOCSCLOCKID: the event node's timestamps on CLOCK_MONOTONIC. Returns 0 or -1 (errno).
int ft_evdev_use_monotonic_clock(int fd);
/// Gives the uinput device about to be created on fd its physical path (UI_SET_PHYS), before
/// libevdev creates it: a claimed device's clone keeps the phys of the device it stands for.
int ft_uinput_set_phys(int fd, const char *phys);
#endif

#ifndef FORCETOUCH_CLINUXSUPPORT_FORCE_FEEDBACK
#define FORCETOUCH_CLINUXSUPPORT_FORCE_FEEDBACK
/// The force-feedback effect types a haptic tick can be made of (linux/input.h's values;
/// FF_HAPTIC's is Linux 6.18's, defined here for older headers).
enum {
    FT_FF_HAPTIC = 0x4f,
    FT_FF_RUMBLE = 0x50,
    FT_FF_PERIODIC = 0x51,
};
/// Uploads one short effect of `type` to the evdev device open read-write at `fd`
/// (EVIOCSFF): `strength` in percent, `length_ms` long (FF_HAPTIC: a WAVEFORM_CLICK at that
/// intensity, the device timing it). Returns the effect's id, or -errno.
int ft_ff_upload(int fd, int type, unsigned strength, unsigned length_ms);
/// Plays the uploaded effect `id` once: one EV_FF event written, nothing allocated.
/// Returns 0 or -errno.
int ft_ff_play(int fd, int id);
/// Removes the uploaded effect `id` (EVIOCRMFF).
void ft_ff_erase(int fd, int id);
#endif
