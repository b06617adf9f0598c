#include "CLinuxSupport.h"
#include <sys/epoll.h>
#include <fcntl.h>
#include <errno.h>
#include <stddef.h>

int ft_epoll_add(int epfd, int fd, uint64_t token) {
    struct epoll_event ev = { .events = EPOLLIN, .data.u64 = token };
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

int ft_open(const char *path, int flags) { return open(path, flags); }

int ft_set_nonblocking(int fd) {
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0) return -1;
    return fcntl(fd, F_SETFL, flags | O_NONBLOCK);
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
