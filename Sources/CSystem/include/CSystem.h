// Kernel interfaces NixieSystem needs that Swift's Glibc module does not export: timerfd
// (second-exact wake-ups that notice clock steps), signalfd (signals as file descriptors, so
// no work runs in a signal handler), eventfd (waking a loop from another thread) and adjtimex
// (whether the system clock is synchronised).
#ifndef CSYSTEM_H
#define CSYSTEM_H

#include <sys/eventfd.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/timex.h>

/// adjtimex(2) in read-only mode (modes = 0): returns the clock state (TIME_OK … TIME_ERROR,
/// or -1 with errno set) and stores the status bits (STA_UNSYNC …) in *status.
int csystem_adjtimex_read(int *status);

/// The flags of timerfd_settime(2) for a CLOCK_REALTIME deadline that is cancelled when the
/// clock is stepped (read(2) then fails with ECANCELED).
static const int csystem_timer_abstime_cancel_on_set = TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET;

/// adjtimex(2)'s state for an unsynchronised clock, and the status bit that says so.
static const int csystem_time_error = TIME_ERROR;
static const int csystem_sta_unsync = STA_UNSYNC;

/// Names the calling thread (at most 15 bytes show in `top -H` and /proc/PID/task/*/comm).
void csystem_name_this_thread(const char *name);

#endif
