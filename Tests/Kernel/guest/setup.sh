# What both VMs do (sourced by guest/session, guest/systemd-prepare and guest/systemd-session):
# set up the gpio-sim chip, i2c-stub's bus and the trace, and run the checks. The setup
# functions print the vm.env lines the checks read (lib/checks.sh lists them).

# kt_step OUT NAME: one line of the systemd VM's boot time line, OUT/boot-steps ("SECONDS NAME":
# seconds since the kernel started, the step that begins then); Tests/Kernel/run sums it up.
kt_step() { local up _; read -r up _ </proc/uptime; echo "$up $2" >>"$1/boot-steps"; }

# kt_setup_gpio_sim NAME LABEL LINES_FILE COUNT: makes the gpio-sim chip NAME, one bank
# labelled LABEL with COUNT lines, named as LINES_FILE says ("OFFSET NAME" lines, # comments; a
# file name in Tests/Kernel, which kt_line reads too).
kt_setup_gpio_sim() {
  local name=$1 label=$2 lines=$3 count=$4
  local config=/sys/kernel/config/gpio-sim/$name offset line chip device base names=() folders=()
  while read -r offset line; do
    [[ -z $offset || $offset == \#* ]] && continue
    folders+=("$config/bank0/line$offset")
    names+=("$line")
  done <"$KT_HARNESS/$lines"
  # One mkdir for every folder: under emulation each process started costs a good part of a
  # second, and the Pi header has 58 named lines.
  mkdir "$config" "$config/bank0" "${folders[@]}"
  echo "$label" >"$config/bank0/label"
  echo "$count" >"$config/bank0/num_lines"
  for offset in "${!folders[@]}"; do
    echo "${names[offset]}" >"${folders[offset]}/name"
  done
  echo 1 >"$config/live"
  chip=$(cat "$config/bank0/chip_name")
  device=$(cat "$config/dev_name")
  # "gpiochip0: GPIOs 496-511, parent: platform/gpio-sim.0, nixie-sim:"
  base=$(awk -v chip="$chip:" '$1 == chip { split($3, range, "-"); print range[1] }' /sys/kernel/debug/gpio)
  [[ -n $base ]] || { echo "no base for $chip in /sys/kernel/debug/gpio" >&2; return 1; }
  cat <<EOF
KT_GPIO_LABEL=$label
KT_GPIO_NAME=$chip
KT_GPIO_CHIP=/dev/$chip
KT_GPIO_BASE=$base
KT_GPIO_LINES=$count
KT_GPIO_LINE_NAMES=$lines
KT_SIM_DIR=/sys/devices/platform/$device/$chip
EOF
}

# kt_setup_pi_header LABEL: the vm.env lines of a real header chip, found by its label (the
# emulated Pi 3's pinctrl-bcm2835): no gpio-sim folder, no line names file, no I2C bus.
kt_setup_pi_header() {
  local label=$1 chip first last
  # "gpiochip0: GPIOs 512-565, parent: platform/3f200000.gpio, pinctrl-bcm2835:"
  # (No process substitution: before systemd there is no /dev/fd.)
  read -r chip first last <<<"$(awk -v label="$label:" '$1 ~ /^gpiochip[0-9]+:$/ && $NF == label {
    sub(":", "", $1); sub(",", "", $3); split($3, range, "-"); print $1, range[1], range[2]; exit }' \
    /sys/kernel/debug/gpio)" || true
  [[ -n ${chip:-} ]] || { echo "no chip labelled $label in /sys/kernel/debug/gpio" >&2; return 1; }
  cat <<EOF
KT_GPIO_LABEL=$label
KT_GPIO_NAME=$chip
KT_GPIO_CHIP=/dev/$chip
KT_GPIO_BASE=$first
KT_GPIO_LINES=$((last - first + 1))
KT_GPIO_LINE_NAMES=
KT_SIM_DIR=
EOF
}

kt_setup_i2c_stub() {
  local adapter
  for adapter in /sys/bus/i2c/devices/i2c-*; do
    if [[ $(cat "$adapter/name") == "SMBus stub driver" ]]; then
      echo "KT_I2C_BUS=/dev/${adapter##*/}"
      echo "KT_I2C_BUS_NUMBER=${adapter##*/i2c-}"
      return 0
    fi
  done
  echo "i2c-stub's adapter not found" >&2
  return 1
}

# kt_setup_tracing [BUFFER_KB]: the trace on CLOCK_MONOTONIC (as libgpiod's timestamps), a
# full buffer dropping new events (and saying so); with BUFFER_KB, also recording from now on
# (the systemd VM traces from boot: lib/systemd.sh).
kt_setup_tracing() {
  local tracing=/sys/kernel/tracing
  echo 0 >"$tracing/tracing_on"
  echo mono >"$tracing/trace_clock"
  echo 0 >"$tracing/options/overwrite"
  echo >"$tracing/trace"
  [[ -n ${1:-} ]] || return 0
  echo "$1" >"$tracing/buffer_size_kb"
  echo 1 >"$tracing/events/gpio/gpio_value/enable"
  echo 1 >"$tracing/events/syscalls/sys_enter_ioctl/enable"
  echo 1 >"$tracing/tracing_on"
}

# kt_run_checks OUT: runs every check OUT/checks.list names ("NAME<tab>TIMEOUT<tab>SCRIPT<tab>
# VARIANT" lines) with lib/checks.sh sourced, in its own folder OUT/checks/NAME, recording its
# output (log), exit status (status) and seconds. VARIANT picks the nixie build (kt_use_variant)
# where there are several (the host-root VM); SCRIPT is a path on the host root, under
# $KT_HOST_ROOT in the VM (/kt/host in the systemd VM, / in the other).
kt_run_checks() {
  local out=$1 name timeout script variant dir start
  while IFS=$'\t' read -r name timeout script variant; do
    [[ -n $name ]] || continue
    dir="$out/checks/$name"
    mkdir -p "$dir"
    start=$(date +%s.%N)
    [[ ${KT_VM:-} == systemd ]] || kt_use_variant "${variant:-gpiod1}"
    (cd "$dir" && exec timeout -k 5 "$timeout" bash -c \
      'set -euo pipefail; source "$KT_HARNESS/lib/checks.sh"; source "$1"' "$name" "${KT_HOST_ROOT:-}$script") \
      >"$dir/log" 2>&1
    echo $? >"$dir/status"
    awk -v start="$start" -v now="$(date +%s.%N)" 'BEGIN { printf "%.2f\n", now - start }' >"$dir/seconds"
  done <"$out/checks.list"
}
