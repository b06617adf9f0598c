/* The floor for forcetouchd's latency: the barest evdev reader. It reads one device node
 * with blocking read(2), events on CLOCK_MONOTONIC (EVIOCSCLOCKID, as forcetouchd sets), and
 * for every SYN_REPORT prints how many microseconds after the frame's kernel time it got
 * it, and that time ("MICROSECONDS SECONDS"). Nothing a reader can do is cheaper, so what this sees is the guest's own delay.
 * Usage: evdev-floor /dev/input/eventN > latencies   (SIGTERM ends it; the last line is
 * "dropped N", the SYN_DROPPED it saw). Built with cc by bench-live-in-guest.sh. */
#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t done;
static void stop(int sig) { (void)sig; done = 1; }

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: evdev-floor /dev/input/eventN\n"); return 2; }
    int fd = open(argv[1], O_RDONLY | O_CLOEXEC);
    if (fd < 0) { fprintf(stderr, "%s: %s\n", argv[1], strerror(errno)); return 1; }
    int clk = CLOCK_MONOTONIC;
    if (ioctl(fd, EVIOCSCLOCKID, &clk) != 0) { fprintf(stderr, "EVIOCSCLOCKID: %s\n", strerror(errno)); return 1; }
    /* No SA_RESTART: SIGTERM interrupts the blocking read. */
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = stop;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);
    struct input_event ev[64];
    long dropped = 0;
    while (!done) {
        ssize_t n = read(fd, ev, sizeof ev);
        if (n < 0) { if (errno == EINTR) continue; break; }
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        for (size_t i = 0; i < (size_t)n / sizeof ev[0]; i++) {
            if (ev[i].type != EV_SYN) continue;
            if (ev[i].code == SYN_DROPPED) { dropped++; continue; }
            if (ev[i].code != SYN_REPORT) continue;
            long long us = (long long)(now.tv_sec - ev[i].input_event_sec) * 1000000
                + (now.tv_nsec / 1000 - (long long)ev[i].input_event_usec);
            printf("%lld %lld.%06lld\n", us, (long long)ev[i].input_event_sec, (long long)ev[i].input_event_usec);
        }
    }
    printf("dropped %ld\n", dropped);
    return 0;
}
