# Issue 16: the NCS314 HW 2.x (`board: ncs314`) over the kernel's spidev. SPI0 on (spi-gpio on
# the header chip's BCM 8-11, /dev/spidev0.0), the service restarted on ncs314 with the RGB
# backlight on, the wire recorded; systemd-ncs314.host.sh decodes SCLK/MOSI/LE with the
# vendor's protocol (lib/ncs314.py) into the time. Then `systemctl stop`: every line nixie
# held free again, only spi-gpio's four left; SPI off again and the standard state back.
kt_sd_begin
# A grey backlight: every colour line a 50 % PWM, so the trace shows all three working.
kt_sd_ncs314_start "$(kt_sd_ncs314_config '/^control:/i backlight: "#808080"')"
kt_expect "/dev/spidev0.0's group and mode (nixie's udev rule)" "spi 660" "$(stat -c '%G %a' /dev/spidev0.0)"
kt_expect "spi0.0's driver" spidev "$(basename "$(readlink -f /sys/bus/spi/devices/spi0.0/driver)")"
spi_lines() { kt_sd_consumers | awk '$1 >= 8 && $1 <= 11' | paste -sd' '; }
# The detect line (BCM 6) reads its pull-up: HV5122 order. (gpio-sim cannot hold a line low
# against a consumer's pull-up bias, so the HV5222 order is not tried here.)
kt_expect "the detect line BCM 6 (pulled up by nixie's request: HV5122)" 1 "$(kt_get 6)"
kt_sd_observe 5
kt_sd_mark observed
kt_sd_consumers | tee consumers.txt
for line in 22 20 16 21 24 18 23; do
  grep -q "^$line " consumers.txt || kt_fail "nixie does not hold BCM $line (LE 22, backlight 20/16/21, buttons 24/18/23)"
done
kt_expect "spi-gpio's lines while nixie runs" "8 cs 9 miso 10 mosi 11 sck" "$(spi_lines)"
kt_sd_mark stopping
systemctl stop "$KT_UNIT"
kt_sd_mark stopped
kt_expect "how the main process ended" "1 0" "$(kt_sd_prop ExecMainCode) $(kt_sd_prop ExecMainStatus)"
kt_expect "lines held after stop: spi-gpio's alone" "8 9 10 11" "$(kt_sd_consumers | cut -d' ' -f1 | sort -n | paste -sd' ')"
kt_sd_trace
kt_sd_spi off
kt_expect "lines held with SPI off" "" "$(kt_sd_consumers)"
kt_sd_ncs314_end
