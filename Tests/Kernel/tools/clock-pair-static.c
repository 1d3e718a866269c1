// The wall clock against CLOCK_MONOTONIC, for the systemd VM's trace markers (lib/systemd.sh
// kt_sd_mark): prints "MONOTONIC_NS REALTIME_NS", CLOCK_REALTIME read between two
// CLOCK_MONOTONIC readings and paired with their middle, so the pair is exact to the
// microsecond however late the marker that carries it reaches the trace. Linked statically
// (the "-static" name): it runs in the trixie VM, whose C library is not the host's.
#include <stdint.h>
#include <stdio.h>
#include <time.h>

static int64_t nanoseconds(struct timespec time) { return (int64_t)time.tv_sec * 1000000000 + time.tv_nsec; }

int main(void) {
  struct timespec before, wall, after;
  if (clock_gettime(CLOCK_MONOTONIC, &before) || clock_gettime(CLOCK_REALTIME, &wall) ||
      clock_gettime(CLOCK_MONOTONIC, &after)) {
    perror("clock_gettime");
    return 1;
  }
  printf("%lld %lld\n", (long long)((nanoseconds(before) + nanoseconds(after)) / 2),
         (long long)nanoseconds(wall));
  return 0;
}
