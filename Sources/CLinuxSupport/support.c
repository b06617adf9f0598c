#define _GNU_SOURCE
#include "CLinuxSupport.h"
#include <sys/epoll.h>
#include <fcntl.h>
#include <errno.h>
#include <stddef.h>

int ft_epoll_add(int epfd, int fd, uint64_t token, int edge_triggered) {
    struct epoll_event ev = { .events = EPOLLIN | (edge_triggered ? EPOLLET : 0), .data.u64 = token };
    return epoll_ctl(epfd, EPOLL_CTL_ADD, fd, &ev);
}

int ft_epoll_del(int epfd, int fd) {
    return epoll_ctl(epfd, EPOLL_CTL_DEL, fd, NULL);
}

int ft_epoll_wait(int epfd, uint64_t *tokens, int max, int timeout_ms) {
    struct epoll_event events[64];
    if (max > 64) max = 64;
    int n;
    do { n = epoll_wait(epfd, events, max, timeout_ms); } while (n < 0 && errno == EINTR);
    for (int i = 0; i < n; i++) tokens[i] = events[i].data.u64;
    return n;
}


#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <signal.h>
#include <unistd.h>
#include <time.h>

int ft_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int ft_timerfd_create(void) { return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC); }

int ft_timerfd_arm(int fd, int64_t us) {
    struct itimerspec spec = {0};
    if (us > 0) {
        spec.it_value.tv_sec = us / 1000000;
        spec.it_value.tv_nsec = (us % 1000000) * 1000;
    }
    return timerfd_settime(fd, TFD_TIMER_ABSTIME, &spec, NULL);
}

void ft_timerfd_drain(int fd) {
    uint64_t n;
    (void)!read(fd, &n, sizeof n);
}

int ft_signalfd_create(const int *signals, int count) {
    sigset_t mask;
    sigemptyset(&mask);
    for (int i = 0; i < count; i++) sigaddset(&mask, signals[i]);
    if (sigprocmask(SIG_BLOCK, &mask, NULL) < 0) return -1;
    return signalfd(-1, &mask, SFD_NONBLOCK | SFD_CLOEXEC);
}

int ft_signalfd_next(int fd) {
    struct signalfd_siginfo info;
    ssize_t n = read(fd, &info, sizeof info);
    return n == (ssize_t)sizeof info ? (int)info.ssi_signo : 0;
}

#include <sys/socket.h>
#include <sys/un.h>
#include <sys/stat.h>
#include <string.h>

int ft_unix_listen(const char *path, int backlog) {
    struct sockaddr_un addr = { .sun_family = AF_UNIX };
    if (strlen(path) >= sizeof addr.sun_path) { errno = ENAMETOOLONG; return -1; }
    strcpy(addr.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    unlink(path);
    // Created 0600 from the start: no window in which another user could connect.
    mode_t old = umask(0177);
    int rc = bind(fd, (struct sockaddr *)&addr, sizeof addr);
    umask(old);
    if (rc < 0 || chmod(path, 0600) < 0 || listen(fd, backlog) < 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

int ft_unix_accept(int fd) { return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC); }

int ft_peer_credentials(int fd, uint32_t *uid, uint32_t *gid, int32_t *pid) {
    struct ucred cred;
    socklen_t len = sizeof cred;
    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &len) < 0) return -1;
    *uid = cred.uid;
    *gid = cred.gid;
    *pid = cred.pid;
    return 0;
}

int ft_unix_connect(const char *path) {
    struct sockaddr_un addr = { .sun_family = AF_UNIX };
    if (strlen(path) >= sizeof addr.sun_path) { errno = ENAMETOOLONG; return -1; }
    strcpy(addr.sun_path, path);
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    if (connect(fd, (struct sockaddr *)&addr, sizeof addr) < 0) {
        int e = errno;
        close(fd);
        errno = e;
        return -1;
    }
    return fd;
}

int ft_epoll_mod(int epfd, int fd, uint64_t token, int writable) {
    struct epoll_event ev = { .events = EPOLLIN | (writable ? EPOLLOUT : 0), .data.u64 = token };
    return epoll_ctl(epfd, EPOLL_CTL_MOD, fd, &ev);
}

int ft_pipe(int fds[2], int nonblocking) { return pipe2(fds, O_CLOEXEC | (nonblocking ? O_NONBLOCK : 0)); }

int ft_set_pipe_size(int fd, int size) { return fcntl(fd, F_SETPIPE_SZ, size); }

#include <sys/ioctl.h>
#include <linux/input.h>

int ft_evdev_use_monotonic_clock(int fd) {
    int clock = CLOCK_MONOTONIC;
    return ioctl(fd, EVIOCSCLOCKID, &clock);
}

#include <linux/uinput.h>

int ft_uinput_set_phys(int fd, const char *phys) { return ioctl(fd, UI_SET_PHYS, phys); }
