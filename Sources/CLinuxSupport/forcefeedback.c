// The force-feedback ioctls a haptic tick needs: struct ff_effect is a union, and EVIOCSFF
// an ioctl with an argument, neither of which Swift can build or call.
#include "CLinuxSupport.h"
#include <errno.h>
#include <linux/input.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

// Linux 6.18's struct ff_haptic_effect (include/uapi/linux/input.h), for headers before it.
// HID usage table's Haptics page (0x0E): WAVEFORM_CLICK is usage 0x1003.
struct ft_ff_haptic_effect {
    __u16 hid_usage;
    __u16 vendor_id;
    __u8 vendor_waveform_page;
    __u16 intensity;
    __u16 repeat_count;
    __u16 retrigger_period;
};
_Static_assert(sizeof(struct ft_ff_haptic_effect) <= sizeof(((struct ff_effect *)0)->u),
               "ff_haptic_effect fits in ff_effect's union");
enum { FT_HID_WAVEFORM_CLICK = 0x1003 };

int ft_ff_upload(int fd, int type, unsigned strength, unsigned length_ms) {
    if (strength > 100) strength = 100;
    struct ff_effect e;
    memset(&e, 0, sizeof e);
    e.type = (__u16)type;
    e.id = -1;
    e.replay.length = (__u16)length_ms;
    switch (type) {
    case FT_FF_RUMBLE:
        e.u.rumble.strong_magnitude = (__u16)(0xffffu * strength / 100);
        e.u.rumble.weak_magnitude = (__u16)(0xffffu * strength / 200);
        break;
    case FT_FF_PERIODIC:
        e.u.periodic.waveform = FF_SINE;
        e.u.periodic.period = 10;
        e.u.periodic.magnitude = (__s16)(0x7fff * strength / 100);
        break;
    case FT_FF_HAPTIC: {
        struct ft_ff_haptic_effect h = { .hid_usage = FT_HID_WAVEFORM_CLICK, .intensity = (__u16)strength };
        memcpy(&e.u, &h, sizeof h);
        break;
    }
    default:
        return -EINVAL;
    }
    if (ioctl(fd, EVIOCSFF, &e) < 0) return -errno;
    return e.id;
}

int ft_ff_play(int fd, int id) {
    struct input_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = EV_FF;
    ev.code = (__u16)id;
    ev.value = 1;
    ssize_t n = write(fd, &ev, sizeof ev);
    if (n == (ssize_t)sizeof ev) return 0;
    return n < 0 ? -errno : -EIO;
}

void ft_ff_erase(int fd, int id) { (void)ioctl(fd, EVIOCRMFF, id); }
