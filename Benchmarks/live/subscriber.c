/* A control-socket subscriber that stamps each line it receives with CLOCK_MONOTONIC, the
 * clock of a live device's gesture times: "SECONDS LINE" per line on stdout. What a
 * subscribing application would see, without a language runtime's own delay in the way.
 * Usage: subscriber SOCKET > lines   (ends when the daemon closes the socket or on SIGTERM).
 * Built with cc by bench-live-in-guest.sh. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t done;
static void stop(int sig) { (void)sig; done = 1; }

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: subscriber SOCKET\n"); return 2; }
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    struct sockaddr_un addr = { .sun_family = AF_UNIX };
    strncpy(addr.sun_path, argv[1], sizeof addr.sun_path - 1);
    if (fd < 0 || connect(fd, (struct sockaddr *)&addr, sizeof addr) != 0) {
        fprintf(stderr, "%s: %s\n", argv[1], strerror(errno));
        return 1;
    }
    /* A line at a time: the benchmark waits for the reply before it plays anything. */
    setvbuf(stdout, NULL, _IOLBF, 0);
    static const char request[] = "{\"op\":\"subscribe\"}\n";
    if (write(fd, request, sizeof request - 1) != (ssize_t)(sizeof request - 1)) return 1;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = stop;
    sigaction(SIGTERM, &sa, NULL);
    static char buf[1 << 16];
    size_t have = 0;
    while (!done) {
        ssize_t n = read(fd, buf + have, sizeof buf - have);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        struct timespec now;
        clock_gettime(CLOCK_MONOTONIC, &now);
        have += (size_t)n;
        char *start = buf, *nl;
        while ((nl = memchr(start, '\n', have - (size_t)(start - buf))) != NULL) {
            *nl = 0;
            printf("%lld.%06ld %s\n", (long long)now.tv_sec, now.tv_nsec / 1000, start);
            start = nl + 1;
        }
        have -= (size_t)(start - buf);
        memmove(buf, start, have);
        if (have == sizeof buf) have = 0; /* a line longer than the buffer: not ours to measure */
    }
    fflush(stdout);
    return 0;
}
