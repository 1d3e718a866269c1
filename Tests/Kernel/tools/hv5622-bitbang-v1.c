// Bit-bangs HV5622 frames over libgpiod v1 (Debian 12's 1.6), with exactly the waveform of
// nixie's HV5622BitBangDriver: idle {DIN, LE, BL} = 0 then {CLK} = 0; per frame, for chain
// positions N-1 down to 0, {DIN = bit, CLK = 1} then {CLK = 0}; then {LE = 1}, {LE = 0}; then
// BL = 1 after the first latch. An unchanged frame writes nothing. One request holds all four
// lines, so every write is one GPIOHANDLE_SET_LINE_VALUES ioctl (v1 sets every line of the
// request each time; the others keep their level).
//
// It is the kernel tests' known-good reference for the trace decoder, and the "plain C
// libgpiod program" baseline for nixie's frames-per-second figure.
//
// usage: hv5622-bitbang-v1 [-n POSITIONS] [-r FRAMES] [-H] CHIP DIN CLK LE BL FRAME
//   CHIP      gpiochip name, path, number or label (gpiod_chip_open_lookup)
//   FRAME     the chain positions to light as a hexadecimal number: bit k is position k
//   -n        chain positions, 1 to 64 (default 64: two HV5622)
//   -r        send FRAMES frames, alternating FRAME and its complement, and report the rate
//   -H        after the last frame print "latched", hold the lines until standard input
//             closes, then release them
#include <errno.h>
#include <gpiod.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { DIN, CLK, LE, BL, LINES };

static struct gpiod_line_bulk bulk;
static int levels[LINES];
static long writes;

static void fail(const char *what) {
  fprintf(stderr, "hv5622-bitbang-v1: %s: %s\n", what, strerror(errno));
  exit(69);
}

// One multi-line write: the lines in `mask` take the levels in `bits`, the others stay.
static void set(unsigned mask, unsigned bits) {
  for (int line = 0; line < LINES; line++)
    if (mask & (1u << line)) levels[line] = (bits >> line) & 1;
  if (gpiod_line_set_value_bulk(&bulk, levels) < 0) fail("set values");
  writes++;
}

#define M(line) (1u << (line))

static void shift(uint64_t frame, int positions) {
  for (int position = positions - 1; position >= 0; position--) {
    set(M(DIN) | M(CLK), ((frame >> position) & 1 ? M(DIN) : 0) | M(CLK));
    set(M(CLK), 0);
  }
  set(M(LE), M(LE));
  set(M(LE), 0);
}

static double seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec + now.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  int positions = 64, hold = 0, option;
  long frames = 1;
  while ((option = getopt(argc, argv, "n:r:H")) != -1) {
    switch (option) {
      case 'n': positions = atoi(optarg); break;
      case 'r': frames = atol(optarg); break;
      case 'H': hold = 1; break;
      default: return 2;
    }
  }
  if (argc - optind != 6 || positions < 1 || positions > 64 || frames < 1) {
    fprintf(stderr, "usage: hv5622-bitbang-v1 [-n POSITIONS] [-r FRAMES] [-H] CHIP DIN CLK LE BL FRAME\n");
    return 2;
  }
  unsigned offsets[LINES];
  for (int line = 0; line < LINES; line++) offsets[line] = (unsigned)atoi(argv[optind + 1 + line]);
  uint64_t frame = strtoull(argv[optind + 5], NULL, 16);
  uint64_t mask = positions == 64 ? UINT64_MAX : ((UINT64_C(1) << positions) - 1);

  struct gpiod_chip *chip = gpiod_chip_open_lookup(argv[optind]);
  if (!chip) fail(argv[optind]);
  if (gpiod_chip_get_lines(chip, offsets, LINES, &bulk) < 0) fail("get lines");
  int zeros[LINES] = {0};
  if (gpiod_line_request_bulk_output(&bulk, "hv5622-bitbang", zeros) < 0) fail("request lines");

  // start(): tubes off, then the clock idles low.
  set(M(DIN) | M(LE) | M(BL), 0);
  set(M(CLK), 0);
  double start = seconds();
  for (long sent = 0; sent < frames; sent++) {
    shift((sent & 1 ? ~frame : frame) & mask, positions);
    if (sent == 0) set(M(BL), M(BL));
  }
  double elapsed = seconds() - start;
  if (frames > 1)
    printf("frames %ld writes %ld seconds %.6f fps %.1f\n", frames, writes, elapsed, frames / elapsed);
  else
    printf("writes %ld\n", writes);
  if (hold) {
    printf("latched\n");
    fflush(stdout);
    char buffer[64];
    while (fread(buffer, 1, sizeof buffer, stdin) > 0) {
    }
  }
  gpiod_chip_close(chip);
  return 0;
}
