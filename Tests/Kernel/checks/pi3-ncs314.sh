# Issue 26 on the emulated Pi 3: `board: ncs314` over the BCM2837's own SPI0. SPI on (spi-bcm2835
# bound, its spidev from the device tree: /dev/spidev0.0, group spi), the service restarted on
# the built-in ncs314 with a grey backlight. nixie holds LE (22), the backlight (20/16/21) and
# the buttons (24/18/23) on pinctrl-bcm2835 and writes its frames through the real controller (the SPI core's statistics: whole 8-byte transfers). From the host, the
# controller's registers: LE and the backlight are outputs, LE at rest high between frames and
# each backlight line seen both high and low across 400 readings (its PWM; pi3-ncs314.host.sh);
# after `systemctl stop` every pin nixie held is an input again, LE low (the outputs disabled:
# LE drives the chips' OE) and the backlight lines low. QEMU attaches nothing to the SPI bus and
# models no inputs, so the bytes are not read back and the detect line reads low (HV5222 order).
kt_sd_begin
kt_sd_ncs314_start "$(kt_sd_ncs314_config '/^control:/i backlight: "#808080"')"
kt_expect "/dev/spidev0.0's group and mode (nixie's udev rule)" "spi 660" "$(stat -c '%G %a' /dev/spidev0.0)"
kt_expect "spi0.0's driver" spidev "$(basename "$(readlink -f /sys/bus/spi/devices/spi0.0/driver)")"
kt_expect "spi0's controller driver" spi-bcm2835 \
  "$(basename "$(readlink -f /sys/bus/spi/devices/spi0.0/../../../driver)")"
statistics=/sys/bus/spi/devices/spi0.0/statistics
before=$(cat "$statistics/bytes_tx")
kt_sd_observe 3
kt_sd_consumers | tee consumers.txt
for line in 16 18 20 21 22 23 24; do
  grep -q "^$line " consumers.txt || kt_fail "nixie does not hold BCM $line (LE 22, backlight 20/16/21, buttons 24/18/23)"
done
after=$(cat "$statistics/bytes_tx") transfers=$(cat "$statistics/transfers")
echo "spidev0.0: $((after - before)) bytes in 3 s, $transfers transfers, $after bytes since SPI came on"
((after > before)) || kt_fail "no byte went out through spi-bcm2835 in 3 s"
kt_expect "bytes a transfer (64 bits a frame)" 0 "$((after % 8))"
kt_sd_journal -o cat | tee journal.txt
kt_pi3_levels running
kt_pi3_expect_pins "while nixie runs: outputs" running 1 - 22 20 16 21
kt_pi3_expect_pins "while nixie runs: the buttons' inputs" running 0 - 24 18 23
kt_pi3_sample running 400
for line in 20 16 21; do
  kt_expect "backlight BCM $line seen high and low (PWM)" "1 1" \
    "$(kt_json sample-running.json "j['high'][$line]") $(kt_json sample-running.json "j['low'][$line]")"
done
kt_sd_mark stopping
systemctl stop "$KT_UNIT"
kt_expect "how the main process ended" "1 0" "$(kt_sd_prop ExecMainCode) $(kt_sd_prop ExecMainStatus)"
kt_pi3_levels stopped
kt_pi3_expect_pins "after the stop: released" stopped 0 - 16 18 20 21 22 23 24
kt_pi3_expect_pins "after the stop: LE (the chips' outputs disabled) and the backlight" stopped - 0 22 20 16 21
kt_sd_ncs314_end
