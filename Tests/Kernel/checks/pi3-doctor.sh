# Issue 26 on the emulated Pi 3: `nixie doctor` as a user would run it there (pi, in the groups
# gpio, spi and i2c, as nixie's udev rules want), with the service stopped: for the built-in
# reference board 1 (bit-banged) and, with SPI on, for ncs314. Each passes (exit 0: every
# finding ok or a warning), finds the header chip by its label (pinctrl-bcm2835 behind
# `raspberry-pi`), and for ncs314 /dev/spidev0.0 and config.txt's dtparam=spi=on; the JSON
# findings are kept (doctor-*.json), with every warning printed: what differs from a real Pi.
kt_sd_begin
systemctl stop "$KT_UNIT"
doctor() { # doctor NAME BOARD: runs nixie doctor as pi for BOARD; doctor-NAME.txt and .json
  local status=0
  runuser -u pi -- nixie doctor --board "$2" >"doctor-$1.txt" 2>&1 || status=$?
  runuser -u pi -- nixie doctor --board "$2" --json >"doctor-$1.json" 2>/dev/null || true
  cat "doctor-$1.txt"
  kt_expect "nixie doctor --board $2's exit status" 0 "$status"
  grep -q "pinctrl-bcm2835" "doctor-$1.txt" || kt_fail "nixie doctor --board $2 does not name the chip pinctrl-bcm2835"
}
doctor bitbang hv5622-6xin14
kt_sd_spi on
doctor ncs314 ncs314
grep -q "/dev/spidev0.0" doctor-ncs314.txt || kt_fail "nixie doctor --board ncs314 does not check /dev/spidev0.0"
grep -q "dtparam=spi=on" doctor-ncs314.txt || kt_fail "nixie doctor --board ncs314 does not read config.txt's dtparam=spi=on"
kt_sd_spi off
kt_sd_standard
