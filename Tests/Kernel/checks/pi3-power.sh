# Issue 26 on the emulated Pi 3: a bit-banged board with a high-voltage supply switch, the
# built-in omnixie-ntdb (74HC595 on BCM 10/11/8, OE 18 active low, ON/OFF 23 high = HV on,
# COLON 24), under systemd. From the host, the GPIO controller's registers: while it runs all
# six are outputs, ON/OFF is high (the supply on), OE low (outputs on, full brightness) and
# SHCP/STCP (11/8) at rest high; after `systemctl stop` ON/OFF is low (the supply off), every
# pin an input again.
kt_sd_begin
systemctl stop "$KT_UNIT"
kt_sd_config "$(kt_sd_standard_with 's|^board: .*|board: omnixie-ntdb|')"
systemctl reset-failed "$KT_UNIT"
systemctl start "$KT_UNIT"
kt_sd_wait "$KT_SD_START" "nixie-clock running on omnixie-ntdb" kt_sd_running
holds() { [[ $(kt_sd_consumers | cut -d' ' -f1 | sort -n | paste -sd' ') == "8 10 11 18 23 24" ]]; }
kt_sd_wait "$KT_SD_ANSWER" "nixie-clock holds omnixie-ntdb's lines (8 10 11 18 23 24)" holds
kt_sd_observe 2
kt_pi3_levels running
kt_pi3_expect_pins "while nixie runs: outputs" running 1 - 8 10 11 18 23 24
kt_pi3_expect_pins "while nixie runs: ON/OFF (the HV supply on)" running - 1 23
kt_pi3_expect_pins "while nixie runs: OE (active low: the outputs on)" running - 0 18
kt_pi3_sample running 50
systemctl stop "$KT_UNIT"
kt_expect "how the main process ended" "1 0" "$(kt_sd_prop ExecMainCode) $(kt_sd_prop ExecMainStatus)"
kt_expect "lines held after stop" "" "$(kt_sd_consumers)"
kt_pi3_levels stopped
kt_pi3_expect_pins "after the stop: released" stopped 0 - 8 10 11 18 23 24
kt_pi3_expect_pins "after the stop: ON/OFF (the HV supply off)" stopped - 0 23
kt_sd_standard
