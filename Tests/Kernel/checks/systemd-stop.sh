# Issue 14, check 5: `systemctl stop` blanks every output before it lets the lines go
# (systemd-stop.host.sh reads the last frame), the process exits 0, and gpioinfo shows every
# line the board wires unused.
kt_sd_begin
wired=$(kt_sd_board_lines | paste -sd' ')
holds_the_board() { [[ $(kt_sd_consumers | cut -d' ' -f1 | sort -n | paste -sd' ') == "$wired" ]]; }
kt_sd_wait "$KT_SD_ANSWER" "nixie-clock holds the board's lines ($wired)" holds_the_board
kt_sd_consumers
kt_sd_observe 1.5
kt_sd_mark stopping
systemctl stop "$KT_UNIT"
kt_sd_mark stopped
kt_expect "state after stop" inactive/dead "$(kt_sd_prop ActiveState)/$(kt_sd_prop SubState)"
# ExecMainCode 1 is CLD_EXITED: the process exited (with status 0), it was not killed.
kt_expect "how the main process ended" "1 0" "$(kt_sd_prop ExecMainCode) $(kt_sd_prop ExecMainStatus)"
gpioinfo -c "$KT_GPIO_NAME" >gpioinfo.txt
kt_expect "lines held after stop (gpioinfo)" "" "$(kt_sd_consumers)"
kt_sd_trace
kt_sd_standard
