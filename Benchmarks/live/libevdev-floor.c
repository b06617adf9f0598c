/* The floor for forcetouchd's CPU: a reader that reads the way forcetouchd does and does
 * nothing else. It waits in epoll_wait on one non-blocking device node, events on
 * CLOCK_MONOTONIC, and takes every event with libevdev_next_event until -EAGAIN, counting
 * frames. What it costs per event is what any libevdev reader in one event loop pays for
 * its wake-ups, system calls and libevdev before it looks at a single event.
 * Usage: libevdev-floor /dev/input/eventN   (SIGTERM ends it; it then prints
 * "frames N dropped N"). Built with cc by bench-live-in-guest.sh. */
#include <errno.h>
#include <fcntl.h>
#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t done;
static void stop(int sig) { (void)sig; done = 1; }

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: libevdev-floor /dev/input/eventN\n"); return 2; }
    int fd = open(argv[1], O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) { fprintf(stderr, "%s: %s\n", argv[1], strerror(errno)); return 1; }
    int clk = CLOCK_MONOTONIC;
    if (ioctl(fd, EVIOCSCLOCKID, &clk) != 0) { fprintf(stderr, "EVIOCSCLOCKID: %s\n", strerror(errno)); return 1; }
    struct libevdev *dev;
    int rc = libevdev_new_from_fd(fd, &dev);
    if (rc < 0) { fprintf(stderr, "libevdev: %s\n", strerror(-rc)); return 1; }
    int ep = epoll_create1(EPOLL_CLOEXEC);
    struct epoll_event want = { .events = EPOLLIN, .data.fd = fd };
    if (ep < 0 || epoll_ctl(ep, EPOLL_CTL_ADD, fd, &want) != 0) { perror("epoll"); return 1; }
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = stop;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    long frames = 0, dropped = 0;
    while (!done) {
        struct epoll_event ready[4];
        if (epoll_wait(ep, ready, 4, -1) < 0) { if (errno == EINTR) continue; break; }
        unsigned flags = LIBEVDEV_READ_FLAG_NORMAL;
        struct input_event ev;
        for (;;) {
            rc = libevdev_next_event(dev, flags, &ev);
            if (rc == LIBEVDEV_READ_STATUS_SYNC) {
                if (flags == LIBEVDEV_READ_FLAG_NORMAL) dropped++;
                flags = LIBEVDEV_READ_FLAG_SYNC;
            } else if (rc == -EAGAIN && flags == LIBEVDEV_READ_FLAG_SYNC) {
                flags = LIBEVDEV_READ_FLAG_NORMAL;
                continue;
            } else if (rc != LIBEVDEV_READ_STATUS_SUCCESS) {
                if (rc != -EAGAIN && rc != -EINTR) done = 1;   /* gone: stop, or epoll spins */
                break;
            }
            if (ev.type == EV_SYN && ev.code == SYN_REPORT) frames++;
        }
    }
    printf("frames %ld dropped %ld\n", frames, dropped);
    return 0;
}
