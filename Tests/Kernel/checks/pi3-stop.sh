# Issue 26 on the emulated Pi 3: `systemctl stop` with the bit-banged built-in board. The
# process exits 0 and frees its lines; from the host, the GPIO controller's registers show the
# pins back as inputs (pinctrl-bcm2835 returns a freed line to input: high impedance on a real
# Pi) and BL (BCM 25, active low) left low: whatever the HV5622s see after nixie, their outputs
# stay off. pi3-stop.host.sh reads the last frame on the wire: dark.
kt_sd_begin
holds_the_board() { [[ $(kt_sd_consumers | cut -d' ' -f1 | sort -n | paste -sd' ') == "8 10 11 17 22 25 27" ]]; }
kt_sd_wait "$KT_SD_ANSWER" "nixie-clock holds the board's lines (8 10 11 17 22 25 27)" holds_the_board
kt_sd_observe 1.5
kt_sd_mark stopping
systemctl stop "$KT_UNIT"
kt_sd_mark stopped
kt_expect "state after stop" inactive/dead "$(kt_sd_prop ActiveState)/$(kt_sd_prop SubState)"
kt_expect "how the main process ended" "1 0" "$(kt_sd_prop ExecMainCode) $(kt_sd_prop ExecMainStatus)"
kt_expect "lines held after stop (gpioinfo)" "" "$(kt_sd_consumers)"
kt_pi3_levels stopped
kt_pi3_expect_pins "after the stop: released" stopped 0 - "${KT_PI3_BITBANG[@]}" "${KT_PI3_KNOB[@]}"
kt_pi3_expect_pins "after the stop, BL (active low: the outputs off)" stopped - 0 25
kt_sd_trace
kt_sd_standard
