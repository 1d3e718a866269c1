// Proves a libgpiod 2.x build against a real kernel: one request holding outputs and
// edge-detecting inputs (pull-up bias, optional kernel debounce), values set in one call,
// edge events read from the request's single ordered queue.
//
// usage: gpiod-probe-v2 CHIP OUTPUTS INPUTS
//   CHIP     the gpiochip's path (/dev/gpiochipN)
//   OUTPUTS  OFFSET=VALUE,...  requested low, then set to VALUE in one set_values call
//   INPUTS   OFFSET[/DEBOUNCE_US],...  both edges, pull-up (debounce when given)
// Prints "api VERSION", "input OFFSET=LEVEL" for each input, then "ready"; then one line
// "event OFFSET rising|falling TIMESTAMP_NS GLOBAL_SEQNO LINE_SEQNO" per edge event until
// standard input closes; then "done".
#include <errno.h>
#include <gpiod.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MAX_LINES 32

static void fail(const char *what) {
  fprintf(stderr, "gpiod-probe-v2: %s: %s\n", what, strerror(errno));
  exit(69);
}

// Parses "a=b,c=d" or "a/b,c" into offsets and the numbers after '=' or '/' (or 0).
static size_t parse(char *list, char separator, unsigned *offsets, unsigned long *values) {
  size_t count = 0;
  for (char *item = strtok(list, ","); item && count < MAX_LINES; item = strtok(NULL, ",")) {
    char *rest = strchr(item, separator);
    offsets[count] = (unsigned)strtoul(item, NULL, 10);
    values[count] = rest ? strtoul(rest + 1, NULL, 10) : 0;
    count++;
  }
  return count;
}

int main(int argc, char **argv) {
  if (argc != 4) {
    fprintf(stderr, "usage: gpiod-probe-v2 CHIP OFFSET=VALUE,... OFFSET[/DEBOUNCE_US],...\n");
    return 2;
  }
  unsigned outputs[MAX_LINES], inputs[MAX_LINES];
  unsigned long output_values[MAX_LINES], debounce[MAX_LINES];
  size_t output_count = parse(argv[2], '=', outputs, output_values);
  size_t input_count = parse(argv[3], '/', inputs, debounce);

  printf("api %s\n", gpiod_api_version());
  struct gpiod_chip *chip = gpiod_chip_open(argv[1]);
  if (!chip) fail(argv[1]);

  struct gpiod_line_config *config = gpiod_line_config_new();
  struct gpiod_line_settings *settings = gpiod_line_settings_new();
  if (!config || !settings) fail("allocate settings");
  gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_OUTPUT);
  gpiod_line_settings_set_output_value(settings, GPIOD_LINE_VALUE_INACTIVE);
  if (gpiod_line_config_add_line_settings(config, outputs, output_count, settings) < 0)
    fail("output settings");
  for (size_t i = 0; i < input_count; i++) {
    gpiod_line_settings_reset(settings);
    gpiod_line_settings_set_direction(settings, GPIOD_LINE_DIRECTION_INPUT);
    gpiod_line_settings_set_edge_detection(settings, GPIOD_LINE_EDGE_BOTH);
    gpiod_line_settings_set_bias(settings, GPIOD_LINE_BIAS_PULL_UP);
    gpiod_line_settings_set_debounce_period_us(settings, debounce[i]);
    if (gpiod_line_config_add_line_settings(config, &inputs[i], 1, settings) < 0) fail("input settings");
  }
  struct gpiod_request_config *request_config = gpiod_request_config_new();
  if (!request_config) fail("allocate request config");
  gpiod_request_config_set_consumer(request_config, "gpiod-probe-v2");
  struct gpiod_line_request *request = gpiod_chip_request_lines(chip, request_config, config);
  if (!request) fail("request lines");

  enum gpiod_line_value values[MAX_LINES];
  for (size_t i = 0; i < output_count; i++)
    values[i] = output_values[i] ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
  if (output_count && gpiod_line_request_set_values_subset(request, output_count, outputs, values) < 0)
    fail("set values");
  for (size_t i = 0; i < input_count; i++) {
    int level = gpiod_line_request_get_value(request, inputs[i]);
    if (level < 0) fail("get value");
    printf("input %u=%d\n", inputs[i], level);
  }
  printf("ready\n");
  fflush(stdout);

  struct gpiod_edge_event_buffer *buffer = gpiod_edge_event_buffer_new(64);
  if (!buffer) fail("allocate event buffer");
  struct pollfd fds[2] = {
    {.fd = gpiod_line_request_get_fd(request), .events = POLLIN},
    {.fd = STDIN_FILENO, .events = POLLIN},
  };
  for (;;) {
    if (poll(fds, 2, -1) < 0) {
      if (errno == EINTR) continue;
      fail("poll");
    }
    if (fds[0].revents & POLLIN) {
      int count = gpiod_line_request_read_edge_events(request, buffer, 64);
      if (count < 0) fail("read edge events");
      for (int i = 0; i < count; i++) {
        struct gpiod_edge_event *event = gpiod_edge_event_buffer_get_event(buffer, i);
        printf("event %u %s %llu %lu %lu\n", gpiod_edge_event_get_line_offset(event),
               gpiod_edge_event_get_event_type(event) == GPIOD_EDGE_EVENT_RISING_EDGE ? "rising" : "falling",
               (unsigned long long)gpiod_edge_event_get_timestamp_ns(event),
               gpiod_edge_event_get_global_seqno(event), gpiod_edge_event_get_line_seqno(event));
      }
      fflush(stdout);
      continue;
    }
    if (fds[1].revents) {
      char byte[64];
      if (read(STDIN_FILENO, byte, sizeof byte) <= 0) break;
    }
  }
  gpiod_line_request_release(request);
  gpiod_chip_close(chip);
  printf("done\n");
  return 0;
}
