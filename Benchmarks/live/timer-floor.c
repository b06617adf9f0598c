/* The floor for what a deadline decides (a tap after its double-tap window, a long press):
 * the barest timer. It arms a CLOCK_MONOTONIC timerfd for an absolute time, as forcetouchd
 * arms its one timer, every 37 ms, and prints how many microseconds after that time
 * epoll woke it, as forcetouchd's loop is woken. Usage: timer-floor > latencies (SIGTERM
 * ends it). Built with cc by bench-live-in-guest.sh. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t done;
static void stop(int sig) { (void)sig; done = 1; }

int main(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = stop;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    int tfd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
    int ep = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event want = { .events = EPOLLIN };
    if (tfd < 0 || ep < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, tfd, &want) != 0) {
        fprintf(stderr, "timer-floor: %s\n", strerror(errno));
        return 1;
    }
    while (!done) {
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        long long target = (long long)now.tv_sec * 1000000 + now.tv_nsec / 1000 + 37000;
        struct itimerspec at = { .it_value = { .tv_sec = target / 1000000, .tv_nsec = (target % 1000000) * 1000 } };
        timerfd_settime(tfd, TFD_TIMER_ABSTIME, &at, NULL);
        struct epoll_event got;
        if (epoll_wait(ep, &got, 1, -1) != 1) continue;
        clock_gettime(CLOCK_MONOTONIC, &now);
        unsigned long long expirations;
        if (read(tfd, &expirations, sizeof expirations) < 0) continue;
        printf("%lld\n", (long long)now.tv_sec * 1000000 + now.tv_nsec / 1000 - target);
    }
    return 0;
}
