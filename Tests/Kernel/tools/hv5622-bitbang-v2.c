// Bit-bangs HV5622 frames over libgpiod 2.x with exactly the waveform of nixie's
// HV5622BitBangDriver (see hv5622-bitbang-v1.c), the 2.x way: one request for the four lines,
// and each write sets only the lines it changes (gpiod_line_request_set_values_subset, one
// GPIO_V2_LINE_SET_VALUES ioctl), as nixie's libgpiod 2.x build does. It is the "plain C
// libgpiod program" baseline for the frames-per-second figure of that build.
//
// usage: hv5622-bitbang-v2 [-n POSITIONS] [-r FRAMES] CHIP DIN CLK LE BL FRAME
//   CHIP      the gpiochip's path (/dev/gpiochipN)
//   FRAME     the chain positions to light as a hexadecimal number: bit k is position k
//   -n        chain positions, 1 to 64 (default 64: two HV5622)
//   -r        send FRAMES frames, alternating FRAME and its complement, and report the rate
#include <errno.h>
#include <gpiod.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { DIN, CLK, LE, BL, LINES };

static struct gpiod_line_request *request;
static unsigned offsets[LINES];
static long writes;

static void fail(const char *what) {
  fprintf(stderr, "hv5622-bitbang-v2: %s: %s\n", what, strerror(errno));
  exit(69);
}

// One multi-line write: the lines in `mask` take the levels in `bits`, the others are left out.
static void set(unsigned mask, unsigned bits) {
  unsigned chosen[LINES];
  enum gpiod_line_value values[LINES];
  size_t count = 0;
  for (int line = 0; line < LINES; line++) {
    if (!(mask & (1u << line))) continue;
    chosen[count] = offsets[line];
    values[count] = (bits >> line) & 1 ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
    count++;
  }
  if (gpiod_line_request_set_values_subset(request, count, chosen, values) < 0) fail("set values");
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
  int positions = 64, option;
  long frames = 1;
  while ((option = getopt(argc, argv, "n:r:")) != -1) {
    switch (option) {
      case 'n': positions = atoi(optarg); break;
      case 'r': frames = atol(optarg); break;
      default: return 2;
    }
  }
  if (argc - optind != 6 || positions < 1 || positions > 64 || frames < 1) {
    fprintf(stderr, "usage: hv5622-bitbang-v2 [-n POSITIONS] [-r FRAMES] CHIP DIN CLK LE BL FRAME\n");
    return 2;
  }
  for (int line = 0; line < LINES; line++) offsets[line] = (unsigned)atoi(argv[optind + 1 + line]);
  uint64_t frame = strtoull(argv[optind + 5], NULL, 16);
  uint64_t mask = positions == 64 ? UINT64_MAX : ((UINT64_C(1) << positions) - 1);

  struct gpiod_chip *chip = gpiod_chip_open(argv[optind]);
  if (!chip) fail(argv[optind]);
  struct gpiod_line_settings *settings = gpiod_line_settings_new();
  struct gpiod_line_config *config = gpiod_line_config_new();
  struct gpiod_request_config *request_config = gpiod_request_config_new();
  if (!settings || !config || !request_config) fail("allocate settings");
  gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT);
  gpiod_line_settings_set_output_value(settings, GPIOD_LINE_VALUE_INACTIVE);
  if (gpiod_line_config_add_line_settings(config, offsets, LINES, settings) < 0) fail("line settings");
  gpiod_request_config_set_consumer(request_config, "hv5622-bitbang");
  request = gpiod_chip_request_lines(chip, request_config, config);
  if (!request) fail("request lines");

  // start(): tubes off, then the clock idles low.
  set(M(DIN) | M(LE) | M(BL), 0);
  set(M(CLK), 0);
  double start = seconds();
  for (long sent = 0; sent < frames; sent++) {
    shift((sent & 1 ? ~frame : frame) & mask, positions);
    if (sent == 0) set(M(BL), M(BL));
  }
  double elapsed = seconds() - start;
  printf("frames %ld writes %ld seconds %.6f fps %.1f\n", frames, writes, elapsed, frames / elapsed);
  gpiod_line_request_release(request);
  gpiod_chip_close(chip);
  return 0;
}
