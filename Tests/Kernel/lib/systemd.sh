# Helpers for the systemd VM's checks (checks/systemd-*.sh), sourced by lib/checks.sh when
# KT_VM=systemd: in the VM (Debian trixie, systemd as PID 1, nixie installed and enabled as
# nixie-clock.service) and on the host (the .host.sh parts).
#
# What the tubes show is read from the kernel's side: the VM traces every GPIO value write
# from boot on (guest/systemd-prepare) and the trace is never cleared, so a check saves it
# (kt_sd_trace) and decodes it (kt_sd_shown, lib/shown.py) between markers it wrote
# (kt_sd_mark: the marker's name and the clocks then). Each check starts from the
# standard state (kt_sd_standard: the standard nixie.yaml, the service running) and leaves it.

KT_UNIT=nixie-clock.service
KT_SD_CONFIG=/etc/nixie/nixie.yaml
KT_SD_STANDARD=/var/lib/kt/nixie.yaml.standard
KT_SD_INSTALLED=/var/lib/kt/nixie.yaml.installed
# What the control socket (nixie web's page) changed, saved by the clock (StateDirectory).
KT_SD_OVERRIDES=/var/lib/nixie/overrides.yaml
KT_SD_BOARD=boards/hv5622-6xin14-pi.yaml
KT_SD_ZONE=Asia/Kolkata
# Bounds of the waits: a start (ExecCondition, then ExecStart until READY=1: well under a
# second on a Pi, up to half a minute under TCG on a loaded host), and nixie's answer to a
# signal, a reload, a press or a control message, in the journal or the state (a poll of the
# state starts python3: a second or more in a TCG guest beside two CPU hogs).
KT_SD_START=90
KT_SD_ANSWER=20

# kt_sd_mark NAME [KEY=VALUE...]: a trace marker "kt NAME mono_ns=M realtime_ns=R KEY=VALUE..."
# with one reading of CLOCK_MONOTONIC and CLOCK_REALTIME (tools/clock-pair-static), so the
# decoded frames (on CLOCK_MONOTONIC) can be set against the wall clock (lib/shown.py). To
# change the clock or the zone, mark right before and right after the change.
kt_sd_mark() {
  local name=$1 mono wall
  shift
  read -r mono wall <<<"$("$KT_TOOLS/clock-pair-static")"
  echo "kt $name mono_ns=$mono realtime_ns=$wall $*" >"$KT_TRACING/trace_marker"
}

# kt_sd_prop PROPERTY [UNIT]: a property of the clock's unit, or of UNIT (systemctl show; one
# at a time: with several -P, systemctl prints the values in its own order, not the order asked).
kt_sd_prop() { systemctl show -P "$1" "${2:-$KT_UNIT}"; }

# kt_sd_running [UNIT]: true when the clock's unit (or UNIT) is active (running): started, and
# READY=1 received.
kt_sd_running() { [[ $(kt_sd_prop ActiveState "${1:-}")/$(kt_sd_prop SubState "${1:-}") == active/running ]]; }

# kt_sd_expect_dynamic_user PID USER GROUPS: the process PID runs as the dynamic user USER
# (DynamicUser= takes its IDs from 61184–65519) in its own group USER, with exactly GROUPS
# (names, sorted, space-separated) as its supplementary groups.
kt_sd_expect_dynamic_user() {
  local status=/proc/$1/status user=$2 expected=$3 uid gid groups
  uid=$(awk '$1 == "Uid:" { print $2 }' "$status")
  ((uid >= 61184 && uid <= 65519)) || kt_fail "$user runs as uid $uid, not a dynamic user"
  kt_expect "$user's user" "$user" "$(getent passwd "$uid" | cut -d: -f1)"
  gid=$(awk '$1 == "Gid:" { print $2 }' "$status")
  kt_expect "$user's group" "$user" "$(getent group "$gid" | cut -d: -f1)"
  # The kernel lists the process's own group among its groups too.
  groups=$(awk -v own="$gid" '$1 == "Groups:" { for (i = 2; i <= NF; i++) if ($i != own) print $i }' "$status" |
    xargs -rI{} getent group {} | cut -d: -f1 | sort | paste -sd' ')
  kt_expect "$user's supplementary groups" "$expected" "$groups"
}

# kt_sd_wait SECONDS WHAT COMMAND...: runs COMMAND until it succeeds, soon at first and then
# every 0.4 s (kt_pause); fails the check saying WHAT did not happen within SECONDS. Every
# condition waited for lasts once it holds (a state, a journal line, a new process).
kt_sd_wait() {
  local seconds=$1 what=$2 deadline polls=0
  shift 2
  deadline=$(($(date +%s%N) + seconds * 1000000000))
  until "$@"; do
    (($(date +%s%N) < deadline)) || kt_fail "$what: not within ${seconds}s ($(kt_sd_state))"
    kt_pause $((polls++))
  done
}

# kt_sd_state: the unit's state in one line, for messages.
kt_sd_state() {
  systemctl show -p ActiveState -p SubState -p Result -p MainPID -p NRestarts "$KT_UNIT" | paste -sd' '
}

# kt_sd_ended ACTIVE/RESULT: true when the unit's ActiveState and Result are these
# (failed/start-limit-hit, inactive/exec-condition…).
kt_sd_ended() { [[ $(kt_sd_prop ActiveState)/$(kt_sd_prop Result) == "$1" ]]; }

# kt_sd_new_pid OLD: true when the unit runs (READY=1) with a main process other than OLD.
kt_sd_new_pid() { kt_sd_running && [[ $(kt_sd_prop MainPID) != "$1" && $(kt_sd_prop MainPID) != 0 ]]; }

# kt_sd_standard: the standard state — SPI0 off, the standard nixie.yaml and no overrides file,
# UTC as the system's zone, the wall clock as QEMU keeps it, and the service running; restarts
# it only when something differed (a check that failed half-way leaves no trace for the next).
kt_sd_standard() {
  local restart=0
  if [[ -e $KT_SD_SPI_DRIVER/$KT_SD_SPI_DEVICE ]]; then
    systemctl stop "$KT_UNIT"
    kt_sd_spi off
    restart=1
  fi
  if ! cmp -s "$KT_SD_STANDARD" "$KT_SD_CONFIG"; then
    install -m 0644 "$KT_SD_STANDARD" "$KT_SD_CONFIG"
    restart=1
  fi
  if [[ -e $KT_SD_OVERRIDES ]]; then
    rm -f "$KT_SD_OVERRIDES"
    restart=1
  fi
  if [[ $(readlink /etc/localtime) != /usr/share/zoneinfo/Etc/UTC ]]; then
    ln -sf /usr/share/zoneinfo/Etc/UTC /etc/localtime
    restart=1
  fi
  kt_sd_running || restart=1
  if ((restart)); then
    kt_sd_restart || true
    kt_sd_wait "$KT_SD_START" "nixie-clock active (running) in the standard state" kt_sd_running
  fi
}

# kt_sd_restart: systemctl restart, with the start limit's count reset first (the checks restart
# the clock far more often than five times a minute).
kt_sd_restart() {
  systemctl reset-failed "$KT_UNIT"
  systemctl restart "$KT_UNIT"
}

# kt_sd_cursor: the journal from now on is what kt_sd_journal shows.
kt_sd_cursor() { journalctl --show-cursor -n 0 -q | sed -n 's/^-- cursor: //p' >journal.cursor; }

# kt_sd_begin: the standard state, a marker "begin" and the journal cursor (kt_sd_journal);
# the start limit's count starts from zero (what one check restarts does not limit the next).
kt_sd_begin() {
  systemctl reset-failed "$KT_UNIT"
  kt_sd_standard
  kt_sd_cursor
  kt_sd_mark begin
}

# kt_sd_journal [journalctl options]: the unit's journal since kt_sd_begin (or kt_sd_cursor).
kt_sd_journal() {
  journalctl -u "$KT_UNIT" --no-pager -q --after-cursor="$(cat journal.cursor)" "$@"
}

# kt_sd_trace: saves the trace so far as ./trace.gz (the whole of it, from boot); fails the
# check if the buffer dropped events.
kt_sd_trace() {
  local lost
  # Through a pipe: gzip would complain that the file grows while it reads it.
  # shellcheck disable=SC2002
  cat "$KT_TRACING/trace" | gzip -1 >trace.gz
  lost=$(cat "$KT_TRACING"/per_cpu/cpu*/stats | awk '/^(overrun|dropped events):/ { n += $NF } END { print n + 0 }')
  ((lost == 0)) || kt_fail "the trace buffer lost $lost events: give kt_setup_tracing a bigger buffer"
}

# kt_sd_shown COMMAND [options]: lib/shown.py COMMAND on ./trace.gz with the test board. The
# clock check's bounds are set by how fast the VM runs: --lag (how late a new second may reach
# the tubes) is 0.25 s under KVM; under TCG, where one bit-banged frame takes a few hundred ms
# (each ioctl emulated, through the unit's seccomp filters), 0.9 s; for an arm64 guest, each of
# whose instructions TCG translates across architectures, 1.5 s, and the bounds the check gives
# for the tubes to follow a change (--follow, --grace) three times theirs (there a reload took
# 2.5 s to reach the tubes on a loaded host, against under 1 s for amd64).
kt_sd_shown() {
  local command=$1 lag=() source=(--board "$KT_HARNESS/$KT_SD_BOARD") options=() stretch=1
  shift
  # KT_SD_NCS314=hv5122|hv5222: the board is an NCS314 on SPI0, read by lib/ncs314.py from
  # the marker kt_sd_ncs314_start wrote (before it, the standard board used BCM 8, 10 and 11).
  [[ -z ${KT_SD_NCS314:-} ]] || source=(--ncs314 "$KT_SD_NCS314" --since ncs314-start)
  if [[ $command == clock ]]; then
    lag=(--lag 0.25)
    [[ $(cat "$KT_OUT/vm.accel" 2>/dev/null) == kvm ]] || lag=(--lag 0.9)
    [[ ${KT_KERNEL:-amd64} == amd64 ]] || { lag=(--lag 1.5) stretch=3; }
  fi
  while (($#)); do
    case $1 in
      --follow | --grace) options+=("$1" "$(awk -v s="$2" -v f="$stretch" 'BEGIN { print s * f }')"); shift 2 ;;
      *) options+=("$1"); shift ;;
    esac
  done
  "$KT_PYTHON" "$KT_HARNESS/lib/shown.py" "$command" trace.gz "${source[@]}" \
    --base "$KT_GPIO_BASE" "${lag[@]}" "${options[@]}"
}

# kt_sd_consumers: the lines of the header chip someone holds, as gpioinfo (libgpiod 2) lists
# them: "OFFSET CONSUMER" a line.
kt_sd_consumers() {
  gpioinfo -c "$KT_GPIO_NAME" | awk '/consumer=/ {
    offset = $2; sub(":", "", offset); match($0, /consumer="[^"]*"/)
    print offset, substr($0, RSTART + 10, RLENGTH - 11) }'
}

# kt_sd_board_lines: the offsets the test board wires (gpio: din clk le bl, encoder: a b switch).
kt_sd_board_lines() {
  awk '/^(gpio|encoder):/ { on = 1; next } /^[^ #]/ { on = 0 }
    on && $1 ~ /^(din|clk|le|bl|a|b|switch):$/ { print $2 }' "$KT_HARNESS/$KT_SD_BOARD" | sort -n
}

# kt_sd_seconds PROPERTY [UNIT]: a time span property of the unit (WatchdogUSec, RestartUSec…;
# of UNIT instead of nixie-clock) in whole seconds, rounded up.
kt_sd_seconds() {
  systemctl show -P "$1" "${2:-$KT_UNIT}" | xargs systemd-analyze timespan |
    awk '$1 == "μs:" { print int(($2 + 999999) / 1000000) }'
}

# kt_sd_observe SECONDS: lets the tubes run for SECONDS while the kernel records them — the
# window a host part then checks instant by instant (what they show cannot be waited for in
# the VM without decoding the trace). Not a wait for something to happen: every check that
# waits for an event uses kt_sd_wait.
kt_sd_observe() { sleep "$1"; }

# kt_sd_config FILE: makes FILE the service's nixie.yaml (a change the service sees on reload
# or restart).
kt_sd_config() { install -m 0644 "$1" "$KT_SD_CONFIG"; }

# kt_sd_standard_with SED_SCRIPT: the standard nixie.yaml edited by sed, into ./nixie.yaml;
# prints its path.
kt_sd_standard_with() {
  sed "$1" "$KT_SD_STANDARD" >"$PWD/nixie.yaml"
  echo "$PWD/nixie.yaml"
}

# kt_sd_logged PATTERN: true when the unit's journal since kt_sd_begin has a line matching the
# extended regular expression PATTERN. The journal is read whole first: grep -q ends at the
# first match, and journalctl, killed by SIGPIPE, would fail the pipe under pipefail.
kt_sd_logged() {
  local journal
  journal=$(kt_sd_journal -o cat) || return 1
  grep -Eq -- "$1" <<<"$journal"
}

# kt_sd_logged_at PATTERN: the CLOCK_MONOTONIC time (µs) the journal received the first line
# since kt_sd_begin that matches PATTERN (a Python regular expression); nothing if none did.
kt_sd_logged_at() {
  kt_sd_journal -o json | "$KT_PYTHON" -c '
import json, re, sys
for entry in map(json.loads, sys.stdin):
    if re.search(sys.argv[1], str(entry.get("MESSAGE", ""))):
        print(entry["__MONOTONIC_TIMESTAMP"])
        break' "$1"
}

# kt_sd_exposure UNIT BOUND: systemd-analyze security in the VM scores UNIT at most BOUND (the
# offline tests' bound for it); prints the score, or fails listing the exposed settings.
kt_sd_exposure() {
  local unit=$1 bound=$2 score
  systemd-analyze security --no-pager "$unit" >security.txt 2>&1 || true
  score=$(sed -n 's/.*Overall exposure level for [^:]*: \([0-9.]*\).*/\1/p' security.txt)
  [[ -n $score ]] || { cat security.txt; kt_fail "systemd-analyze security printed no exposure level for $unit"; }
  awk -v score="$score" -v bound="$bound" 'BEGIN { exit !(score <= bound) }' ||
    { grep -E '✗' security.txt | head -n 20; kt_fail "$unit's exposure level $score in the VM, above $bound"; }
  echo "ok: $unit's exposure level $score"
}

# kt_sd_marks: the markers of ./trace.gz, one JSON object a line (lib/shown.py marks).
kt_sd_marks() { "$KT_PYTHON" "$KT_HARNESS/lib/shown.py" marks trace.gz; }

# kt_sd_spi on|off: SPI0 on the header chip, as dtparam=spi=on/off on a Pi. The VM boots with
# it off (guest/systemd-prepare: the standard board bit-bangs on BCM 8, 10 and 11); on binds
# the controller's platform device (vm.env: KT_SD_SPI_DRIVER, KT_SD_SPI_DEVICE) — kt-spi-header's
# spi_gpio.0, whose spi-gpio takes BCM 8-11, or on the emulated Pi 3 spi-bcm2835's — and
# /dev/spidev0.0 appears, group spi by nixie's udev rule; off unbinds it: the lines free, no
# spidev0.0.
kt_sd_spidev_ready() { [[ -c /dev/spidev0.0 && $(stat -c %G /dev/spidev0.0) == spi ]]; }
kt_sd_spidev_gone() { [[ ! -e /dev/spidev0.0 ]]; }
kt_sd_spi() {
  case $1 in
    on)
      [[ -e $KT_SD_SPI_DRIVER/$KT_SD_SPI_DEVICE ]] || echo "$KT_SD_SPI_DEVICE" >"$KT_SD_SPI_DRIVER/bind"
      kt_sd_wait 10 "/dev/spidev0.0 (group spi) after binding $KT_SD_SPI_DEVICE" kt_sd_spidev_ready
      ;;
    off)
      [[ ! -e $KT_SD_SPI_DRIVER/$KT_SD_SPI_DEVICE ]] || echo "$KT_SD_SPI_DEVICE" >"$KT_SD_SPI_DRIVER/unbind"
      kt_sd_wait 10 "/dev/spidev0.0 gone after unbinding $KT_SD_SPI_DEVICE" kt_sd_spidev_gone
      ;;
  esac
}

# kt_sd_ncs314_config [SED_SCRIPT]: the standard nixie.yaml with `board: ncs314` (the built-in
# profile, as a user writes it), further edited by SED_SCRIPT; prints its path.
kt_sd_ncs314_config() {
  sed -e 's|^board: .*|board: ncs314|' -e "${1:-}" "$KT_SD_STANDARD" >"$PWD/nixie.yaml"
  echo "$PWD/nixie.yaml"
}

# kt_sd_ncs314_start CONFIG: the service on an NCS314 over SPI0: stopped (the standard board
# holds BCM 8, 10 and 11), SPI0 on, CONFIG installed, marker ncs314-start (what comes after it
# on the wire is this run's: lib/ncs314.py --since), started, marker ncs314 once it is running.
kt_sd_ncs314_start() {
  systemctl stop "$KT_UNIT"
  kt_sd_spi on
  kt_sd_config "$1"
  cat "$KT_SD_CONFIG"
  kt_sd_mark ncs314-start
  systemctl reset-failed "$KT_UNIT"
  systemctl start "$KT_UNIT"
  kt_sd_wait "$KT_SD_START" "nixie-clock running on ncs314" kt_sd_running
  kt_sd_mark ncs314
}

# kt_sd_ncs314_end: the service stopped, SPI0 off, the standard state again.
kt_sd_ncs314_end() {
  systemctl stop "$KT_UNIT"
  kt_sd_spi off
  kt_sd_standard
}

# kt_sd_state_of [PYTHON_EXPRESSION]: the clock's state through the control socket (protocol
# version 2, {"version": 2, "state": true}), or EXPRESSION of it (`s`), as JSON.
kt_sd_state_of() {
  python3 -c '
import json, socket, sys
client = socket.socket(socket.AF_UNIX)
client.settimeout(5)
client.connect("/run/nixie/control.sock")
client.sendall(b"{\"version\": 2, \"state\": true}\n")
reply = json.loads(client.makefile().readline())
s = reply["state"]
print(json.dumps(eval(sys.argv[1]) if len(sys.argv) > 1 else s))' "$@"
}
