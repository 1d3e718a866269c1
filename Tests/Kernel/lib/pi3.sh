# Helpers for the emulated Raspberry Pi 3's checks (checks/pi3-*.sh), sourced by lib/checks.sh
# when KT_MACHINE=raspi3b, after lib/systemd.sh: in the VM (QEMU -M raspi3b: the BCM2837's own
# GPIO and SPI0 controllers under their mainline drivers, pinctrl-bcm2835 and spi-bcm2835) and
# on the host (the .host.sh parts).
#
# The pins are read from outside the guest's kernel: the guest asks the host over its second
# UART (the mini UART, /dev/ttyS1), and the host reads the GPIO controller's registers through
# QEMU's monitor (lib/pi3_host.py), answering and logging each reading in OUT/levels.jsonl.
# QEMU models function select, set/clear and the level registers (GPLEV reads back what was
# last set or cleared); not pulls, inputs from outside, or edge detection.

KT_PI3_UART=/dev/ttyS1
# The built-in reference board 1 (hv5622-6xin14, `chip: raspberry-pi`): its pins, and the
# board file the tubes are decoded with (lib/shown.py; the test board has the same wiring).
KT_PI3_BITBANG=(10 11 8 25)

# kt_pi3_ask REQUEST...: one request to the host (lib/pi3_host.py), its answer on stdout.
kt_pi3_ask() {
  local reply
  stty -F "$KT_PI3_UART" raw -echo 115200
  exec {uart}<>"$KT_PI3_UART"
  printf '%s\n' "$*" >&"$uart"
  IFS= read -r -t 60 reply <&"$uart" || { exec {uart}>&-; kt_fail "the host did not answer '$*' on $KT_PI3_UART"; }
  exec {uart}>&-
  echo "$reply"
}

# kt_pi3_levels TAG: reads the pins now; saves pins-TAG.json ({"level": [54], "function": [54]})
# in the check's folder (the host logs the same reading under TAG).
kt_pi3_levels() {
  local reply
  reply=$(kt_pi3_ask levels "$1")
  [[ $reply == "levels $1 "* ]] || kt_fail "the host answered '$reply' to 'levels $1'"
  # shellcheck disable=SC2086 # eight hex words
  "$KT_PYTHON" "$KT_HARNESS/lib/pi3_host.py" decode ${reply#"levels $1 "} >"pins-$1.json"
}

# kt_pi3_level TAG BCM / kt_pi3_function TAG BCM: a pin's level (0 or 1) or function (0 input,
# 1 output, 4-7 and 2-3 the alternate functions) in the reading TAG.
kt_pi3_level() { kt_json "pins-$1.json" "j['level'][$2]"; }
kt_pi3_function() { kt_json "pins-$1.json" "j['function'][$2]"; }

# kt_pi3_sample TAG COUNT: COUNT back-to-back readings of the levels (the host logs them all);
# writes sample-TAG.json: {"high": [54], "low": [54]}, whether each pin was seen high and low.
kt_pi3_sample() {
  local reply
  reply=$(kt_pi3_ask sample "$1" "$2")
  [[ $reply == "sample $1 "* ]] || kt_fail "the host answered '$reply' to 'sample $1 $2'"
  "$KT_PYTHON" - ${reply#"sample $1 "} >"sample-$1.json" <<'PY'
import json, sys
count, high0, high1, low0, low1 = sys.argv[1:6]
high, low = int(high1, 16) << 32 | int(high0, 16), int(low1, 16) << 32 | int(low0, 16)
print(json.dumps({"count": int(count), "high": [high >> pin & 1 for pin in range(54)],
                  "low": [low >> pin & 1 for pin in range(54)]}))
PY
}

# kt_pi3_expect_pins WHAT TAG FUNCTION LEVEL BCM...: each BCM pin has this function (0 input,
# 1 output; - any) and level (-: any) in the reading TAG.
kt_pi3_expect_pins() {
  local what=$1 tag=$2 function=$3 level=$4 pin
  shift 4
  for pin in "$@"; do
    [[ $function == - ]] || kt_expect "$what: BCM $pin's function (GPFSEL)" "$function" "$(kt_pi3_function "$tag" "$pin")"
    [[ $level == - ]] || kt_expect "$what: BCM $pin's level (GPLEV)" "$level" "$(kt_pi3_level "$tag" "$pin")"
  done
}
