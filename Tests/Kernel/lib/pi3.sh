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
# The built-in reference board 1 (hv5622-6xin14, `chip: raspberry-pi`): its outputs (DIN, CLK,
# LE, BL) and its knob's inputs (A, B, the switch).
KT_PI3_BITBANG=(10 11 8 25)
KT_PI3_KNOB=(17 27 22)

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

# The host logs each reading under CHECK:TAG (the check's folder is named after it).
kt_pi3_tag() { echo "${PWD##*/}:$1"; }

# kt_pi3_levels TAG: reads the pins now; saves pins-TAG.json ({"level": [54], "function": [54]})
# in the check's folder (the host logs the same reading under CHECK:TAG).
kt_pi3_levels() {
  local reply tag
  tag=$(kt_pi3_tag "$1")
  reply=$(kt_pi3_ask levels "$tag")
  [[ $reply == "levels $tag "* ]] || kt_fail "the host answered '$reply' to 'levels $tag'"
  # shellcheck disable=SC2086 # eight hex words
  "$KT_PYTHON" "$KT_HARNESS/lib/pi3_host.py" decode ${reply#"levels $tag "} >"pins-$1.json"
}

# kt_pi3_level TAG BCM / kt_pi3_function TAG BCM: a pin's level (0 or 1) or function (0 input,
# 1 output, 4-7 and 2-3 the alternate functions) in the reading TAG.
kt_pi3_level() { kt_json "pins-$1.json" "j['level'][$2]"; }
kt_pi3_function() { kt_json "pins-$1.json" "j['function'][$2]"; }

# kt_pi3_sample TAG COUNT: COUNT back-to-back readings of the levels (the host logs them all,
# under CHECK:TAG); writes sample-TAG.json: {"high": [54], "low": [54]}, whether each pin was
# seen high and low.
kt_pi3_sample() {
  local reply tag
  tag=$(kt_pi3_tag "$1")
  reply=$(kt_pi3_ask sample "$tag" "$2")
  [[ $reply == "sample $tag "* ]] || kt_fail "the host answered '$reply' to 'sample $tag $2'"
  # shellcheck disable=SC2086 # five words
  "$KT_PYTHON" - ${reply#"sample $tag "} >"sample-$1.json" <<'PY'
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

# kt_pi3_samples TAG: (on the host) the readings of this check's kt_pi3_sample TAG, as a Python
# expression over OUT/levels.jsonl for kt_json: a list of [GPLEV0, GPLEV1] pairs.
kt_pi3_samples() {
  echo "[e['samples'] for e in j if e['request'] == 'sample' and e['tag'] == '${PWD##*/}:$1'][-1]"
}

# kt_pi3_share_high TAG BCM: (on the host) the share of those readings with BCM high, 0 to 1.
kt_pi3_share_high() {
  local samples
  samples=$(kt_pi3_samples "$1")
  kt_json "$KT_OUT/levels.jsonl" "round(sum(s[$2 // 32] >> ($2 % 32) & 1 for s in $samples) / len($samples), 3)"
}
