# Helpers for the kernel tests' checks, sourced before each one (with `set -euo pipefail`): in
# the VM by the session for checks/NAME.sh, on the host by run for checks/NAME.host.sh.
# The line, pull, consumer and trace helpers work in the VM only; on the host, decode and
# compare what the VM part left in the check's folder (large traces decode ten times faster).
# The environment holds, in both places (KT_OUT/vm.env is loaded on the host too):
#   KT_REPO KT_HARNESS   the repository and Tests/Kernel (paths on the host root, read-only)
#   KT_OUT               the results folder (writable); a check runs in KT_OUT/checks/NAME
#   KT_TOOLS             the C tools of Tests/Kernel/tools, built on the host
#   KT_LIBGPIOD2         the libgpiod 2.x prefix (include/, lib/, lib/pkgconfig/libgpiod.pc)
#   KT_NIXIE             the nixie binary of the check's variant (# variants: line): the default
#                        build (.build/debug/nixie, libgpiod 1.6) or the libgpiod 2.x build
#                        (.build-gpiod2/release/nixie); empty if it was not built
#   KT_GPIOD             1 or 2: which libgpiod API KT_NIXIE was built against
#   KT_NIXIE_GPIOD1 KT_NIXIE_GPIOD2   both builds
#   KT_NIXIE_RELEASE     the release build of the variant (.build/release/nixie,
#                        .build-gpiod2/release/nixie), built when bitbang-rate runs; else empty
#   KT_NIXIE_RELEASE_GPIOD1 KT_NIXIE_RELEASE_GPIOD2   both release builds
#   KT_PYTHON            Python 3 from the host root (/usr/bin/python3)
#   KT_GPIO_LABEL KT_GPIO_NAME KT_GPIO_CHIP KT_GPIO_BASE KT_GPIO_LINES KT_SIM_DIR
#                        the gpio-sim chip: label nixie-sim, gpiochipN, /dev/gpiochipN, the
#                        base of its global GPIO numbers, 16 lines, its sysfs folder
#   KT_I2C_BUS KT_I2C_BUS_NUMBER   i2c-stub's bus (/dev/i2c-N, N); devices at 0x20 and 0x21

KT_TRACING=/sys/kernel/tracing

# Whatever a check left running in the background (a program holding lines, after a failed
# expectation) is stopped when it ends, so the next check finds the chip as it should.
kt_stop_jobs() {
  local jobs
  jobs=$(jobs -p)
  # shellcheck disable=SC2086 # one PID a word
  [[ -z $jobs ]] || kill $jobs 2>/dev/null || true
}
trap kt_stop_jobs EXIT

# Fails the check with a message.
kt_fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# kt_skip REASON: ends the check (this part of it) as skipped — SKIP in the report, neither a
# pass nor a failure — when what it tests is not there to test; the reason says what is missing.
kt_skip() {
  local file=skip
  [[ ${KT_WHERE:-vm} != host ]] || file=host.skip
  echo "$*" >"$file"
  echo "SKIP: $*" >&2
  exit 77
}

# kt_expect WHAT EXPECTED ACTUAL: fails the check unless the two strings are equal.
kt_expect() {
  if [[ $2 != "$3" ]]; then
    kt_fail "$1: expected '$2', got '$3'"
  fi
  echo "ok: $1 = $3"
}

# kt_line NAME|OFFSET: the offset of a gpio-sim line by its name (in gpio-sim.lines, or the
# systemd VM's pi4-header.lines) or offset.
kt_line() {
  if [[ $1 =~ ^[0-9]+$ ]]; then
    echo "$1"
    return
  fi
  local offset
  offset=$(awk -v name="$1" '$1 !~ /^#/ && $2 == name { print $1 }' "$KT_HARNESS/${KT_GPIO_LINE_NAMES:-gpio-sim.lines}")
  [[ -n $offset ]] || kt_fail "no gpio-sim line named $1"
  echo "$offset"
}

# kt_get LINE: the level a consumer drives on a gpio-sim line (0 or 1), as the chip sees it.
# An unrequested line reads as its pull.
kt_get() { cat "$KT_SIM_DIR/sim_gpio$(kt_line "$1")/value"; }

# kt_pull LINE up|down: what the outside world does to an input: an edge event if it changes.
kt_pull() { echo "pull-$2" >"$KT_SIM_DIR/sim_gpio$(kt_line "$1")/pull"; }

# kt_reset_pulls: every gpio-sim line pulled down again (what a check that pulled lines, or
# requested them with a bias, leaves behind would otherwise stay for the next check).
kt_reset_pulls() {
  local line
  for ((line = 0; line < KT_GPIO_LINES; line++)); do kt_pull "$line" down; done
}

# kt_consumer LINE: the consumer holding a line, empty when it is free.
kt_consumer() {
  gpioinfo "$KT_GPIO_CHIP" | awk -v line="$(kt_line "$1")" '
    $1 == "line" && $2 == line ":" { if ($0 ~ /\[used/) { n = split($0, q, "\""); print q[4] } }'
}

# kt_pause N: the pause before a wait's poll N+1 (N from 0): 50 ms, then 100, 200, and 400 from
# then on. Each poll starts processes in a VM under TCG: polled every 50 ms, the waits kept a
# vCPU busy — the systemd VM's checks took 463 CPU s that way and 375 with these
# pauses (alone, 2026-12-07): seconds the run's other lanes need.
kt_pause() {
  local pauses=(0.05 0.1 0.2 0.4)
  sleep "${pauses[$(($1 < 3 ? $1 : 3))]}"
}

# kt_wait_consumer LINE [SECONDS]: waits until someone holds LINE (default 10 s).
kt_wait_consumer() {
  local deadline=$((SECONDS + ${2:-10})) polls=0
  until [[ -n $(kt_consumer "$1") ]]; do
    ((SECONDS < deadline)) || kt_fail "nobody requested line $1 within ${2:-10}s"
    kt_pause $((polls++))
  done
}

# kt_trace_start [BUFFER_KB]: clears the trace and records every GPIO value write
# (gpio/gpio_value) and every ioctl (which delimits one multi-line write), on CLOCK_MONOTONIC.
# The buffer holds 32 MB unless told otherwise: about 40 bytes an event, 5 events a write with
# libgpiod v1, so some 1 300 bit-banged 64-bit frames. (The VM has 2 GB.)
kt_trace_start() {
  echo 0 >"$KT_TRACING/tracing_on"
  echo "${1:-32768}" >"$KT_TRACING/buffer_size_kb"
  echo >"$KT_TRACING/trace"
  echo 1 >"$KT_TRACING/events/gpio/gpio_value/enable"
  echo 1 >"$KT_TRACING/events/syscalls/sys_enter_ioctl/enable"
  echo 1 >"$KT_TRACING/tracing_on"
}

# kt_trace_stop FILE: stops recording and writes the trace to FILE; fails the check if the
# buffer dropped events (a decoded trace must be complete).
kt_trace_stop() {
  echo 0 >"$KT_TRACING/tracing_on"
  echo 0 >"$KT_TRACING/events/gpio/gpio_value/enable"
  echo 0 >"$KT_TRACING/events/syscalls/sys_enter_ioctl/enable"
  cat "$KT_TRACING/trace" >"$1"
  local lost
  lost=$(cat "$KT_TRACING"/per_cpu/cpu*/stats | awk '/^(overrun|dropped events):/ { n += $NF } END { print n + 0 }')
  ((lost == 0)) || kt_fail "the trace buffer lost $lost events: give kt_trace_start a bigger buffer (KB)"
}

# kt_hv5622 frames|summary TRACE [decoder options]: decodes an HV5622 chain (64 positions)
# on the din/clk/le/bl lines of gpio-sim from a trace (lib/gpio_trace.py; JSON out).
kt_hv5622() {
  local mode=$1 trace=$2
  shift 2
  "$KT_PYTHON" "$KT_HARNESS/lib/gpio_trace.py" "$mode" "$trace" --base "$KT_GPIO_BASE" \
    --din "$(kt_line din)" --clk "$(kt_line clk)" --le "$(kt_line le)" --bl "$(kt_line bl)" "$@"
}

# kt_board NAME: writes boards/NAME.yaml into the current folder with i2c-stub's real bus,
# and prints the new file's path.
kt_board() {
  local source="$KT_HARNESS/boards/$1.yaml"
  [[ -f $source ]] || kt_fail "no test board profile $source"
  sed -E "s|^(  bus:[[:space:]]*)/dev/i2c-[0-9]+|\1$KT_I2C_BUS|" "$source" >"$PWD/$1.yaml"
  echo "$PWD/$1.yaml"
}

# kt_json FILE EXPRESSION...: evaluates Python expressions over the JSON in FILE, bound to
# `j` (a list of objects for a .jsonl file, one a line); prints each result as JSON, one a line.
kt_json() {
  "$KT_PYTHON" -c '
import json, sys
text = open(sys.argv[1]).read()
if sys.argv[1].endswith(".jsonl"):
    j = [json.loads(line) for line in text.splitlines() if line.strip()]
else:
    j = json.loads(text)
for expression in sys.argv[2:]:
    print(json.dumps(eval(expression)))' "$@"
}

# kt_i2c_clear ADDRESS: zeroes all 256 registers of an i2c-stub chip.
kt_i2c_clear() {
  local register zeros
  zeros=$(printf '0 %.0s' {1..32})
  for register in $(seq 0 32 224); do
    # shellcheck disable=SC2086 # 32 data bytes
    i2cset -y "$KT_I2C_BUS_NUMBER" "$1" "$register" $zeros i
  done
}

# The systemd VM's checks have helpers of their own, and the emulated Pi 3's more.
if [[ ${KT_VM:-} == systemd ]]; then
  # shellcheck source=systemd.sh
  source "$KT_HARNESS/lib/systemd.sh"
fi
if [[ ${KT_MACHINE:-} == raspi3b ]]; then
  # shellcheck source=pi3.sh
  source "$KT_HARNESS/lib/pi3.sh"
fi
